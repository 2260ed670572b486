/** The schedules feature's screens, one chunk (decision 0019). */
export {
  ActivityOrderPage,
  CustomizeActivitiesPage,
  CustomizeEdrosPage,
  CustomizeEprosPage,
  CustomizeSurveysPage,
} from './ActivitiesPage';
export { FormVersionsPage, FormViewPage, PacketPage } from './FormDetailPages';
export { DataCaptureFormsPage, UnscheduledFormsPage } from './FormsPage';
export { CustomizePacketsPage } from './PacketsPage';
export { ScheduleFormPage, SchedulePacketPage } from './SchedulePage';
