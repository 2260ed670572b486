/** Emergency unblindings (migration 202612070700_participant_unblindings.sql): all of their SQL. */
import type { ColumnType, Generated } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';

export interface ParticipantUnblindingsTable {
  id: Generated<string>;
  participant_id: string;
  study_id: string;
  environment: Environment;
  user_id: string;
  reason: string;
  created_at: ColumnType<Date, never, never>;
}

type Tables = { participant_unblindings: ParticipantUnblindingsTable };
const tables = (db: Db) => db.withTables<Tables>();

export function insertUnblinding(db: Db, row: Omit<ParticipantUnblindingsTable, 'id' | 'created_at'>) {
  return tables(db)
    .insertInto('participant_unblindings')
    .values(row)
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function hasUnblinded(db: Db, participantId: string, userId: string): Promise<boolean> {
  const row = await tables(db)
    .selectFrom('participant_unblindings')
    .select('id')
    .where('participant_id', '=', participantId)
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A participant's unblindings, newest first, with who unblinded. */
export function unblindingsOf(db: Db, participantId: string) {
  return tables(db)
    .withTables<{
      users: { id: string; first_name: string | null; last_name: string | null; username: string | null };
    }>()
    .selectFrom('participant_unblindings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.id', 'b.reason', 'b.created_at', 'u.first_name', 'u.last_name', 'u.username'])
    .where('b.participant_id', '=', participantId)
    .orderBy('b.created_at', 'desc')
    .execute();
}
