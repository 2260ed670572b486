/**
 * Consent configuration (000 §7.5, decision D-018): all scoped by studyId and consentId, all on the study's
 * draft version (a consent belongs to a version; a published version's consents are read, never changed).
 * v1 reads and writes a whole consent; v2 writes one part of a consent (sections, quiz, documents, privacy
 * policy, licence, disclaimers, optional consents), deletes one language of a consent, and orders consents,
 * cohorts and a cohort's consents. Every write carries the revision of the section it changes (consents or
 * cohorts) and is refused with 409 DRAFT_CONFLICT when someone saved since.
 */
import {
  CONSENT_PARTS,
  type ConsentPart,
  consentItemSchema,
  ItemIdSchema,
  LanguageCodeSchema,
  studyContentSectionSchema,
  textKit,
} from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint, type Endpoint } from './endpoint';

const Uuid = z.string().uuid();
const StudyParams = z.object({ studyId: Uuid }).strict();
const ConsentParams = z.object({ studyId: Uuid, consentId: ItemIdSchema }).strict();
const CohortParams = z.object({ studyId: Uuid, cohortId: ItemIdSchema }).strict();
const Revision = z.number().int().min(0);

export const ConsentSchema = consentItemSchema(textKit({}));
const ConsentsSection = studyContentSectionSchema('consents');
const CohortsSection = studyContentSectionSchema('cohorts');

/** The consent configuration of a version: consents and cohorts with each section's revision. */
export const ConsentConfigurationSchema = z.object({
  versionId: z.string(),
  versionStatus: z.string(),
  /** The consents section's revision (send it back with a consent write). */
  revision: z.number().int(),
  consents: ConsentsSection.shape.items,
  /** The cohorts section's revision (send it back with a cohort write). */
  cohortsRevision: z.number().int(),
  cohorts: CohortsSection.shape.items,
});
export type ConsentConfiguration = z.infer<typeof ConsentConfigurationSchema>;

const write = { audience: 'staff', permission: 'consent.configure', env: 'neutral', sanitize: true } as const;

export const getConsentConfiguration = defineEndpoint({
  id: 'getConsentConfiguration',
  method: 'GET',
  path: '/api/v1/studies/:studyId/consents',
  audience: 'staff',
  permission: 'consent.configure',
  env: 'neutral',
  summary: "The consents and cohorts of the study's draft (or of the version named by versionId)",
  params: StudyParams,
  query: z.object({ versionId: Uuid.optional() }).strict(),
  response: ConsentConfigurationSchema,
});

export const createConsent = defineEndpoint({
  id: 'createConsent',
  method: 'POST',
  path: '/api/v1/studies/:studyId/consents',
  ...write,
  summary: "Add a consent to the draft (its id must be new in the version's consents)",
  params: StudyParams,
  body: z.object({ revision: Revision, consent: ConsentSchema }).strict(),
  response: ConsentConfigurationSchema,
});

export const updateConsent = defineEndpoint({
  id: 'updateConsent',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/consents/:consentId',
  ...write,
  summary: 'Replace one consent of the draft whole (name, flags and every part)',
  params: ConsentParams,
  body: z.object({ revision: Revision, consent: ConsentSchema }).strict(),
  response: ConsentConfigurationSchema,
});

export const deleteConsent = defineEndpoint({
  id: 'deleteConsent',
  method: 'DELETE',
  path: '/api/v1/studies/:studyId/consents/:consentId',
  ...write,
  summary: 'Remove a consent from the draft (refused while a cohort lists it)',
  params: ConsentParams,
  query: z.object({ revision: z.coerce.number().int().min(0) }).strict(),
  response: ConsentConfigurationSchema,
});

function partPath(part: ConsentPart): string {
  return part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function partEndpoint(part: ConsentPart) {
  const name = part.charAt(0).toUpperCase() + part.slice(1);
  return defineEndpoint({
    id: `updateConsent${name}`,
    method: 'PUT',
    path: `/api/v2/studies/:studyId/consents/:consentId/${partPath(part)}`,
    ...write,
    summary: `Save one consent's ${part} on the draft`,
    params: ConsentParams,
    body: z.object({ revision: Revision, value: ConsentSchema.shape[part] }).strict(),
    response: ConsentConfigurationSchema,
  });
}

/** One v2 call per consent part (D-008 … D-013, D-016). */
export const CONSENT_PART_ENDPOINTS = Object.fromEntries(
  CONSENT_PARTS.map((p) => [p, partEndpoint(p)]),
) as unknown as Record<ConsentPart, Endpoint>;

export const updateConsentFlags = defineEndpoint({
  id: 'updateConsentFlags',
  method: 'PUT',
  path: '/api/v2/studies/:studyId/consents/:consentId/flags',
  ...write,
  summary: 'Turn education, comprehension, document and signature, and digital signature on or off',
  params: ConsentParams,
  body: z
    .object({
      revision: Revision,
      educationEnabled: z.boolean(),
      comprehensionEnabled: z.boolean(),
      documentAndSignatureEnabled: z.boolean(),
      digitalSignatureEnabled: z.boolean(),
    })
    .strict(),
  response: ConsentConfigurationSchema,
});

export const deleteConsentLanguage = defineEndpoint({
  id: 'deleteConsentLanguage',
  method: 'DELETE',
  path: '/api/v2/studies/:studyId/consents/:consentId/languages/:language',
  ...write,
  summary: "Remove every text of one language from one consent (refused for the study's default language)",
  params: z.object({ studyId: Uuid, consentId: ItemIdSchema, language: LanguageCodeSchema }).strict(),
  query: z.object({ revision: z.coerce.number().int().min(0) }).strict(),
  response: ConsentConfigurationSchema,
});

const Order = z.array(ItemIdSchema).max(50);

export const orderConsents = defineEndpoint({
  id: 'orderConsents',
  method: 'PUT',
  path: '/api/v2/studies/:studyId/consents/order',
  ...write,
  summary: "Put the draft's consents in this order (every consent id once)",
  params: StudyParams,
  body: z.object({ revision: Revision, consentIds: Order }).strict(),
  response: ConsentConfigurationSchema,
});

export const setCohortConsents = defineEndpoint({
  id: 'setCohortConsents',
  method: 'PUT',
  path: '/api/v2/studies/:studyId/cohorts/:cohortId/consents',
  ...write,
  summary: "The consents a cohort's participants sign, in order (each a consent of the draft)",
  params: CohortParams,
  body: z.object({ revision: Revision, consentIds: Order }).strict(),
  response: ConsentConfigurationSchema,
});

export const orderCohorts = defineEndpoint({
  id: 'orderCohorts',
  method: 'PUT',
  path: '/api/v2/studies/:studyId/cohorts/order',
  ...write,
  summary: "Put the draft's cohorts in this order (every cohort id once)",
  params: StudyParams,
  body: z.object({ revision: Revision, cohortIds: Order }).strict(),
  response: ConsentConfigurationSchema,
});
