import { COOKIE_CONSENT_MAX_AGE_DAYS } from '@trialpath/domain';

/** The necessary-cookies consent flag of each portal (002 §9: it lasts one year). */
const COOKIE_CONSENT_NAMES = {
  portal: 'trialpath_cookie_consent_portal',
  participantWeb: 'trialpath_cookie_consent_participant_web',
} as const;
export type CookieConsentScope = keyof typeof COOKIE_CONSENT_NAMES;

export function readCookie(name: string, cookieString: string = document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The Set-Cookie string of the consent flag: one year, whole site, SameSite=Lax. */
export function consentCookieString(scope: CookieConsentScope, secure: boolean): string {
  const maxAge = COOKIE_CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;
  return `${COOKIE_CONSENT_NAMES[scope]}=necessary; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function hasCookieConsent(scope: CookieConsentScope, cookieString?: string): boolean {
  return readCookie(COOKIE_CONSENT_NAMES[scope], cookieString) === 'necessary';
}

export function giveCookieConsent(scope: CookieConsentScope): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain one-year flag cookie; the Cookie Store API is not in every browser
  document.cookie = consentCookieString(scope, window.location.protocol === 'https:');
}
