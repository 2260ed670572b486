/**
 * Participants added, read and edited by staff (E-006, E-020, E-026, E-028, E-065, E-075, E-079…E-081; decision
 * E-participant-records). The form asks what the participant's version asks at registration (recordNeedsOf), checked
 * by the domain's recordProblems; a participant id or e-mail address another participant of the data space has is
 * refused, a shared phone number is kept only when the person confirms it. An edit is made from the version the
 * person read: a save made in between is not overwritten. Every write is audited with the values before and after.
 */
import { type ParticipantRecordInput, unblindParticipant } from '@trialpath/contract';
import {
  type ConsentListStatus,
  customFieldLabels,
  defaultStudyContent,
  EMPTY_RECORD,
  FINAL_STATUSES,
  type FieldMessageRefs,
  messageRef,
  type ParticipantRecordValues,
  type ParticipantStatus,
  phoneDigits,
  type RecordNeeds,
  recordNeedsOf,
  recordProblems,
  trimRecord,
} from '@trialpath/domain';
import type { Updateable } from 'kysely';
import type { ParticipantsTable } from '../../db/schema';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import {
  hideUnblinded,
  mayCall,
  participantsVisibleTo,
  requireStudy,
  type StudyAccess,
  visibleSites,
} from '../access/access.service';
import { studyCodeOf, studyLanguagesAndCountries, studyTextLanguages } from '../studies/studies.service';
import { versionOfSite } from '../versions/versions-assignments.service';
import { versionForExport } from '../versions/versions.service';
import { requireParticipantManager, visibleParticipant } from '../participants/participant-access.service';
import { labelsFromJson, setLabels } from '../participants/participant-labels.service';
import { mayIdentify, mayManage } from '../participants/participant-list.service';
import {
  findDuplicates,
  findNotInvited,
  findParticipantDetail,
  type ParticipantDetailRow,
  studySitesForRecords,
} from './records.repository';
import { changeParticipant, lockParticipant } from '../participants/participants.service';
import { createParticipantAtSite, insertParticipantRow, serialise } from '../participants/registration.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const todayIso = () => new Date().toISOString().slice(0, 10);

/** What a version asks (its registration setting); a site with no version asks what a new study asks. */
export async function needsOfVersion(ctx: DbCtx, studyId: string, versionId: string | null): Promise<RecordNeeds> {
  return recordNeedsOf(await registrationOf(ctx, studyId, versionId));
}

async function registrationOf(ctx: DbCtx, studyId: string, versionId: string | null) {
  const version = versionId ? await versionForExport(ctx, studyId, versionId) : undefined;
  return version?.content.registration ?? defaultStudyContent().registration;
}

/** What a version asks and the names of the study's own fields (E-028) in the caller's language. */
export async function askedOfVersion(ctx: ServiceCtx, studyId: string, versionId: string | null) {
  const registration = await registrationOf(ctx, studyId, versionId);
  const { defaultLanguage } = await studyTextLanguages(ctx, studyId);
  return {
    needs: recordNeedsOf(registration),
    fieldLabels: customFieldLabels(registration, ctx.request.language, defaultLanguage),
  };
}

/** The record's choices: the study's countries and languages, today. */
export async function choicesOf(ctx: DbCtx, studyId: string) {
  const { countries, languages } = await studyLanguagesAndCountries(ctx, studyId);
  return { countries: countries.map((c) => c.id), languages: languages.map((l) => l.id), today: todayIso() };
}

function recordOf(row: ParticipantDetailRow): Omit<ParticipantRecordValues, 'participantId' | 'siteId'> {
  return {
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    email: row.email ?? '',
    mobileCountryCode: row.mobile_country_code ?? '',
    mobile: row.mobile ?? '',
    dateOfBirth: row.date_of_birth ?? '',
    gender: (row.gender ?? '') as ParticipantRecordValues['gender'],
    address: row.address ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    zipcode: row.zipcode ?? '',
    countryId: row.country_id ?? '',
    languageId: row.language,
    optInSMS: row.verification_opt_in_sms,
    parentOrCgFirstName: row.parent_or_cg_first_name ?? '',
    parentOrCgLastName: row.parent_or_cg_last_name ?? '',
    howDidYouHear: row.how_did_you_hear ?? '',
    customField1: row.custom_field_1 ?? '',
    customField2: row.custom_field_2 ?? '',
    customField3: row.custom_field_3 ?? '',
  };
}

