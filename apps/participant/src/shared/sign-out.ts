import { getParticipantProfile, participantLogout } from '@trialpath/contract';
import { queries } from './data';
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
  queries.remove(getParticipantProfile);
  signOutLocally(studyCode);
}
