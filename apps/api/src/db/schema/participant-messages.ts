/** Messages from staff to participants (issue 12): its tables. Keep in step with its migration. */
import type { Generated } from 'kysely';

export interface ParticipantMessagesTable {
  id: Generated<string>;
}
