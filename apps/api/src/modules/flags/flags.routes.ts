import { getFeatureFlags } from '@trialpath/contract';
import { route } from '../../http/context';
import { featureFlags } from './flags.service';

export const flagRoutes = [route(getFeatureFlags, (ctx) => featureFlags(ctx))];
