import { getFeatureFlags, getStudy, listStudies } from '@trialpath/contract';
import { describe, expect, it } from 'vitest';
import {
  envHeaderFor,
  isVersionCreation,
  type LoaderExclusion,
  loaderExclusion,
  shouldShowLoader,
  studyIdFromAddress,
  tokenKindFor,
} from './request-rules';

const A = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const B = '9a0c3a57-3c55-4c5c-8f3e-1b8f7c0d2e22';
const tokens = {
  getToken: () => 'general',
  getStudyToken: (id: string) => (id === A ? { token: 'study-a' } : null),
};
const data = { id: 'getStudy', path: '/api/v1/studies/:studyId' };

describe('study id of the address', () => {
  it('comes from /studies/{id} first, else any UUID in the address', () => {
    expect(studyIdFromAddress(`#/studies/${A}/dashboard`)).toBe(A);
    expect(studyIdFromAddress(`#/studies/${A.toUpperCase()}/test/x`)).toBe(A);
    expect(studyIdFromAddress(`#/activity-library/study-activities/studies/${B}`)).toBe(B);
    expect(studyIdFromAddress('#/studies')).toBeNull();
    expect(studyIdFromAddress('#/studies/not-a-uuid')).toBeNull();
  });
});

describe('Authorization', () => {
  it('uses the study token on a study page, else the general token, none for refresh', () => {
    expect(tokenKindFor(data, `#/studies/${A}/dashboard`, tokens)).toEqual({
      kind: 'study',
      studyId: A,
      token: 'study-a',
    });
    expect(tokenKindFor(data, `#/studies/${B}/dashboard`, tokens)).toEqual({ kind: 'general', token: 'general' });
    expect(tokenKindFor(data, '#/studies', tokens)).toEqual({ kind: 'general', token: 'general' });
    expect(tokenKindFor({ id: 'refreshTokens' }, `#/studies/${A}`, tokens)).toEqual({ kind: 'none' });
    expect(tokenKindFor(data, '#/studies', { getToken: () => null, getStudyToken: () => null })).toEqual({
      kind: 'none',
    });
  });

  it('uses the study being entered before the address changes', () => {
    expect(tokenKindFor(data, '#/studies', tokens, A)).toMatchObject({ kind: 'study', token: 'study-a' });
  });
});

describe('Env header (A-151, one rule)', () => {
  const get = { path: '/api/v1/studies/:studyId', method: 'GET' as const };
  const cases: [string, { path: string; method?: 'GET' | 'POST' | 'PUT' }, string, boolean][] = [
    ['test twin page', get, `#/studies/${A}/test/dashboard`, true],
    ['test twin page, non-GET', { ...get, method: 'PUT' }, `#/studies/${A}/test/participants`, true],
    ['design page', get, `#/studies/${A}/design`, true],
    ['customize page', get, `#/studies/${A}/customize/branding`, true],
    ['review page', get, `#/studies/${A}/review/scan`, true],
    ['activity library', get, '#/activity-library/home', true],
    ['activity library of a study', get, `#/activity-library/study-activities/studies/${B}`, true],
    [
      'version creation on a live page',
      { path: '/api/v1/studies/:studyId/versions', method: 'POST' },
      `#/studies/${A}/dashboard`,
      true,
    ],
    [
      'version list GET on a live page',
      { path: '/api/v1/studies/:studyId/versions', method: 'GET' },
      `#/studies/${A}/dashboard`,
      false,
    ],
    ['live study page', get, `#/studies/${A}/dashboard`, false],
    ['studies list searching "test"', get, '#/studies?q=test', false],
    [
      'sign-in on a test page (A-153)',
      { path: '/api/v1/auth/login', method: 'POST' },
      `#/studies/${A}/test/dashboard`,
      false,
    ],
    [
      'study token on a test page (A-153)',
      { path: '/api/v1/auth/study-token', method: 'POST' },
      `#/studies/${A}/test/x`,
      false,
    ],
  ];
  it.each(cases)('%s', (_name, endpoint, hash, test) => {
    expect(envHeaderFor(endpoint, hash)).toEqual(test ? { env: 'test' } : {});
  });
  it('version creation is a POST to …/versions', () => {
    expect(isVersionCreation({ path: '/api/v1/studies/:studyId/versions', method: 'POST' })).toBe(true);
    expect(isVersionCreation({ path: '/api/v1/studies/:studyId/versions/:id', method: 'POST' })).toBe(false);
  });
});

