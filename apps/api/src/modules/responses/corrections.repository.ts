/** Corrections of participant-reported answers (migration 202612070500_response_corrections.sql): all of their SQL. */
import type { EntryValue } from '@trialpath/domain';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment, Json, Timestamp } from '../../db/schema/columns';
import type { ActivityResponsesTable } from './responses.repository';

export interface ResponseCorrectionsTable {
  id: Generated<string>;
  response_id: string;
  participant_id: string;
  study_id: string;
  environment: Environment;
  item: string;
  old_value: Json;
  new_value: Json;
  reason: string;
  query_id: string | null;
  corrected_by: string;
  corrected_at: ColumnType<Date, Timestamp | undefined, never>;
}

type Tables = {
  response_corrections: ResponseCorrectionsTable;
  activity_responses: ActivityResponsesTable;
};
const tables = (db: Db) => db.withTables<Tables>();

/** The response of this participant in this data space, locked: corrections of it are made one at a time. */
export function lockResponse(db: Db, q: { responseId: string; participantId: string; environment: Environment }) {
  return tables(db)
    .selectFrom('activity_responses')
    .selectAll()
    .where('id', '=', q.responseId)
    .where('participant_id', '=', q.participantId)
    .where('environment', '=', q.environment)
    .forUpdate()
    .executeTakeFirst();
}

export function insertCorrection(
  db: Db,
  row: Omit<Selectable<ResponseCorrectionsTable>, 'id' | 'corrected_at' | 'old_value' | 'new_value'> & {
    old_value: EntryValue;
    new_value: EntryValue;
  },
) {
  return tables(db)
    .insertInto('response_corrections')
    .values({ ...row, old_value: JSON.stringify(row.old_value), new_value: JSON.stringify(row.new_value) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A response's corrections, oldest first, with who made them. */
export function correctionsOf(db: Db, responseId: string) {
  return tables(db)
    .withTables<{
      users: { id: string; first_name: string | null; last_name: string | null; username: string | null };
    }>()
    .selectFrom('response_corrections as c')
    .innerJoin('users as u', 'u.id', 'c.corrected_by')
    .select([
      'c.id',
      'c.item',
      'c.old_value',
      'c.new_value',
      'c.reason',
      'c.query_id',
      'c.corrected_at',
      'u.first_name',
      'u.last_name',
      'u.username',
    ])
    .where('c.response_id', '=', responseId)
    .orderBy('c.corrected_at')
    .orderBy('c.id')
    .execute();
}
