import {
  archiveActivity,
  createActivity,
  createActivityGroup,
  createActivityRevision,
  deleteActivityGroup,
  exportActivityRevision,
  getActivity,
  getActivityRevision,
  importActivity,
  listActivities,
  listActivityGroups,
  listActivityTags,
  renameActivityTag,
  saveActivityRevision,
  setActivityRevisionStatus,
  updateActivity,
  updateActivityGroup,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as library from './activities-library.service';
import * as activities from './activities.service';

export const activityRoutes = [
  route(listActivities, (ctx) => activities.activityList(ctx, ctx.query)),
  route(createActivity, (ctx) => activities.createActivity(ctx, ctx.body)),
  route(getActivity, (ctx) => activities.getActivity(ctx, ctx.params.activityId)),
  route(updateActivity, (ctx) => activities.updateActivity(ctx, { ...ctx.params, ...ctx.body })),
  route(archiveActivity, (ctx) => activities.archiveActivity(ctx, { ...ctx.params, archived: ctx.body.archived })),
  route(getActivityRevision, (ctx) => activities.getRevision(ctx, ctx.params)),
  route(saveActivityRevision, (ctx) => activities.saveRevision(ctx, { ...ctx.params, ...ctx.body })),
  route(createActivityRevision, (ctx) => activities.createRevision(ctx, ctx.params)),
  route(setActivityRevisionStatus, (ctx) =>
    activities.setRevisionStatus(ctx, { ...ctx.params, status: ctx.body.status }),
  ),
  route(exportActivityRevision, (ctx) => library.exportRevision(ctx, { ...ctx.params, ...ctx.query })),
  route(importActivity, (ctx) => library.importActivity(ctx, ctx.body)),
  route(listActivityTags, (ctx) => library.tagList(ctx)),
  route(renameActivityTag, (ctx) => library.renameTag(ctx, ctx.body)),
  route(listActivityGroups, (ctx) => library.groupList(ctx)),
  route(createActivityGroup, (ctx) => library.createGroup(ctx, ctx.body)),
  route(updateActivityGroup, (ctx) => library.updateGroup(ctx, { ...ctx.params, ...ctx.body })),
  route(deleteActivityGroup, (ctx) => library.deleteGroup(ctx, ctx.params)),
];
