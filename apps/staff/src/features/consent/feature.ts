import { type Feature, studyPages } from '../../shared/feature';

/**
 * A participant's consents from the staff side (decision D-140): each consent of the participant's version
 * with its status and signatures, the signed PDFs, and the investigator's countersignature. With its test
 * twin (000 §2.5).
 */
export const consentFeature: Feature = {
  id: 'consent',
  texts: { en: () => import('./consent.en'), es: () => import('./consent.es') },
  routes: studyPages(
    () => import('./pages'),
    [['participantConsents', 'participants/:participantId/consents', 'ParticipantConsentsPage']],
  ),
};
