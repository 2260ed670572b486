/**
 * The research team and site teams of a study (002 §6, §7; 000 §6; decision 0032): search by team
 * scope and role (A-108, C-153, C-154), add an existing user (C-151), invite a person by e-mail (C-152),
 * activate and deactivate (C-155), change the role (C-156), blind a site member (C-157). Nobody gives a
 * role above their own rank, nor changes a member who outranks them, nor their own membership.
 */
import {
  blindedByDefault,
  can,
  isSiteRole,
  mayGiveRole,
  messageRef,
  ROLES,
  roleTitle,
  teamRoleFilter,
  teamScopeFilter,
  teamScopeOfRole,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldError, fieldProblem } from '../../kernel/errors';
import { rolesOf, requireStudy, type StudyAccess } from '../access/access.service';
import { sendInvitation } from '../auth/invitations.service';
import { clientUsersByEmail, createInvitedUser, sameClientUser } from '../users/users.service';
import {
  findMember,
  findSite,
  findSiteMembership,
  insertSiteMembership,
  insertStudyMembership,
  listSiteMemberships,
  listTeam,
  lockStudyMembership,
  type TeamRow,
  updateSiteMembership,
  updateStudyMembership,
} from './sites.repository';
import { requireSiteManager, visibleSiteIds } from './sites.service';

async function toMembers(ctx: ServiceCtx, studyId: string, rows: readonly TeamRow[]) {
  const sites = await listSiteMemberships(
    ctx.db,
    studyId,
    rows.map((r) => r.user_id),
  );
  const lang = ctx.request.language;
  return rows.map((r) => ({
    userId: r.user_id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    username: r.username ?? '',
    email: r.email,
    role: r.role,
    roleTitle: roleTitle(r.role, lang),
    scope: teamScopeOfRole(r.role),
    active: r.active,
    readOnly: r.read_only,
    accountStatus: r.account_status,
    sites: sites
      .filter((s) => s.user_id === r.user_id)
      .map((s) => ({
        siteTeamMemberId: s.id,
        siteId: s.site_id,
        siteCode: s.site_code,
        name: s.name,
        blinded: s.blinded,
        active: s.active,
      })),
  }));
}

async function memberView(ctx: ServiceCtx, studyId: string, userId: string) {
  const row = await findMember(ctx.db, studyId, userId, ctx.staff().clientId);
  if (!row) throw fail('NOT_FOUND');
  return (await toMembers(ctx, studyId, [row]))[0]!;
}

export async function teamSearch(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    scope: string;
    role: string;
    siteId?: string;
    search?: string;
    page: number;
    pageSize: number;
  },
) {
  const access = await requireStudy(ctx, input.studyId);
  const scope = teamScopeFilter(input.scope);
  const role = teamRoleFilter(input.role);
  const roles = ROLES.filter((r) => (scope === null || teamScopeOfRole(r) === scope) && (role === null || r === role));
  // A site role (no site manager) sees the teams of its own sites only.
  const visible = await visibleSiteIds(ctx, access);
  let atSites: string[] | null = visible;
  if (input.siteId) atSites = visible === null || visible.includes(input.siteId) ? [input.siteId] : [];
  const all = scope === null && role === null;
  const { total, rows } = await listTeam(ctx.db, {
    studyId: input.studyId,
    clientId: ctx.staff().clientId,
    roles: all ? null : roles,
    atSites,
    search: input.search,
    page: input.page,
    pageSize: input.pageSize,
  });
  return { items: await toMembers(ctx, input.studyId, rows), total, page: input.page, pageSize: input.pageSize };
}

/** The caller's roles that count for the rank rule: the platform role and the role in the study. */
function rankRoles(ctx: ServiceCtx, studyId: string): string[] {
  const actor = ctx.staff();
  return [actor.platformRole, ...rolesOf(actor, studyId)];
}

function outranked() {
  return fail('FORBIDDEN', undefined, { message: messageRef('access.userOutranks') });
}

