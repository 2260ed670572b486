/**
 * Participant site transfers (E-022, E-114…E-118; decision E-site-transfers): the options and the request, the
 * participant's and the study's transfers, the review and the cancellation; the simple participant list (E-119).
 */
import {
  cancelSiteTransfer,
  getSiteTransfer,
  getTransferOptions,
  listParticipantSiteTransfers,
  listSimpleParticipants,
  listSiteTransfers,
  requestSiteTransfer,
  reviewSiteTransfer,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as transfers from './site-transfers.service';

export const siteTransferRoutes = [
  route(getTransferOptions, (ctx) => transfers.transferOptions(ctx, ctx.params)),
  route(requestSiteTransfer, (ctx) => transfers.requestTransfer(ctx, { ...ctx.params, ...ctx.body })),
  route(listParticipantSiteTransfers, (ctx) => transfers.participantTransfers(ctx, ctx.params)),
  route(listSiteTransfers, (ctx) => transfers.transferList(ctx, { ...ctx.params, ...ctx.query })),
  route(getSiteTransfer, (ctx) => transfers.transferDetail(ctx, ctx.params)),
  route(reviewSiteTransfer, (ctx) => transfers.reviewTransfer(ctx, { ...ctx.params, ...ctx.body })),
  route(cancelSiteTransfer, (ctx) => transfers.cancelTransfer(ctx, { ...ctx.params, ...ctx.body })),
  route(listSimpleParticipants, (ctx) => transfers.simpleParticipantList(ctx, { ...ctx.params, ...ctx.query })),
];
