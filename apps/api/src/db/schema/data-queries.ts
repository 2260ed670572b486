/** Data queries on site-entered and participant-reported answers, and the participant responses view (issue 12): its tables. Keep in step with its migration. */
import type { Generated } from 'kysely';

export interface DataQueriesTable {
  id: Generated<string>;
}

export interface DataQueryMessagesTable {
  id: Generated<string>;
}