/** Not taking part any more: left the study or failed screening (E-026 active). */
const INACTIVE_STATUSES: readonly ParticipantStatus[] = [...FINAL_STATUSES, 'SCREENFAILED'];

async function detailOf(ctx: ServiceCtx, access: StudyAccess, participantId: string) {
  const row = await findParticipantDetail(ctx.db, participantId);
  if (!row) throw fail('NOT_FOUND');
  const identify = mayIdentify(ctx, access.studyId);
  const { languages } = await studyLanguagesAndCountries(ctx, access.studyId);
  return hideUnblinded(access, 'participant', {
    id: row.id,
    participantId: row.participant_code,
    siteId: row.site_id,
    siteName: row.site_name,
    siteCode: row.site_code,
    environment: row.environment,
    status: row.status as ParticipantStatus,
    consentStatus: (row.consent_signed ? 'SIGNED' : 'NOT_SIGNED') as ConsentListStatus,
    source: row.source,
    versionId: row.version_id,
    versionName: row.version_name,
    labels: labelsFromJson(row.labels),
    registered: row.username !== null,
    registrationDate: iso(row.registration_date),
    invitedAt: iso(row.invited_at),
    emailUnsubscribed: row.email_unsubscribed_at !== null,
    addedAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    record: identify ? recordOf(row) : null,
    ...(await askedOfVersion(ctx, access.studyId, row.version_id)),
    manage: mayManage(ctx, access.studyId, access.assignment?.readOnly ?? false),
    active: !INACTIVE_STATUSES.includes(row.status as ParticipantStatus),
    startDate: row.start_date,
    languageId: row.language,
    languageName: languages.find((l) => l.id === row.language)?.display_name ?? row.language,
    mlFLag: languages.length > 1,
    threadParticipantId: row.id,
    mayUnblind:
      access.blinded && !access.assignment?.readOnly && mayCall(ctx.staff(), unblindParticipant, access.studyId),
  });
}

export async function participantDetail(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  return detailOf(ctx, access, p.id);
}

/** The sites the caller may add participants at: theirs (by assignment and data access type) taking participants. */
export async function addableSites(ctx: ServiceCtx, access: StudyAccess) {
  const sites = await studySitesForRecords(ctx.db, access.studyId);
  const open = (s: (typeof sites)[number]) => (ctx.env === 'TEST' ? s.test_status : s.live_status) === 'ACTIVE';
  return (access.global ? sites : visibleSites(ctx, access, sites)).filter(open);
}

export async function participantFormOptions(ctx: ServiceCtx, input: { studyId: string }) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const [sites, { countries, languages }] = await Promise.all([
    addableSites(ctx, access),
    studyLanguagesAndCountries(ctx, input.studyId),
  ]);
  return {
    sites: await Promise.all(
      sites.map(async (s) => ({
        id: s.id,
        name: s.name,
        siteCode: s.site_code,
        countryId: s.country_id,
        ...(await askedOfVersion(
          ctx,
          input.studyId,
          await versionOfSite(ctx, {
            studyId: input.studyId,
            environment: ctx.env,
            site: { id: s.id, countryId: s.country_id },
          }),
        )),
      })),
    ),
    countries: countries.map((c) => ({ id: c.id, name: c.name })),
    languages: languages.map((l) => ({ id: l.id, name: l.display_name })),
    today: todayIso(),
  };
}

/** The stored phone of a record: the country code with its plus, the number's digits. */
export const phoneOf = (r: ParticipantRecordValues) =>
  r.mobile ? { countryCode: r.mobileCountryCode, number: phoneDigits(r.mobile) } : undefined;

/**
 * Refuses a record that is not valid, or whose id another participant of the data space has, or whose phone number
 * or e-mail address another has unless the person kept it (`allowSharedPhone`, `isDuplicateAllowed`). Serialised
 * per study, id and address, so two saves cannot both pass the check.
 */
