/**
 * Version assignments (C-076; decision 0030): which version a site of a study runs in a data space. A
 * site's own assignment wins, then its country's, then the version the data space runs
 * (`studies.live_version_id` / `test_version_id`). A country whose ethics committee has not approved an
 * amendment yet stays on the approved version by a country assignment; one site by a site assignment.
 */

export interface VersionAssignmentRule {
  siteId: string | null;
  countryId: string | null;
  versionId: string;
}

export type AssignmentSource = 'site' | 'country' | 'study';

/** The version a site runs, and where that comes from; null when the data space runs none yet. */
export function assignedVersionOf(
  site: { id: string; countryId: string },
  assignments: readonly VersionAssignmentRule[],
  studyVersionId: string | null,
): { versionId: string | null; source: AssignmentSource } {
  const own = assignments.find((a) => a.siteId === site.id);
  if (own) return { versionId: own.versionId, source: 'site' };
  const country = assignments.find((a) => a.siteId === null && a.countryId === site.countryId);
  if (country) return { versionId: country.versionId, source: 'country' };
  return { versionId: studyVersionId, source: 'study' };
}
