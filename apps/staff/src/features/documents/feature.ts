import type { Feature } from '../../shared/feature';

/** Participant documents and e-signature (issue 12). */
export const documentsFeature: Feature = {
  id: 'documents',
  texts: { en: () => import('./documents.en'), es: () => import('./documents.es') },
  routes: [],
};
