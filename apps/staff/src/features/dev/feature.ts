import { type Feature, lazyScreen } from '../../shared/feature';

/** The demo mailbox (demo mode only): public, so reset and invitation links can be followed signed out. */
export const devFeature: Feature = {
  id: 'dev',
  texts: { en: () => import('./dev.en'), es: () => import('./dev.es') },
  routes: [
    {
      id: 'mailbox',
      path: '/dev/mailbox',
      meta: { auth: '*', demoOnly: true },
      screen: lazyScreen(() => import('./MailboxPage'), 'MailboxPage'),
    },
  ],
};
