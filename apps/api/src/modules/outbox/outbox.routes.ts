import { listMailbox } from '@trialpath/contract';
import { route } from '../../http/context';
import { mailbox } from './outbox.service';

export const outboxRoutes = [route(listMailbox, (ctx) => mailbox(ctx, ctx.query))];
