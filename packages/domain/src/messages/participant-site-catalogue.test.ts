import { describe, expect, it } from 'vitest';
import './staff-messages';
import { PARTICIPANT_SITE_MESSAGES } from './participant-site-catalogue';
import { translate } from './translate';

describe('the participant site screen’s messages', () => {
  it('join the catalogue with the server’s messages, in English and Spanish', () => {
    expect(translate('participantSite.notOwnRecord', undefined, 'en')).toBe('You can see only your own site details.');
    expect(translate('participantSite.notOwnRecord', undefined, 'es')).toBe(
      PARTICIPANT_SITE_MESSAGES['participantSite.notOwnRecord'].es,
    );
  });
});
