/**
 * The participants' activity results (migration 202612020200_activity_responses.sql): all of their SQL. A row is
 * written once and never changed (the table refuses UPDATE and DELETE); the same participant and client uuid
 * make one row, however many requests race to store it.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment, Json, Timestamp } from '../../db/schema/columns';

export interface ActivityResponsesTable {
  id: Generated<string>;
  participant_id: string;
  study_id: string;
  version_id: string;
  site_id: string;
  environment: Environment;
  activity_id: string;
  revision_id: string;
  task_id: string | null;
  client_uuid: string;
  device_id: string;
  language: string;
  answers: Json;
  score: Json;
  data_checks: Json;
  warnings: Json;
  completed_at: Timestamp;
  completed_local: string;
  completed_offset: string;
  created_at: ColumnType<Date, never, never>;
}

export type ResponseRow = Selectable<ActivityResponsesTable>;
type Tables = { activity_responses: ActivityResponsesTable };

const tables = (db: Db) => db.withTables<Tables>();

/** What a submission answers with, stored or read back. */
const OUTCOME = ['id', 'score', 'data_checks', 'warnings'] as const;

/**
 * Store results, each unless its participant already stored one with its client uuid: the new rows' keys (a row
 * whose key was taken is missing; a concurrent insert of the same key waits for the first to commit, then does
 * nothing; of two rows with one key in the same call, the first is stored).
 */
export function insertResponses(db: Db, rows: readonly Insertable<ActivityResponsesTable>[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return tables(db)
    .insertInto('activity_responses')
    .values(rows)
    .onConflict((oc) => oc.columns(['participant_id', 'client_uuid']).doNothing())
    .returning(['id', 'participant_id', 'client_uuid'])
    .execute();
}

/** The result this participant stored with this client uuid, if any. */
export function findByClientUuid(db: Db, participantId: string, clientUuid: string) {
  return tables(db)
    .selectFrom('activity_responses')
    .select([...OUTCOME, 'activity_id', 'task_id'])
    .where('participant_id', '=', participantId)
    .where('client_uuid', '=', clientUuid)
    .executeTakeFirst();
}
