import { getMyTask, listMyTasks, submitActivityResult } from '@trialpath/contract';
import { route } from '../../http/context';
import * as responses from './responses.service';

export const responseRoutes = [
  route(listMyTasks, (ctx) => responses.myTasks(ctx, ctx.query.scope)),
  route(getMyTask, (ctx) => responses.myTask(ctx, ctx.params.taskId)),
  route(submitActivityResult, (ctx) => responses.submitResult(ctx, ctx.params.activityId, ctx.body)),
];