async function checkRecord(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    record: ParticipantRecordValues;
    needs: RecordNeeds;
    except?: string;
    allowSharedPhone: boolean;
    isDuplicateAllowed: boolean;
  },
) {
  const { record } = input;
  const problems = recordProblems(record, input.needs, await choicesOf(ctx, input.studyId));
  if (Object.keys(problems).length)
    throw fail('VALIDATION_FAILED', undefined, {
      fields: Object.fromEntries(Object.entries(problems).map(([f, ref]) => [f, [ref]])) as FieldMessageRefs,
    });
  const email = record.email.toLowerCase() || undefined;
  const code = record.participantId || undefined;
  if (email) await serialise(ctx, `participant-email:${input.studyId}:${ctx.env}:${email}`);
  if (code) await serialise(ctx, `participant-id:${input.studyId}:${ctx.env}:${code.toLowerCase()}`);
  const found = await findDuplicates(ctx.db, {
    studyId: input.studyId,
    env: ctx.env,
    code,
    email,
    mobile: phoneOf(record),
    except: input.except,
  });
  const fields: FieldMessageRefs = {};
  const mobile = phoneOf(record);
  for (const d of found) {
    const ref = (key: Parameters<typeof messageRef>[0]) => messageRef(key, { participantId: d.participant_code });
    if (code && d.participant_code.toLowerCase() === code.toLowerCase())
      fields.participantId ??= [ref('participants.idTaken')];
    if (email && !input.isDuplicateAllowed && d.email?.toLowerCase() === email)
      fields.email ??= [ref('participants.emailShared')];
    if (mobile && !input.allowSharedPhone && d.mobile === mobile.number)
      fields.mobile ??= [ref('participants.phoneShared')];
  }
  if (Object.keys(fields).length) throw fail('VALIDATION_FAILED', undefined, { fields });
}

/** The columns a record writes (the participant id and site are written by the caller). */
export function columnsOf(r: ParticipantRecordValues, defaultLanguage: string): Updateable<ParticipantsTable> {
  const phone = phoneOf(r);
  const orNull = (v: string) => (v === '' ? null : v);
  return {
    first_name: orNull(r.firstName),
    last_name: orNull(r.lastName),
    email: orNull(r.email),
    mobile: phone?.number ?? null,
    mobile_country_code: phone?.countryCode || null,
    date_of_birth: orNull(r.dateOfBirth),
    gender: orNull(r.gender),
    address: orNull(r.address),
    city: orNull(r.city),
    state: orNull(r.state),
    zipcode: orNull(r.zipcode),
    country_id: orNull(r.countryId),
    language: r.languageId || defaultLanguage,
    verification_opt_in_sms: r.optInSMS,
    parent_or_cg_first_name: orNull(r.parentOrCgFirstName),
    parent_or_cg_last_name: orNull(r.parentOrCgLastName),
    how_did_you_hear: orNull(r.howDidYouHear),
    custom_field_1: orNull(r.customField1),
    custom_field_2: orNull(r.customField2),
    custom_field_3: orNull(r.customField3),
  };
}

export interface AddInput {
  studyId: string;
  siteId: string;
  record: ParticipantRecordInput;
  allowSharedPhone: boolean;
  isDuplicateAllowed: boolean;
}

