/**
 * Inputs of the study data export's file generators (issue 14, H-005). The export job reads these from the
 * database and streams the generators' strings into the zip; the generators do no I/O and never read the clock.
 */
import type { Activity } from '../activity/model';
import type { AnswerEntry } from '../activity/payload';

export interface ExportStudy {
  studyId: string;
  code: string;
  name: string;
  environment: 'LIVE' | 'TEST';
  versionNumber: number | null;
  /** ISO instant of the newest exported change; files print this, never "now" (byte-stable exports). */
  asOf: string;
}

/** One activity revision whose submissions are exported. */
export interface ExportForm {
  activityId: string;
  revisionId: string;
  revisionNumber: number;
  /** The domain model (packages/domain/src/activity/model.ts). */
  activity: Activity;
}

export interface ExportSubmission {
  submissionId: string;
  participantCode: string;
  siteCode: string;
  activityId: string;
  revisionId: string;
  /** ISO instant (UTC). */
  completedAt: string;
  completedLocal: string;
  source: 'participant' | 'site';
  /** The staff user who entered a site-entered submission (ODM AuditRecord UserRef); absent or null otherwise. */
  enteredBy?: string | null;
  /** Exactly as stored in activity_responses.answers (the payload's result entries; decodeEntry reads them). */
  answers: readonly AnswerEntry[];
  signature: { signedBy: string; signedAt: string; meaning: string } | null;
}

export interface ExportAuditEntry {
  id: string;
  at: string;
  actorId: string | null;
  /** audit_log.actor_type: a participant's own entry is written as the subject in ODM. Absent: a user when actorId. */
  actorType?: 'user' | 'participant' | 'system';
  actorName: string;
  action: string;
  entityType: string;
  entityId: string;
  participantCode: string | null;
  submissionId: string | null;
  itemKey: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}
