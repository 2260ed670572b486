/**
 * Sites and teams of a study (002 §3, §6; 000 §6; decision 0032): site sub-types and statuses, the
 * team scopes of a team search (A-108, C-154) and the rank rule for giving a role.
 */
import { getRoleDefinition, type RoleName, type RoleType, SITE_LEVEL_ROLES, roleMatchesAny } from '../roles';

/** How a site sees its participants: at the clinic, at home (home health), or remotely. */
export const SITE_SUB_TYPES = ['CLINIC', 'HOME_HEALTH', 'VIRTUAL'] as const;
export type SiteSubType = (typeof SITE_SUB_TYPES)[number];

/**
 * A site's status in one data space (C-148, C-150): a new site is ACTIVE in test (to be tried) and
 * PENDING in live until it is activated there; ON_HOLD pauses enrolment, CLOSED ends it.
 */
export const SITE_STATUSES = ['PENDING', 'ACTIVE', 'ON_HOLD', 'CLOSED'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/** Site codes: letters, digits and - _ . (e.g. US-001), 1 to 40 characters. */
export const SITE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

/** The three global site settings flags of a study (C-159). */
export const SITE_SETTING_FLAGS = [
  'isAddParticipantGlobalSettingEnabled',
  'isDocumentGlobalSettingEnabled',
  'isDownloadEsourceDocsEnabled',
] as const;
export type SiteSettingFlag = (typeof SITE_SETTING_FLAGS)[number];

/** Team scopes of a team search, as stored: `all` means every scope. */
export type TeamMemberScope = 'ADMIN' | 'STUDY_TEAM' | 'SITE_TEAM';

/**
 * The team a study role belongs to: the study admins (StudyAdmin and the platform administration
 * roles), the site team (the site-level roles) and the study team (everyone else).
 */
export function teamScopeOfRole(role: string): TeamMemberScope {
  if (roleMatchesAny(role, ['StudyAdmin', 'SystemAdmin', 'Support'])) return 'ADMIN';
  if (roleMatchesAny(role, SITE_LEVEL_ROLES)) return 'SITE_TEAM';
  return 'STUDY_TEAM';
}

export function isSiteRole(role: string): boolean {
  return roleMatchesAny(role, SITE_LEVEL_ROLES);
}

/**
 * A team search's scope as asked (C-154): `team` maps to the site team; `all` (or none) means no
 * scope filter. Returns null for "no filter".
 */
export function teamScopeFilter(scope: string | null | undefined): TeamMemberScope | null {
  if (scope === 'team' || scope === 'siteTeam' || scope === 'SITE_TEAM') return 'SITE_TEAM';
  if (scope === 'ADMIN' || scope === 'STUDY_TEAM') return scope;
  return null;
}

/** A team search's role as asked (C-154): `all` (or none) means no role filter. */
export function teamRoleFilter(role: string | null | undefined): string | null {
  return !role || role === 'all' ? null : role;
}

const RANK: Record<RoleType, number> = { admin: 3, 'study team': 2, 'site team': 1 };

/** A role's rank: admin 3, study team 2, site team 1; unknown 0. */
export function roleRank(role: string | null | undefined): number {
  const def = getRoleDefinition(String(role ?? ''));
  return def ? RANK[def.typeOfRole] : 0;
}

/**
 * The rank rule (decision 0028): nobody gives a role above their own, nor changes a member who
 * outranks them. The actor's rank is the higher of their platform role and their role in the study.
 */
export function mayGiveRole(actorRoles: readonly string[], role: string): boolean {
  const mine = Math.max(0, ...actorRoles.map(roleRank));
  return roleRank(role) > 0 && roleRank(role) <= mine;
}

/** Whether a role of this name is blinded by default (the blinded set, roles.ts). */
export function blindedByDefault(role: RoleName | string): boolean {
  return getRoleDefinition(role)?.blinded ?? true;
}
