/**
 * Messages from staff to participants (issue 12; E-015, E-024, E-111…E-113; decision E-messages): the recipients
 * preview, the send, the sent list and one message with its recipients, a participant's messages; and the portal's
 * own messages and their reading.
 */
import {
  getSentMessage,
  listMyMessages,
  listParticipantMessages,
  listSentMessages,
  markMyMessageRead,
  previewMessageRecipients,
  sendParticipantMessage,
} from '@trialpath/contract';
import { type RouteDef, route } from '../../http/context';
import * as messaging from './messaging.service';

export const messagingRoutes: RouteDef[] = [
  route(previewMessageRecipients, (ctx) => {
    const { email, sms, push, ...audience } = ctx.query;
    return messaging.previewRecipients(ctx, {
      ...ctx.params,
      ...audience,
      channels: { email: email === 'true', sms: sms === 'true', push: push === 'true' },
    });
  }),
  route(sendParticipantMessage, (ctx) => messaging.sendMessage(ctx, { ...ctx.params, ...ctx.body })),
  route(listSentMessages, (ctx) => messaging.sentList(ctx, { ...ctx.params, ...ctx.query })),
  route(getSentMessage, (ctx) => messaging.sentMessageDetail(ctx, { ...ctx.params, ...ctx.query })),
  route(listParticipantMessages, (ctx) => messaging.participantMessages(ctx, ctx.params)),
  route(listMyMessages, (ctx) => messaging.myMessages(ctx)),
  route(markMyMessageRead, (ctx) => messaging.markMyMessageRead(ctx, ctx.params)),
];
