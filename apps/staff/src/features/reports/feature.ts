import { type Feature, studyPages } from '../../shared/feature';

/**
 * Saved reports (issue 13; 000 §2.4 /studies/{studyId}/reports; G-017, G-018): the study's reports, the editor of
 * one (which participants, fields and activities) and the report run on the current data, each with its test twin.
 * Statuses are the participants' texts.
 */
export const reportsFeature: Feature = {
  id: 'reports',
  texts: { en: () => import('./reports.en'), es: () => import('./reports.es') },
  uses: ['participants', 'exports'],
  routes: studyPages(
    () => import('./pages'),
    [
      ['reportList', 'reports', 'ReportsPage'],
      ['reportNew', 'reports/new', 'ReportEditorPage'],
      ['reportEdit', 'reports/:reportId/edit', 'ReportEditorPage'],
      ['reportView', 'reports/:reportId', 'ReportPage'],
    ],
  ),
};
