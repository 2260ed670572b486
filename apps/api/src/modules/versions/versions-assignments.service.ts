/**
 * Version assignments (C-076, A-154; decision 0030): which version each country and site of a study
 * runs, per data space. A site's own assignment wins, then its country's, then the version the data
 * space runs. The assignment call's body names its data space (`env`, A-154): a build page assigns in
 * test, and the same screen assigns in live, without a second call.
 */
import { assignedVersionOf, FEATURE_FLAGS, shortenVersionName } from '@trialpath/domain';
import type { Environment } from '../../db/schema';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { requireEditableStudy, requireStudyBuilder } from '../access/access.service';
import { isFeatureOn } from '../flags/flags.service';
import { studyCountriesAndSites, studyVersionPointers } from '../studies/studies.service';
import {
  type AssignmentRow,
  deleteAssignment,
  findVersion,
  insertAssignment,
  listAssignmentsOfStudy,
  listVersionsOfStudy,
  lockAssignment,
  type VersionRow,
} from './versions.repository';

const ENVIRONMENTS: readonly Environment[] = ['LIVE', 'TEST'];

function assigned(row: VersionRow | undefined) {
  return row ? { id: row.id, number: row.number, name: row.name, shortName: shortenVersionName(row.name) } : null;
}

async function spacesOf(ctx: ServiceCtx, studyId: string, only?: Environment) {
  const [versions, assignments, pointers, places] = await Promise.all([
    listVersionsOfStudy(ctx.db, studyId),
    listAssignmentsOfStudy(ctx.db, studyId),
    studyVersionPointers(ctx, studyId),
    studyCountriesAndSites(ctx, studyId),
  ]);
  const byId = new Map(versions.map((v) => [v.id, v]));
  const version = (id: string | null) => assigned(id ? byId.get(id) : undefined);
  return ENVIRONMENTS.filter((env) => !only || env === only).map((environment) => {
    const rules = assignments
      .filter((a) => a.environment === environment)
      .map((a) => ({ siteId: a.site_id, countryId: a.country_id, versionId: a.version_id }));
    const spaceVersion = environment === 'LIVE' ? pointers.liveVersionId : pointers.testVersionId;
    return {
      environment,
      studyVersion: version(spaceVersion),
      countries: places.countries.map((c) => ({
        countryId: c.countryId,
        name: c.name,
        assigned: version(rules.find((r) => r.siteId === null && r.countryId === c.countryId)?.versionId ?? null),
      })),
      sites: places.sites.map((s) => {
        const { versionId, source } = assignedVersionOf({ id: s.siteId, countryId: s.countryId }, rules, spaceVersion);
        return {
          siteId: s.siteId,
          siteCode: s.siteCode,
          name: s.name,
          countryId: s.countryId,
          version: version(versionId),
          source,
        };
      }),
    };
  });
}

/**
 * The version a site runs in a data space (a participant registering there is put on it): the site's own
 * assignment, its country's, else the data space's version; null when there is none.
 */
export async function versionOfSite(
  ctx: DbCtx,
  input: { studyId: string; environment: Environment; site: { id: string; countryId: string } },
): Promise<string | null> {
  const [assignments, pointers] = await Promise.all([
    listAssignmentsOfStudy(ctx.db, input.studyId),
    studyVersionPointers(ctx, input.studyId),
  ]);
  const rules = assignments
    .filter((a) => a.environment === input.environment)
    .map((a) => ({ siteId: a.site_id, countryId: a.country_id, versionId: a.version_id }));
  const spaceVersion = input.environment === 'LIVE' ? pointers.liveVersionId : pointers.testVersionId;
  return assignedVersionOf(input.site, rules, spaceVersion).versionId;
}

/** Both data spaces: each country's assignment and the version each site runs, with where it comes from. */
export async function versionAssignments(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  return { spaces: await spacesOf(ctx, input.studyId) };
}

export interface AssignmentInput {
  studyId: string;
  env: Environment;
  siteId: string | null;
  countryId: string | null;
  /** null takes the assignment away (the site or country follows its country or data space again). */
  versionId: string | null;
}

/**
 * Assign a version to one site or one country in the data space the body names. Live sites run
 * published versions only; test sites may run the draft too; an archived version is nobody's.
 */
export async function assignVersion(ctx: ServiceCtx, input: AssignmentInput) {
  const { studyId, env, siteId, countryId, versionId } = input;
  await requireEditableStudy(ctx, studyId);
  if ((siteId === null) === (countryId === null)) {
    throw fieldProblem('VALIDATION_FAILED', siteId === null ? 'siteId' : 'countryId', 'versions.siteOrCountry');
  }
  // The body's data space obeys the same rule as the Env header: no test space without the test portal.
  if (env === 'TEST' && !(await isFeatureOn(ctx.db, FEATURE_FLAGS.testPortal, ctx.staff().clientId))) {
    throw fail('FEATURE_DISABLED', undefined, { details: { flag: FEATURE_FLAGS.testPortal } });
  }
  const places = await studyCountriesAndSites(ctx, studyId);
  if (siteId !== null && !places.sites.some((s) => s.siteId === siteId)) {
    throw fieldProblem('VALIDATION_FAILED', 'siteId', 'versions.siteNotInStudy');
  }
  if (countryId !== null && !places.countries.some((c) => c.countryId === countryId)) {
    throw fieldProblem('VALIDATION_FAILED', 'countryId', 'versions.countryNotInStudy');
  }
  await studyVersionPointers(ctx, studyId, { lock: true });
  let version: VersionRow | undefined;
  if (versionId !== null) {
    version = await findVersion(ctx.db, versionId);
    if (!version || version.study_id !== studyId)
      throw fieldProblem('VALIDATION_FAILED', 'versionId', 'errors.notFound');
    if (version.status === 'ARCHIVED') throw fieldProblem('CONFLICT', 'versionId', 'versions.archived');
    if (env === 'LIVE' && version.status !== 'PUBLISHED') {
      throw fieldProblem('CONFLICT', 'versionId', 'versions.notPublished');
    }
  }
  const existing: AssignmentRow | undefined = await lockAssignment(ctx.db, {
    studyId,
    environment: env,
    siteId,
    countryId,
  });
  const target = siteId !== null ? { siteId } : { countryId };
  if (existing?.version_id !== versionId) {
    if (existing) await deleteAssignment(ctx.db, existing.id);
    if (versionId !== null) {
      await insertAssignment(ctx.db, {
        study_id: studyId,
        environment: env,
        version_id: versionId,
        site_id: siteId,
        country_id: countryId,
        assigned_by: ctx.staff().userId,
      });
    }
  }
  ctx.audit({
    action: 'study.version.assign',
    entityType: 'study_version',
    // The version assigned, or the one taken away.
    entityId: versionId ?? existing?.version_id ?? null,
    before: { env, ...target, versionId: existing?.version_id ?? null },
    after: {
      env,
      ...target,
      versionId,
      ...(existing?.version_id === versionId || (!existing && versionId === null) ? { unchanged: true } : {}),
    },
  });
  return (await spacesOf(ctx, studyId, env))[0]!;
}
