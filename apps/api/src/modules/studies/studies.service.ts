/** Studies as a staff user sees them (scoped by the access module) and their public facts for the participant portal. */
import { createStudy } from '@trialpath/contract';
import { countryName, DEFAULT_LANGUAGE, joinRealmRole } from '@trialpath/domain';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { studyPortalCountriesAndLanguages } from './portal-countries';

export { platformCountriesAndLanguages, studyPortalCountriesAndLanguages } from './portal-countries';
import {
  mayCall,
  requireLoadedStudy,
  requireStudy,
  sitesVisibleTo,
  studiesVisibleTo,
  visibleSites,
} from '../access/access.service';
import {
  findStudyByCode,
  findStudyById,
  listSitesOfStudy,
  listStudies,
  listStudyCountries,
  listStudyLanguages,
  findVersionPointers,
  setLiveVersion,
  setTestVersion,
  type StudyListFilter,
} from './studies.repository';

export type StudyListQuery = Omit<StudyListFilter, 'visible' | 'visibleSites' | 'userId'>;

export async function studyList(ctx: ServiceCtx, q: StudyListQuery) {
  const actor = ctx.staff();
  const { total, rows } = await listStudies(ctx.db, {
    ...q,
    visible: studiesVisibleTo(actor, 's'),
    visibleSites: sitesVisibleTo(actor, 'site'),
    userId: actor.userId,
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      sponsorName: r.sponsor_name,
      status: r.status,
      siteCount: Number(r.site_count ?? 0),
      userRole: joinRealmRole(actor.realm, r.my_role ?? actor.platformRole),
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    })),
    canCreate: mayCall(actor, createStudy),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** A study's code (its portal address), for links to the participant portal. */
export async function studyCodeOf(ctx: DbCtx, studyId: string): Promise<string> {
  const study = await findStudyById(ctx.db, studyId);
  if (!study) throw fail('NOT_FOUND');
  return study.code;
}

/** A study's client (the organisation its files belong to). */
export async function clientOfStudy(ctx: DbCtx, studyId: string): Promise<string> {
  const study = await findStudyById(ctx.db, studyId);
  if (!study) throw fail('NOT_FOUND');
  return study.client_id;
}

async function accessibleStudy(ctx: ServiceCtx, studyId: string) {
  const study = await findStudyById(ctx.db, studyId);
  const access = requireLoadedStudy(ctx, studyId, study);
  return { access, study: study! };
}

/** Study details; the sites listed are those the caller may see (assigned, matching data access type). */
export async function studyDetails(ctx: ServiceCtx, input: { studyId: string }) {
  const { access, study } = await accessibleStudy(ctx, input.studyId);
  const sites = visibleSites(ctx, access, await listSitesOfStudy(ctx.db, study.id));
  const languages = await listStudyLanguages(ctx.db, study.id);
  return {
    id: study.id,
    code: study.code,
    name: study.name,
    sponsorName: study.sponsor_name,
    status: study.status,
    isNewStudyConfigurator: study.is_new_study_configurator,
    color: study.color,
    languages: languages.length ? languages.map((l) => l.id) : [DEFAULT_LANGUAGE],
    sites: sites.map((s) => ({
      id: s.id,
      siteId: s.site_code,
      name: s.name,
      siteSubType: s.site_sub_type,
      countryId: s.country_id,
      countryName: countryName(s.country_id, ctx.request.language, s.country_name),
    })),
  };
}

export async function validateUser(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudy(ctx, input.studyId);
  return { ok: true as const };
}

/** the study's switched features; only boolean entries of the stored object count. */
export async function studyFeatures(ctx: ServiceCtx, input: { studyId: string }) {
  const { study } = await accessibleStudy(ctx, input.studyId);
  const raw: unknown = typeof study.features === 'string' ? JSON.parse(study.features) : study.features;
  const studyFeatures: Record<string, boolean> = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'boolean') studyFeatures[k] = v;
  }
  return { studyId: study.id, studyFeatures };
}

