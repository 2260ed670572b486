import type { SiteFormStatus } from '@trialpath/domain';

/** The badge colour of each entry status. */
export const STATUS_COLOR: Record<SiteFormStatus, string> = {
  NOT_STARTED: 'gray',
  IN_PROGRESS: 'yellow',
  COMPLETED: 'teal',
  SIGNED: 'blue',
};
