import {
  createReport,
  deleteReport,
  exportReport,
  getConsentDisposition,
  getParticipantAnalytics,
  getReport,
  getStudyAnalytics,
  listReports,
  runReport,
  updateReport,
} from '@trialpath/contract';
import { route } from '../../http/context';
import { consentDisposition, studyAnalytics } from './analytics.service';
import * as reports from './reports.service';

export const analyticsRoutes = [
  route(getStudyAnalytics, (ctx) => studyAnalytics(ctx, { ...ctx.params, ...ctx.query })),
  route(getParticipantAnalytics, (ctx) => studyAnalytics(ctx, { ...ctx.params, ...ctx.query })),
  route(getConsentDisposition, (ctx) => consentDisposition(ctx, { ...ctx.params, ...ctx.query })),
  route(listReports, (ctx) => reports.reportList(ctx, ctx.params)),
  route(createReport, (ctx) => reports.createStudyReport(ctx, { ...ctx.params, ...ctx.body })),
  route(getReport, (ctx) => reports.readReport(ctx, ctx.params)),
  route(updateReport, (ctx) => reports.changeReport(ctx, { ...ctx.params, ...ctx.body })),
  route(deleteReport, (ctx) => reports.removeReport(ctx, ctx.params)),
  route(runReport, (ctx) => reports.reportResult(ctx, { ...ctx.params, ...ctx.query })),
  route(exportReport, (ctx) => reports.reportCsv(ctx, ctx.params)),
];
