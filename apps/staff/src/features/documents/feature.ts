import { type Feature, studyPages } from '../../shared/feature';

/**
 * Participant documents and e-signature (issue 12; E-008, E-021; decision E-participant-documents): the study's list
 * of participant documents with their history; the profile's panel (ParticipantDocumentsPanel, in pages.ts) is placed
 * by the participant profile.
 */
export const documentsFeature: Feature = {
  id: 'documents',
  texts: { en: () => import('./documents.en'), es: () => import('./documents.es') },
  routes: studyPages(
    () => import('./pages'),
    [['participantDocuments', 'participant-documents', 'ParticipantDocumentsPage']],
  ),
};
