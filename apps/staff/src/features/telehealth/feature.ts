import { type Feature, studyPages } from '../../shared/feature';

/**
 * Telehealth appointments and availability (issue 15; F-003, F-004, F-006; decision F-appointments): the weekly
 * hours of each site's telehealth team, and the appointments booked with participants — booked, changed, cancelled
 * and closed with a reason. Each page has its test twin (appointments of the test data space).
 */
export const telehealthFeature: Feature = {
  id: 'telehealth',
  texts: { en: () => import('./telehealth.en'), es: () => import('./telehealth.es') },
  routes: studyPages(
    () => import('./pages'),
    [
      ['telehealthAppointments', 'telehealth/appointments', 'AppointmentsPage'],
      ['telehealthAvailability', 'telehealth/availability', 'AvailabilityPage'],
      ['telehealthRecording', 'archive/:archiveId/view-video', 'RecordingLinkPage'],
    ],
  ),
};