/** A new participant (status Imported, source Manual) at one of the caller's sites: its id, checked first. */
export async function addRecord(ctx: ServiceCtx, input: AddInput) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const site = (await addableSites(ctx, access)).find((s) => s.id === input.siteId);
  if (!site) throw fieldProblem('VALIDATION_FAILED', 'siteId', 'participants.siteNotYours');
  const versionId = await versionOfSite(ctx, {
    studyId: input.studyId,
    environment: ctx.env,
    site: { id: site.id, countryId: site.country_id },
  });
  const { defaultLanguage } = await studyTextLanguages(ctx, input.studyId);
  const given = trimRecord({ ...(input.record as ParticipantRecordValues), siteId: site.id });
  // the site's country and the study's language unless another is chosen
  const record = {
    ...given,
    countryId: given.countryId || site.country_id,
    languageId: given.languageId || defaultLanguage,
  };
  const needs = await needsOfVersion(ctx, input.studyId, versionId);
  await checkRecord(ctx, { studyId: input.studyId, record, needs, ...sharingOf(input) });
  const values = {
    ...columnsOf(record, defaultLanguage),
    status: 'NOTINVITED',
    source: 'MANUAL' as const,
    version_id: versionId,
    verification_method:
      needs.mobile === 'required' && needs.email !== 'required' ? ('phone' as const) : ('email' as const),
    added_by: ctx.staff().userId,
    updated_at: new Date(),
  };
  const row = record.participantId
    ? await insertParticipantRow(ctx, {
        ...values,
        study_id: input.studyId,
        site_id: site.id,
        environment: ctx.env,
        participant_code: record.participantId,
      })
    : await createParticipantAtSite(ctx, {
        studyId: input.studyId,
        studyCode: await studyCodeOf(ctx, input.studyId),
        env: ctx.env,
        site: { id: site.id, siteCode: site.site_code },
        values,
      });
  ctx.audit({
    action: 'participant.add',
    entityType: 'participant',
    entityId: row.id,
    after: { participantId: row.participant_code, siteId: site.id, versionId, ...recordForAudit(record) },
  });
  return detailOf(ctx, access, row.id);
}

const sharingOf = (i: { allowSharedPhone: boolean; isDuplicateAllowed: boolean }) => ({
  allowSharedPhone: i.allowSharedPhone,
  isDuplicateAllowed: i.isDuplicateAllowed,
});

/** The record as it is stored (the phone as digits): what the audit keeps and an edit compares. */
export const recordForAudit = (r: ParticipantRecordValues) => {
  const { participantId: _, siteId: __, ...rest } = r;
  return { ...rest, mobile: phoneOf(r)?.number ?? '' };
};

export interface EditInput {
  studyId: string;
  participantId: string;
  record: ParticipantRecordInput;
  expectedUpdatedAt: string;
  allowSharedPhone: boolean;
  isDuplicateAllowed: boolean;
  /** E-088: the labels to set with the record; undefined: left as they are. */
  customKey?: readonly string[];
}

/**
 * A participant's record changed. A registered participant signs in with their e-mail address, so only they change
 * it (in the portal). The participant id may be corrected; the site is changed by a transfer, not here.
 */
export async function editRecord(ctx: ServiceCtx, input: EditInput) {
  const access = await requireParticipantManager(ctx, input.studyId);
  if (!mayIdentify(ctx, input.studyId)) throw fail('FORBIDDEN');
  const seen = await visibleParticipant(ctx, access, input.participantId);
  await lockParticipant(ctx, seen.id);
  const before = await findParticipantDetail(ctx.db, seen.id);
  if (!before) throw fail('NOT_FOUND');
  if (before.updated_at.toISOString() !== input.expectedUpdatedAt)
    throw fail('CONFLICT', undefined, { message: messageRef('participants.changedMeanwhile') });
  const record = trimRecord({ ...(input.record as ParticipantRecordValues), siteId: before.site_id });
  if (!record.participantId) record.participantId = before.participant_code;
  if (before.username !== null && record.email.toLowerCase() !== (before.email ?? '').toLowerCase())
    throw fieldProblem('VALIDATION_FAILED', 'email', 'participants.registeredEmail');
  const needs = await needsOfVersion(ctx, input.studyId, before.version_id);
  await checkRecord(ctx, {
    studyId: input.studyId,
    record,
    needs,
    except: before.id,
    ...sharingOf(input),
  });
  const { defaultLanguage } = await studyTextLanguages(ctx, input.studyId);
  const oldRecord = { participantId: before.participant_code, ...recordOf(before) };
  const newRecord = { participantId: record.participantId, ...recordForAudit(record) };
  const changed = (Object.keys(newRecord) as (keyof typeof newRecord)[]).filter((k) => oldRecord[k] !== newRecord[k]);
  if (input.customKey) await setLabels(ctx, { ...input, labelIds: input.customKey });
  if (changed.length === 0) {
    ctx.unchanged();
    return detailOf(ctx, access, before.id);
  }
  await changeParticipant(ctx, before.id, {
    ...columnsOf(record, defaultLanguage),
    participant_code: record.participantId,
    updated_at: new Date(),
  });
  ctx.audit({
    action: 'participant.update',
    entityType: 'participant',
    entityId: before.id,
    before: Object.fromEntries(changed.map((k) => [k, oldRecord[k]])),
    after: Object.fromEntries(changed.map((k) => [k, newRecord[k]])),
    // a shared e-mail address kept on purpose says so on the trail
    ...(changed.includes('email') && input.isDuplicateAllowed
      ? { reason: 'E-mail address shared with another participant kept (isDuplicateAllowed)' }
      : {}),
  });
  return detailOf(ctx, access, before.id);
}

