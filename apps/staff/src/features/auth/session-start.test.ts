import type { StaffUser } from '@trialpath/contract';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from '../../shared/storage';
import { afterSignInPath, startSession } from './session-start';

describe('after sign-in (A-014)', () => {
  it('sends a user whose profile is not completed to about-you, keeping where they were going', () => {
    expect(afterSignInPath({ id: 'u1', profileCompleted: false }, '/studies')).toBe('/about-you/u1');
    expect(afterSignInPath({ id: 'u1', profileCompleted: false }, '/studies/s1/dashboard')).toBe(
      `/about-you/u1?redirectTo=${encodeURIComponent('/studies/s1/dashboard')}`,
    );
  });
  it('sends everybody else straight on', () => {
    expect(afterSignInPath({ id: 'u1', profileCompleted: true }, '/studies/s1/dashboard')).toBe(
      '/studies/s1/dashboard',
    );
  });
});

const person = (id: string): StaffUser => ({
  id,
  username: id,
  firstName: 'A',
  lastName: 'B',
  name: 'A B',
  email: `${id}@example.org`,
  userRole: 'Pi',
  status: 'ACTIVE',
  profileCompleted: true,
  phoneNumber: null,
  realmOfPermission: null,
  clientId: 'c1',
  profileImage: null,
  workNumber: null,
  licenseType: null,
  otpVerified: true,
  clientMemberId: null,
});
const tokens = { accessToken: 'access-b', refreshToken: 'refresh-b', expiresIn: 900 };

/** What this browser holds after `u1` opened a study and signed out: the study summary and the client id. */
function afterLogoutOfU1() {
  storage.setStudySummary({ userId: 'u1', id: 's1', code: 'S1', name: 'Study one' });
  storage.setClientId('client-1');
  storage.setLanguage('es');
  window.localStorage.setItem('other-app', '1');
}

describe('clearing all local storage when another person signs in (000 §9, A-218)', () => {
  beforeEach(() => window.localStorage.clear());

  it('clears the previous person’s study summary, keeping the client id (and the language just chosen)', () => {
    afterLogoutOfU1();
    startSession(new QueryClient(), tokens, person('u2'));
    expect(storage.getStudySummary()).toBeNull();
    expect(storage.getClientId()).toBe('client-1');
    expect(storage.getLanguage()).toBe('es');
    expect(window.localStorage.getItem('other-app')).toBe('1');
    expect(storage.getToken()).toBe('access-b');
    expect(storage.getUser()).toMatchObject({ id: 'u2' });
  });

  it('keeps the study summary when the same person signs in again (logout keeps it for them, A-217)', () => {
    afterLogoutOfU1();
    startSession(new QueryClient(), tokens, person('u1'));
    expect(storage.getStudySummary()).toMatchObject({ userId: 'u1', id: 's1' });
  });
});
