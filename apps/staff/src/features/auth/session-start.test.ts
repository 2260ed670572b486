import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './session-start';

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
