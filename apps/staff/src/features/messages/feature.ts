import type { Feature } from '../../shared/feature';

/** Messages from staff to participants (issue 12). */
export const messagesFeature: Feature = {
  id: 'messages',
  texts: { en: () => import('./messages.en'), es: () => import('./messages.es') },
  routes: [],
};
