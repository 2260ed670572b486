import {
  disconnectMyEhr,
  ehrCallback,
  getMyEhr,
  getParticipantEhr,
  getStudyEhrLink,
  putStudyEhrLink,
  startMyEhr,
  syncMyEhr,
  testStudyEhrLink,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as ehr from './ehr.service';

export const ehrRoutes = [
  route(getStudyEhrLink, (ctx) => ehr.studyEhrLink(ctx, ctx.params)),
  route(putStudyEhrLink, (ctx) => ehr.configureStudyEhrLink(ctx, { ...ctx.params, ...ctx.body })),
  route(testStudyEhrLink, (ctx) => ehr.testStudyEhrLink(ctx, { ...ctx.params, ...ctx.body })),
  route(getMyEhr, (ctx) => ehr.myEhr(ctx)),
  route(startMyEhr, (ctx) => ehr.startLink(ctx)),
  route(ehrCallback, (ctx) => ehr.ehrCallback(ctx, ctx.query)),
  route(syncMyEhr, (ctx) => ehr.syncLink(ctx)),
  route(disconnectMyEhr, (ctx) => ehr.disconnectLink(ctx)),
  route(getParticipantEhr, (ctx) => ehr.participantEhr(ctx, ctx.params)),
];
