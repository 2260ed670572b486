/** Who is acting: a signed-in staff user, a signed-in participant, or a job of the platform itself. */
import type { AppEnvironment } from '@trialpath/domain';

/** One study assignment of a staff user, with the sites assigned in that study. */
export interface StaffAssignment {
  studyId: string;
  role: string;
  readOnly: boolean;
  assignedSiteIds: string[];
  /** The assigned sites where the person is a team member marked not blinded (C-155, C-157; decision E-blinding). */
  unblindedSiteIds?: string[];
}

export interface StaffActor {
  type: 'staff';
  userId: string;
  username: string;
  clientId: string;
  platformRole: string;
  realm: string | null;
  dataAccessType: string;
  /** studyId of a per-study token, null for the general token. */
  tokenStudyId: string | null;
  authorities: string[];
  sessionId: string;
  tokenExp: number;
  /** Read with the user for this request: a changed role or site applies at once. */
  assignments: readonly StaffAssignment[];
}

export interface ParticipantActor {
  type: 'participant';
  participantId: string;
  studyId: string;
  siteId: string;
  environment: AppEnvironment;
  sessionId: string;
}

/** The platform's own work (jobs, the command line); named in the audit trail. */
export type SystemJob =
  | 'outbox'
  | 'create-admin'
  | 'demo-seed'
  | 'schedule'
  | 'push'
  | 'exports'
  | 'sftp'
  | 'study-videos'
  | 'telehealth';

export interface SystemActor {
  type: 'system';
  job: SystemJob;
}

export type Actor = StaffActor | ParticipantActor | SystemActor;

/** How an actor is written in the audit trail. */
export function auditActorOf(actor: Actor | null): { type: string; id: string | null } {
  if (!actor) return { type: 'anonymous', id: null };
  switch (actor.type) {
    case 'staff':
      return { type: 'staff', id: actor.userId };
    case 'participant':
      return { type: 'participant', id: actor.participantId };
    case 'system':
      return { type: 'system', id: actor.job };
  }
}
