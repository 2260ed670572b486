import { type Feature, studyPages } from '../../shared/feature';

/**
 * Data exports (issue 14; 000 §2.4): the data export (H-001) and compliance report export (H-002) screens, and the
 * page of one export by its link (H-003) or its id (H-004), each with its test twin (which hides the action
 * buttons, A-008).
 */
export const exportsFeature: Feature = {
  id: 'exports',
  texts: { en: () => import('./exports.en'), es: () => import('./exports.es') },
  routes: studyPages(
    () => import('./pages'),
    [
      ['dataExport', 'data-export', 'DataExportPage'],
      ['complianceReportExport', 'compliance-report-export', 'ComplianceExportPage'],
      ['dataExportLink', 'data-export/:token/resourceId/:resourceId', 'ExportJobPage'],
      ['reportDataExport', 'report-data-export/resources/:resourceId', 'ExportJobPage'],
    ],
  ),
};
