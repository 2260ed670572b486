/** The participants feature's screens, one chunk (decision 0019). */
export { ParticipantsPage } from './ParticipantsPage';
export { ParticipantFormPage } from './ParticipantFormPage';
export { ParticipantProfilePage } from './ParticipantProfilePage';
export { MigrationPage } from './MigrationPage';
