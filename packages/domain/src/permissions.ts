/**
 * Permission matrix (decision A-124, docs/permissions.md). The route's permission is checked with
 * `can`; the row is then checked with `checkSiteRecordAccess` (access.ts).
 */
import { ROLES, baseRole, type RoleName } from './roles';

export const ACTIONS = [
  'studies.list',
  'studies.view',
  'studies.create',
  'studies.design',
  'sites.view',
  'sites.manage',
  'participants.view',
  'participants.manage',
  'participants.identify',
  'responses.view',
  'responses.enter',
  'responses.sign',
  'queries.raise',
  'queries.respond',
  'queries.close',
  'data.lock',
  'exports.run',
  'analytics.view',
  'telehealth.call',
  'users.view',
  'users.manage',
  'users.unlock',
  'roles.manage',
  'audit.view',
  'flags.manage',
  'clients.manage',
  'consent.configure',
  'translations.manage',
  'reports.view',
] as const;
export type Action = (typeof ACTIONS)[number];

export const ACTION_DESCRIPTIONS: Record<Action, string> = {
  'studies.list': 'See the list of studies the user is assigned to',
  'studies.view': 'Open a study and its configuration read-only',
  'studies.create': 'Create a study',
  'studies.design': 'Design a study: activities, schedules, versions, content',
  'sites.view': 'See sites and site teams',
  'sites.manage': 'Create and edit sites, assign site teams',
  'participants.view': 'See participants (pseudonymised unless participants.identify)',
  'participants.manage': 'Add, import, invite, transfer and change the status of participants',
  'participants.identify': "See participants' identity (name, e-mail, phone, address)",
  'responses.view': 'See activity responses and form data',
  'responses.enter': 'Enter and edit responses on behalf of a participant (with reason for change)',
  'responses.sign': 'Sign forms as investigator',
  'queries.raise': 'Raise data queries',
  'queries.respond': 'Answer data queries',
  'queries.close': 'Close data queries',
  'data.lock': 'Lock and unlock forms and site data',
  'exports.run': 'Run data exports',
  'analytics.view': 'See analytics dashboards',
  'telehealth.call': 'Make telehealth video calls and record them with consent',
  'users.view': 'See staff users',
  'users.manage': 'Invite, edit, activate and deactivate staff users',
  'users.unlock': 'Unlock locked staff accounts',
  'roles.manage': 'Configure roles and their permissions',
  'audit.view': 'Read the audit trail',
  'flags.manage': 'Manage feature flags',
  'clients.manage': 'Manage clients, sponsors and single sign-on',
  'consent.configure': 'Configure consent documents, sections and quizzes',
  'translations.manage': 'Manage study translations',
  'reports.view': 'See reports',
};

const READ_STUDY: readonly Action[] = ['studies.list', 'studies.view', 'sites.view'];
const SITE_CLINICAL: readonly Action[] = [
  ...READ_STUDY,
  'participants.view',
  'participants.manage',
  'participants.identify',
  'responses.view',
  'responses.enter',
  'queries.respond',
  'analytics.view',
  'reports.view',
];
const MONITOR: readonly Action[] = [
  ...READ_STUDY,
  'participants.view',
  'responses.view',
  'queries.raise',
  'queries.close',
  'analytics.view',
  'reports.view',
  'audit.view',
];

