import { describe, expect, it } from 'vitest';
import { decideNavigation, participantPortalHref } from './guard';

const STUDY = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const PID = '7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('participant e-mail links of 000 §2.1 go to the participant portal (decision D-025)', () => {
  it.each([
    `/studies/${STUDY}/tok123/ana%40example.org/verify-participant`,
    `/studies/${STUDY}/${PID}/tok123/ana@example.org/verify-participant-v2`,
    `/studies/${STUDY}/${PID}/tok123/ana@example.org/verify-participant-v3`,
    '/participant-reset-password/tok123/en/en',
  ])('%s', (path) => {
    expect(participantPortalHref(path, '')).toBe(`/participant/#${path}`);
    // before any sign-in check: a participant has no staff token
    expect(
      decideNavigation({
        path,
        search: '',
        hasToken: false,
        hasPreviousRoute: false,
        client: null,
        flags: null,
        profile: null,
      }),
    ).toEqual({ kind: 'external', href: `/participant/#${path}` });
  });

  it('leaves staff study routes and other shapes to the staff portal', () => {
    expect(participantPortalHref(`/studies/${STUDY}/dashboard`, '')).toBeNull();
    expect(participantPortalHref(`/studies/${STUDY}/a/b/verify-participant-v4`, '')).toBeNull();
    expect(participantPortalHref('/participant-reset-password/tok', '')).toBeNull();
  });
});
