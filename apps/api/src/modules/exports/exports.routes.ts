import { exportStudyUsdm, importStudyUsdm } from '@trialpath/contract';
import { route } from '../../http/context';
import * as usdm from './usdm.service';

export const exportRoutes = [
  route(exportStudyUsdm, (ctx) => usdm.exportUsdm(ctx, ctx.params)),
  route(importStudyUsdm, (ctx) => usdm.importUsdm(ctx, ctx.body)),
];
