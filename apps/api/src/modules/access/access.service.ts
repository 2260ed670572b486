/**
 * The only place row access is decided (DESIGN.md §3): the route's permission, then the row —
 * study assignment → assigned sites → data access type → environment → blinding. It answers
 * "may this actor touch these ids" (requireStudy, requireSiteRecord) and "what may this actor see"
 * as SQL predicates for lists (studiesVisibleTo, participantsVisibleTo: a 100k-row list cannot be
 * checked row by row), and strips the fields a blinded actor may not receive (hideUnblinded).
 */
import type { Endpoint } from '@trialpath/contract';
import {
  ADMIN_ROLES,
  type BlindedRecordKind,
  can,
  checkSiteRecordAccess,
  DATA_ACCESS_BOTH,
  FEATURE_FLAGS,
  getRoleDefinition,
  isAction,
  isStudyBuildable,
  joinRealmRole,
  roleMatches,
  roleMatchesAny,
  withoutUnblindedFields,
} from '@trialpath/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Actor, StaffActor, StaffAssignment } from '../../kernel/actor';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import type { RequestToCheck } from '../../http/guard';
import { isFeatureOn } from '../flags/flags.service';
import { findStudyBuildState, findStudyOwner } from './access.repository';

/** The platform administrator sees every study of its client (the row check does not narrow by site). */
function isPlatformAdmin(actor: { platformRole: string }): boolean {
  return roleMatches(actor.platformRole, 'SystemAdmin');
}

/**
 * Roles that count for a permission check. In a study: the role held in that study, plus the
 * platform role when it is an administration role (SystemAdmin, Support). Elsewhere: the platform
 * role and every study role. Read from the database with the user on each request, not from the
 * token, so a changed role applies at once.
 */
export function rolesOf(actor: StaffActor, studyId: string | null): string[] {
  const platform = joinRealmRole(actor.realm, actor.platformRole);
  const assignments = studyId ? actor.assignments.filter((a) => a.studyId === studyId) : actor.assignments;
  const studyRoles = assignments.map((a) => joinRealmRole(actor.realm, a.role));
  if (studyId) return roleMatchesAny(platform, ADMIN_ROLES) ? [platform, ...studyRoles] : studyRoles;
  return [platform, ...studyRoles];
}

/** The study a request is about: named in its path, its query or its body (in that order). */
export function studyOfRequest(request: Pick<RequestToCheck, 'params' | 'query' | 'body'>): string | null {
  for (const part of [request.params, request.query, request.body]) {
    const id = part && typeof part === 'object' ? (part as { studyId?: unknown }).studyId : undefined;
    if (typeof id === 'string' && id !== '') return id;
  }
  return null;
}

/**
 * Step 1 of every request (the plumbing's guard): the endpoint's permission for the caller's roles in
 * the request's study, and the environment's rule — the test data space exists for a client only
 * while its test-portal flag is on (000 §2.5, §2.7), whatever a stale or crafted page sends.
 */
export async function authorizeRequest(db: Db, request: RequestToCheck): Promise<void> {
  const { endpoint, actor } = request;
  requirePermission(endpoint, actor, studyOfRequest(request));
  if (
    request.env === 'TEST' &&
    actor?.type === 'staff' &&
    !(await isFeatureOn(db, FEATURE_FLAGS.testPortal, actor.clientId))
  ) {
    throw fail('FEATURE_DISABLED', undefined, { details: { flag: FEATURE_FLAGS.testPortal } });
  }
}

/** Whether a staff actor may call an endpoint (outside a study, or in `studyId`): what a screen offers. */
export function mayCall(actor: StaffActor, endpoint: Endpoint, studyId: string | null = null): boolean {
  const action = endpoint.permission;
  return !action || (isAction(action) && rolesOf(actor, studyId).some((r) => can(r, action)));
}

function requirePermission(endpoint: Endpoint, actor: Actor | null, studyId: string | null): void {
  const action = endpoint.permission;
  if (!action) return;
  if (!isAction(action)) throw new Error(`Endpoint ${endpoint.id} names unknown permission ${action}`);
  if (actor?.type !== 'staff') throw fail('FORBIDDEN');
  if (!rolesOf(actor, studyId).some((r) => can(r, action))) throw fail('FORBIDDEN');
}

