import type { ParticipantSession } from './session';

/** The demo participant's stored session, as the tests of the portal client use it. */
export const demoSession: ParticipantSession = {
  pid: 'p-1',
  participantId: 'DEMO-US001-0001',
  username: 'participant.demo',
  studyCode: 'DEMO',
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
};
