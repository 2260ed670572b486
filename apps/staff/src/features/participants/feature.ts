import { type Feature, studyPages } from '../../shared/feature';

/**
 * Participant management (issue 12; 000 §2.4, 002 §2): the participant list, the add/edit form (E-020) and the profile (E-006), with
 * their test twins (000 §2.5) working on the study's test participants.
 */
export const participantsFeature: Feature = {
  id: 'participants',
  texts: { en: () => import('./participants.en'), es: () => import('./participants.es') },
  // the profile shows the participant's device data and health records, and exports their dashboard (issue 14)
  uses: ['devices', 'ehr', 'exports'],
  routes: studyPages(
    () => import('./pages'),
    [
      ['participantList', 'participants', 'ParticipantsPage'],
      ['participantAdd', 'participants/new', 'ParticipantFormPage'],
      ['participantMigration', 'participants/migration', 'MigrationPage'],
      ['participantEdit', 'participants/:participantId/edit', 'ParticipantFormPage'],
      ['participantProfile', 'participants/:participantId', 'ParticipantProfilePage'],
    ],
  ),
};
