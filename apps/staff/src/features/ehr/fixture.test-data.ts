/** The study's EHR link and a participant's EHR records as the server answers them (zod-checked), and a call recorder. */
import { type EhrLink, EhrLinkSchema, type ParticipantEhr, ParticipantEhrSchema } from '@trialpath/contract';
import { vi } from 'vitest';
import { jsonResponse } from '../../screen-test-setup';

export const S = '99999999-9999-4999-8999-999999999999';
export const P = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const LINK_PATH = `/api/v1/studies/${S}/ehr-link`;

export const LINK: EhrLink = EhrLinkSchema.parse({
  configured: true,
  enabled: true,
  displayName: 'Epic MyChart',
  fhirBaseUrl: 'https://fhir.example.org/api/FHIR/R4',
  clientId: 'trialpath-app',
  hasClientSecret: true,
  scopes: 'launch/patient openid fhirUser patient/Patient.read patient/Observation.read offline_access',
  resourceTypes: ['Observation', 'Condition'],
  redirectUri: 'https://trialpath.example/api/v1/ehr/callback',
  lastDiscovery: null,
  updatedAt: '2026-12-01T10:00:00.000Z',
});

const item = (resource: Record<string, unknown>) => ({
  id: String(resource.id),
  versionId: '1',
  lastUpdated: '2026-03-01T10:00:00Z',
  fetchedAt: '2026-12-01T10:00:00.000Z',
  resource,
});

export const RECORDS: ParticipantEhr = ParticipantEhrSchema.parse({
  connection: {
    status: 'CONNECTED',
    connectedAt: '2026-12-01T10:00:00.000Z',
    lastSyncAt: '2026-12-01T10:00:00.000Z',
    lastError: null,
    counts: { Patient: 1, Observation: 1, Condition: 1, MedicationRequest: 1 },
  },
  patientFhirId: 'pat-1',
  groups: [
    {
      resourceType: 'Patient',
      items: [
        item({
          resourceType: 'Patient',
          id: 'pat-1',
          name: [{ use: 'official', family: 'Lin', given: ['Derrick'] }],
          gender: 'male',
          birthDate: '1973-06-03',
        }),
      ],
    },
    {
      resourceType: 'Condition',
      items: [
        item({
          resourceType: 'Condition',
          id: 'c-1',
          code: { text: 'Hypertension' },
          clinicalStatus: { coding: [{ code: 'active' }] },
          onsetDateTime: '2019-05-01',
        }),
      ],
    },
    {
      resourceType: 'MedicationRequest',
      items: [
        item({
          resourceType: 'MedicationRequest',
          id: 'm-1',
          status: 'active',
          medicationCodeableConcept: { coding: [{ display: 'Lisinopril 10 mg tablet' }] },
          authoredOn: '2025-02-01',
        }),
      ],
    },
    {
      resourceType: 'Observation',
      items: [
        item({
          resourceType: 'Observation',
          id: 'o-1',
          status: 'final',
          code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
          valueQuantity: { value: 72, unit: '/min' },
          effectiveDateTime: '2026-03-01',
        }),
      ],
    },
  ],
});

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A stubbed API: `answer` gives the response of a call (undefined: 404); every call is recorded. */
export function serve(answer: (c: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const c: Call = {
        method: init?.method ?? 'GET',
        path: url.split('?')[0] ?? '',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(c);
      return answer(c) ?? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
  return calls;
}
