/** The messages feature's screens, one chunk (decision 0019); the profile's panel is placed by the integrator. */
export { MessagesPage } from './MessagesPage';
export { ParticipantMessagesPanel } from './ParticipantMessagesPanel';
