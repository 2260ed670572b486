import {
  getCountries,
  getGlobalElements,
  getLanguages,
  getMyPortalData,
  getPortalData,
  getPortalFile,
  getStaticStrings,
  getStudyCountriesAndLanguages,
  getStudyTranslations,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as content from './portal-content.service';

export const portalContentRoutes = [
  route(getStaticStrings, async (ctx) => content.staticStrings(ctx.params)),
  route(getStudyTranslations, (ctx) => content.studyTranslations(ctx, ctx.params)),
  route(getStudyCountriesAndLanguages, (ctx) => content.studyCountriesAndLanguages(ctx, ctx.params)),
  route(getCountries, (ctx) => content.platformCountries(ctx)),
  route(getLanguages, (ctx) => content.platformLanguages(ctx)),
  route(getGlobalElements, (ctx) => content.globalElements(ctx, ctx.params)),
  route(getPortalData, (ctx) => content.publicPortalData(ctx, ctx.params)),
  route(getMyPortalData, (ctx) => content.myPortalData(ctx, ctx.query)),
  route(getPortalFile, (ctx) => content.portalFile(ctx, ctx.params)),
];
