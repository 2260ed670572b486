/** EDC: site data entry of data capture forms (issue 12): its messages. Ours: the spec gives none. Registered through `@trialpath/domain/staff-messages`. */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const EDC_MESSAGES = {} as const satisfies Record<string, CatalogueEntry>;

registerMessages(EDC_MESSAGES);
