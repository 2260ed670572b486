import { getStudyAnalytics } from '@trialpath/contract';
import { route } from '../../http/context';
import { studyAnalytics } from './analytics.service';

export const analyticsRoutes = [
  route(getStudyAnalytics, (ctx) => studyAnalytics(ctx, { ...ctx.params, ...ctx.query })),
];
