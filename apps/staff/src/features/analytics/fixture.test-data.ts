/** A study's analytics facts for the screen and chart tests: two sites in two countries, every chart with data. */
import type { StudyAnalytics } from '@trialpath/contract';

export const BOSTON = '11111111-1111-4111-8111-111111111111';
export const MADRID = '22222222-2222-4222-8222-222222222222';

export const FACTS: StudyAnalytics = {
  environment: 'LIVE',
  blinded: false,
  userDataAccessType: 'BOTH',
  sites: [
    {
      id: BOSTON,
      name: 'Boston',
      siteCode: 'US-001',
      countryId: 'US',
      countryName: 'United States',
      activeDate: '2026-01-01',
    },
    { id: MADRID, name: 'Madrid', siteCode: 'ES-001', countryId: 'ES', countryName: 'Spain', activeDate: '2026-03-10' },
  ],
  statusBySite: [
    { siteId: BOSTON, status: 'ACTIVE', participants: 6 },
    { siteId: BOSTON, status: 'WITHDRAWSTUDY', participants: 1 },
    { siteId: MADRID, status: 'ACTIVE', participants: 3 },
    { siteId: MADRID, status: 'SCREENFAILED', participants: 2 },
  ],
  enrolmentByMonth: [
    { month: '2026-01', participants: 3 },
    { month: '2026-03', participants: 7 },
  ],
  completion: {
    buckets: [
      { bucket: 0, participants: 2 },
      { bucket: 9, participants: 4 },
    ],
    withoutTasks: 1,
    average: 61.2,
  },
  tasksByActivity: [
    { activityId: 'a1', title: 'Daily diary', status: 'COMPLETED', tasks: 30 },
    { activityId: 'a1', title: 'Daily diary', status: 'SCHEDULED', tasks: 10 },
    { activityId: 'a2', title: 'Quality of life', status: 'COMPLETED', tasks: 5 },
    { activityId: 'a2', title: 'Quality of life', status: 'EXPIRED', tasks: 5 },
  ],
  datapointsBySite: [
    { siteId: BOSTON, responses: 2, answers: 5 },
    { siteId: MADRID, responses: 1, answers: 1 },
  ],
  siteDates: [
    { siteId: BOSTON, fpi: '2026-01-15', firstData: '2026-03-02', firstDataParticipant: 'AN-04' },
    { siteId: MADRID, fpi: '2026-03-10', firstData: '2026-03-04', firstDataParticipant: 'AN-08' },
  ],
  queries: { queryOpen: 2, queryResponded: 1, queryClosed: 1, totalMissing: 5 },
  withdrawalReasons: [{ reason: 'MOVED_AWAY', participants: 1 }],
  screenFailureReasons: [{ reason: 'INCLUSION_NOT_MET', participants: 2 }],
  consentsBySite: [
    {
      siteId: BOSTON,
      econsent: { unsigned: 5, participantSigned: 1, piAndParticipantSigned: 1 },
      uploaded: { unsigned: 0, participantSigned: 0, piAndParticipantSigned: 1 },
    },
    {
      siteId: MADRID,
      econsent: { unsigned: 4, participantSigned: 0, piAndParticipantSigned: 1 },
      uploaded: { unsigned: 1, participantSigned: 0, piAndParticipantSigned: 0 },
    },
  ],
  quizBySite: [
    { siteId: BOSTON, quizQompletion: 2, quizAttempts: 3 },
    { siteId: MADRID, quizQompletion: 0, quizAttempts: 0 },
  ],
};
