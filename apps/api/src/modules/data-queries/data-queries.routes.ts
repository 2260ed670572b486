/**
 * Data queries on site-entered and participant-reported answers, and the participant responses view (issue 12;
 * E-014, E-019, E-144…E-146; decision E-queries): its routes.
 */
import {
  addDataQueryMessage,
  assignDataQuery,
  getDataQuery,
  getParticipantResponse,
  listParticipantQueries,
  listParticipantResponses,
  listStudyQueries,
  listTargetQueries,
  openDataQuery,
  updateDataQueryStatus,
} from '@trialpath/contract';
import { type RouteDef, route } from '../../http/context';
import * as queries from './data-queries.service';
import * as responses from './participant-responses.service';

export const dataQueryRoutes: RouteDef[] = [
  route(listStudyQueries, (ctx) => queries.studyQueries(ctx, { ...ctx.params, ...ctx.query })),
  route(getDataQuery, (ctx) => queries.queryDetail(ctx, ctx.params)),
  route(openDataQuery, (ctx) => queries.openQuery(ctx, { ...ctx.params, ...ctx.body })),
  route(updateDataQueryStatus, (ctx) => queries.changeQueryStatus(ctx, { ...ctx.params, ...ctx.body })),
  route(assignDataQuery, (ctx) => queries.assignQuery(ctx, { ...ctx.params, ...ctx.body })),
  route(addDataQueryMessage, (ctx) => queries.commentOnQuery(ctx, { ...ctx.params, ...ctx.body })),
  route(listParticipantQueries, (ctx) => queries.participantQueries(ctx, ctx.params)),
  route(listTargetQueries, (ctx) => queries.targetQueries(ctx, ctx.params)),
  route(listParticipantResponses, (ctx) => responses.responseList(ctx, { ...ctx.params, ...ctx.query })),
  route(getParticipantResponse, (ctx) => responses.responseDetail(ctx, ctx.params)),
];
