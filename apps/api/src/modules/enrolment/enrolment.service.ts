/**
 * How a person gets a participant account from the web portal (001 §3, §4; 002 §3, §7; decisions
 * D-053…D-058, D-082, D-083, D-097): the study's enrolment facts (the live version's open-enrolment flag,
 * verification method, eligibility questions), eligibility screening checked here against the version's
 * rules, registration by open enrolment or by an invitation's token, and account verification by a
 * one-time code (e-mail or text message, through the outbox) or by the e-mailed link. Every write runs in
 * the request's transaction and is audited in it.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  addFieldRef,
  checkUsername as usernameRuleKeys,
  contactFieldNeeds,
  EmailSchema,
  evaluateEligibility,
  type FieldMessageRefs,
  type MessageKey,
  messageRef,
  participantTimeZone,
  phoneDigits,
  type RegistrationProcess,
  recipientLanguage,
  refText,
  ruleRefs,
  type StudyContent,
  type VerificationMethod,
  verificationMethodOf,
  withLeadingPlus,
  INVITABLE_STATUSES,
  type ParticipantStatus,
} from '@trialpath/domain';
import type { Environment } from '../../db/schema';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem, keepChanges } from '../../kernel/errors';
import { sha256 } from '../../kernel/hash';
import { participantUnsubscribeLink } from './unsubscribe.service';
import {
  hashPassword,
  markTokenUsed,
  newPasswordToken,
  passwordTokenRow,
  usablePasswordToken,
} from '../auth/passwords.service';
import { queueEmail, queueSms } from '../outbox/outbox.service';
import { participantById, type ParticipantRow } from '../participants/participants.service';
import {
  changeRegistrant,
  createParticipantAtSite,
  enrolmentSite,
  isEmailTaken,
  isUsernameTaken,
  lockRegistrant,
  siteOfParticipant,
} from '../participants/registration.service';
import {
  studyByCode,
  studyCodeOf,
  studyLanguagesAndCountries,
  studyTextLanguages,
  studyVersionPointers,
} from '../studies/studies.service';
import { startOwnSchedule } from '../schedules/schedules.service';
import { versionOfSite } from '../versions/versions-assignments.service';
import { versionForExport } from '../versions/versions.service';
import {
  closeOpenVerifications,
  countVerificationsSince,
  findScreeningForUpdate,
  insertScreening,
  insertVerification,
  latestVerificationForUpdate,
  markScreeningUsed,
  updateVerification,
  verificationByLink,
  verificationByLinkForUpdate,
} from './enrolment.repository';

/** A code is valid 30 minutes and for 5 wrong tries; the e-mailed link 48 hours (decision D-057). */
export const CODE_TTL_MS = 30 * 60_000;
export const LINK_TTL_MS = 48 * 60 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** At most 5 codes per participant per hour (the registration's and four resends). */
export const CODE_SEND_CAP = 5;
const CODE_SEND_WINDOW_MS = 60 * 60_000;
/** A passed screening is good for one registration within two hours. */
export const SCREENING_TTL_MS = 2 * 60 * 60_000;
/** Invitation links last 7 days, like staff invitations. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

const ref = (p: { id: string }) => ({ type: 'participant' as const, id: p.id });

type Study = NonNullable<Awaited<ReturnType<typeof studyByCode>>>;

// ── the study and the version a registration joins ────────────────────────────────────────────

async function studyOf(ctx: DbCtx, studyCode: string): Promise<Study> {
  const study = await studyByCode(ctx, studyCode);
  if (!study) throw fail('NOT_FOUND');
  return study;
}

/**
 * The version people register into: the one the data space runs (live: the live version of a launched,
 * running study; test: the test version of a study not closed). None: nobody can register.
 */
async function enrolmentVersion(ctx: DbCtx, study: Study, env: Environment) {
  const running = env === 'LIVE' ? study.status === 'LIVE' : ['DESIGN', 'LIVE', 'PAUSED'].includes(study.status);
  if (!running) return null;
  const pointers = await studyVersionPointers(ctx, study.id);
  const versionId = env === 'LIVE' ? pointers.liveVersionId : pointers.testVersionId;
  if (!versionId) return null;
  const version = await versionForExport(ctx, study.id, versionId);
  return version ? { id: versionId, content: version.content } : null;
}

const hasText = (t: Record<string, string>) => Object.values(t).some((v) => v.trim() !== '');
/** The web page's text when the study wrote one, else the app section's. */
const either = (web: Record<string, string>, app: Record<string, string>) => (hasText(web) ? web : app);

function ineligibleMessageOf(content: StudyContent) {
  return either(content.webEligibilityScreening.ineligibleMessage, content.eligibility.ineligibleMessage);
}

export async function studyEnrolment(ctx: ServiceCtx, input: { studyCode: string }) {
  const study = await studyOf(ctx, input.studyCode);
  const version = await enrolmentVersion(ctx, study, ctx.env);
  const { defaultLanguage } = await studyTextLanguages(ctx, study.id);
  const content = version?.content;
  const registration = content?.registration;
  const needs = registration
    ? contactFieldNeeds(registration)
    : { email: 'required' as const, mobile: 'hidden' as const };
  const empty = {};
  return {
    studyId: study.id,
    studyCode: study.code,
    studyVersionId: version?.id ?? null,
    openEnrolment: registration?.openEnrolment ?? false,
    verificationMethod: registration ? verificationMethodOf(registration) : ('email' as const),
    defaultLanguage,
    eligibility: {
      heading: content?.webEligibilityScreening.heading ?? empty,
      introduction: content
        ? either(content.webEligibilityScreening.introduction, content.eligibility.introduction)
        : empty,
      questions: (content?.eligibility.questions ?? []).map((q) => ({ id: q.id, text: q.text })),
      ineligibleMessage: content ? ineligibleMessageOf(content) : empty,
    },
    registration: {
      heading: content?.webRegister.heading ?? empty,
      introduction: content?.webRegister.introduction ?? empty,
      submitLabel: content?.webRegister.submitLabel ?? empty,
      completedMessage: content?.webRegister.completedMessage ?? empty,
      email: needs.email,
      mobile: needs.mobile,
    },
  };
}

/** The version named by the portal must still be the one people register into (it may have changed since). */
async function currentVersion(ctx: ServiceCtx, study: Study, env: Environment, named: string) {
  const version = await enrolmentVersion(ctx, study, env);
  if (!version) throw fail('FORBIDDEN', undefined, { message: messageRef('enrolment.closed') });
  if (version.id !== named) throw fail('CONFLICT', undefined, { message: messageRef('enrolment.versionChanged') });
  return version;
}

function requireOpenEnrolment(content: StudyContent): void {
  if (!content.registration.openEnrolment)
    throw fail('FORBIDDEN', undefined, { message: messageRef('enrolment.closed') });
}

// ── eligibility screening (decision D-097) ─────────────────────────────────────────────────────

export async function screenEligibility(
  ctx: ServiceCtx,
  input: {
    studyCode: string;
    studyVersionId: string;
    answers: { questionId: string; answer: 'YES' | 'NO' }[];
  },
) {
  const study = await studyOf(ctx, input.studyCode);
  const version = await currentVersion(ctx, study, ctx.env, input.studyVersionId);
  requireOpenEnrolment(version.content);
  const outcome = evaluateEligibility(version.content.eligibility.questions, input.answers);
  if (outcome.kind === 'incomplete') {
    const fields: FieldMessageRefs = {};
    for (const id of outcome.missing) addFieldRef(fields, `answers.${id}`, messageRef('enrolment.answerMissing'));
    for (const id of [...outcome.unknown, ...outcome.repeated])
      addFieldRef(fields, `answers.${id}`, messageRef('enrolment.answerUnknown'));
    throw fail('VALIDATION_FAILED', undefined, { fields });
  }
  const eligible = outcome.kind === 'eligible';
  // GCP keeps what a screening decided; a failed one is kept without answers or identity (decision D-097).
  const row = await insertScreening(ctx.db, {
    study_id: study.id,
    environment: ctx.env,
    version_id: version.id,
    outcome: eligible ? 'PRESCREENED' : 'SCREENFAILED',
    answers: eligible ? JSON.stringify(input.answers) : null,
  });
  ctx.audit({
    action: 'participant.screening',
    entityType: 'participant_screening',
    entityId: row.id,
    after: {
      studyId: study.id,
      versionId: version.id,
      outcome: row.outcome,
      questions: version.content.eligibility.questions.length,
    },
  });
  const { defaultLanguage } = await studyTextLanguages(ctx, study.id);
  return {
    eligible,
    screeningId: eligible ? row.id : null,
    ineligibleMessage: eligible ? {} : ineligibleMessageOf(version.content),
    defaultLanguage,
  };
}

// ── the username check (D-082, D-083) ─────────────────────────────────────────────────────────

/** The username rules (001 §5) a username fails, and no spaces (it is typed at every sign-in). */
function usernameProblems(username: string): MessageKey[] {
  const keys: MessageKey[] = usernameRuleKeys(username);
  if (/\s/.test(username)) keys.push('username.noSpaces');
  return keys;
}

export async function checkUsername(ctx: ServiceCtx, input: { studyCode: string; username: string }) {
  const study = await studyOf(ctx, input.studyCode);
  const username = input.username.trim();
  const failedRules = usernameProblems(username);
  const isUnique = username === '' ? false : !(await isUsernameTaken(ctx, study.id, username));
  const lang = ctx.request.language;
  const texts = ruleRefs(failedRules).map((r) => refText(r, lang));
  if (!isUnique && username !== '') texts.push(refText(messageRef('username.taken'), lang));
  return { isUnique, failedRules, message: texts.length ? texts.join(' ') : null };
}

// ── registration (D-053, D-054) ─────────────────────────────────────────────────────────────

export interface RegistrationInput {
  registrationProcess: RegistrationProcess;
  activationToken?: string;
  screeningId?: string;
  studyId: string;
  studyVersionId: string;
  pid?: string;
  username: string;
  email?: string;
  verificationMethod: VerificationMethod;
  mobileCountryCode?: string;
  mobile?: string;
  verificationOptInSMS: boolean;
  password: string;
  confirmPassword: string;
  deviceId: string;
  deviceType: 'Web';
  participantLocalOffset: number;
  participantLocalTime: string;
  timeZone?: string;
  language?: string;
  countryId?: string;
}

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** The form's own checks, all at once (each field with its messages). */
function contactAndFormProblems(body: RegistrationInput, content: StudyContent) {
  const fields: FieldMessageRefs = {};
  const username = body.username.trim();
  const problems = usernameProblems(username);
  if (problems.length) for (const r of ruleRefs(problems)) addFieldRef(fields, 'username', r);
  if (body.confirmPassword !== body.password) addFieldRef(fields, 'confirmPassword', messageRef('password.mismatch'));

  const method = verificationMethodOf(content.registration);
  if (body.verificationMethod !== method)
    addFieldRef(
      fields,
      'verificationMethod',
      messageRef(method === 'phone' ? 'enrolment.confirmByPhone' : 'enrolment.confirmByEmail'),
    );
  const needs = contactFieldNeeds(content.registration);

  const email = body.email?.trim() ?? '';
  if (email === '') {
    if (needs.email === 'required') addFieldRef(fields, 'email', messageRef('errors.required'));
  } else if (!EmailSchema.safeParse(email).success) addFieldRef(fields, 'email', messageRef('errors.invalidEmail'));

  let mobile: { countryCode: string; number: string } | null = null;
  const number = body.mobile?.trim() ?? '';
  if (number === '') {
    if (needs.mobile === 'required') addFieldRef(fields, 'mobile', messageRef('enrolment.mobileRequired'));
  } else {
    const cc = withLeadingPlus(body.mobileCountryCode?.trim() ?? '');
    const digits = phoneDigits(number);
    if (!/^\+\d{1,4}$/.test(cc)) addFieldRef(fields, 'mobileCountryCode', messageRef('phone.countryCodeInvalid'));
    if (!/^[\d\s().-]+$/.test(number) || digits.length < 4 || digits.length > 15)
      addFieldRef(fields, 'mobile', messageRef('phone.invalid'));
    mobile = { countryCode: cc, number: digits };
  }
  if (!LOCAL_TIME.test(body.participantLocalTime) || Number.isNaN(Date.parse(`${body.participantLocalTime}Z`)))
    addFieldRef(fields, 'participantLocalTime', messageRef('enrolment.localTimeInvalid'));
  if (Object.keys(fields).length) throw fail('VALIDATION_FAILED', undefined, { fields });
  return { username, email: email || null, mobile, method };
}

/** Who is registering: an invited participant (the token's), or a new one of open enrolment and their site. */
type Registrant =
  | { kind: 'invited'; participant: ParticipantRow; tokenId: string; env: Environment }
  | {
      kind: 'open';
      env: Environment;
      site: { id: string; siteCode: string; countryId: string };
      screening: { id: string } | null;
    };

async function invitedRegistrant(ctx: ServiceCtx, study: Study, body: RegistrationInput): Promise<Registrant> {
  if (!body.activationToken) throw fieldProblem('VALIDATION_FAILED', 'activationToken', 'errors.required');
  const row = await usablePasswordToken(ctx, body.activationToken, 'participant_invite');
  const participant = row.participant_id ? await lockRegistrant(ctx, row.participant_id) : undefined;
  if (!participant || participant.study_id !== study.id) throw fail('RESET_TOKEN_INVALID');
  // Registered already (a second tab, an older link): the link has done its work.
  if (participant.status !== 'INVITED' || participant.username !== null) throw fail('RESET_TOKEN_USED');
  if (body.pid && body.pid !== participant.id)
    throw fail('VALIDATION_FAILED', undefined, { message: messageRef('enrolment.invitationOnly') });
  return { kind: 'invited', participant, tokenId: row.id, env: participant.environment };
}

async function openRegistrant(
  ctx: ServiceCtx,
  study: Study,
  body: RegistrationInput,
  version: { id: string; content: StudyContent },
): Promise<Registrant> {
  requireOpenEnrolment(version.content);
  let screening: { id: string } | null = null;
  if (version.content.eligibility.questions.length > 0) {
    if (!body.screeningId) throw fieldProblem('VALIDATION_FAILED', 'screeningId', 'enrolment.screeningRequired');
    const s = await findScreeningForUpdate(ctx.db, body.screeningId);
    const usable =
      s &&
      s.study_id === study.id &&
      s.environment === ctx.env &&
      s.version_id === version.id &&
      s.outcome === 'PRESCREENED' &&
      s.used_at === null &&
      Date.now() - s.created_at.getTime() < SCREENING_TTL_MS;
    if (!usable) throw fieldProblem('VALIDATION_FAILED', 'screeningId', 'enrolment.screeningInvalid');
    screening = { id: s.id };
  }
  const { countries } = await studyLanguagesAndCountries(ctx, study.id);
  const countryId = (body.countryId ?? countries[0]?.id ?? 'US').toUpperCase();
  const site = await enrolmentSite(ctx, { studyId: study.id, env: ctx.env, countryId });
  if (!site) throw fail('FORBIDDEN', undefined, { message: messageRef('enrolment.noSite') });
  return { kind: 'open', env: ctx.env, site, screening };
}

/** The version the registrant's site runs in their data space (null: none assigned and none running). */
async function registrantSiteVersion(ctx: DbCtx, studyId: string, registrant: Registrant) {
  const site =
    registrant.kind === 'open'
      ? registrant.site
      : await siteOfParticipant(ctx, studyId, registrant.participant.site_id);
  return site ? versionOfSite(ctx, { studyId, environment: registrant.env, site }) : null;
}

/** The participant's language: the one chosen when the study offers it, else the study's default. */
async function languageOf(ctx: DbCtx, studyId: string, chosen: string | undefined) {
  const { defaultLanguage, languages } = await studyTextLanguages(ctx, studyId);
  const wanted = chosen?.trim();
  if (!wanted) return defaultLanguage;
  const base = wanted.toLowerCase().split(/[-_]/)[0]!;
  return languages.find((l) => l === wanted) ?? languages.find((l) => l.toLowerCase() === base) ?? defaultLanguage;
}

export async function registerParticipant(ctx: ServiceCtx, input: { studyCode: string; body: RegistrationInput }) {
  const { body } = input;
  const study = await studyOf(ctx, input.studyCode);
  if (body.studyId !== study.id) throw fieldProblem('VALIDATION_FAILED', 'studyId', 'errors.invalidValue');
  // An invited participant registers into their own data space (the invitation's); open enrolment the page's.
  const token = body.registrationProcess === 'INVITATION' && body.activationToken;
  const inviteRow = token ? await passwordTokenRow(ctx, token) : undefined;
  const invitedOf = inviteRow?.participant_id ? await participantById(ctx, inviteRow.participant_id) : undefined;
  const env = invitedOf?.environment ?? ctx.env;
  const version = await currentVersion(ctx, study, env, body.studyVersionId);
  const form = contactAndFormProblems(body, version.content);

  const registrant =
    body.registrationProcess === 'INVITATION'
      ? await invitedRegistrant(ctx, study, body)
      : await openRegistrant(ctx, study, body, version);
  const existingId = registrant.kind === 'invited' ? registrant.participant.id : null;

  // Nothing is written before these refusals: they are audited (an attempt to find accounts is on the trail).
  const refuse = (field: 'username' | 'email', key: MessageKey) => {
    ctx.audit({
      action: 'participant.register.refused',
      entityType: 'participant',
      entityId: existingId,
      after: { studyId: study.id, field, registrationProcess: body.registrationProcess },
    });
    return keepChanges(fieldProblem('CONFLICT', field, key));
  };
  if (await isUsernameTaken(ctx, study.id, form.username)) throw refuse('username', 'username.taken');
  // The address staff put on an invited participant's record, knowing another participant has it too (a parent of
  // two, E-081), is theirs to register with.
  const keptByStaff =
    registrant.kind === 'invited' && form.email?.toLowerCase() === registrant.participant.email?.toLowerCase();
  if (
    form.email &&
    !keptByStaff &&
    (await isEmailTaken(ctx, { studyId: study.id, env, email: form.email, except: existingId }))
  )
    throw refuse('email', 'enrolment.emailTaken');

  const now = new Date();
  const values = {
    username: form.username,
    email: form.email,
    mobile: form.mobile?.number ?? null,
    mobile_country_code: form.mobile?.countryCode ?? null,
    verification_method: form.method,
    verification_opt_in_sms: body.verificationOptInSMS,
    password_hash: await hashPassword(body.password),
    status: 'REGISTERED',
    registration_date: now,
    registration_process: body.registrationProcess,
    language: await languageOf(ctx, study.id, body.language),
    time_zone: participantTimeZone({ timeZone: body.timeZone, offsetMinutes: body.participantLocalOffset }),
    // An invited participant may have been put on a version by staff already: kept. Else the version their site
    // runs (its own assignment, its country's, the data space's), as the version assignments screen shows it.
    version_id:
      (registrant.kind === 'invited' ? registrant.participant.version_id : null) ??
      (await registrantSiteVersion(ctx, study.id, registrant)) ??
      version.id,
    failed_attempts: 0,
    locked_until: null,
  };

  let participant: ParticipantRow;
  let before: Record<string, unknown> | undefined;
  if (registrant.kind === 'invited') {
    const p = registrant.participant;
    before = { status: p.status, email: p.email, username: p.username, versionId: p.version_id };
    participant = await changeRegistrant(ctx, p.id, values);
    await markTokenUsed(ctx, registrant.tokenId);
  } else {
    participant = await createParticipantAtSite(ctx, {
      studyId: study.id,
      studyCode: study.code,
      env,
      site: registrant.site,
      values,
    });
    if (registrant.screening) await markScreeningUsed(ctx.db, registrant.screening.id, participant.id);
  }
  const site = await siteOfParticipant(ctx, study.id, participant.site_id);
  ctx.audit({
    action: 'participant.register',
    entityType: 'participant',
    entityId: participant.id,
    actor: ref(participant),
    ...(before && { before }),
    after: {
      participantCode: participant.participant_code,
      status: participant.status,
      username: participant.username,
      email: participant.email,
      mobile: participant.mobile,
      mobileCountryCode: participant.mobile_country_code,
      verificationMethod: participant.verification_method,
      verificationOptInSMS: participant.verification_opt_in_sms,
      registrationProcess: participant.registration_process,
      registrationDate: now.toISOString(),
      siteId: participant.site_id,
      siteCode: site?.siteCode ?? null,
      versionId: participant.version_id,
      language: participant.language,
      timeZone: participant.time_zone,
      participantLocalOffset: body.participantLocalOffset,
      participantLocalTime: body.participantLocalTime,
      deviceId: body.deviceId,
      deviceType: body.deviceType,
      screeningId: registrant.kind === 'open' ? (registrant.screening?.id ?? null) : null,
    },
  });
  const sent = await sendCode(ctx, participant, study);
  return {
    pid: participant.id,
    participantId: participant.participant_code,
    username: participant.username ?? form.username,
    status: participant.status,
    verificationMethod: participant.verification_method,
    destination: sent.destination,
    codeExpiresAt: sent.expiresAt.toISOString(),
  };
}

// ── verification codes and links (D-057, D-058) ────────────────────────────────────────────────

const DOT = '•';

/** "a•••@example.org" */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}${DOT.repeat(3)}@${at >= 0 ? email.slice(at + 1) : ''}`;
}

/** "+1 ••• ••• 4567" */
function maskPhone(countryCode: string, digits: string): string {
  return `${countryCode} ${DOT.repeat(3)} ${DOT.repeat(3)} ${digits.slice(-4)}`;
}

/** The e-mailed link (000 §2.1 verify-participant-v3), opened by the participant portal (decision D-025). */
export function verificationLink(
  publicUrl: string,
  v: { studyId: string; participantId: string; token: string; email: string },
): string {
  const seg = (s: string) => encodeURIComponent(s);
  return `${publicUrl}/participant/#/studies/${seg(v.studyId)}/${seg(v.participantId)}/${seg(v.token)}/${seg(v.email)}/verify-participant-v3`;
}