/** E-137: only the mobile number changes; the record's checks, lock, conflict rule and audit apply (editRecord). */
export async function changePhone(
  ctx: ServiceCtx,
  input: Omit<EditInput, 'record'> & { mobileCountryCode: string; mobile: string },
) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const seen = await visibleParticipant(ctx, access, input.participantId);
  const before = await findParticipantDetail(ctx.db, seen.id);
  if (!before) throw fail('NOT_FOUND');
  const record = {
    participantId: before.participant_code,
    ...recordOf(before),
    mobileCountryCode: input.mobileCountryCode,
    mobile: input.mobile,
  };
  return editRecord(ctx, { ...input, record });
}

/** E-081: only the e-mail address changes, for a participant not yet registered (editRecord's rules). */
export async function changeEmail(
  ctx: ServiceCtx,
  input: Omit<EditInput, 'record' | 'allowSharedPhone'> & { email: string },
) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const seen = await visibleParticipant(ctx, access, input.participantId);
  const before = await findParticipantDetail(ctx.db, seen.id);
  if (!before) throw fail('NOT_FOUND');
  const record = { participantId: before.participant_code, ...recordOf(before), email: input.email };
  // the phone is as stored: another participant's same phone was kept before and is not asked again
  return editRecord(ctx, { ...input, record, allowSharedPhone: true });
}

/** Other participants of the data space with this id, e-mail address or phone number (E-075). */
export async function duplicatesOf(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    participantId?: string;
    email?: string;
    mobileCountryCode?: string;
    mobile?: string;
    except?: string;
  },
) {
  await requireParticipantManager(ctx, input.studyId);
  const record = trimRecord({
    ...EMPTY_RECORD,
    participantId: input.participantId ?? '',
    email: input.email ?? '',
    mobileCountryCode: input.mobileCountryCode ?? '',
    mobile: input.mobile ?? '',
  });
  const found = await findDuplicates(ctx.db, {
    studyId: input.studyId,
    env: ctx.env,
    code: record.participantId || undefined,
    email: record.email.toLowerCase() || undefined,
    mobile: phoneOf(record),
    except: input.except,
  });
  const matches: { field: 'participantId' | 'email' | 'mobile'; participantId: string }[] = [];
  for (const d of found) {
    const of = (field: (typeof matches)[number]['field']) => matches.push({ field, participantId: d.participant_code });
    if (record.participantId && d.participant_code.toLowerCase() === record.participantId.toLowerCase())
      of('participantId');
    if (record.email && d.email?.toLowerCase() === record.email.toLowerCase()) of('email');
    if (record.mobile && d.mobile === phoneDigits(record.mobile)) of('mobile');
  }
  return { matches };
}

/** At most this many in the not-invited list: a batch invitation takes 500. */
const NOT_INVITED_MAX = 500;

/**
 * The participants added and not invited yet (E-073), for a batch invitation: who can be invited now (an e-mail
 * address, no unsubscription) is said for each. Names and e-mail addresses only for a role that may identify.
 */
export async function notInvited(ctx: ServiceCtx, input: { studyId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const identify = mayIdentify(ctx, input.studyId);
  const rows = await findNotInvited(
    ctx.db,
    participantsVisibleTo(ctx, access, { participant: 'p', site: 's' }),
    NOT_INVITED_MAX + 1,
  );
  return {
    items: rows.slice(0, NOT_INVITED_MAX).map((r) => ({
      id: r.id,
      participantId: r.participant_code,
      participantName: identify ? [r.first_name, r.last_name].filter(Boolean).join(' ') || null : null,
      email: identify ? r.email : null,
      invitable: r.email !== null && r.email_unsubscribed_at === null,
    })),
    more: rows.length > NOT_INVITED_MAX,
  };
}