/**
 * The role may be given by this caller: never above their rank (decision 0028); a study-team or admin
 * role also needs users.manage (sites.manage is enough for site roles).
 */
function requireGivableRole(ctx: ServiceCtx, studyId: string, role: string) {
  if (!mayGiveRole(rankRoles(ctx, studyId), role)) throw outranked();
  const actor = ctx.staff();
  if (!isSiteRole(role) && !rolesOf(actor, studyId).some((r) => can(r, 'users.manage'))) throw fail('FORBIDDEN');
}

/** The site of a site role: required for one, refused for any other; it must be a site of the study. */
async function siteForRole(ctx: ServiceCtx, studyId: string, role: string, siteId: string | undefined) {
  if (isSiteRole(role) && !siteId) throw fieldError('siteId', messageRef('team.siteRequired'));
  if (!isSiteRole(role) && siteId) throw fieldError('role', messageRef('team.siteRoleOnly'));
  if (!siteId) return null;
  const site = await findSite(ctx.db, studyId, siteId);
  if (!site) throw fieldError('siteId', messageRef('errors.invalidValue'));
  return site;
}

export async function addMember(
  ctx: ServiceCtx,
  input: { studyId: string; userId: string; role: string; siteId?: string; blinded?: boolean },
) {
  await requireSiteManager(ctx, input.studyId);
  requireGivableRole(ctx, input.studyId, input.role);
  const site = await siteForRole(ctx, input.studyId, input.role, input.siteId);
  const user = await sameClientUser(ctx, input.userId);
  const existing = await lockStudyMembership(ctx.db, input.studyId, user.id);
  if (existing && !(site && existing.role === input.role)) {
    throw fieldProblem('CONFLICT', 'userId', 'team.alreadyMember');
  }
  if (!existing) await insertStudyMembership(ctx.db, { userId: user.id, studyId: input.studyId, role: input.role });
  const blinded = input.blinded ?? blindedByDefault(input.role);
  if (site) {
    if (await findSiteMembership(ctx.db, site.id, user.id))
      throw fieldProblem('CONFLICT', 'userId', 'team.alreadyAtSite');
    await insertSiteMembership(ctx.db, { userId: user.id, siteId: site.id, blinded });
  }
  ctx.audit({
    action: 'team.member.add',
    entityType: 'team_member',
    entityId: user.id,
    after: {
      studyId: input.studyId,
      userId: user.id,
      role: input.role,
      siteId: site?.id ?? null,
      blinded: site ? blinded : null,
    },
  });
  return memberView(ctx, input.studyId, user.id);
}

export async function inviteMember(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    email: string;
    firstName: string;
    lastName: string;
    role: string;
    siteId?: string;
    blinded?: boolean;
  },
) {
  await requireSiteManager(ctx, input.studyId);
  requireGivableRole(ctx, input.studyId, input.role);
  const site = await siteForRole(ctx, input.studyId, input.role, input.siteId);
  if ((await clientUsersByEmail(ctx, ctx.staff().clientId, input.email.trim())).length > 0) {
    throw fieldProblem('CONFLICT', 'email', 'team.emailHasAccount');
  }
  // The account waits INVITED (no sign-in) until the invitee registers through the e-mailed link.
  const user = await createInvitedUser(ctx, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
  });
  await insertStudyMembership(ctx.db, { userId: user.id, studyId: input.studyId, role: input.role });
  const blinded = input.blinded ?? blindedByDefault(input.role);
  if (site) await insertSiteMembership(ctx.db, { userId: user.id, siteId: site.id, blinded });
  await sendInvitation(ctx, user);
  ctx.audit({
    action: 'team.member.invite',
    entityType: 'team_member',
    entityId: user.id,
    after: {
      studyId: input.studyId,
      userId: user.id,
      email: user.email,
      role: input.role,
      siteId: site?.id ?? null,
      blinded: site ? blinded : null,
    },
  });
  return memberView(ctx, input.studyId, user.id);
}