/** A new code (and with e-mail a link) for a registered participant; their older one stops working. */
async function sendCode(ctx: ServiceCtx, p: ParticipantRow, study: { id: string; name: string }) {
  await closeOpenVerifications(ctx.db, p.id);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = Date.now();
  const expiresAt = new Date(now + CODE_TTL_MS);
  const language = recipientLanguage(p.language, ctx.request.language);
  const minutes = CODE_TTL_MS / 60_000;
  let destination: string;
  if (p.verification_method === 'phone') {
    if (!p.mobile || !p.mobile_country_code) throw fail('INTERNAL');
    const to = `${p.mobile_country_code} ${p.mobile}`;
    await insertVerification(ctx.db, {
      participant_id: p.id,
      channel: 'sms',
      destination: to,
      code_hash: sha256(code),
      code_expires_at: expiresAt,
    });
    await queueSms(ctx, {
      to,
      template: 'participantVerifySms',
      params: { code, minutes, study: study.name },
      language,
    });
    destination = maskPhone(p.mobile_country_code, p.mobile);
  } else {
    if (!p.email) throw fail('INTERNAL');
    const token = randomBytes(32).toString('base64url');
    await insertVerification(ctx.db, {
      participant_id: p.id,
      channel: 'email',
      destination: p.email,
      code_hash: sha256(code),
      code_expires_at: expiresAt,
      link_token_hash: sha256(token),
      link_expires_at: new Date(now + LINK_TTL_MS),
    });
    const link = verificationLink(ctx.config.publicUrl, {
      studyId: study.id,
      participantId: p.id,
      token,
      email: p.email,
    });
    await queueEmail(ctx, {
      to: p.email,
      template: 'participantVerify',
      params: { code, minutes, hours: LINK_TTL_MS / 3_600_000, link, study: study.name },
      language,
    });
    destination = maskEmail(p.email);
  }
  ctx.audit({
    action: 'participant.verification.send',
    entityType: 'participant',
    entityId: p.id,
    actor: ref(p),
    after: { channel: p.verification_method === 'phone' ? 'sms' : 'email', codeExpiresAt: expiresAt.toISOString() },
  });
  return { destination, expiresAt };
}

