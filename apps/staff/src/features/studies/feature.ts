import { type Feature, lazyScreen } from '../../shared/feature';
import { StudyHome } from './StudyHome';

/** The studies list and a study's pages; every study page has its test twin (000 §2.5). */
export const studiesFeature: Feature = {
  id: 'studies',
  texts: { en: () => import('./studies.en'), es: () => import('./studies.es') },
  // the dashboard's charts are the analytics feature's (statuses named as the participants feature names them)
  uses: ['analytics', 'participants'],
  routes: [
    {
      id: 'studies',
      path: '/studies',
      meta: { auth: true },
      screen: lazyScreen(() => import('./StudiesPage'), 'StudiesPage'),
    },
    { id: 'studyHome', path: '/studies/:studyId', meta: { auth: true }, twin: true, screen: { component: StudyHome } },
    {
      id: 'studyDashboard',
      path: '/studies/:studyId/dashboard',
      meta: { auth: true },
      twin: true,
      screen: lazyScreen(() => import('./StudyDashboardPage'), 'StudyDashboardPage'),
    },
  ],
};
