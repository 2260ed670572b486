/** The consent feature's screens, one chunk (decision 0019). */
export { ParticipantConsentsPage } from './ParticipantConsentsPage';
