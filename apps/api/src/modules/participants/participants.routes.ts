import { getParticipantSummary } from '@trialpath/contract';
import { route } from '../../http/context';
import { participantSummary } from './participants.service';

export const participantRoutes = [route(getParticipantSummary, (ctx) => participantSummary(ctx, ctx.params))];
