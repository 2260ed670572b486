import { getClient } from '@trialpath/contract';
import { route } from '../../http/context';
import { clientIdentity } from './clients.service';

export const clientRoutes = [route(getClient, (ctx) => clientIdentity(ctx))];
