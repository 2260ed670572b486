import { type Feature, studyPages } from '../../shared/feature';

/**
 * Analytics (issue 13; 000 §2.4 vis/*, G-002…G-016): the analytics screens of a study, each with its test twin on
 * the study's test data; vis alone opens the executive summary (G-003). Statuses and reasons are the participants'
 * texts.
 */
export const analyticsFeature: Feature = {
  id: 'analytics',
  texts: { en: () => import('./analytics.en'), es: () => import('./analytics.es') },
  uses: ['participants'],
  routes: studyPages(
    () => import('./pages'),
    [
      ['analyticsHome', 'vis', 'AnalyticsHomeRedirect'],
      ['analyticsScreen', 'vis/:screen', 'AnalyticsPage'],
    ],
  ),
};
