/**
 * The signed-in participant's site: its address and contact (001 §1 D-039, D-047; §3 D-072…D-074; decision
 * D-075). Three reads, as the spec names them: the participant's address by pid, the site details by pid and
 * study (a list whose first item the portal uses) and the principal investigator's phone by site and
 * participant. A participant reads only their own: naming another pid, study or site is refused (403).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** The participant's record id (the session's pid), as push's participantId (decision D-092). */
const Pid = z.string().uuid();

/**
 * D-047: the site address fields, under the spec's names. `type` is the site's sub type (CLINIC, …); `country`
 * is the country's name in the request's language (a display screen shows names, not ISO codes).
 */
export const SiteAddressSchema = z.object({
  name: z.string(),
  phoneNumber: z.string(),
  siteEmail: z.string(),
  type: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipcode: z.string(),
});
export type SiteAddress = z.infer<typeof SiteAddressSchema>;

/** One site of the site details (D-073): its ids, its address fields and its contact person. */
export const ParticipantSiteSchema = SiteAddressSchema.extend({
  siteId: z.string(),
  /** The site's code, e.g. US-001. */
  siteCode: z.string(),
  /** The country's ISO 3166 alpha-2 code. */
  countryId: z.string(),
  contactName: z.string(),
});
export type ParticipantSite = z.infer<typeof ParticipantSiteSchema>;

export const getParticipantAddress = defineEndpoint({
  id: 'getParticipantAddress',
  method: 'GET',
  path: '/api/v1/participant-web/participants/:pid/address',
  audience: 'participant',
  summary: "D-072: the signed-in participant's site address (the body holds the site address fields of D-047)",
  params: z.object({ pid: Pid }).strict(),
  response: SiteAddressSchema,
});

export const getParticipantSiteDetails = defineEndpoint({
  id: 'getParticipantSiteDetails',
  method: 'GET',
  path: '/api/v1/participant-web/studies/:studyId/participants/:pid/site',
  audience: 'participant',
  summary: "D-073: the signed-in participant's site details in their study; the portal uses the first item",
  params: z.object({ studyId: z.string().uuid(), pid: Pid }).strict(),
  response: z.object({ data: z.array(ParticipantSiteSchema) }),
});

export const getPrincipalInvestigatorPhone = defineEndpoint({
  id: 'getPrincipalInvestigatorPhone',
  method: 'GET',
  path: '/api/v1/participant-web/sites/:siteId/participants/:participantId/investigator-phone',
  audience: 'participant',
  summary:
    "D-074, D-075: the principal investigator of the participant's site, by name, and their phone (null: no investigator, or none on record)",
  params: z.object({ siteId: z.string().uuid(), participantId: Pid }).strict(),
  response: z.object({ name: z.string().nullable(), phoneNumber: z.string().nullable() }),
});
