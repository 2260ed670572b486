import {
  createStudyPrototype,
  downloadStudyPrototypeKit,
  listStudyPrototypes,
  revokeStudyPrototype,
} from '@trialpath/contract';
import { route } from '../../http/context';
import { prototypeKit } from './versions-prototype-kit.service';
import * as prototypes from './versions-prototype.service';

export const prototypeRoutes = [
  route(createStudyPrototype, (ctx) => prototypes.createPrototype(ctx, { ...ctx.params, ...ctx.body })),
  route(listStudyPrototypes, (ctx) => prototypes.prototypeList(ctx, { ...ctx.params, ...ctx.query })),
  route(revokeStudyPrototype, (ctx) => prototypes.revokePrototype(ctx, ctx.params)),
  route(downloadStudyPrototypeKit, (ctx) => prototypeKit(ctx, { ...ctx.params, ...ctx.body })),
];
