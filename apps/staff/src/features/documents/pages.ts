/** The documents feature's screens, one chunk (decision 0019). ParticipantDocumentsPanel goes into the participant profile. */
export { ParticipantDocumentsPage } from './ParticipantDocumentsPage';
export { ParticipantDocumentsPanel } from './ParticipantDocumentsPanel';
