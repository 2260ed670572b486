import { participantLogout } from '@trialpath/contract';
import { PROFILE_READ, queries } from './data';
import { api, session, signOutLocally } from './portal';

/** Sign out: revoke the refresh token on the server (best effort), then clear the session and go to login. */
export async function signOut(studyCode: string): Promise<void> {
  const s = session.get();
  if (s) {
    try {
      await api.call(participantLogout, { body: { refreshToken: s.refreshToken } });
    } catch {
      // Offline or already expired: the local session is cleared all the same.
    }
  }
  queries.remove(PROFILE_READ);
  signOutLocally(studyCode);
}
