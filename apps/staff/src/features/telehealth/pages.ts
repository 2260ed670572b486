/** The telehealth feature's screens, one chunk (decision 0019). */
export { AppointmentsPage } from './AppointmentsPage';
export { AvailabilityPage } from './AvailabilityPage';
export { RecordingLinkPage } from './RecordingLinkPage';
export { StartCallDialog } from './StartCallDialog';