describe('loader exclusions (A-161)', () => {
  const href = 'http://h/#/studies';
  const cases: [
    string,
    { path: string; method: 'GET' | 'POST' | 'PUT'; noLoader?: boolean },
    { query?: unknown; body?: unknown },
    string,
    LoaderExclusion | null,
  ][] = [
    ['an ordinary GET', { path: '/api/v1/studies/:studyId', method: 'GET' }, {}, href, null],
    ['an ordinary POST', { path: '/api/v1/studies/:studyId/sites', method: 'POST' }, { body: { a: 1 } }, href, null],
    [
      'telehealth search',
      { path: '/api/v1/studies/:studyId/telehealth/search', method: 'GET' },
      {},
      href,
      'telehealth-search',
    ],
    [
      'isOnlyCheck in the query',
      { path: '/api/v1/users/check', method: 'GET' },
      { query: { isOnlyCheck: 'true' } },
      href,
      'only-check',
    ],
    [
      'isOnlyCheck in the body',
      { path: '/api/v1/users/check', method: 'POST' },
      { body: { isOnlyCheck: true } },
      href,
      'only-check',
    ],
    [
      'isOnlyCheck false',
      { path: '/api/v1/users/check', method: 'POST' },
      { body: { isOnlyCheck: false } },
      href,
      null,
    ],
    ['pagination GET', { path: '/api/v1/studies', method: 'GET' }, { query: { page: 2 } }, href, 'pagination'],
    ['GET without a page', { path: '/api/v1/studies', method: 'GET' }, { query: { search: 'x' } }, href, null],
    ['document list', { path: '/api/v1/studies/:studyId/documents', method: 'GET' }, {}, href, 'document-list'],
    ['document upload (not a list)', { path: '/api/v1/studies/:studyId/documents', method: 'POST' }, {}, href, null],
    [
      'notification unread count',
      { path: '/api/v1/notifications/unread-count', method: 'GET' },
      {},
      href,
      'unread-count',
    ],
    [
      'participants list GET',
      { path: '/api/v1/studies/:studyId/participants', method: 'GET' },
      {},
      href,
      'participants-list',
    ],
    ['participant creation (POST)', { path: '/api/v1/studies/:studyId/participants', method: 'POST' }, {}, href, null],
    ['feature flags', { path: '/api/v1/feature-flags', method: 'GET' }, {}, href, 'feature-flags'],
    ['endpoint opts out', { path: '/api/v1/x', method: 'GET', noLoader: true }, {}, href, 'endpoint'],
    [
      'URL flag off',
      { path: '/api/v1/x', method: 'GET' },
      {},
      'http://h/?automatic_off_loader=false#/studies',
      'url-flag',
    ],
    [
      'URL flag off in the hash',
      { path: '/api/v1/x', method: 'GET' },
      {},
      'http://h/#/studies?automatic_off_loader=false',
      'url-flag',
    ],
    ['URL flag on', { path: '/api/v1/x', method: 'GET' }, {}, 'http://h/#/studies?automatic_off_loader=true', null],
  ];
  it.each(cases)('%s', (_name, endpoint, input, h, expected) => {
    expect(loaderExclusion(endpoint, input, h)).toBe(expected);
    expect(shouldShowLoader(endpoint, h, input)).toBe(expected === null);
  });
  it('covers the contract endpoints: feature flags and the paged studies list show no loader', () => {
    expect(shouldShowLoader(getFeatureFlags, href)).toBe(false);
    expect(shouldShowLoader(listStudies, href, { query: { page: 1 } })).toBe(false);
    expect(shouldShowLoader(getStudy, href, { params: { studyId: A } } as never)).toBe(true);
  });
});
