/** All SQL of participant status changes (decision E-046). */
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';

/** The participant's status, its row locked until the transaction ends (two changes cannot both pass the check). */
export async function lockParticipantStatus(db: Db, participantId: string) {
  return db
    .selectFrom('participants')
    .select(['status'])
    .where('id', '=', participantId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function setParticipantStatus(db: Db, participantId: string, status: string, leaving: boolean) {
  await db
    .updateTable('participants')
    .set({
      status,
      updated_at: new Date(),
      // a participant who left is offered no activities and sent no reminders
      ...(leaving ? { activities_disabled: true, notifications_disabled: true } : {}),
    })
    .where('id', '=', participantId)
    .execute();
}

export function insertStatusChange(
  db: Db,
  row: {
    participantId: string;
    studyId: string;
    environment: Environment;
    from: string;
    to: string;
    reasonCode: string | null;
    reason: string;
    by: string;
  },
) {
  return db
    .insertInto('participant_status_changes')
    .values({
      participant_id: row.participantId,
      study_id: row.studyId,
      environment: row.environment,
      from_status: row.from,
      to_status: row.to,
      reason_code: row.reasonCode,
      reason: row.reason,
      changed_by: row.by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A participant's status changes, newest first, with the name of who made each. */
export function statusChangesOf(db: Db, participantId: string) {
  return db
    .selectFrom('participant_status_changes as c')
    .innerJoin('users as u', 'u.id', 'c.changed_by')
    .selectAll('c')
    .select(['u.first_name', 'u.last_name', 'u.username'])
    .where('c.participant_id', '=', participantId)
    .orderBy('c.changed_at', 'desc')
    .orderBy('c.id')
    .execute();
}
