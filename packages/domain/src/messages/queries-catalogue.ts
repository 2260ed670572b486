/** Data queries on site-entered and participant-reported answers, and the participant responses view (issue 12): its messages. Ours: the spec gives none. Registered through `@trialpath/domain/staff-messages`. */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const QUERY_MESSAGES = {} as const satisfies Record<string, CatalogueEntry>;

registerMessages(QUERY_MESSAGES);
