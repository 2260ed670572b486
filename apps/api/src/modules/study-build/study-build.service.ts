/**
 * Studies themselves (issue 9, decision 0031): create (with the first draft version), edit with
 * optimistic concurrency, status changes along the lifecycle table (packages/domain lifecycle.ts),
 * launch readiness (packages/domain readiness.ts) with the build call and the launch, the two
 * approvals, duplicate; and the study reads (details v2, overview v1/v2, features v2, languages,
 * countries, country versions). Every write locks the study row, and is audited in its transaction.
 */
import {
  countryName,
  type FieldMessageRefs,
  launchGaps,
  type MessageKey,
  messageRef,
  nextStudyStatuses,
  productsOf,
  type StudyContent,
  type StudyStatus,
  studyTransition,
  translate,
  withProducts,
} from '@trialpath/domain';
import '@trialpath/domain/staff-messages';
import type { StudyFields } from '@trialpath/contract';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { requireEditableStudy, requireLoadedStudy, requireStudyBuilder, visibleSites } from '../access/access.service';
import { studyLanguagesAndCountries } from '../studies/studies.service';
import {
  buildState,
  countryVersions,
  currentContent,
  startFirstDraft,
  versionRefs,
} from '../versions/versions-build.service';
import {
  assignCreator,
  countSitesOfStudy,
  findStudyById,
  insertStudy,
  isStudyCodeTaken,
  knownCountries,
  knownLanguages,
  listActiveCountries,
  listLanguageRows,
  listSitesOfStudy,
  lockStudy,
  peopleNames,
  replaceStudyCountries,
  replaceStudyLanguages,
  setLiveVersion,
  updateStudyRow,
} from './study-build.repository';

type StudyRow = NonNullable<Awaited<ReturnType<typeof findStudyById>>>;

/** The role a study's creator gets in it: the one that builds studies. */
const CREATOR_ROLE = 'StudyAdmin';