/** What a staff actor may do in one study: the assignment (null for the platform admin's view) and role. */
export interface StudyAccess {
  studyId: string;
  assignment: StaffAssignment | null;
  /** Platform admin of the study's client: sees every site. */
  global: boolean;
  /** The role in the study (realm-prefixed when the user has a realm). */
  role: string;
  /** Blinded roles never receive treatment allocation. */
  blinded: boolean;
}

/**
 * A site team member marked not blinded (the unblinded pharmacist, C-155) receives unblinding data — only when they are
 * unblinded at every site of theirs in the study: one study-wide answer that never leaks to a site where they are blinded.
 */
function unblindedAtEverySite(assignment: StaffAssignment | null): boolean {
  const sites = assignment?.assignedSiteIds ?? [];
  const unblinded = new Set(assignment?.unblindedSiteIds ?? []);
  return sites.length > 0 && sites.every((id) => unblinded.has(id));
}

/**
 * Row check 1, the study assignment. A non-admin gets the same 403 whether the study exists or not,
 * so nobody learns of studies they are not on; the platform admin gets 404 for a missing one.
 */
export async function requireStudy(ctx: ServiceCtx, studyId: string): Promise<StudyAccess> {
  return requireLoadedStudy(ctx, studyId, await findStudyOwner(ctx.db, studyId));
}

/** The same check when the caller has already read the study (no second query); `study` undefined = none. */
export function requireLoadedStudy(
  ctx: ServiceCtx,
  studyId: string,
  study: { client_id: string } | undefined,
): StudyAccess {
  const actor = ctx.staff();
  const admin = isPlatformAdmin(actor);
  if (!study || study.client_id !== actor.clientId) throw admin ? fail('NOT_FOUND') : fail('FORBIDDEN');
  const assignment = actor.assignments.find((a) => a.studyId === studyId) ?? null;
  if (!assignment && !admin) throw fail('FORBIDDEN');
  const role = joinRealmRole(actor.realm, assignment ? assignment.role : actor.platformRole);
  const roleBlinded = getRoleDefinition(role)?.blinded ?? true;
  return { studyId, assignment, global: admin, role, blinded: roleBlinded && !unblindedAtEverySite(assignment) };
}

/**
 * The actor may build this study (decision 0020): assigned to it (or its platform admin), holding a
 * role that may design studies in it, and not on a read-only assignment. Whatever the study's status:
 * reading what was built is allowed on a closed study too.
 */
export async function requireStudyBuilder(ctx: ServiceCtx, studyId: string): Promise<StudyAccess & { status: string }> {
  const study = await findStudyBuildState(ctx.db, studyId);
  const access = requireLoadedStudy(ctx, studyId, study);
  const actor = ctx.staff();
  if (access.assignment?.readOnly || !rolesOf(actor, studyId).some((r) => can(r, 'studies.design'))) {
    throw fail('FORBIDDEN');
  }
  return { ...access, status: study!.status };
}

/**
 * The actor may change this study's build now: a builder of it (requireStudyBuilder), and the study's
 * status still allows changes — a closed, archived or deleted study is read-only (409 STUDY_READ_ONLY).
 */
export async function requireEditableStudy(ctx: ServiceCtx, studyId: string): Promise<StudyAccess> {
  const { status, ...access } = await requireStudyBuilder(ctx, studyId);
  if (!isStudyBuildable(status)) throw fail('STUDY_READ_ONLY', undefined, { details: { status } });
  return access;
}

/** A record at a site, as the row check sees it. */
export interface SiteRecord {
  siteId: string | null;
  siteSubType: string | null;
}

/** Row checks 2 and 3 for one record: the site is assigned and its sub-type matches the data access type. */
function maySeeSiteRecord(ctx: ServiceCtx, access: StudyAccess, record: SiteRecord): boolean {
  const actor = ctx.staff();
  return checkSiteRecordAccess({
    assignment: access.assignment
      ? {
          studyId: access.studyId,
          assignedSiteIds: access.assignment.assignedSiteIds,
          dataAccessType: actor.dataAccessType,
        }
      : null,
    record: { studyId: access.studyId, siteId: record.siteId, siteSubType: record.siteSubType },
    isGlobalRole: access.global,
  }).allowed;
}

