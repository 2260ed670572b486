/**
 * Epic MyChart link with SMART on FHIR (issue 14; H-036, H-037; decision H-epic-mychart). Staff configure the study's
 * link (customize/epic-mychart) and test its SMART discovery; a participant starts the SMART standalone launch
 * (OAuth 2.0 code flow with PKCE S256), the EHR sends the browser to the public callback, and the server fetches the
 * participant's Patient and the configured resources; staff read them on the participant's profile.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** The FHIR R4 resource types a study may fetch besides the Patient (always fetched). */
export const EHR_RESOURCE_TYPES = [
  'Observation',
  'Condition',
  'MedicationRequest',
  'AllergyIntolerance',
  'Immunization',
  'Procedure',
] as const;
export type EhrResourceType = (typeof EHR_RESOURCE_TYPES)[number];

export const EHR_DEFAULT_SCOPES =
  'launch/patient openid fhirUser patient/Patient.read patient/Observation.read patient/Condition.read patient/MedicationRequest.read offline_access';

const LOOPBACK = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

/** An https address, or http to this machine (development and tests), without query or fragment. */
export function isUsableFhirBase(value: string): boolean {
  try {
    const u = new URL(value);
    if (u.search || u.hash || u.username || u.password) return false;
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.test(u.hostname));
  } catch {
    return false;
  }
}

/** SMART scopes: the standalone patient launch and at least one patient-level read (v1 `.read` or v2 `.r`/`.rs`). */
export function hasUsableScopes(scopes: string): boolean {
  const list = scopes.split(/\s+/).filter(Boolean);
  return list.includes('launch/patient') && list.some((s) => /^patient\/[A-Za-z*]+\.(read|r|rs)$/.test(s));
}

const FhirBaseUrl = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine(isUsableFhirBase, { params: { messageKey: 'ehr.baseUrlInvalid' } })
  .transform((v) => v.replace(/\/+$/, ''));

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();

/** What SMART discovery found at `<base>/.well-known/smart-configuration`, or why it failed. */
export const EhrDiscoverySchema = z.object({
  ok: z.boolean(),
  at: z.string(),
  fhirBaseUrl: z.string(),
  authorizationEndpoint: z.string().nullable(),
  tokenEndpoint: z.string().nullable(),
  issuer: z.string().nullable(),
  capabilities: z.array(z.string()),
  codeChallengeMethods: z.array(z.string()),
  /** Why discovery failed (ok false), else null. */
  reason: z.string().nullable(),
});
export type EhrDiscovery = z.infer<typeof EhrDiscoverySchema>;

