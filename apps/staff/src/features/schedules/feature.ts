import { type Feature, studyPages } from '../../shared/feature';

/**
 * A version's activities and schedule (issue 10, decision 0044): which of the study's activities the version
 * uses, at which revision and in which order (C-047, C-053, C-058…C-060); its packets of data capture forms
 * (C-048); the study's forms in the version (C-034…C-038, C-041); the schedule editor for an activity or a
 * packet with its milestones and a preview of the study days (C-039, C-040); a packet with its forms and
 * schedules (C-042, C-043). Every screen has its test twin (000 §2.5).
 */
export const schedulesFeature: Feature = {
  id: 'schedules',
  texts: { en: () => import('./schedules.en'), es: () => import('./schedules.es') },
  routes: studyPages(
    () => import('./pages'),
    [
      ['versionActivities', 'customize/activities', 'CustomizeActivitiesPage'],
      ['versionActivityOrder', 'customize/activity-order', 'ActivityOrderPage'],
      ['versionSurveys', 'customize/surveys', 'CustomizeSurveysPage'],
      ['versionEpros', 'customize/epros', 'CustomizeEprosPage'],
      ['versionEdros', 'customize/edros', 'CustomizeEdrosPage'],
      ['versionPackets', 'customize/packets', 'CustomizePacketsPage'],
      ['dataCaptureFormList', 'data-capture-form', 'DataCaptureFormsPage'],
      ['dataCaptureFormView', 'data-capture-form/form-view', 'FormViewPage'],
      ['activityFormView', 'data-capture-form/activity-form-view', 'FormViewPage'],
      ['dataCaptureFormVersions', 'data-capture-form/form-versions', 'FormVersionsPage'],
      ['activityFormVersions', 'data-capture-form/activity-form-versions', 'FormVersionsPage'],
      ['scheduleForm', 'data-capture-form/schedule-form', 'ScheduleFormPage'],
      ['schedulePacket', 'data-capture-form/schedule-packet', 'SchedulePacketPage'],
      ['unscheduledForms', 'data-capture-form/unschedule-forms', 'UnscheduledFormsPage'],
      ['packetDetail', 'data-capture-form/packet/:packetId', 'PacketPage'],
      ['showPacket', 'data-capture-form/show-packet', 'PacketPage'],
    ],
  ),
};
