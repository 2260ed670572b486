import type { Feature } from '../../shared/feature';

/** EDC: site data entry of data capture forms (issue 12). */
export const edcFeature: Feature = {
  id: 'edc',
  texts: { en: () => import('./edc.en'), es: () => import('./edc.es') },
  routes: [],
};