export const EhrLinkSchema = z.object({
  /** False until someone saves the study's link. */
  configured: z.boolean(),
  enabled: z.boolean(),
  displayName: z.string(),
  fhirBaseUrl: z.string(),
  clientId: z.string(),
  /** Whether a client secret is stored; the secret itself is never answered. */
  hasClientSecret: z.boolean(),
  scopes: z.string(),
  resourceTypes: z.array(z.enum(EHR_RESOURCE_TYPES)),
  /** The address to register at the EHR as the app's redirect URI. */
  redirectUri: z.string(),
  lastDiscovery: EhrDiscoverySchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type EhrLink = z.infer<typeof EhrLinkSchema>;

export const EhrLinkBodySchema = z
  .object({
    enabled: z.boolean(),
    displayName: z.string().trim().min(1).max(80),
    fhirBaseUrl: FhirBaseUrl,
    clientId: z.string().trim().min(1).max(200),
    /** A new secret; absent keeps the stored one. */
    clientSecret: z.string().min(1).max(500).optional(),
    /** True removes the stored secret (a public client). */
    clearClientSecret: z.boolean().default(false),
    scopes: z
      .string()
      .trim()
      .min(1)
      .max(1000)
      .refine(hasUsableScopes, { params: { messageKey: 'ehr.scopesInvalid' } }),
    resourceTypes: z.array(z.enum(EHR_RESOURCE_TYPES)).max(EHR_RESOURCE_TYPES.length),
  })
  .strict();

export const getStudyEhrLink = defineEndpoint({
  id: 'getStudyEhrLink',
  method: 'GET',
  path: '/api/v1/studies/:studyId/ehr-link',
  audience: 'staff',
  permission: 'studies.view',
  summary: 'The study’s Epic MyChart (SMART on FHIR) link: whether a client secret is set, never the secret',
  params: StudyParams,
  response: EhrLinkSchema,
});

export const putStudyEhrLink = defineEndpoint({
  id: 'putStudyEhrLink',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/ehr-link',
  audience: 'staff',
  permission: 'studies.design',
  summary: 'Configure the study’s Epic MyChart link (the client secret is stored sealed)',
  params: StudyParams,
  body: EhrLinkBodySchema,
  response: EhrLinkSchema,
});

export const testStudyEhrLink = defineEndpoint({
  id: 'testStudyEhrLink',
  method: 'POST',
  path: '/api/v1/studies/:studyId/ehr-link/test',
  audience: 'staff',
  permission: 'studies.design',
  summary:
    'Run SMART discovery against a FHIR base address (the saved one when none is sent): the endpoints found or the reason',
  params: StudyParams,
  body: z.object({ fhirBaseUrl: FhirBaseUrl.optional() }).strict(),
  response: EhrDiscoverySchema,
});

export const EHR_CONNECTION_STATUSES = ['CONNECTED', 'REVOKED', 'ERROR'] as const;

export const MyEhrSchema = z.object({
  /** The study offers linking a health record. */
  offered: z.boolean(),
  displayName: z.string().nullable(),
  connection: z
    .object({
      status: z.enum(EHR_CONNECTION_STATUSES),
      connectedAt: z.string().nullable(),
      lastSyncAt: z.string().nullable(),
      lastError: z.string().nullable(),
      /** Resources held per type (Patient included). */
      counts: z.record(z.string(), z.number().int()),
    })
    .nullable(),
});
export type MyEhr = z.infer<typeof MyEhrSchema>;

export const getMyEhr = defineEndpoint({
  id: 'getMyEhr',
  method: 'GET',
  path: '/api/v1/participant/ehr',
  audience: 'participant',
  summary: 'Whether the study offers linking a health record, and the signed-in participant’s connection',
  response: MyEhrSchema,
});

export const startMyEhr = defineEndpoint({
  id: 'startMyEhr',
  method: 'POST',
  path: '/api/v1/participant/ehr/start',
  audience: 'participant',
  summary: 'Start linking the health record: the EHR’s authorize address (SMART standalone launch, PKCE S256)',
  response: z.object({ authorizeUrl: z.string() }),
});

export const ehrCallback = defineEndpoint({
  id: 'ehrCallback',
  method: 'GET',
  path: '/api/v1/ehr/callback',
  audience: 'public',
  summary:
    'The EHR’s redirect after authorisation: the state is checked and used once, the code exchanged with the PKCE verifier, the records fetched; the browser is sent back to the participant portal',
  query: z
    .object({
      state: z.string().min(1).max(200),
      code: z.string().min(1).max(4000).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(1000).optional(),
      iss: z.string().max(500).optional(),
    })
    .strict(),
  response: z.any(),
});

export const syncMyEhr = defineEndpoint({
  id: 'syncMyEhr',
  method: 'POST',
  path: '/api/v1/participant/ehr/sync',
  audience: 'participant',
  summary: 'Fetch the health record again (the refresh token is used when the access token expired)',
  response: MyEhrSchema,
});

export const disconnectMyEhr = defineEndpoint({
  id: 'disconnectMyEhr',
  method: 'DELETE',
  path: '/api/v1/participant/ehr',
  audience: 'participant',
  summary: 'Disconnect the health record: its tokens are removed, the records fetched so far stay with the study',
  response: MyEhrSchema,
});

export const EhrResourceGroupSchema = z.object({
  resourceType: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      versionId: z.string().nullable(),
      lastUpdated: z.string().nullable(),
      fetchedAt: z.string(),
      resource: z.record(z.string(), z.unknown()),
    }),
  ),
});

export const ParticipantEhrSchema = z.object({
  connection: MyEhrSchema.shape.connection,
  patientFhirId: z.string().nullable(),
  /** Fetched resources grouped by type (Patient first), each newest first. */
  groups: z.array(EhrResourceGroupSchema),
});
export type ParticipantEhr = z.infer<typeof ParticipantEhrSchema>;

export const getParticipantEhr = defineEndpoint({
  id: 'getParticipantEhr',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/ehr',
  audience: 'staff',
  permission: 'responses.view',
  summary: 'The health-record resources fetched for a participant, grouped by type',
  params: z.object({ studyId: z.string().uuid(), participantId: z.string().uuid() }).strict(),
  response: ParticipantEhrSchema,
});
