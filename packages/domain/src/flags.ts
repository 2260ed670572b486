/**
 * Feature flags (000 §5, §9; 002 §5, §6). Decisions: A-125 (RBAC flags), A-129 (poll interval).
 */

export const FEATURE_FLAGS = {
  testPortal: 'test-portal',
  versionHistoryManagement: 'version-history-management',
  rbacAdministration: 'rbac-administration',
  rbacUserPermissions: 'rbac-user-permissions',
  configurableRolesAndPermissions: 'configurable-roles-and-permissions',
  configurableReport: 'configurable-report',
  studyVersioningTestVsLive: 'study-versioning-test-vs-live',
  participantInviteConfiguration: 'participant-invite-configuration',
  studyStartConfigurableMessage: 'study-start-configurable-message',
  lockedFormsPermissionEnhancements: 'locked-forms-permission-enhancements',
  qaSourceDocuments: 'qa-source-documents',
  newStudyConfigurator: 'new-study-configurator',
  caregiver: 'caregiver',
  caregiverInverse: 'caregiver-inverse',
} as const;
export type FeatureFlagName = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS];
export const FEATURE_FLAG_NAMES: readonly FeatureFlagName[] = Object.values(FEATURE_FLAGS);

/** A flag: enabled, and the customers (client ids) it is limited to; empty/missing = all. */
export type FeatureFlag = { enabled: boolean; customers?: string[] | null };
/** Flags as returned by "get all feature flags": keyed by flag name. */
export type FeatureFlags = Partial<Record<FeatureFlagName | (string & {}), FeatureFlag>>;

/** Refetch interval of the feature flags: 5 minutes. */
export const FLAG_POLL_INTERVAL_MS = 300_000;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * True only if the flag is enabled and its customer list is missing, empty or contains the
 * customer. On a wrong parameter type or any failure it logs a console error and returns false.
 * A flag that is simply absent from `flags` is off (no error).
 */
export function isFeatureEnabled(flags: unknown, flagName: unknown, customerId: unknown): boolean {
  try {
    if (!isPlainObject(flags)) throw new TypeError('isFeatureEnabled: flags must be an object');
    if (typeof flagName !== 'string' || flagName === '')
      throw new TypeError('isFeatureEnabled: flagName must be a non-empty string');
    if (typeof customerId !== 'string' && typeof customerId !== 'number')
      throw new TypeError('isFeatureEnabled: customerId must be a string or number');
    if (!Object.hasOwn(flags, flagName)) return false;
    const flag = flags[flagName];
    if (flag === undefined || flag === null) return false;
    if (!isPlainObject(flag) || typeof flag.enabled !== 'boolean')
      throw new TypeError(`isFeatureEnabled: flag ${flagName} is malformed`);
    if (!flag.enabled) return false;
    const customers = flag.customers;
    if (customers === undefined || customers === null) return true;
    if (!Array.isArray(customers)) throw new TypeError(`isFeatureEnabled: customers of ${flagName} must be a list`);
    if (customers.length === 0) return true;
    const id = String(customerId);
    return customers.some((c) => String(c) === id);
  } catch (error) {
    console.error(error);
    return false;
  }
}
