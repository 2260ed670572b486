import type { Feature } from '../../shared/feature';

/** Data queries and the participant responses view (issue 12). */
export const queriesFeature: Feature = {
  id: 'queries',
  texts: { en: () => import('./queries.en'), es: () => import('./queries.es') },
  routes: [],
};
