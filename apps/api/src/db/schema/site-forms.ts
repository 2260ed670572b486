/** EDC: site data entry of data capture forms (issue 12): its tables. Keep in step with its migration. */
import type { Generated } from 'kysely';

export interface SiteFormEntriesTable {
  id: Generated<string>;
}