const VERIFIABLE = 'REGISTERED';
/** Statuses of a participant whose account is verified (and may have moved on). */
const isVerified = (p: ParticipantRow) => p.verified_at !== null || p.status === 'VERIFIED';

/** The registered participant waiting for verification, locked; 409 once verified, 400 for anyone else. */
async function pendingParticipant(ctx: ServiceCtx, pid: string): Promise<ParticipantRow> {
  const p = await lockRegistrant(ctx, pid);
  if (p && isVerified(p)) throw fail('CONFLICT', undefined, { message: messageRef('enrolment.alreadyVerified') });
  if (!p || p.status !== VERIFIABLE)
    throw fail('VALIDATION_FAILED', undefined, { message: messageRef('enrolment.noPendingVerification') });
  return p;
}

async function studyOfParticipant(ctx: DbCtx, p: ParticipantRow) {
  const code = await studyCodeOf(ctx, p.study_id);
  const study = await studyByCode(ctx, code);
  return { id: p.study_id, code, name: study?.name ?? code };
}

async function markVerified(ctx: ServiceCtx, p: ParticipantRow, via: 'code' | 'link', channel: 'email' | 'sms') {
  const after = await changeRegistrant(ctx, p.id, { status: 'VERIFIED', verified_at: new Date() });
  ctx.audit({
    action: 'participant.verify',
    entityType: 'participant',
    entityId: p.id,
    actor: ref(p),
    before: { status: p.status },
    after: { status: after.status, via, channel },
  });
  await startOwnSchedule(ctx, p.id, p.registration_date ?? new Date());
  const study = await studyOfParticipant(ctx, p);
  return { verified: true as const, studyCode: study.code, username: after.username ?? '' };
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function verifyCode(ctx: ServiceCtx, input: { pid: string; code: string }) {
  const p = await pendingParticipant(ctx, input.pid);
  const v = await latestVerificationForUpdate(ctx.db, p.id);
  if (!v || v.consumed_at) throw fieldProblem('VALIDATION_FAILED', 'code', 'otp.expired');
  if (v.attempts >= CODE_MAX_ATTEMPTS) throw fail('ATTEMPT_LIMIT_EXCEEDED');
  if (v.code_expires_at.getTime() <= Date.now()) throw fieldProblem('VALIDATION_FAILED', 'code', 'otp.expired');
  if (!sameHash(sha256(input.code.trim()), v.code_hash)) {
    const attempts = v.attempts + 1;
    await updateVerification(ctx.db, v.id, { attempts });
    ctx.audit({
      action: 'participant.verification.failed',
      entityType: 'participant',
      entityId: p.id,
      actor: ref(p),
      after: { attempts, locked: attempts >= CODE_MAX_ATTEMPTS },
    });
    if (attempts >= CODE_MAX_ATTEMPTS) throw keepChanges(fail('ATTEMPT_LIMIT_EXCEEDED'));
    const message = messageRef('otp.invalid');
    throw keepChanges(
      fail('VALIDATION_FAILED', undefined, {
        message,
        fields: { code: [message] },
        details: { attemptsRemaining: CODE_MAX_ATTEMPTS - attempts },
      }),
    );
  }
  await updateVerification(ctx.db, v.id, { consumedAt: new Date() });
  return markVerified(ctx, p, 'code', v.channel);
}

export async function resendCode(ctx: ServiceCtx, input: { pid: string }) {
  const p = await pendingParticipant(ctx, input.pid);
  const sent = await countVerificationsSince(ctx.db, p.id, new Date(Date.now() - CODE_SEND_WINDOW_MS));
  if (sent >= CODE_SEND_CAP)
    throw fail('ATTEMPT_LIMIT_EXCEEDED', undefined, { message: messageRef('enrolment.resendLimit') });
  const out = await sendCode(ctx, p, await studyOfParticipant(ctx, p));
  return {
    verificationMethod: p.verification_method,
    destination: out.destination,
    codeExpiresAt: out.expiresAt.toISOString(),
  };
}

interface LinkInput {
  studyId: string;
  participantId?: string;
  token: string;
  email: string;
}

type LinkState = 'valid' | 'verified' | 'expired' | 'invalid';

/** What a verification link is: its participant (when the parts agree) and its state. */
function linkStateOf(
  v: Awaited<ReturnType<typeof verificationByLink>>,
  p: ParticipantRow | undefined,
  input: LinkInput,
): LinkState {
  if (!v || !p || v.participant_id !== p.id || p.study_id !== input.studyId) return 'invalid';
  if (input.participantId && input.participantId !== p.id) return 'invalid';
  const email = input.email.trim().toLowerCase();
  if (email !== v.destination.toLowerCase()) return 'invalid';
  if (isVerified(p)) return 'verified';
  if (p.status !== VERIFIABLE) return 'invalid';
  // A code sent after this link (a resend) ends it, like its expiry.
  if (v.consumed_at || !v.link_expires_at || v.link_expires_at.getTime() <= Date.now()) return 'expired';
  return 'valid';
}

async function studyCodeOrNull(ctx: DbCtx, studyId: string): Promise<string | null> {
  try {
    return await studyCodeOf(ctx, studyId);
  } catch {
    return null;
  }
}

/** GET verify participant by token and e-mail (002 §7): a look, nothing changes (link scanners open links). */
export async function checkVerificationLink(ctx: ServiceCtx, input: LinkInput) {
  const v = await verificationByLink(ctx.db, sha256(input.token));
  const p = v ? await participantById(ctx, v.participant_id) : undefined;
  return { studyCode: await studyCodeOrNull(ctx, input.studyId), state: linkStateOf(v, p, input) };
}

export async function confirmVerificationLink(ctx: ServiceCtx, input: LinkInput) {
  const v = await verificationByLinkForUpdate(ctx.db, sha256(input.token));
  const p = v ? await lockRegistrant(ctx, v.participant_id) : undefined;
  const state = linkStateOf(v, p, input);
  if (state === 'verified') throw fail('CONFLICT', undefined, { message: messageRef('enrolment.alreadyVerified') });
  if (state === 'expired') throw fail('VALIDATION_FAILED', undefined, { message: messageRef('enrolment.linkExpired') });
  if (state !== 'valid' || !v || !p)
    throw fail('VALIDATION_FAILED', undefined, { message: messageRef('enrolment.linkInvalid') });
  await updateVerification(ctx.db, v.id, { consumedAt: new Date() });
  return markVerified(ctx, p, 'link', 'email');
}

/** The study of a participant reset link (000 §2.1 participant-reset-password): the portal opens its reset page. */
export async function resetLinkStudy(ctx: ServiceCtx, input: { token: string }) {
  const row = await passwordTokenRow(ctx, input.token);
  if (row?.purpose !== 'participant_reset' || !row.participant_id) return { valid: false, studyCode: null };
  const p = await participantById(ctx, row.participant_id);
  if (!p) return { valid: false, studyCode: null };
  const valid = !row.used_at && row.expires_at.getTime() > Date.now();
  return { valid, studyCode: await studyCodeOf(ctx, p.study_id) };
}

// ── invitations ────────────────────────────────────────────────────────────────────────────

/**
 * Invite a participant staff added (status NOTINVITED or INVITED, e-mail on file, not registered): a fresh
 * registration link (#/participants/web/{studyCode}/register/{token}, 7 days; an older one stops working)
 * e-mailed in their language, status INVITED. For participant management's invite calls, which check
 * the staff member's permission and the participant's row access first.
 */
export async function inviteParticipant(ctx: ServiceCtx, input: { participantId: string }) {
  const p = await lockRegistrant(ctx, input.participantId);
  if (!p) throw fail('NOT_FOUND');
  if (p.username !== null || !INVITABLE_STATUSES.includes(p.status as ParticipantStatus))
    throw fail('CONFLICT', undefined, { message: messageRef('participants.cannotInvite') });
  if (!p.email) throw fieldProblem('VALIDATION_FAILED', 'email', 'participants.noEmail');
  if (p.email_unsubscribed_at) throw fieldProblem('CONFLICT', 'email', 'participants.unsubscribed');
  const token = await newPasswordToken(ctx, { participantId: p.id }, 'participant_invite', INVITATION_TTL_MS);
  const study = await studyOfParticipant(ctx, p);
  const portal = `${ctx.config.publicUrl}/participant/#/participants`;
  const link = `${portal}/web/${encodeURIComponent(study.code)}/register/${token}`;
  const unsubscribeLink = participantUnsubscribeLink(ctx, p.id);
  await queueEmail(ctx, {
    to: p.email,
    template: 'participantInvitation',
    params: { study: study.name, link, days: INVITATION_TTL_MS / 86_400_000, unsubscribeLink },
    language: recipientLanguage(p.language, ctx.request.language),
  });
  const after = await changeRegistrant(ctx, p.id, { status: 'INVITED', invited_at: new Date() });
  ctx.audit({
    action: 'participant.invite',
    entityType: 'participant',
    entityId: p.id,
    before: { status: p.status },
    after: { status: after.status, email: p.email },
  });
  return { status: after.status };
}
