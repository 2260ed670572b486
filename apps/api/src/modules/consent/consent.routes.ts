import {
  CONSENT_PART_ENDPOINTS,
  chooseMyCohort,
  countersignParticipantConsent,
  createConsent,
  getMyConsentPdf,
  getMyConsents,
  getParticipantConsentPdf,
  getReconsentStatus,
  listParticipantConsents,
  signMyConsent,
  deleteConsent,
  deleteConsentLanguage,
  getConsentConfiguration,
  orderCohorts,
  orderConsents,
  setCohortConsents,
  updateConsent,
  updateConsentFlags,
} from '@trialpath/contract';
import { CONSENT_PARTS, type ConsentPart } from '@trialpath/domain';
import { type RouteDef, route } from '../../http/context';
import * as signing from './consent-signing.service';
import * as consent from './consent.service';

/** One v2 part call; typed by hand (a loop over the parts loses each part's own schema). */
function partRoute(part: ConsentPart): RouteDef {
  return route(CONSENT_PART_ENDPOINTS[part], (ctx) => {
    const params = ctx.params as { studyId: string; consentId: string };
    const body = ctx.body as { revision: number; value: unknown };
    return consent.updateConsentPart(ctx, { ...params, ...body, part });
  });
}

export const consentRoutes: RouteDef[] = [
  route(getConsentConfiguration, (ctx) => consent.consentConfiguration(ctx, { ...ctx.params, ...ctx.query })),
  route(createConsent, (ctx) => consent.createConsent(ctx, { ...ctx.params, ...ctx.body })),
  route(updateConsent, (ctx) => consent.updateConsent(ctx, { ...ctx.params, ...ctx.body })),
  route(deleteConsent, (ctx) => consent.deleteConsent(ctx, { ...ctx.params, ...ctx.query })),
  route(updateConsentFlags, (ctx) => consent.updateConsentFlags(ctx, { ...ctx.params, ...ctx.body })),
  route(deleteConsentLanguage, (ctx) => consent.deleteConsentLanguage(ctx, { ...ctx.params, ...ctx.query })),
  route(orderConsents, (ctx) => consent.orderConsents(ctx, { ...ctx.params, ...ctx.body })),
  route(orderCohorts, (ctx) => consent.orderCohorts(ctx, { ...ctx.params, ...ctx.body })),
  route(setCohortConsents, (ctx) => consent.setCohortConsents(ctx, { ...ctx.params, ...ctx.body })),
  ...CONSENT_PARTS.map(partRoute),
];

export const consentSigningRoutes: RouteDef[] = [
  route(getMyConsents, (ctx) => signing.myConsents(ctx)),
  route(chooseMyCohort, (ctx) => signing.chooseCohort(ctx, ctx.body)),
  route(signMyConsent, (ctx) => signing.signConsent(ctx, { ...ctx.params, ...ctx.body })),
  route(getMyConsentPdf, (ctx) => signing.myConsentPdf(ctx, ctx.params)),
  route(listParticipantConsents, (ctx) => signing.participantConsents(ctx, ctx.params)),
  route(getParticipantConsentPdf, (ctx) => signing.participantConsentPdf(ctx, ctx.params)),
  route(countersignParticipantConsent, (ctx) => signing.countersignConsent(ctx, { ...ctx.params, ...ctx.body })),
  route(getReconsentStatus, (ctx) => signing.reconsentStatus(ctx, ctx.params)),
];
