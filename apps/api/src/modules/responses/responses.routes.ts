import {
  correctResponseAnswer,
  getMyTask,
  listMyTasks,
  listResponseCorrections,
  submitActivityResult,
} from '@trialpath/contract';
import { route } from '../../http/context';
import { correctAnswer, responseCorrections } from './corrections.service';
import * as responses from './responses.service';
import { submitResult } from './submission.service';

export const responseRoutes = [
  route(listMyTasks, (ctx) => responses.myTasks(ctx, ctx.query.scope)),
  route(getMyTask, (ctx) => responses.myTask(ctx, ctx.params.taskId)),
  // checked per request, written with the results of other requests waiting at the same moment (group commit)
  route(listResponseCorrections, (ctx) => responseCorrections(ctx, ctx.params)),
  route(correctResponseAnswer, (ctx) => correctAnswer(ctx, { ...ctx.params, ...ctx.body })),
  route(submitActivityResult, (ctx) => submitResult(ctx, ctx.params.activityId, ctx.body), { grouped: true }),
];
