import {
  getStudyDeviceSettings,
  getStudyValidicDevices,
  listDeviceCatalogue,
  listDeviceTypes,
  listParticipantDeviceData,
  rotateDeviceIngestionKey,
  submitGatewayDeviceData,
  submitParticipantDeviceData,
  updateStudyDeviceSettings,
  updateStudyValidicDevices,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as devices from './devices.service';

export const deviceRoutes = [
  route(listDeviceCatalogue, async (ctx) => devices.catalogueList(ctx.query)),
  route(listDeviceTypes, async () => devices.deviceTypes()),
  route(getStudyDeviceSettings, (ctx) => devices.studyDeviceSettings(ctx, ctx.params)),
  route(updateStudyDeviceSettings, (ctx) => devices.updateDeviceSettings(ctx, { ...ctx.params, ...ctx.body })),
  route(getStudyValidicDevices, (ctx) => devices.studyValidicDevices(ctx, ctx.params)),
  route(updateStudyValidicDevices, (ctx) => devices.chooseValidicDevices(ctx, { ...ctx.params, ...ctx.body })),
  route(rotateDeviceIngestionKey, (ctx) => devices.rotateIngestionKey(ctx, { ...ctx.params, ...ctx.body })),
  route(submitParticipantDeviceData, (ctx) => devices.participantDeviceData(ctx, ctx.body)),
  route(submitGatewayDeviceData, (ctx) =>
    devices.gatewayDeviceData(ctx, { ...ctx.params, token: ctx.query.token, body: ctx.body }),
  ),
  route(listParticipantDeviceData, (ctx) => devices.participantMeasurements(ctx, { ...ctx.params, ...ctx.query })),
];
