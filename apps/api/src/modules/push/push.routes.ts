import {
  getParticipantDevice,
  getPushPublicKey,
  registerParticipantDevice,
  sendParticipantTestPush,
  unregisterParticipantDevice,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as push from './push.service';

export const pushRoutes = [
  route(getPushPublicKey, (ctx) => push.publicKey(ctx)),
  route(registerParticipantDevice, (ctx) => push.registerDevice(ctx, ctx.body)),
  route(getParticipantDevice, (ctx) => push.deviceRegistration(ctx, ctx.params)),
  route(unregisterParticipantDevice, (ctx) => push.refuseDevice(ctx, ctx.params)),
  route(sendParticipantTestPush, (ctx) => push.queueTestPush(ctx)),
];
