import { participantLogout } from '@trialpath/contract';
import { PROFILE_READ, queries } from './data';
import { api, session, signOutLocally } from './portal';

/**
 * Sign out: revoke the refresh token on the server (best effort; the server also ends this device's push
 * registration), remove the answers in progress and the browser's push subscription from the device, then clear
 * the session and go to login.
 */
export async function signOut(studyCode: string): Promise<void> {
  const s = session.get();
  if (s) {
    try {
      await api.call(participantLogout, { body: { refreshToken: s.refreshToken } });
    } catch {
      // Offline or already expired: the local session is cleared all the same.
    }
  }
  if (s) {
    // The answers in progress leave a device the participant signs out of (decision D-139); the tasks code
    // comes on demand, and a device without IndexedDB has none to remove.
    await import('../features/tasks/runtime').then((m) => m.forgetParticipantDrafts(s.pid)).catch(() => undefined);
    // nor does this browser keep a subscription for the person's notifications (the push code comes on demand)
    await Promise.all([import('../features/notifications/push'), import('../features/notifications/browser')])
      .then(([push, browser]) => push.dropBrowserSubscription(browser.browserPush(), import.meta.env.BASE_URL))
      .catch(() => undefined);
  }
  queries.remove(PROFILE_READ);
  signOutLocally(studyCode);
}
