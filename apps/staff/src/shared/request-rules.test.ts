import { describe, expect, it } from 'vitest';
import { envHeaderFor, shouldShowLoader, studyIdFromAddress, tokenKindFor } from './request-rules';

const A = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const B = '9a0c3a57-3c55-4c5c-8f3e-1b8f7c0d2e22';
const tokens = {
  getToken: () => 'general',
  getStudyToken: (id: string) => (id === A ? { token: 'study-a' } : null),
};
const data = { id: 'getStudy', path: '/api/v1/studies/:studyId' };
const auth = { id: 'staffLogin', path: '/api/v1/auth/login' };

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

describe('Env header', () => {
  it('is test on test pages and on design, customize, review and activity-library pages', () => {
    expect(envHeaderFor(data, `#/studies/${A}/test/dashboard`)).toEqual({ env: 'test' });
    expect(envHeaderFor(data, `#/studies/${A}/design`)).toEqual({ env: 'test' });
    expect(envHeaderFor(data, `#/studies/${A}/customize/branding`)).toEqual({ env: 'test' });
    expect(envHeaderFor(data, `#/studies/${A}/review/scan`)).toEqual({ env: 'test' });
    expect(envHeaderFor(data, '#/activity-library/home')).toEqual({ env: 'test' });
    expect(envHeaderFor(data, `#/studies/${A}/dashboard`)).toEqual({});
    expect(envHeaderFor(data, '#/studies?q=test')).toEqual({});
  });

  it('is never sent on authentication calls (A-153)', () => {
    expect(envHeaderFor(auth, `#/studies/${A}/test/dashboard`)).toEqual({});
    expect(envHeaderFor({ path: '/api/v1/auth/study-token' }, `#/studies/${A}/test/x`)).toEqual({});
  });
});

describe('loader', () => {
  it('shows unless the endpoint opts out or automatic_off_loader=false', () => {
    expect(shouldShowLoader({}, 'http://h/#/studies')).toBe(true);
    expect(shouldShowLoader({ noLoader: true }, 'http://h/#/studies')).toBe(false);
    expect(shouldShowLoader({}, 'http://h/?automatic_off_loader=false#/studies')).toBe(false);
    expect(shouldShowLoader({}, 'http://h/#/studies?automatic_off_loader=false')).toBe(false);
    expect(shouldShowLoader({}, 'http://h/#/studies?automatic_off_loader=true')).toBe(true);
  });
});
