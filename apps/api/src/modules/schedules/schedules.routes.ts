import {
  assignParticipantVersion,
  confirmOwnStudyStart,
  confirmParticipantStudyStart,
  getDashboardActivities,
  getParticipantFormStatuses,
  getParticipantFullDetail,
  getParticipantStudyStart,
  setParticipantActivitiesDisabled,
  setParticipantFormStatuses,
  signOffParticipant,
  computeCompliance,
  getParticipantCompliance,
  listJustInTimeTasks,
  sendJustInTimeTasks,
  sendSiteJustInTimeTasks,
  withdrawOnDemandTask,
  getParticipantSchedule,
  getScheduleJob,
  listParticipantTasks,
  setParticipantMilestones,
  triggerDayZero,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as forms from './forms.service';
import * as tasks from './schedules-tasks.service';
import * as start from './start.service';
import * as schedules from './schedules.service';

export const scheduleRoutes = [
  route(getParticipantSchedule, (ctx) => schedules.getSchedule(ctx, ctx.params)),
  route(assignParticipantVersion, (ctx) =>
    schedules.assignVersion(ctx, { ...ctx.params, versionId: ctx.body.versionId }),
  ),
  route(triggerDayZero, (ctx) => schedules.triggerDayZero(ctx, { ...ctx.params, ...ctx.body })),
  route(setParticipantMilestones, (ctx) =>
    schedules.setMilestones(ctx, { ...ctx.params, participantMileStoneList: ctx.body.participantMileStoneList }),
  ),
  route(getScheduleJob, (ctx) => schedules.scheduleJob(ctx, ctx.params)),
  route(listParticipantTasks, (ctx) => schedules.taskList(ctx, { ...ctx.params, ...ctx.query })),
];

export const scheduleTaskRoutes = [
  route(getParticipantCompliance, (ctx) => tasks.participantCompliance(ctx, ctx.params)),
  route(computeCompliance, (ctx) => tasks.studyCompliance(ctx, { ...ctx.params, ...ctx.body })),
  route(listJustInTimeTasks, (ctx) => tasks.justInTimeList(ctx, { ...ctx.params, ...ctx.query })),
  route(sendJustInTimeTasks, (ctx) => tasks.sendTasks(ctx, { ...ctx.params, ...ctx.body })),
  route(sendSiteJustInTimeTasks, (ctx) => tasks.sendSiteTasks(ctx, { ...ctx.params, ...ctx.body })),
  route(withdrawOnDemandTask, (ctx) => tasks.withdrawOnDemand(ctx, ctx.params)),
];

export const participantFormRoutes = [
  route(getParticipantFormStatuses, (ctx) => forms.formStatusList(ctx, { ...ctx.params, ...ctx.query })),
  route(setParticipantFormStatuses, (ctx) => forms.setFormStatuses(ctx, { ...ctx.params, ...ctx.body })),
  route(signOffParticipant, (ctx) => forms.signOff(ctx, { ...ctx.params, ...ctx.body })),
  route(getParticipantStudyStart, (ctx) => start.studyStart(ctx, ctx.params)),
  route(confirmParticipantStudyStart, (ctx) => start.confirmStartAsPi(ctx, ctx.params)),
  route(confirmOwnStudyStart, (ctx) => start.confirmOwnStart(ctx)),
  route(setParticipantActivitiesDisabled, (ctx) => start.setDisabled(ctx, { ...ctx.params, ...ctx.body })),
  route(getParticipantFullDetail, (ctx) => start.fullDetail(ctx, { ...ctx.params, ...ctx.query })),
  route(getDashboardActivities, (ctx) => start.dashboardActivities(ctx, ctx.params)),
];
