/** EDC: site data entry of data capture forms (issue 12; E-012, E-013; decision E-edc): its routes. */
import {
  getSiteDataLock,
  getSiteForm,
  getSiteFormTrail,
  listSiteForms,
  lockSiteData,
  lockSiteForm,
  saveSiteForm,
  signSiteForm,
  startUnscheduledSiteForm,
  unlockSiteData,
  unlockSiteForm,
} from '@trialpath/contract';
import { type RouteDef, route } from '../../http/context';
import { lockSite, siteDataLock, unlockSite } from './site-data-lock.service';
import { lockEntry, saveEntry, signEntry, startUnscheduled, unlockEntry } from './site-form-writes.service';
import { siteFormDetail, siteFormList, siteFormTrail } from './site-forms.service';

export const siteFormRoutes: RouteDef[] = [
  route(listSiteForms, (ctx) => siteFormList(ctx, ctx.params)),
  route(getSiteForm, (ctx) => siteFormDetail(ctx, ctx.params)),
  route(getSiteFormTrail, (ctx) => siteFormTrail(ctx, ctx.params)),
  route(saveSiteForm, (ctx) => saveEntry(ctx, { ...ctx.params, ...ctx.body })),
  route(startUnscheduledSiteForm, (ctx) => startUnscheduled(ctx, { ...ctx.params, ...ctx.body })),
  route(signSiteForm, (ctx) => signEntry(ctx, { ...ctx.params, ...ctx.body })),
  route(lockSiteForm, (ctx) => lockEntry(ctx, ctx.params)),
  route(unlockSiteForm, (ctx) => unlockEntry(ctx, ctx.params)),
  route(getSiteDataLock, (ctx) => siteDataLock(ctx, ctx.params)),
  route(lockSiteData, (ctx) => lockSite(ctx, ctx.params)),
  route(unlockSiteData, (ctx) => unlockSite(ctx, ctx.params)),
];
