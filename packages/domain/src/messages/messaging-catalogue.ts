/** Messages from staff to participants (issue 12): its messages. Ours: the spec gives none. Registered through `@trialpath/domain/staff-messages`. */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const MESSAGING_MESSAGES = {} as const satisfies Record<string, CatalogueEntry>;

registerMessages(MESSAGING_MESSAGES);