const MATRIX: Record<RoleName, readonly Action[]> = {
  SystemAdmin: [
    'studies.list',
    'studies.view',
    'studies.create',
    'studies.design',
    'sites.view',
    'sites.manage',
    'analytics.view',
    'users.view',
    'users.manage',
    'users.unlock',
    'roles.manage',
    'audit.view',
    'flags.manage',
    'clients.manage',
    'consent.configure',
    'translations.manage',
    'reports.view',
  ],
  Support: ['studies.list', 'studies.view', 'sites.view', 'users.view', 'users.unlock', 'audit.view', 'reports.view'],
  StudyAdmin: [
    'studies.list',
    'studies.view',
    'studies.create',
    'studies.design',
    'sites.view',
    'sites.manage',
    'participants.view',
    'responses.view',
    'exports.run',
    'analytics.view',
    'users.view',
    'users.manage',
    'users.unlock',
    'audit.view',
    'consent.configure',
    'translations.manage',
    'reports.view',
  ],
  StudyManager: [
    ...READ_STUDY,
    'studies.design',
    'sites.manage',
    'participants.view',
    'participants.manage',
    'responses.view',
    'queries.raise',
    'queries.close',
    'exports.run',
    'analytics.view',
    'users.view',
    'audit.view',
    'consent.configure',
    'reports.view',
  ],
  Sponsor: [...READ_STUDY, 'analytics.view', 'reports.view'],
  Biostatistics: [...READ_STUDY, 'responses.view', 'exports.run', 'analytics.view', 'reports.view'],
  Pi: [...SITE_CLINICAL, 'responses.sign', 'data.lock', 'telehealth.call'],
  SubPi: [...SITE_CLINICAL, 'responses.sign', 'telehealth.call'],
  StudyCoordinator: [...SITE_CLINICAL, 'telehealth.call'],
  SiteDataLock: [
    ...READ_STUDY,
    'participants.view',
    'participants.identify',
    'responses.view',
    'queries.respond',
    'data.lock',
    'reports.view',
  ],
  HomeHealth: [
    ...READ_STUDY,
    'participants.view',
    'participants.identify',
    'responses.view',
    'responses.enter',
    'telehealth.call',
  ],
  HomeHealthCoordinator: [
    ...READ_STUDY,
    'participants.view',
    'participants.manage',
    'participants.identify',
    'responses.view',
    'reports.view',
  ],
  Interviewer: [
    ...READ_STUDY,
    'participants.view',
    'participants.identify',
    'responses.view',
    'responses.enter',
    'telehealth.call',
  ],
  Rater: [...READ_STUDY, 'participants.view', 'participants.identify', 'responses.view', 'responses.enter'],
  CallCenter: ['studies.list', 'studies.view', 'participants.view', 'participants.identify', 'telehealth.call'],
  Cra: MONITOR,
  CraUB: MONITOR,
  Dm: [...MONITOR, 'data.lock', 'exports.run'],
  Quality: [...READ_STUDY, 'participants.view', 'responses.view', 'analytics.view', 'reports.view', 'audit.view'],
  Pharmacovigilance: [
    ...READ_STUDY,
    'participants.view',
    'participants.identify',
    'responses.view',
    'queries.raise',
    'exports.run',
    'analytics.view',
    'reports.view',
  ],
  Translations: ['studies.list', 'translations.manage'],
};

/** Permissions per role, in ACTIONS order. */
export const PERMISSIONS: Record<RoleName, readonly Action[]> = Object.fromEntries(
  ROLES.map((r) => [r, Object.freeze(ACTIONS.filter((a) => MATRIX[r].includes(a)))]),
) as Record<RoleName, readonly Action[]>;

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);
}

/** May this (possibly realm-prefixed) role perform the action? Unknown roles or actions → false. */
export function can(role: RoleName | string | null | undefined, action: Action): boolean {
  const name = baseRole(role);
  if (!name || !isAction(action)) return false;
  return PERMISSIONS[name].includes(action);
}

/** Permissions of a role string (realm prefix allowed); unknown → []. */
export function permissionsOf(role: RoleName | string | null | undefined): readonly Action[] {
  const name = baseRole(role);
  return name ? PERMISSIONS[name] : [];
}

/**
 * Effective permissions under the RBAC feature flags (decision A-125):
 * - `configurableRolesAndPermissions` on and a configured list for the role → that list replaces
 *   the built-in defaults (unknown action names are dropped);
 * - `rbacUserPermissions` on → per-user grants are added and per-user revocations removed;
 * - both off → the built-in matrix. `rbacAdministration` only gates the admin screens (see
 *   `canAdministerRoles`), never what a role may do.
 */
export function effectivePermissions(input: {
  role: string;
  configurableRolesAndPermissions?: boolean;
  rbacUserPermissions?: boolean;
  configuredRolePermissions?: readonly string[] | null;
  userGrants?: readonly string[] | null;
  userRevocations?: readonly string[] | null;
}): Action[] {
  let base: readonly Action[] = permissionsOf(input.role);
  if (input.configurableRolesAndPermissions && Array.isArray(input.configuredRolePermissions)) {
    base = input.configuredRolePermissions.filter(isAction);
  }
  const set = new Set<Action>(base);
  if (input.rbacUserPermissions) {
    for (const a of input.userGrants ?? []) if (isAction(a)) set.add(a);
    for (const a of input.userRevocations ?? []) if (isAction(a)) set.delete(a);
  }
  return ACTIONS.filter((a) => set.has(a));
}

/** RBAC administration screens: flag on and the role may manage roles. */
export function canAdministerRoles(role: string, rbacAdministrationEnabled: boolean): boolean {
  return rbacAdministrationEnabled === true && can(role, 'roles.manage');
}