/** The member to change: on the study, not the caller, not above the caller's rank. */
async function changeableMember(ctx: ServiceCtx, access: StudyAccess, userId: string) {
  if (userId === ctx.staff().userId) throw fail('FORBIDDEN', undefined, { message: messageRef('team.ownMembership') });
  const member = await findMember(ctx.db, access.studyId, userId, ctx.staff().clientId);
  if (!member) throw fail('NOT_FOUND');
  if (!mayGiveRole(rankRoles(ctx, access.studyId), member.role)) throw outranked();
  await lockStudyMembership(ctx.db, access.studyId, userId);
  return member;
}

export async function setMemberStatus(
  ctx: ServiceCtx,
  input: { studyId: string; userId: string; active: boolean; siteId?: string },
) {
  const access = await requireSiteManager(ctx, input.studyId);
  const member = await changeableMember(ctx, access, input.userId);
  if (input.siteId) {
    const site = await findSite(ctx.db, input.studyId, input.siteId);
    const membership = site && (await findSiteMembership(ctx.db, site.id, member.user_id));
    if (!membership) throw fieldError('siteId', messageRef('team.notAtSite'));
    await updateSiteMembership(ctx.db, input.siteId, member.user_id, { active: input.active });
    ctx.audit({
      action: 'team.member.status',
      entityType: 'team_member',
      entityId: member.user_id,
      before: { studyId: input.studyId, siteId: input.siteId, active: membership.active },
      after: { studyId: input.studyId, siteId: input.siteId, active: input.active },
    });
  } else {
    await updateStudyMembership(ctx.db, input.studyId, member.user_id, { active: input.active });
    ctx.audit({
      action: 'team.member.status',
      entityType: 'team_member',
      entityId: member.user_id,
      before: { studyId: input.studyId, active: member.active },
      after: { studyId: input.studyId, active: input.active },
    });
  }
  return memberView(ctx, input.studyId, member.user_id);
}

export async function setMemberRole(ctx: ServiceCtx, input: { studyId: string; userId: string; role: string }) {
  const access = await requireSiteManager(ctx, input.studyId);
  const member = await changeableMember(ctx, access, input.userId);
  requireGivableRole(ctx, input.studyId, input.role);
  if (isSiteRole(member.role) !== isSiteRole(input.role)) throw fieldError('role', messageRef('team.roleKindChange'));
  await updateStudyMembership(ctx.db, input.studyId, member.user_id, { role: input.role });
  ctx.audit({
    action: 'team.member.role',
    entityType: 'team_member',
    entityId: member.user_id,
    before: { studyId: input.studyId, role: member.role },
    after: { studyId: input.studyId, role: input.role },
  });
  return memberView(ctx, input.studyId, member.user_id);
}

export async function setMemberBlinded(
  ctx: ServiceCtx,
  input: { studyId: string; siteId: string; userId: string; blinded: boolean },
) {
  const access = await requireSiteManager(ctx, input.studyId);
  const member = await changeableMember(ctx, access, input.userId);
  const site = await findSite(ctx.db, input.studyId, input.siteId);
  if (!site) throw fail('NOT_FOUND');
  const membership = await findSiteMembership(ctx.db, site.id, member.user_id);
  if (!membership) throw fail('NOT_FOUND', undefined, { message: messageRef('team.notAtSite') });
  await updateSiteMembership(ctx.db, site.id, member.user_id, { blinded: input.blinded });
  ctx.audit({
    action: 'team.member.blinded',
    entityType: 'team_member',
    entityId: member.user_id,
    before: { studyId: input.studyId, siteId: site.id, siteTeamMemberId: membership.id, blinded: membership.blinded },
    after: { studyId: input.studyId, siteId: site.id, siteTeamMemberId: membership.id, blinded: input.blinded },
  });
  return memberView(ctx, input.studyId, member.user_id);
}
