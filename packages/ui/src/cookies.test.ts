import { describe, expect, it } from 'vitest';
import { consentCookieString, hasCookieConsent, readCookie } from './cookies';

describe('cookie consent', () => {
  it('lasts one year on the whole site', () => {
    const s = consentCookieString('portal', false);
    expect(s).toContain('trialpath_cookie_consent_portal=necessary');
    expect(s).toContain(`Max-Age=${365 * 24 * 3600}`);
    expect(s).toContain('Path=/');
    expect(s).not.toContain('Secure');
    expect(consentCookieString('participantWeb', true)).toMatch(
      /^trialpath_cookie_consent_participant_web=.*; Secure$/,
    );
  });

  it('reads the flag per portal', () => {
    const jar = 'a=1; trialpath_cookie_consent_portal=necessary; b=x%3Dy';
    expect(hasCookieConsent('portal', jar)).toBe(true);
    expect(hasCookieConsent('participantWeb', jar)).toBe(false);
    expect(readCookie('b', jar)).toBe('x=y');
  });
});
