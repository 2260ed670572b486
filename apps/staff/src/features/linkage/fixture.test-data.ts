/** A study's linkage configuration and token list (validated against the contract), and a stubbed API. */
import {
  type LinkageConfiguration,
  LinkageConfigurationSchema,
  type LinkageTokenList,
  LinkageTokenListSchema,
} from '@trialpath/contract';
import { vi } from 'vitest';

export const S = '99999999-9999-4999-8999-999999999999';
export const BOSTON = '11111111-1111-4111-8111-111111111111';
export const MADRID = '22222222-2222-4222-8222-222222222222';

export const CONFIG_OFF: LinkageConfiguration = LinkageConfigurationSchema.parse({
  enabled: false,
  datasetName: '',
  tokenTypes: ['T1', 'T2'],
  hasKey: false,
  keyCreatedAt: null,
  keyReadable: false,
  updatedAt: null,
});

export const CONFIG_ON: LinkageConfiguration = LinkageConfigurationSchema.parse({
  enabled: true,
  datasetName: 'DEMO linkage',
  tokenTypes: ['T1', 'T2'],
  hasKey: true,
  keyCreatedAt: '2026-03-01T09:00:00.000Z',
  keyReadable: true,
  updatedAt: '2026-03-01T09:00:00.000Z',
});

export const TOKENS: LinkageTokenList = LinkageTokenListSchema.parse({
  enabled: true,
  datasetName: 'DEMO linkage',
  tokenTypes: ['T1', 'T2'],
  items: [
    {
      participantId: 'p1',
      participantCode: 'DEMO-US001-0001',
      siteId: BOSTON,
      siteCode: 'US-001',
      siteName: 'Boston',
      tokens: [
        {
          type: 'T1',
          token: '1KNSS2DuDkHdUbowwuwkEDainIJT6hU9YNGVatpkWAU',
          madeAt: '2026-03-02T10:00:00.000Z',
          missing: [],
        },
        {
          type: 'T2',
          token: 'W1XiLWCvNjo336M-tmaQ7V_CtGFVbCDJJKkBTvde00w',
          madeAt: '2026-03-02T10:00:00.000Z',
          missing: [],
        },
      ],
    },
    {
      participantId: 'p2',
      participantCode: 'DEMO-US001-0002',
      siteId: BOSTON,
      siteCode: 'US-001',
      siteName: 'Boston',
      tokens: [
        { type: 'T1', token: null, madeAt: null, missing: ['sex', 'dob'] },
        { type: 'T2', token: null, madeAt: null, missing: ['lastSoundex', 'firstSoundex', 'dob'] },
      ],
    },
  ],
  total: 2,
  page: 1,
  pageSize: 25,
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
      return answer(c) ?? new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }), { status: 404 });
    }),
  );
  return calls;
}
