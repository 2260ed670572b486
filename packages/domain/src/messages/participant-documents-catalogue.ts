/** Participant documents and e-signature (issue 12): its messages. Ours: the spec gives none. Registered through `@trialpath/domain/staff-messages`. */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const PARTICIPANT_DOCUMENT_MESSAGES = {} as const satisfies Record<string, CatalogueEntry>;

registerMessages(PARTICIPANT_DOCUMENT_MESSAGES);