/** isApplangaCulture (C-105): a language id answered as a culture; ids that already name a region stay. */
const CULTURE_REGION: Record<string, string> = { en: 'US', es: 'ES', de: 'DE', fr: 'FR', it: 'IT', pt: 'BR', nl: 'NL' };
export function cultureOf(language: string): string {
  if (language.includes('-')) return language;
  return `${language}-${CULTURE_REGION[language] ?? language.toUpperCase()}`;
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The study record (details v2) as the contract's StudyRecordSchema. */
async function toRecord(ctx: ServiceCtx, study: StudyRow, options: { culture?: boolean } = {}) {
  const lang = ctx.request.language;
  const [{ languages, countries }, names, source] = await Promise.all([
    studyLanguagesAndCountries(ctx, study.id),
    peopleNames(ctx.db, [study.internal_approved_by, study.irb_ec_approved_by, study.launched_by]),
    study.duplicated_from ? findStudyById(ctx.db, study.duplicated_from) : Promise.resolve(undefined),
  ]);
  const personAt = (id: string | null, at: Date | null) =>
    id && at ? { id, name: names.get(id) ?? '', at: at.toISOString() } : null;
  return {
    id: study.id,
    code: study.code,
    name: study.name,
    description: study.description,
    therapeuticArea: study.therapeutic_area,
    sponsorName: study.sponsor_name,
    status: study.status,
    nextStatuses: nextStudyStatuses(study.status),
    color: study.color,
    products: productsOf(json<Record<string, unknown>>(study.features)),
    revision: study.revision,
    languages: languages.map((l) => ({
      id: options.culture ? cultureOf(l.id) : l.id,
      displayName: l.display_name,
      isDefault: l.is_default,
    })),
    countries: countries.map((c) => ({ id: c.id, name: countryName(c.id, lang, c.name), isDefault: c.is_default })),
    approval: {
      isInternalOrganizationalApproved: study.is_internal_organizational_approved,
      internalApproved: personAt(study.internal_approved_by, study.internal_approved_at),
      isIrbEcApproved: study.is_irb_ec_approved,
      irbEcApproved: personAt(study.irb_ec_approved_by, study.irb_ec_approved_at),
    },
    launched: personAt(study.launched_by, study.launched_at),
    duplicatedFrom: source ? { id: source.id, code: source.code } : null,
    testVersionId: study.test_version_id,
    liveVersionId: study.live_version_id,
    createdAt: study.created_at.toISOString(),
    updatedAt: study.updated_at.toISOString(),
  };
}

/** What the audit trail keeps of a study's own fields. */
async function auditView(ctx: DbCtx, study: StudyRow) {
  const { languages, countries } = await studyLanguagesAndCountries(ctx, study.id);
  return {
    // `code` alone is withheld from audit entries (secret codes): the study's is its studyCode.
    studyCode: study.code,
    name: study.name,
    description: study.description,
    therapeuticArea: study.therapeutic_area,
    sponsorName: study.sponsor_name,
    languages: languages.map((l) => l.id).join(', '),
    countries: countries.map((c) => c.id).join(', '),
    products: productsOf(json<Record<string, unknown>>(study.features)).join(', '),
  };
}

async function readable(ctx: ServiceCtx, studyId: string) {
  const study = await findStudyById(ctx.db, studyId);
  const access = requireLoadedStudy(ctx, studyId, study);
  return { access, study: study! };
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

const codeTaken = () => fieldProblem('CONFLICT', 'code', 'studies.codeTaken');

/** Languages and countries must be ones Trialpath offers; each unknown one is named on its field. */
async function checkPlaces(ctx: DbCtx, f: Pick<StudyFields, 'languages' | 'countries'>) {
  const [languages, countries] = await Promise.all([
    knownLanguages(ctx.db, f.languages),
    knownCountries(ctx.db, f.countries),
  ]);
  const fields: FieldMessageRefs = {};
  f.languages.forEach((l, i) => {
    if (!languages.has(l)) fields[`languages.${i}`] = [messageRef('studies.languageUnknown', { language: l })];
  });
  f.countries.forEach((c, i) => {
    if (!countries.has(c)) fields[`countries.${i}`] = [messageRef('studies.countryUnknown', { country: c })];
  });
  if (Object.keys(fields).length) throw fail('VALIDATION_FAILED', undefined, { fields });
}

const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** Insert a study in design, its languages and countries, its creator as StudyAdmin and its first draft. */
async function insertNewStudy(
  ctx: ServiceCtx,
  f: StudyFields & { color?: string | null; features?: unknown; duplicatedFrom?: string },
  content?: StudyContent,
) {
  const actor = ctx.staff();
  if (await isStudyCodeTaken(ctx.db, f.code)) throw codeTaken();
  await checkPlaces(ctx, f);
  let study: StudyRow;
  try {
    study = await insertStudy(ctx.db, {
      client_id: actor.clientId,
      code: f.code,
      name: f.name,
      description: blankToNull(f.description),
      therapeutic_area: blankToNull(f.therapeuticArea),
      sponsor_name: blankToNull(f.sponsorName),
      status: 'DESIGN',
      color: f.color ?? null,
      is_new_study_configurator: true,
      features: JSON.stringify(
        f.products ? withProducts(json<Record<string, unknown>>(f.features), f.products) : (f.features ?? {}),
      ),
      created_by: actor.userId,
      duplicated_from: f.duplicatedFrom ?? null,
    });
  } catch (e) {
    // Two people taking one code at once: the unique index decides.
    if (isUniqueViolation(e)) throw codeTaken();
    throw e;
  }
  await replaceStudyLanguages(ctx.db, study.id, f.languages);
  await replaceStudyCountries(ctx.db, study.id, f.countries);
  await assignCreator(ctx.db, { userId: actor.userId, studyId: study.id, role: CREATOR_ROLE });
  await startFirstDraft(ctx, { studyId: study.id, content });
  return (await findStudyById(ctx.db, study.id))!;
}

/** POST studies: a new study in design with its first draft (C-104). */
export async function createStudy(ctx: ServiceCtx, input: StudyFields) {
  const study = await insertNewStudy(ctx, input);
  ctx.audit({
    action: 'study.create',
    entityType: 'study',
    entityId: study.id,
    after: { ...(await auditView(ctx, study)), status: study.status, creatorRole: CREATOR_ROLE },
  });
  return toRecord(ctx, study);
}

/**
 * A new study in design whose first draft holds the content given (a USDM import); audited as a creation.
 * The content is the caller's to have checked.
 */
export async function createStudyWithContent(ctx: ServiceCtx, input: StudyFields, content: StudyContent) {
  const study = await insertNewStudy(ctx, input, content);
  ctx.audit({
    action: 'study.create',
    entityType: 'study',
    entityId: study.id,
    after: { ...(await auditView(ctx, study)), status: study.status, creatorRole: CREATOR_ROLE },
  });
  return toRecord(ctx, study);
}

/** PUT studies/{studyId}: the study's own fields, refused when someone saved since the editor read it. */
export async function updateStudy(ctx: ServiceCtx, input: StudyFields & { studyId: string; revision: number }) {
  await requireEditableStudy(ctx, input.studyId);
  const study = await lockStudy(ctx.db, input.studyId);
  if (!study) throw fail('NOT_FOUND');
  if (study.revision !== input.revision) {
    throw fail('CONFLICT', undefined, {
      message: messageRef('studies.editConflict'),
      details: { currentRevision: study.revision, yourRevision: input.revision },
    });
  }
  const codeChanges = input.code.toUpperCase() !== study.code.toUpperCase() || input.code !== study.code;
  if (codeChanges && study.status !== 'DESIGN') throw fieldProblem('CONFLICT', 'code', 'studies.codeFixed');
  if (codeChanges && (await isStudyCodeTaken(ctx.db, input.code, study.id))) throw codeTaken();
  await checkPlaces(ctx, input);
  const before = await auditView(ctx, study);
  let saved: StudyRow;
  try {
    saved = await updateStudyRow(ctx.db, study.id, {
      code: input.code,
      name: input.name,
      description: blankToNull(input.description),
      therapeutic_area: blankToNull(input.therapeuticArea),
      sponsor_name: blankToNull(input.sponsorName),
      ...(input.products && {
        features: JSON.stringify(withProducts(json<Record<string, unknown>>(study.features), input.products)),
      }),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw codeTaken();
    throw e;
  }
  await replaceStudyLanguages(ctx.db, study.id, input.languages);
  await replaceStudyCountries(ctx.db, study.id, input.countries);
  ctx.audit({
    action: 'study.update',
    entityType: 'study',
    entityId: study.id,
    before: { ...before, revision: study.revision },
    after: { ...(await auditView(ctx, saved)), revision: saved.revision },
  });
  return toRecord(ctx, saved);
}

/** Details v2 (C-108), and its no-cache variant (C-105). */
export async function studyRecord(ctx: ServiceCtx, input: { studyId: string; isApplangaCulture?: boolean }) {
  const { study } = await readable(ctx, input.studyId);
  return toRecord(ctx, study, { culture: input.isApplangaCulture });
}

/** The live variant (C-105): the record and the version the live data space runs. */
export async function studyRecordLive(ctx: ServiceCtx, input: { studyId: string; isApplangaCulture?: boolean }) {
  const { study } = await readable(ctx, input.studyId);
  const refs = study.live_version_id ? await versionRefs(ctx, study.id) : new Map();
  const live = study.live_version_id ? refs.get(study.live_version_id) : undefined;
  return {
    ...(await toRecord(ctx, study, { culture: input.isApplangaCulture })),
    liveVersion: live ? { id: live.id, number: live.number, name: live.name } : null,
  };
}

/** PUT studies/{studyId}/status (C-095, C-096): one move of the lifecycle table, with its reason. */
export async function setStudyStatus(ctx: ServiceCtx, input: { studyId: string; status: StudyStatus }) {
  await requireStudyBuilder(ctx, input.studyId);
  const study = await lockStudy(ctx.db, input.studyId);
  if (!study) throw fail('NOT_FOUND');
  const from = study.status;
  const to = input.status;
  const refuse = (key: MessageKey, params?: Record<string, string>) =>
    fail('CONFLICT', undefined, {
      message: messageRef(key, params),
      details: { from, to, allowed: nextStudyStatuses(from) },
    });
  if (from === 'DESIGN' && to === 'LIVE') throw refuse('studies.launchThroughLaunch');
  if (!studyTransition(from, to).allowed) {
    throw to === 'DELETED' ? refuse('studies.deleteOnlyInDesign') : refuse('studies.transitionRefused', { from, to });
  }
  const saved = await updateStudyRow(ctx.db, study.id, { status: to });
  ctx.audit({
    action: 'study.status',
    entityType: 'study',
    entityId: study.id,
    before: { status: from },
    after: { status: to },
  });
  return toRecord(ctx, saved);
}

/** The launch readiness of a study (C-098, C-011, C-063): the domain's rule over the study's facts. */
async function readiness(ctx: ServiceCtx, study: StudyRow) {
  const [{ languages, countries }, siteCount, state] = await Promise.all([
    studyLanguagesAndCountries(ctx, study.id),
    countSitesOfStudy(ctx.db, study.id),
    buildState(ctx, study.id),
  ]);
  const gaps = launchGaps({
    status: study.status,
    languages: languages.map((l) => l.id),
    countryCount: countries.length,
    siteCount,
    publishedContent: state.published?.content ?? null,
    draftContent: state.draftContent,
    isInternalOrganizationalApproved: study.is_internal_organizational_approved,
    isIrbEcApproved: study.is_irb_ec_approved,
  }).map((g) => ({ ...g, message: translate(g.messageKey as MessageKey, g.params, 'en') }));
  return {
    studyId: study.id,
    status: study.status,
    ready: gaps.length === 0,
    gaps,
    publishedVersion: state.published
      ? { id: state.published.id, number: state.published.number, name: state.published.name }
      : null,
    checkedAt: new Date().toISOString(),
  };
}

/** GET build-progress: the gaps between the study and its launch. */
export async function studyBuildProgress(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  return readiness(ctx, (await findStudyById(ctx.db, input.studyId))!);
}

/** POST build (C-119, decision 0031): the readiness check, recorded with who, when and what it found. */
export async function buildStudy(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const result = await readiness(ctx, (await findStudyById(ctx.db, input.studyId))!);
  ctx.audit({
    action: 'study.build',
    entityType: 'study',
    entityId: input.studyId,
    after: {
      ready: result.ready,
      gaps: result.gaps.map((g) => g.message),
      publishedVersion: result.publishedVersion?.number ?? null,
    },
  });
  return result;
}

/** POST launch (C-098): live on the newest published version when nothing is missing; else every gap. */
export async function launchStudy(ctx: ServiceCtx, input: { studyId: string; reason?: string }) {
  await requireEditableStudy(ctx, input.studyId);
  const study = await lockStudy(ctx.db, input.studyId);
  if (!study) throw fail('NOT_FOUND');
  const result = await readiness(ctx, study);
  if (!result.ready) {
    throw fail('STUDY_NOT_READY', { count: result.gaps.length }, { details: { gaps: result.gaps } });
  }
  const published = result.publishedVersion!;
  if (!study.live_version_id) await setLiveVersion(ctx.db, study.id, published.id);
  const saved = await updateStudyRow(ctx.db, study.id, {
    status: 'LIVE',
    launched_by: ctx.staff().userId,
    launched_at: new Date(),
  });
  ctx.audit({
    action: 'study.launch',
    entityType: 'study',
    entityId: study.id,
    reason: input.reason?.trim() || null,
    before: { status: study.status, liveVersion: study.live_version_id },
    after: { status: saved.status, liveVersion: saved.live_version_id, publishedVersion: published.number },
  });
  return toRecord(ctx, saved);
}

/**
 * POST approval (C-094, C-103): each flag set records who and when; withdrawing one needs a reason
 * (decision 0031), recording one may carry a note.
 */
export async function setStudyApproval(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    isInternalOrganizationalApproved: boolean;
    isIrbEcApproved: boolean;
    reason?: string;
    revision?: number;
  },
) {
  await requireEditableStudy(ctx, input.studyId);
  const study = await lockStudy(ctx.db, input.studyId);
  if (!study) throw fail('NOT_FOUND');
  // The confirm step (decision 0041) names the record it showed: approvals confirmed against an older one
  // could re-grant one that someone withdrew meanwhile.
  if (input.revision !== undefined && input.revision !== study.revision) {
    throw fail('CONFLICT', undefined, {
      message: messageRef('studies.approvalConflict'),
      details: { currentRevision: study.revision, yourRevision: input.revision },
    });
  }
  const reason = input.reason?.trim() || null;
  const withdraws =
    (study.is_internal_organizational_approved && !input.isInternalOrganizationalApproved) ||
    (study.is_irb_ec_approved && !input.isIrbEcApproved);
  if (withdraws && !reason) throw fieldProblem('VALIDATION_FAILED', 'reason', 'studies.approvalWithdrawReason');
  const now = new Date();
  const userId = ctx.staff().userId;
  const flag = (was: boolean, wanted: boolean, by: string | null, at: Date | null) =>
    was === wanted ? { by, at } : wanted ? { by: userId, at: now } : { by: null, at: null };
  const internal = flag(
    study.is_internal_organizational_approved,
    input.isInternalOrganizationalApproved,
    study.internal_approved_by,
    study.internal_approved_at,
  );
  const irb = flag(study.is_irb_ec_approved, input.isIrbEcApproved, study.irb_ec_approved_by, study.irb_ec_approved_at);
  const saved = await updateStudyRow(ctx.db, study.id, {
    is_internal_organizational_approved: input.isInternalOrganizationalApproved,
    internal_approved_by: internal.by,
    internal_approved_at: internal.at,
    is_irb_ec_approved: input.isIrbEcApproved,
    irb_ec_approved_by: irb.by,
    irb_ec_approved_at: irb.at,
  });
  ctx.audit({
    action: 'study.approval',
    entityType: 'study',
    entityId: study.id,
    reason,
    before: {
      isInternalOrganizationalApproved: study.is_internal_organizational_approved,
      isIrbEcApproved: study.is_irb_ec_approved,
    },
    after: {
      isInternalOrganizationalApproved: saved.is_internal_organizational_approved,
      isIrbEcApproved: saved.is_irb_ec_approved,
    },
  });
  return toRecord(ctx, saved);
}

/**
 * POST duplicate (C-099): a new study in design, its draft holding the source's current content (its
 * draft's, else its newest published version's), its languages, countries, colour and features; none
 * of its people, sites or participants (its creator is its only member).
 */
export async function duplicateStudy(ctx: ServiceCtx, input: { studyId: string; code: string; name: string }) {
  const { study: source } = await readable(ctx, input.studyId);
  const [{ languages, countries }, content] = await Promise.all([
    studyLanguagesAndCountries(ctx, source.id),
    currentContent(ctx, source.id),
  ]);
  const copy = await insertNewStudy(
    ctx,
    {
      code: input.code,
      name: input.name,
      description: source.description ?? undefined,
      therapeuticArea: source.therapeutic_area ?? undefined,
      sponsorName: source.sponsor_name ?? undefined,
      languages: languages.map((l) => l.id),
      countries: countries.map((c) => c.id),
      color: source.color,
      features: json(source.features),
      duplicatedFrom: source.id,
    },
    content ?? undefined,
  );
  ctx.audit({
    action: 'study.duplicate',
    entityType: 'study',
    entityId: copy.id,
    after: { ...(await auditView(ctx, copy)), status: copy.status, sourceStudyId: source.id, sourceCode: source.code },
  });
  return toRecord(ctx, copy);
}

async function overviewFacts(ctx: ServiceCtx, studyId: string) {
  const { access, study } = await readable(ctx, studyId);
  const [sites, { countries, languages }, versions] = await Promise.all([
    listSitesOfStudy(ctx.db, study.id),
    studyLanguagesAndCountries(ctx, study.id),
    versionRefs(ctx, study.id),
  ]);
  return {
    study,
    counts: {
      sites: visibleSites(ctx, access, sites).length,
      countries: countries.length,
      languages: languages.length,
      versions: versions.size,
    },
  };
}

/** Overview v1 (C-109): one flat object. */
export async function studyOverview(ctx: ServiceCtx, input: { studyId: string }) {
  const { study, counts } = await overviewFacts(ctx, input.studyId);
  return {
    studyId: study.id,
    code: study.code,
    name: study.name,
    status: study.status,
    siteCount: counts.sites,
    countryCount: counts.countries,
    languageCount: counts.languages,
    versionCount: counts.versions,
    isInternalOrganizationalApproved: study.is_internal_organizational_approved,
    isIrbEcApproved: study.is_irb_ec_approved,
  };
}

/** Overview v2 (C-109, decision 0031): the same facts, grouped, with the versions each data space runs. */
export async function studyOverviewV2(ctx: ServiceCtx, input: { studyId: string }) {
  const { study, counts } = await overviewFacts(ctx, input.studyId);
  return {
    study: { id: study.id, code: study.code, name: study.name, status: study.status },
    counts,
    approval: {
      isInternalOrganizationalApproved: study.is_internal_organizational_approved,
      isIrbEcApproved: study.is_irb_ec_approved,
    },
    versions: { testVersionId: study.test_version_id, liveVersionId: study.live_version_id },
  };
}

/** Features state v2 (C-110): a list of named states, sorted (v1 is the map of getStudyFeatures). */
export async function studyFeaturesV2(ctx: ServiceCtx, input: { studyId: string }) {
  const { study } = await readable(ctx, input.studyId);
  const raw = json<unknown>(study.features);
  const features =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.entries(raw)
          .filter((e): e is [string, boolean] => typeof e[1] === 'boolean')
          .map(([name, enabled]) => ({ name, enabled }))
          .sort((a, b) => a.name.localeCompare(b.name))
      : [];
  return { studyId: study.id, features };
}

/** Languages a study may use (C-175). */
export async function languageList(ctx: ServiceCtx) {
  ctx.staff();
  return { items: (await listLanguageRows(ctx.db)).map((l) => ({ id: l.id, displayName: l.display_name })) };
}

/** The study's languages, its default first (C-086, C-175). */
export async function studyLanguageList(ctx: ServiceCtx, input: { studyId: string; isApplangaCulture?: boolean }) {
  const { study } = await readable(ctx, input.studyId);
  return {
    items: (await studyLanguagesAndCountries(ctx, study.id)).languages.map((l) => ({
      id: l.id,
      displayName: l.display_name,
      isDefault: l.is_default,
      culture: cultureOf(l.id),
    })),
  };
}

/** Supported countries (C-176): the active ones, named in the caller's language. */
export async function supportedCountries(ctx: ServiceCtx) {
  ctx.staff();
  const lang = ctx.request.language;
  return {
    items: (await listActiveCountries(ctx.db)).map((c) => ({
      id: c.id,
      name: countryName(c.id, lang, c.name),
      isoCode3: c.iso_code3,
    })),
  };
}

/** Country study versions (C-107): each country's version in live and in test (its assignment, else the space's). */
export async function countryStudyVersions(ctx: ServiceCtx, input: { studyId: string }) {
  await readable(ctx, input.studyId);
  return { items: await countryVersions(ctx, input.studyId) };
}