/** The sites of a study this actor may see, out of all of them. */
export function visibleSites<S extends { id: string; site_sub_type: string | null }>(
  ctx: ServiceCtx,
  access: StudyAccess,
  sites: readonly S[],
): S[] {
  return sites.filter((s) => maySeeSiteRecord(ctx, access, { siteId: s.id, siteSubType: s.site_sub_type }));
}

/**
 * SQL for "the studies this actor may list": the client's studies, narrowed to the assigned ones
 * unless the actor is its platform admin. `study` names the studies alias of the caller's query.
 */
export function studiesVisibleTo(actor: StaffActor, study: string): Expression<SqlBool> {
  const client = sql<SqlBool>`${sql.ref(`${study}.client_id`)} = ${actor.clientId}`;
  if (isPlatformAdmin(actor)) return client;
  return sql<SqlBool>`(${client} and exists (select 1 from study_assignments a where a.study_id = ${sql.ref(`${study}.id`)} and a.user_id = ${actor.userId}))`;
}

/**
 * SQL for "the sites this actor may see", over the studies it may list: every site for the platform
 * admin, else the sites of its study assignments whose sub-type matches the data access type. The
 * same rule as visibleSites (maySeeSiteRecord), so a list's site count equals what a study page shows.
 * `site` names the sites alias of the caller's query.
 */
export function sitesVisibleTo(actor: StaffActor, site: string): Expression<SqlBool> {
  if (isPlatformAdmin(actor)) return sql<SqlBool>`true`;
  const s = (col: string) => sql.ref(`${site}.${col}`);
  const perStudy = actor.assignments
    .filter((a) => a.assignedSiteIds.length > 0)
    .map((a) => sql<SqlBool>`(${s('study_id')} = ${a.studyId} and ${s('id')} in (${sql.join(a.assignedSiteIds)}))`);
  if (perStudy.length === 0) return sql<SqlBool>`false`;
  const assigned = sql<SqlBool>`(${sql.join(perStudy, sql` or `)})`;
  if (actor.dataAccessType === DATA_ACCESS_BOTH) return assigned;
  return sql<SqlBool>`(${assigned} and ${s('site_sub_type')} = ${actor.dataAccessType})`;
}

/**
 * SQL for "the participants this actor may see in this study": the study, the request's environment,
 * then — unless the actor sees every site — the assigned sites whose sub-type matches the data access
 * type. `participant` and `site` name the aliases of participants and their sites in the caller's query.
 * The same rule as maySeeSiteRecord, as a predicate (test: access.int.test.ts compares the two).
 */
export function participantsVisibleTo(
  ctx: ServiceCtx,
  access: StudyAccess,
  aliases: { participant: string; site: string },
): Expression<SqlBool> {
  const p = (col: string) => sql.ref(`${aliases.participant}.${col}`);
  const scope = sql<SqlBool>`${p('study_id')} = ${access.studyId} and ${p('environment')} = ${ctx.env}`;
  if (access.global) return sql<SqlBool>`(${scope})`;
  const siteIds = access.assignment?.assignedSiteIds ?? [];
  if (siteIds.length === 0) return sql<SqlBool>`false`;
  const sites = sql<SqlBool>`${p('site_id')} in (${sql.join(siteIds)})`;
  const type = ctx.staff().dataAccessType;
  if (type === DATA_ACCESS_BOTH) return sql<SqlBool>`(${scope} and ${sites})`;
  return sql<SqlBool>`(${scope} and ${sites} and ${sql.ref(`${aliases.site}.site_sub_type`)} = ${type})`;
}

/** The record as this actor may receive it: without treatment allocation for a blinded one. */
export function hideUnblinded<T extends Record<string, unknown>>(
  access: StudyAccess,
  kind: BlindedRecordKind,
  record: T,
): T {
  return withoutUnblindedFields(kind, record, access.blinded);
}
