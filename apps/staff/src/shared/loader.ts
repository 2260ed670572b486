import { createLoaderStore } from '@trialpath/ui';

/** The one loader / progress-bar store of the portal (every API call feeds it). */
export const loaderStore = createLoaderStore();
