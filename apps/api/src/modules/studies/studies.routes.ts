import {
  getParticipantWebStudy,
  getStudy,
  getStudyFeatures,
  listStudies,
  validateUserAccess,
} from '@trialpath/contract';
import { route } from '../../http/context';
import { participantWebStudy, studyDetails, studyFeatures, studyList, validateUser } from './studies.service';

export const studyRoutes = [
  route(listStudies, (ctx) => studyList(ctx.db, ctx.staff(), ctx.query)),
  route(getStudy, (ctx) => studyDetails(ctx.db, ctx.staff(), ctx.params.studyId)),
  route(getStudyFeatures, (ctx) => studyFeatures(ctx.db, ctx.staff(), ctx.params.studyId)),
  route(validateUserAccess, (ctx) => validateUser(ctx.db, ctx.staff(), ctx.params.studyId)),
  route(getParticipantWebStudy, (ctx) => participantWebStudy(ctx.db, ctx.params.studyCode)),
];
