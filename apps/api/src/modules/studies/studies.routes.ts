import { getStudy, getStudyFeatures, listStudies, validateUserAccess } from '@trialpath/contract';
import { route } from '../../http/context';
import { studyDetails, studyFeatures, studyList, validateUser } from './studies.service';

export const studyRoutes = [
  route(listStudies, (ctx) => studyList(ctx, ctx.query)),
  route(getStudy, (ctx) => studyDetails(ctx, ctx.params)),
  route(getStudyFeatures, (ctx) => studyFeatures(ctx, ctx.params)),
  route(validateUserAccess, (ctx) => validateUser(ctx, ctx.params)),
];
