/** The reports feature's screens, one chunk (decision 0019). */
export { ReportEditorPage } from './ReportEditorPage';
export { ReportPage } from './ReportPage';
export { ReportsPage } from './ReportsPage';
