/** Participant documents and e-signature (issue 12): its tables. Keep in step with its migration. */
import type { Generated } from 'kysely';

export interface ParticipantDocumentsTable {
  id: Generated<string>;
}
