import { getParticipantAddress, getParticipantSiteDetails, getPrincipalInvestigatorPhone } from '@trialpath/contract';
import { route } from '../../http/context';
import * as site from './participant-site.service';

export const participantSiteRoutes = [
  route(getParticipantAddress, (ctx) => site.participantAddress(ctx, ctx.params)),
  route(getParticipantSiteDetails, (ctx) => site.participantSiteDetails(ctx, ctx.params)),
  route(getPrincipalInvestigatorPhone, (ctx) => site.investigatorPhone(ctx, ctx.params)),
];
