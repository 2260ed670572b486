/**
 * NUL characters and lone UTF-16 surrogates are refused at the contract layer, for every string of
 * every endpoint, with the field's message — never a 500 from the database.
 */
import {
  ENDPOINTS,
  type Endpoint,
  forgotPassword,
  forgotUsername,
  participantForgotPassword,
  participantLogin,
  staffLogin,
  unlockUser,
  updateProfile,
} from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, participantAccess, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let staffToken: string;
let participantToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = (await staffAccess(t, 'admin')).accessToken;
  participantToken = (await participantAccess(t, 'participant.demo')).accessToken;
});
afterAll(() => t?.close());

const BAD = { nul: 'a\u0000b', 'lone surrogate': 'x\uD800y' };
const refused = translate('errors.invalidCharacters');

function expectRefused(
  r: { status: number; json: { code: string; fieldErrors?: Record<string, string[]> } },
  field: string,
) {
  expect(r.status).toBe(400);
  expect(r.json.code).toBe('VALIDATION_FAILED');
  expect(r.json.fieldErrors?.[field]).toEqual([refused]);
}

describe.each(Object.entries(BAD))('a %s in a string field answers 400 with that field named', (_kind, bad) => {
  const cases: [string, Endpoint, Record<string, unknown>, string, 'staff' | 'none'][] = [
    ['sign-in username', staffLogin, { username: bad, password: 'x' }, 'username', 'none'],
    ['sign-in password', staffLogin, { username: 'admin', password: bad }, 'password', 'none'],
    ['forgot password', forgotPassword, { username: bad }, 'username', 'none'],
    ['forgot username', forgotUsername, { email: bad }, 'email', 'none'],
    [
      'participant sign-in study code',
      participantLogin,
      { studyCode: bad, username: 'u', password: 'p' },
      'studyCode',
      'none',
    ],
    [
      'participant forgot password study code',
      participantForgotPassword,
      { studyCode: bad, username: 'u', userType: 'webParticipant', requestKind: 'resetLink', countryId: 'US' },
      'studyCode',
      'none',
    ],
  ];
  it.each(cases)('%s', async (_name, endpoint, body, field) => {
    expectRefused(await call(t.app, endpoint, { body }), field);
  });

  it.each(['firstName', 'lastName', 'workNumber', 'licenseType'])('profile %s', async (field) => {
    const r = await call(t.app, updateProfile, {
      token: staffToken,
      body: { firstName: 'Ada', lastName: 'Admin', [field]: bad },
    });
    expectRefused(r, field);
    expect(r.json.fieldErrorKeys[field]).toEqual([{ key: 'errors.invalidCharacters' }]);
  });
});

describe('a reason for change holding a lone surrogate or NUL is refused, so the trail never stores U+FFFD for it (issue 8)', () => {
  it.each(Object.entries(BAD))('%s in the unlock reason', async (_kind, bad) => {
    const userId = await idOf(t.db, 'users', { username: 'crc.demo' });
    const r = await call(t.app, unlockUser, { token: staffToken, params: { userId }, body: { reason: bad } });
    expectRefused(r, 'reason');
    expect(await auditActions(t.db, userId)).toEqual([]);
  });
});

/** Path values that are not ids: a language code. */
const SAMPLE_PARAMS: Record<string, string> = { language: 'es', seq: '0' };

/** Path values each endpoint's params schema accepts (an id, a language, or the first choice of a list such as `:type`). */
function wellFormedParams(e: Endpoint): Record<string, string> {
  const shape = (e.params as { shape?: Record<string, { options?: readonly string[] }> } | undefined)?.shape ?? {};
  return Object.fromEntries(
    [...e.path.matchAll(/:(\w+)/g)].map((m) => [
      m[1]!,
      shape[m[1]!]?.options?.[0] ?? SAMPLE_PARAMS[m[1]!] ?? '00000000-0000-4000-8000-000000000000',
    ]),
  );
}

/** The smallest query the endpoint accepts: its required fields (a section revision, a page) as 0. */
function wellFormedQuery(e: Endpoint): Record<string, string> | undefined {
  const r = e.query?.safeParse({});
  if (!r || r.success) return undefined;
  return Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), '0']));
}

describe('every endpoint refuses unsafe text in each part of the request', () => {
  const tokenFor = (e: Endpoint) =>
    e.audience === 'staff' ? staffToken : e.audience === 'participant' ? participantToken : undefined;
  const withBody = ENDPOINTS.filter((e) => e.method !== 'GET' && !e.upload);

  it.each(withBody.map((e) => [e.id, e] as const))('%s: body', async (_id, e) => {
    const params = wellFormedParams(e);
    const r = await call(t.app, e, {
      params,
      token: tokenFor(e),
      query: wellFormedQuery(e),
      body: { probe: '\u0000', nested: { list: ['\uDC00'] } },
    });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors).toEqual({ probe: [refused], 'nested.list.0': [refused] });
  });

  it.each(ENDPOINTS.filter((e) => e.query).map((e) => [e.id, e] as const))('%s: query', async (_id, e) => {
    const params = wellFormedParams(e);
    const r = await call(t.app, e, { params, token: tokenFor(e), query: { search: 'a\u0000' } });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors).toEqual({ search: [refused] });
  });

  it.each(ENDPOINTS.filter((e) => /:\w+/.test(e.path)).map((e) => [e.id, e] as const))('%s: path', async (_id, e) => {
    const params = Object.fromEntries([...e.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, 'x\u0000']));
    const r = await call(t.app, e, { params, token: tokenFor(e), body: e.method === 'GET' ? undefined : {} });
    expect(r.status).toBe(400);
    expect(Object.values(r.json.fieldErrors as Record<string, string[]>)).toContainEqual([refused]);
  });
});
