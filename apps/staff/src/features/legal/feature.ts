import { type Feature, lazyScreen } from '../../shared/feature';

/** The privacy policy and the terms of use, open to anyone. */
export const legalFeature: Feature = {
  id: 'legal',
  texts: { en: () => import('./legal.en'), es: () => import('./legal.es') },
  routes: [
    {
      id: 'policy',
      path: '/policy',
      meta: { auth: '*' },
      screen: lazyScreen(() => import('./LegalPage'), 'PolicyPage'),
    },
    {
      id: 'termsOfUse',
      path: '/terms-of-use',
      meta: { auth: '*' },
      screen: lazyScreen(() => import('./LegalPage'), 'TermsPage'),
    },
  ],
};
