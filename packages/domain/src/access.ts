/**
 * Row-level access decision (000 §2.7, 002 §5): study assignment → assigned sites → data access
 * type (BOTH, or equal to the site's sub-type). The server guard calls this for every participant
 * record; the portals use it to hide what the server would refuse anyway.
 */

/** `BOTH`, or a site sub-type (e.g. `VIRTUAL`, `PHYSICAL`). */
export type DataAccessType = 'BOTH' | (string & {});
export const DATA_ACCESS_BOTH = 'BOTH';

export interface StudyAssignment {
  studyId: string;
  assignedSiteIds: readonly string[];
  dataAccessType: DataAccessType | null | undefined;
}

export interface SiteRecordRef {
  studyId: string;
  siteId: string | null | undefined;
  siteSubType: string | null | undefined;
}

export type AccessDecision = { allowed: true } | { allowed: false; code: 'FORBIDDEN'; reason: AccessDenialReason };
export type AccessDenialReason = 'NO_STUDY_ASSIGNMENT' | 'SITE_NOT_ASSIGNED' | 'DATA_ACCESS_TYPE';

const deny = (reason: AccessDenialReason): AccessDecision => ({ allowed: false, code: 'FORBIDDEN', reason });

export function checkSiteRecordAccess(input: {
  assignment: StudyAssignment | undefined | null;
  record: SiteRecordRef;
  isGlobalRole?: boolean;
}): AccessDecision {
  if (input.isGlobalRole === true) return { allowed: true };
  const { assignment, record } = input;
  if (!assignment || assignment.studyId !== record.studyId) return deny('NO_STUDY_ASSIGNMENT');
  if (!record.siteId || !assignment.assignedSiteIds.includes(record.siteId)) return deny('SITE_NOT_ASSIGNED');
  const type = assignment.dataAccessType;
  if (type === DATA_ACCESS_BOTH) return { allowed: true };
  if (!type || !record.siteSubType || type !== record.siteSubType) return deny('DATA_ACCESS_TYPE');
  return { allowed: true };
}

/**
 * Fields of a record that only unblinded actors receive (treatment allocation), by record kind. The
 * server's access module strips them for blinded actors before anything leaves the API; an area adds
 * its fields here when it adds them to a record.
 */
const UNBLINDED_FIELDS = {
  participant: ['treatmentArm', 'randomizationNumber'],
} as const satisfies Record<string, readonly string[]>;
export type BlindedRecordKind = keyof typeof UNBLINDED_FIELDS;

/** The record without its unblinded fields when the reader is blinded; unchanged otherwise. */
export function withoutUnblindedFields<T extends Record<string, unknown>>(
  kind: BlindedRecordKind,
  record: T,
  readerIsBlinded: boolean,
): T {
  if (!readerIsBlinded) return record;
  const out: Record<string, unknown> = { ...record };
  for (const field of UNBLINDED_FIELDS[kind]) delete out[field];
  return out as T;
}