/** A study by its id, for the participant portal's public calls (undefined: none). */
export function studyById(ctx: Pick<ServiceCtx, 'db'>, studyId: string) {
  return findStudyById(ctx.db, studyId);
}

/** A study by its code (case-insensitive), for the participant portal's public calls. */
export function studyByCode(ctx: Pick<ServiceCtx, 'db'>, studyCode: string) {
  return findStudyByCode(ctx.db, studyCode);
}

/** Public facts of a study for its participant portal (001 §3): countries and languages, defaults en / US. */
export async function participantWebStudy(ctx: ServiceCtx, input: { studyCode: string }) {
  const study = await findStudyByCode(ctx.db, input.studyCode);
  if (!study) throw fail('NOT_FOUND');
  const { countries, languages } = await studyPortalCountriesAndLanguages(ctx, study, ctx.request.language);
  const pointers = await studyVersionPointers(ctx, study.id);
  const versionId = ctx.env === 'LIVE' ? pointers.liveVersionId : pointers.testVersionId;
  return {
    studyId: study.id,
    studyCode: study.code,
    name: study.name,
    color: study.color,
    versionId,
    countries,
    languages,
  };
}

/** A study's languages and countries, each default first (countries then in list order): for the modules built on studies. */
export async function studyLanguagesAndCountries(ctx: DbCtx, studyId: string) {
  const [languages, countries] = await Promise.all([
    listStudyLanguages(ctx.db, studyId),
    listStudyCountries(ctx.db, studyId),
  ]);
  return { languages, countries: [...countries].sort((a, b) => Number(b.is_default) - Number(a.is_default)) };
}

/**
 * The languages a study's texts are written in: its default (English when none is set) and all of them.
 * The study build checks every text against these.
 */
export async function studyTextLanguages(ctx: DbCtx, studyId: string) {
  const rows = await listStudyLanguages(ctx.db, studyId);
  const defaultLanguage = rows.find((l) => l.is_default)?.id ?? rows[0]?.id ?? DEFAULT_LANGUAGE;
  const languages = rows.length ? rows.map((l) => l.id) : [DEFAULT_LANGUAGE];
  return { defaultLanguage, languages };
}

/**
 * The study's test data space runs this version from now on (the versions module: a new draft, a
 * published one; null when a deleted draft leaves nothing published).
 */
export async function pointTestVersionAt(ctx: DbCtx, input: { studyId: string; versionId: string | null }) {
  await setTestVersion(ctx.db, input.studyId, input.versionId);
}

/** The study's live data space runs this version from now on (the versions module's make-live). */
export async function pointLiveVersionAt(ctx: DbCtx, input: { studyId: string; versionId: string }) {
  await setLiveVersion(ctx.db, input.studyId, input.versionId);
}

/**
 * The versions the study's live and test data spaces run. With `lock` (in a write) the study row stays
 * locked until the transaction ends, so two version changes of one study run one after the other.
 */
export async function studyVersionPointers(ctx: DbCtx, studyId: string, options: { lock?: boolean } = {}) {
  const row = await findVersionPointers(ctx.db, studyId, options.lock ?? false);
  return { testVersionId: row?.test_version_id ?? null, liveVersionId: row?.live_version_id ?? null };
}

/** The study's countries and sites, with country names in the caller's language (version assignments). */
export async function studyCountriesAndSites(ctx: ServiceCtx, studyId: string) {
  const lang = ctx.request.language;
  const countries = (await listStudyCountries(ctx.db, studyId)).map((c) => ({
    countryId: c.id,
    name: countryName(c.id, lang, c.name),
  }));
  const sites = (await listSitesOfStudy(ctx.db, studyId)).map((s) => ({
    siteId: s.id,
    siteCode: s.site_code,
    name: s.name,
    countryId: s.country_id,
    countryName: countryName(s.country_id, lang, s.country_name),
  }));
  return { countries, sites };
}
