/**
 * The portal's single instances: storage, session, device id, API client and toasts. Components
 * reach them through these exports; the pure pieces they are built from are tested on their own.
 */
import { notify } from '@trialpath/ui';
import { translate } from '@trialpath/domain';
import { i18next } from '../i18n';
import { studyPath, PAGES } from '../app/routes';
import { createPortalApi } from './api';
import { createSessionStore, SESSION_KEY } from './session';
import { browserStorage, getOrCreateDeviceId } from './storage';

export const storage = browserStorage();
export const session = createSessionStore(storage);

/** The browser's device id (spec 001 §9: kept in local storage; sent with sign-in and refresh). */
export function deviceId(): string {
  return getOrCreateDeviceId(storage);
}

function currentLanguage(): string {
  return i18next.language || 'en';
}

/** A catalogue message in the current language. */
function message(key: Parameters<typeof translate>[0], params?: Parameters<typeof translate>[1]): string {
  return translate(key, params, currentLanguage());
}

/** Leave the session locally and go to the study's login (hash navigation reaches the router). */
export function signOutLocally(studyCode: string): void {
  session.clear();
  const target = `#${studyPath(studyCode, PAGES.login)}`;
  if (window.location.hash !== target) window.location.hash = target;
}

export const api = createPortalApi({
  session,
  deviceId,
  language: currentLanguage,
  signOut: signOutLocally,
  warn: (text) => notify(text, { kind: 'warning' }),
  message,
  isOnline: () => navigator.onLine,
});

// Another tab signing in or out is reflected here.
window.addEventListener('storage', (e) => {
  if (e.key === null || e.key === SESSION_KEY) session.reload();
});
