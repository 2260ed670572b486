/**
 * Messages of the participant's site screen (001 §1, §7; D-039, D-072…D-074). Ours: the spec gives none. A
 * signed-in participant reads only their own site: naming another participant, study or site is refused with
 * these. Registered through `@trialpath/domain/staff-messages` (the server), so the participant portal's first
 * load stays without them; the portal shows the server's text of a refusal in the request's language.
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const PARTICIPANT_SITE_MESSAGES = {
  'participantSite.notOwnRecord': {
    en: 'You can see only your own site details.',
    es: 'Solo puede ver los datos de su propio centro.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(PARTICIPANT_SITE_MESSAGES);
