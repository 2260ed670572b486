/**
 * All SQL on participants. Environment-scoped: every lookup that serves a request takes the
 * request's environment, so TEST participants never appear in LIVE and the reverse.
 */
import type { Expression, Selectable, SqlBool, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment, ParticipantsTable } from '../../db/schema';

export type ParticipantRow = Selectable<ParticipantsTable>;

/** By primary key only: used to authenticate a participant's own token (its env is in the row). */
export function findParticipantById(db: Db, id: string) {
  return db.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One participant, if the caller's visibility predicate (access module, on aliases p and s) lets it through. */
export function findVisibleParticipant(db: Db, participantId: string, visible: Expression<SqlBool>) {
  return db
    .selectFrom('participants as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .selectAll('p')
    .select(['s.site_sub_type', 's.site_code'])
    .where('p.id', '=', participantId)
    .where(visible)
    .executeTakeFirst();
}

export function findParticipantByUsername(db: Db, studyId: string, username: string, env: Environment) {
  return db
    .selectFrom('participants')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('environment', '=', env)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.trim().toLowerCase()))
    .executeTakeFirst();
}

export function findParticipantForUpdate(db: Db, id: string) {
  return db.selectFrom('participants').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function listParticipantsByEmail(db: Db, studyId: string, email: string, env: Environment) {
  return db
    .selectFrom('participants')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('environment', '=', env)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .execute();
}

export async function updateParticipant(db: Db, id: string, values: Updateable<ParticipantsTable>) {
  return db
    .updateTable('participants')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
