/**
 * Roles core (spec 000 §6, 002 §6). Decisions: docs/decisions/A-113-realm-separator.md,
 * A-123-ten-special-roles.md.
 */
import { ROLE_MESSAGES } from './messages/role-catalogue';
import { resolveLanguage } from './messages/translate';

/** The 21 role names, exactly as spec 000 §6 lists them. */
export const ROLES = [
  'StudyAdmin',
  'SystemAdmin',
  'Sponsor',
  'SubPi',
  'StudyCoordinator',
  'Biostatistics',
  'Pi',
  'Cra',
  'CraUB',
  'Dm',
  'Quality',
  'HomeHealth',
  'HomeHealthCoordinator',
  'SiteDataLock',
  'StudyManager',
  'Interviewer',
  'Rater',
  'Pharmacovigilance',
  'CallCenter',
  'Support',
  'Translations',
] as const;
export type RoleName = (typeof ROLES)[number];

/** Role types (typeOfRole of a role record). */
export const ROLE_TYPES = ['admin', 'study team', 'site team'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

/** Role scopes: platform roles and site roles. */
const ROLE_SCOPES = ['platform', 'site'] as const;
export type RoleScope = (typeof ROLE_SCOPES)[number];

/** Team scopes used by team searches; `all` means no role filter. */
export const TEAM_SCOPES = ['ADMIN', 'SITE_TEAM', 'STUDY_TEAM', 'all'] as const;
export type TeamScope = (typeof TEAM_SCOPES)[number];

export interface RoleDefinition {
  name: RoleName;
  /** Display name. */
  title: string;
  typeOfRole: RoleType;
  scope: RoleScope;
  /** Blinded roles never see treatment allocation / unblinded data. */
  blinded: boolean;
}

/** Site-level roles: the site team, the blinded set for site-facing staff (000 §6). */
export const SITE_LEVEL_ROLES = [
  'Pi',
  'SubPi',
  'SiteDataLock',
  'StudyCoordinator',
  'HomeHealth',
  'Rater',
  'CallCenter',
] as const satisfies readonly RoleName[];

/** Platform administration roles (typeOfRole admin). */
export const ADMIN_ROLES = ['SystemAdmin', 'Support'] as const satisfies readonly RoleName[];

/**
 * Unblinded roles: the platform admin (configures randomisation/arms), the unblinded CRA, the
 * unblinded statistician and pharmacovigilance (safety may need unblinding). Everyone else is blinded.
 */
const UNBLINDED: readonly RoleName[] = ['SystemAdmin', 'StudyAdmin', 'CraUB', 'Biostatistics', 'Pharmacovigilance'];

export const ROLE_DEFINITIONS: Record<RoleName, RoleDefinition> = /* @__PURE__ */ Object.fromEntries(
  ROLES.map((name) => {
    const site = (SITE_LEVEL_ROLES as readonly string[]).includes(name);
    const admin = (ADMIN_ROLES as readonly string[]).includes(name);
    const def: RoleDefinition = {
      name,
      title: ROLE_MESSAGES[`role.${name}`].en,
      typeOfRole: site ? 'site team' : admin ? 'admin' : 'study team',
      scope: site ? 'site' : 'platform',
      blinded: !UNBLINDED.includes(name),
    };
    return [name, def];
  }),
) as Record<RoleName, RoleDefinition>;

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Separator between realm and role in a role string, e.g. `acme:Pi`. */
export const REALM_SEPARATOR = ':';

/** Split `realm:role` into its parts; a string without separator has realm null. */
export function splitRealmRole(value: string): { realm: string | null; role: string } {
  const s = String(value ?? '').trim();
  const i = s.lastIndexOf(REALM_SEPARATOR);
  if (i < 0) return { realm: null, role: s };
  const realm = s.slice(0, i).trim();
  return { realm: realm === '' ? null : realm, role: s.slice(i + 1).trim() };
}

/** Join a realm and role into a role string. */
export function joinRealmRole(realm: string | null | undefined, role: string): string {
  return realm ? `${realm}${REALM_SEPARATOR}${role}` : role;
}

/** The role part of a (possibly realm-prefixed) role string, if it is a known role. */
export function baseRole(value: unknown): RoleName | null {
  if (typeof value !== 'string') return null;
  const { role } = splitRealmRole(value);
  return isRoleName(role) ? role : null;
}

/** A role matches when it equals the expected role or is the realm-prefixed expected role. */
export function roleMatches(actual: string, expected: RoleName): boolean {
  if (typeof actual !== 'string') return false;
  if (actual === expected) return true;
  const { realm, role } = splitRealmRole(actual);
  return realm !== null && role === expected;
}

/** True when the role string matches any of the expected roles. */
export function roleMatchesAny(actual: string, expected: readonly RoleName[]): boolean {
  return expected.some((r) => roleMatches(actual, r));
}

export function getRoleDefinition(role: string): RoleDefinition | undefined {
  const name = baseRole(role);
  return name ? ROLE_DEFINITIONS[name] : undefined;
}

/** Display title of a (possibly realm-prefixed) role in a language (default en); unknown roles show as given. */
export function roleTitle(role: string, lang: string = 'en'): string {
  const name = baseRole(role);
  return name ? ROLE_MESSAGES[`role.${name}`][resolveLanguage(lang)] : role;
}

const PRIVILEGED_TYPES: readonly string[] = ['admin', 'study team'];

/**
 * 002 §6: in realm mode a user may not edit another user when the target is admin or study-team
 * type and the actor is not (admin or study-team). Outside realm mode editing is not restricted by
 * role type (the `users.manage` permission still applies).
 */
export function canEditUser(input: {
  actorRoleType: RoleType | string | null | undefined;
  targetRoleType: RoleType | string | null | undefined;
  realmMode: boolean;
}): boolean {
  if (!input.realmMode) return true;
  const targetPrivileged = PRIVILEGED_TYPES.includes(String(input.targetRoleType ?? ''));
  const actorPrivileged = PRIVILEGED_TYPES.includes(String(input.actorRoleType ?? ''));
  return !(targetPrivileged && !actorPrivileged);
}

/**
 * Role lists (002 §6): site lists offer the site-team roles; non-site (platform) lists offer only
 * admin and study-team types. Pass the stored role records to filter them; without records the
 * built-in definitions are used.
 */
export function rolesForList(kind: 'platform' | 'site'): RoleDefinition[];
export function rolesForList<T extends { typeOfRole: string }>(kind: 'platform' | 'site', roles: readonly T[]): T[];
export function rolesForList(
  kind: 'platform' | 'site',
  roles: readonly { typeOfRole: string }[] = Object.values(ROLE_DEFINITIONS),
): { typeOfRole: string }[] {
  return roles.filter((r) =>
    kind === 'site' ? r.typeOfRole === 'site team' : r.typeOfRole === 'admin' || r.typeOfRole === 'study team',
  );
}

/** Names of the built-in roles offered by a list. */
/**
 * The fixed list of ten roles treated specially in one check (002 §6; decision A-123): the roles
 * that work with participants directly and therefore may see participant identity (name, e-mail,
 * phone, address). Every other role sees pseudonymised participants (participant id only).
 * The check is `canSeeParticipantIdentity`; the permission matrix grants `participants.identify`
 * to exactly these roles.
 */
export const SPECIAL_TEN_ROLES = [
  'Pi',
  'SubPi',
  'StudyCoordinator',
  'SiteDataLock',
  'HomeHealth',
  'HomeHealthCoordinator',
  'Rater',
  'CallCenter',
  'Interviewer',
  'Pharmacovigilance',
] as const satisfies readonly RoleName[];

export function canSeeParticipantIdentity(role: string): boolean {
  return roleMatchesAny(role, SPECIAL_TEN_ROLES);
}

/** Roles that see telehealth and recording controls (002 §6). Raters are not invitable. */
export const TELEHEALTH_ROLES = [
  'HomeHealth',
  'Pi',
  'SubPi',
  'StudyCoordinator',
  'Interviewer',
  'CallCenter',
] as const satisfies readonly RoleName[];
