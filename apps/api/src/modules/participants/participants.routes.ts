import {
  changeParticipantStatus,
  createParticipantLabel,
  disqualifyParticipant,
  listParticipantStatusChanges,
  setParticipantActiveWithoutApp,
  withdrawParticipant,
  deleteParticipantLabel,
  getParticipantListOptions,
  listParticipantLabels,
  listParticipants,
  setParticipantLabels,
  unblindParticipant,
  listParticipantUnblindings,
  updateParticipantLabel,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as labels from './participant-labels.service';
import { participantList, participantListOptions } from './participant-list.service';
import { changeStatus, changeTo, statusChanges } from './participant-status.service';
import * as unblinding from './unblinding.service';

export const participantRoutes = [
  route(listParticipants, (ctx) => participantList(ctx, { ...ctx.params, ...ctx.query })),
  route(getParticipantListOptions, (ctx) => participantListOptions(ctx, ctx.params)),
  route(listParticipantLabels, (ctx) => labels.labelList(ctx, ctx.params)),
  route(createParticipantLabel, (ctx) => labels.createLabel(ctx, { ...ctx.params, body: ctx.body })),
  route(updateParticipantLabel, (ctx) => labels.editLabel(ctx, { ...ctx.params, body: ctx.body })),
  route(deleteParticipantLabel, (ctx) => labels.removeLabel(ctx, { ...ctx.params, ...ctx.query })),
  route(unblindParticipant, (ctx) => unblinding.unblindParticipant(ctx, ctx.params)),
  route(listParticipantUnblindings, (ctx) => unblinding.participantUnblindings(ctx, ctx.params)),
  route(setParticipantLabels, (ctx) => labels.setLabels(ctx, { ...ctx.params, labelIds: ctx.body.labelIds })),
  route(changeParticipantStatus, (ctx) => changeStatus(ctx, { ...ctx.params, ...ctx.body })),
  route(disqualifyParticipant, (ctx) => changeTo('DISQUALIFIED')(ctx, { ...ctx.params, ...ctx.body })),
  route(setParticipantActiveWithoutApp, (ctx) => changeTo('ACTIVEWITHOUTAPP')(ctx, { ...ctx.params, ...ctx.body })),
  route(withdrawParticipant, (ctx) => changeTo('WITHDRAWSTUDY')(ctx, { ...ctx.params, ...ctx.body })),
  route(listParticipantStatusChanges, (ctx) => statusChanges(ctx, ctx.params)),
];
