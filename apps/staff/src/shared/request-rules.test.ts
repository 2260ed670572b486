import {
  createStudyDraft,
  defineEndpoint,
  type Endpoint,
  getFeatureFlags,
  getStudy,
  getStudyToken,
  listSsoProviders,
  listStudies,
  logout,
  refreshTokens,
  staffLogin,
} from '@trialpath/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  envHeaderFor,
  type LoaderExclusion,
  loaderExclusion,
  pageEnvironment,
  shouldShowLoader,
  studyIdFromAddress,
  tokenKindFor,
} from './request-rules';

/** Endpoints of later areas, declared as their areas will declare them (000 §7.1). */
const later = (id: string, method: Endpoint['method'], extra: Partial<Endpoint>) =>
  defineEndpoint({
    id,
    method,
    path: `/api/v1/${id}`,
    audience: 'staff',
    summary: id,
    response: z.object({}),
    ...extra,
  });
const listVersions = later('listVersions', 'GET', {});
const updateParticipant = later('updateParticipant', 'PUT', {});

const A = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const B = '9a0c3a57-3c55-4c5c-8f3e-1b8f7c0d2e22';
const tokens = {
  getToken: () => 'general',
  getStudyToken: (id: string) => (id === A ? { token: 'study-a' } : null),
};
const data = getStudy;

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
    expect(tokenKindFor(refreshTokens, `#/studies/${A}`, tokens)).toEqual({ kind: 'none' });
    expect(tokenKindFor(logout, `#/studies/${A}`, tokens)).toMatchObject({ kind: 'study' });
    expect(tokenKindFor(data, '#/studies', { getToken: () => null, getStudyToken: () => null })).toEqual({
      kind: 'none',
    });
  });

  it('uses the study being entered before the address changes', () => {
    expect(tokenKindFor(data, '#/studies', tokens, A)).toMatchObject({ kind: 'study', token: 'study-a' });
  });
});

describe('Env header (A-151, one rule)', () => {
  const cases: [string, Pick<Endpoint, 'env'>, string, boolean][] = [
    ['test twin page', getStudy, `#/studies/${A}/test/dashboard`, true],
    ['test twin page, non-GET', updateParticipant, `#/studies/${A}/test/participants`, true],
    ['design page', getStudy, `#/studies/${A}/design`, true],
    ['customize page', getStudy, `#/studies/${A}/customize/branding`, true],
    ['review page', getStudy, `#/studies/${A}/review/scan`, true],
    ['activity library', getStudy, '#/activity-library/home', true],
    ['activity library of a study', getStudy, `#/activity-library/study-activities/studies/${B}`, true],
    ['version creation on a live page', createStudyDraft, `#/studies/${A}/dashboard`, true],
    ['version list GET on a live page', listVersions, `#/studies/${A}/dashboard`, false],
    ['live study page', getStudy, `#/studies/${A}/dashboard`, false],
    ['studies list searching "test"', listStudies, '#/studies?q=test', false],
    ['sign-in on a test page (A-153)', staffLogin, `#/studies/${A}/test/dashboard`, false],
    ['study token on a test page (A-153)', getStudyToken, `#/studies/${A}/test/x`, false],
    ['logout on a design page (A-153)', logout, `#/studies/${A}/design`, false],
  ];
  it.each(cases)('%s', (_name, endpoint, hash, test) => {
    expect(envHeaderFor(endpoint, hash)).toEqual(test ? { env: 'test' } : {});
  });
  it('the page environment: test twins and the test-data pages are TEST, others LIVE', () => {
    expect(pageEnvironment(`#/studies/${A}/test/dashboard`)).toBe('TEST');
    expect(pageEnvironment(`#/studies/${A}/design`)).toBe('TEST');
    expect(pageEnvironment(`#/studies/${A}/dashboard`)).toBe('LIVE');
    expect(pageEnvironment('#/studies?q=design')).toBe('LIVE');
  });
});

describe('loader exclusions (A-161)', () => {
  const href = 'http://h/#/studies';
  const cases: [
    string,
    Pick<Endpoint, 'method' | 'noLoader'>,
    { query?: unknown; body?: unknown },
    string,
    LoaderExclusion | null,
  ][] = [
    ['an ordinary GET', getStudy, {}, href, null],
    ['an ordinary POST', updateParticipant, { body: { a: 1 } }, href, null],
    [
      'telehealth search',
      later('searchTelehealth', 'GET', { noLoader: 'telehealth-search' }),
      {},
      href,
      'telehealth-search',
    ],
    ['isOnlyCheck in the query', later('check', 'GET', {}), { query: { isOnlyCheck: 'true' } }, href, 'only-check'],
    ['isOnlyCheck in the body', later('check', 'POST', {}), { body: { isOnlyCheck: true } }, href, 'only-check'],
    ['isOnlyCheck false', later('check', 'POST', {}), { body: { isOnlyCheck: false } }, href, null],
    ['pagination GET', listStudies, { query: { page: 2 } }, href, 'pagination'],
    ['GET without a page', listStudies, { query: { search: 'x' } }, href, null],
    ['a page in a POST body is no pagination GET', updateParticipant, { query: { page: 2 } }, href, null],
    ['document list', later('listDocuments', 'GET', { noLoader: 'document-list' }), {}, href, 'document-list'],
    ['document upload (not a list)', later('uploadDocument', 'POST', {}), {}, href, null],
    ['notification unread count', later('unreadCount', 'GET', { noLoader: 'unread-count' }), {}, href, 'unread-count'],
    [
      'participants list GET',
      later('listParticipants', 'GET', { noLoader: 'participants-list' }),
      {},
      href,
      'participants-list',
    ],
    ['participant creation (POST)', later('createParticipant', 'POST', {}), {}, href, null],
    ['feature flags', getFeatureFlags, {}, href, 'feature-flags'],
    ['endpoint opts out', listSsoProviders, {}, href, 'endpoint'],
    ['URL flag off', getStudy, {}, 'http://h/?automatic_off_loader=false#/studies', 'url-flag'],
    ['URL flag off in the hash', getStudy, {}, 'http://h/#/studies?automatic_off_loader=false', 'url-flag'],
    ['URL flag on', getStudy, {}, 'http://h/#/studies?automatic_off_loader=true', null],
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
