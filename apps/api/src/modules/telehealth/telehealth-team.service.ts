/**
 * The telehealth team of a study's sites (002 §6's roles, never a rater; F-030, F-038, F-041) and the
 * checks every telehealth call makes of the caller's sites and of a member.
 */
import type { TelehealthMember } from '@trialpath/contract';
import {
  FINAL_STATUSES,
  joinRealmRole,
  type ParticipantStatus,
  roleMatchesAny,
  TELEHEALTH_ROLES,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { requireStudy, type StudyAccess, visibleSites } from '../access/access.service';
import { runningCallMemberIds } from './calls.repository';
import { siteStaff, studySites } from './telehealth.repository';

export const DAY_MS = 86_400_000;
/** How many days the free times are asked for at most (the message telehealth.rangeTooLong says it). */
export const MAX_SLOT_RANGE_DAYS = 62;
/** A participant who has left the study or failed screening gets no appointment (as records.service counts them). */
export const INACTIVE_STATUSES: readonly ParticipantStatus[] = [...FINAL_STATUSES, 'SCREENFAILED'];

export const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  `${first ?? ''} ${last ?? ''}`.trim();

// ── who may do what ─────────────────────────────────────────────────────────────────────────────

export type Site = Awaited<ReturnType<typeof studySites>>[number];

/** The study's sites the caller may see; a write needs an assignment that is not read-only. */
export async function callerSites(ctx: ServiceCtx, studyId: string, write = false) {
  const access = await requireStudy(ctx, studyId);
  if (write && access.assignment?.readOnly) throw fail('FORBIDDEN');
  const sites = await studySites(ctx.db, studyId);
  return { access, sites: access.global ? sites : visibleSites(ctx, access, sites) };
}

/** One of the caller's sites; a site they may not see looks like a missing one to a non-admin. */
export function siteOf(access: StudyAccess, sites: readonly Site[], siteId: string): Site {
  const site = sites.find((s) => s.id === siteId);
  if (!site) throw access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  return site;
}

/** 002 §6: the roles that hold telehealth visits; never a rater, whatever the role is called (F-041). */
export function isTelehealthRole(realm: string | null, role: string): boolean {
  return roleMatchesAny(joinRealmRole(realm, role), TELEHEALTH_ROLES) && !/rater/i.test(role);
}

/** The telehealth team of these sites: one entry per person with the sites they are on. */
export async function teamOf(
  ctx: ServiceCtx,
  studyId: string,
  siteIds: readonly string[],
): Promise<TelehealthMember[]> {
  const rows = (await siteStaff(ctx.db, studyId, siteIds)).filter((r) => isTelehealthRole(r.realm, r.role));
  const byId = new Map<string, TelehealthMember>();
  for (const r of rows) {
    const member = byId.get(r.id) ?? {
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      userRole: joinRealmRole(r.realm, r.role),
      siteIds: [],
      invitedInTelehealthVisit: false,
      realmOfPermission: r.realm ?? null,
    };
    member.siteIds.push(r.site_id);
    byId.set(r.id, member);
  }
  return [...byId.values()];
}

export async function requireMember(ctx: ServiceCtx, studyId: string, siteId: string, userId: string, field: string) {
  const member = (await teamOf(ctx, studyId, [siteId])).find((m) => m.id === userId);
  if (!member) throw fieldProblem('VALIDATION_FAILED', field, 'telehealth.notTelehealthMember');
  return member;
}

// ── team and availability ───────────────────────────────────────────────────────────────────────

export async function telehealthTeam(
  ctx: ServiceCtx,
  input: { studyId: string; siteId?: string; appointmentId?: string },
) {
  const { access, sites } = await callerSites(ctx, input.studyId);
  const siteIds = input.siteId ? [siteOf(access, sites, input.siteId).id] : sites.map((s) => s.id);
  const team = await teamOf(ctx, input.studyId, siteIds);
  if (!input.appointmentId) return { items: team };
  // F-030, F-103: who is already in the appointment's call (never offered again by the add-members picker)
  const inCall = await runningCallMemberIds(ctx.db, input.studyId, input.appointmentId, siteIds);
  return { items: team.map((m) => ({ ...m, invitedInTelehealthVisit: inCall.has(m.id) })) };
}
