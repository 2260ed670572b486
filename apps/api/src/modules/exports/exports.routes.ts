import {
  createExport,
  downloadExport,
  downloadReportExport,
  exportFilterOptions,
  exportStudyUsdm,
  getExport,
  importStudyUsdm,
  listExports,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as exportsService from './exports.service';
import * as usdm from './usdm.service';

export const exportRoutes = [
  route(exportStudyUsdm, (ctx) => usdm.exportUsdm(ctx, ctx.params)),
  route(importStudyUsdm, (ctx) => usdm.importUsdm(ctx, ctx.body)),
  route(exportFilterOptions, (ctx) => exportsService.exportFilters(ctx, ctx.params)),
  route(createExport, (ctx) => exportsService.requestExport(ctx, { ...ctx.params, ...ctx.body })),
  route(listExports, (ctx) => exportsService.exportList(ctx, { ...ctx.params, kind: ctx.query.kind })),
  route(getExport, (ctx) => exportsService.exportOne(ctx, ctx.params)),
  route(downloadExport, (ctx) => exportsService.exportDownload(ctx, ctx.params)),
  route(downloadReportExport, (ctx) => exportsService.exportDownload(ctx, { ...ctx.params, token: null })),
];
