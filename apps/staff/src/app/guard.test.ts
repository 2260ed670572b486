import { describe, expect, it } from 'vitest';
import { redirectAfterSignIn } from '../features/auth/session-start';
import { decideNavigation, type GuardInput, participantPortalHref, supportDeskHref } from './guard';
import { matchRoute, ROUTES } from './route-table';

const client = { isCognitoAuthentication: false, supportDeskUrl: null, demoMode: true };
const flagsOn = { customerId: 'c1', flags: { 'test-portal': { enabled: true, customers: [] } } };
const flagsOther = { customerId: 'c1', flags: { 'test-portal': { enabled: true, customers: ['c2'] } } };
const flagsOff = { customerId: 'c1', flags: { 'test-portal': { enabled: false, customers: null } } };
const STUDY = '/studies/0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';

function decide(over: Partial<GuardInput>) {
  return decideNavigation({
    path: '/studies',
    search: '',
    hasToken: true,
    hasPreviousRoute: false,
    client,
    flags: flagsOn,
    ...over,
  });
}

describe('route table', () => {
  it('routes every public route of 000 §2.1 (with optional parameters)', () => {
    for (const p of [
      '/login',
      '/logout',
      '/',
      '/forgot-password',
      '/forgot-password-via-username',
      '/forgot-username',
      '/about-you/u1',
      '/reset-password/tok',
      '/create-password/tok',
      '/create-password-aws/ann',
      '/create-password-aws/ann/true',
      '/register/tok',
      '/create-username/tok',
      '/get-create-username-link',
      '/dont-have-username',
      '/expire-link',
      '/forgot-password-otp/tok',
      '/forgot-password-otp/tok/5551234',
      '/reset-password-send-otp/tok/5551234',
      '/verify-identity/tok',
      '/policy',
      '/terms-of-use',
      '/complete-registration/tok',
    ]) {
      const m = matchRoute(p);
      expect(m, p).not.toBeNull();
      expect(m!.def.meta.auth, p).toBe('*');
    }
  });

  it('marks the signed-in routes auth: true and gives study routes a test twin', () => {
    expect(matchRoute('/studies')!.def.meta.auth).toBe(true);
    expect(matchRoute(`${STUDY}/dashboard`)).toMatchObject({ twin: false, def: { id: 'studyDashboard' } });
    expect(matchRoute(`${STUDY}/test/dashboard`)).toMatchObject({ twin: true, def: { id: 'studyDashboard' } });
    expect(ROUTES.every((r) => r.meta.auth === true || r.meta.auth === '*')).toBe(true);
  });
});

describe('navigation guard', () => {
  it('allows a signed-in user on a signed-in route', () => {
    expect(decide({})).toMatchObject({ kind: 'allow', route: { id: 'studies' } });
  });

  it('sends a user without token to sign-in, with redirectTo only when there is no earlier route', () => {
    expect(decide({ hasToken: false, path: `${STUDY}/dashboard`, search: '?tab=1' })).toEqual({
      kind: 'redirect',
      to: `/?redirectTo=${encodeURIComponent(`${STUDY}/dashboard?tab=1`)}`,
    });
    expect(decide({ hasToken: false, hasPreviousRoute: true })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('lets anyone open public routes', () => {
    expect(decide({ hasToken: false, path: '/login' })).toMatchObject({ kind: 'allow' });
    expect(decide({ hasToken: false, path: '/reset-password/abc' })).toMatchObject({ kind: 'allow' });
  });

  it('shows page-not-found for unknown paths, signed in or not', () => {
    expect(decide({ path: '/nowhere' })).toEqual({ kind: 'not-found' });
    expect(decide({ hasToken: false, path: '/clients' })).toEqual({ kind: 'not-found' });
  });

  it('needs the cloud-identity mode for its routes (000 §2.7)', () => {
    for (const path of [
      '/complete-registration/t',
      '/create-username/t',
      '/forgot-password-via-username',
      '/forgot-username',
      '/create-password-aws/ann',
      '/dont-have-username',
      '/verify-identity/t/555',
    ]) {
      expect(decide({ path }), path).toEqual({ kind: 'not-found' });
      expect(decide({ path, client: { ...client, isCognitoAuthentication: true } }), path).toMatchObject({
        kind: 'allow',
      });
      expect(decide({ path, client: null }), path).toEqual({ kind: 'wait' });
    }
  });

  it('opens the demo mailbox only in demo mode', () => {
    expect(decide({ path: '/dev/mailbox', hasToken: false })).toMatchObject({ kind: 'allow' });
    expect(decide({ path: '/dev/mailbox', client: { ...client, demoMode: false } })).toEqual({ kind: 'not-found' });
  });

  it('reaches test twins only with the test-portal flag for this customer', () => {
    const path = `${STUDY}/test/dashboard`;
    expect(decide({ path })).toMatchObject({ kind: 'allow', twin: true });
    expect(decide({ path, flags: flagsOff })).toEqual({ kind: 'not-found' });
    expect(decide({ path, flags: flagsOther })).toEqual({ kind: 'not-found' });
    expect(decide({ path, flags: { ...flagsOther, customerId: 'c2' } })).toMatchObject({ kind: 'allow' });
    expect(decide({ path, flags: null })).toEqual({ kind: 'wait' });
    // live route needs no flag
    expect(decide({ path: `${STUDY}/dashboard`, flags: flagsOff })).toMatchObject({ kind: 'allow', twin: false });
    // no token: sign in first
    expect(decide({ path, hasToken: false, flags: flagsOff })).toMatchObject({ kind: 'redirect' });
  });

  it('holds a signed-in user with an incomplete profile on "About you" (A-014, decision 0029)', () => {
    const incomplete = { userId: 'u1', completed: false };
    expect(decide({ path: '/studies', profile: incomplete })).toEqual({ kind: 'redirect', to: '/about-you/u1' });
    expect(decide({ path: `${STUDY}/dashboard`, profile: incomplete })).toEqual({
      kind: 'redirect',
      to: `/about-you/u1?redirectTo=${encodeURIComponent(`${STUDY}/dashboard`)}`,
    });
    expect(decide({ path: '/studies', search: '?page=2', profile: incomplete })).toEqual({
      kind: 'redirect',
      to: `/about-you/u1?redirectTo=${encodeURIComponent('/studies?page=2')}`,
    });
    // The profile step itself, sign-out and the open pages (legal, demo mailbox) stay open.
    for (const path of ['/about-you/u1', '/logout', '/policy', '/terms-of-use', '/dev/mailbox'])
      expect(decide({ path, profile: incomplete }).kind, path).toBe('allow');
    // While the profile loads the guard waits; a completed (or unknown) profile passes.
    expect(decide({ path: '/studies', profile: null })).toEqual({ kind: 'wait' });
    expect(decide({ path: '/studies', profile: { userId: 'u1', completed: true } }).kind).toBe('allow');
    expect(decide({ path: '/studies', profile: undefined }).kind).toBe('allow');
  });

  it('sends participant web paths to the participant portal', () => {
    expect(decide({ path: '/participants/web/DEMO/login', hasToken: false })).toEqual({
      kind: 'external',
      href: '/participant/#/participants/web/DEMO/login',
    });
    expect(participantPortalHref('/participants/web/DEMO/home', '?x=1')).toBe(
      '/participant/#/participants/web/DEMO/home?x=1',
    );
    expect(participantPortalHref('/participants/123/unsubscribeemail', '')).toBeNull();
  });

  it('redirects ?return_to= to the support desk when one is configured', () => {
    const desk = { ...client, supportDeskUrl: 'https://support.example.org/access/login' };
    expect(decide({ path: '/login', search: '?return_to=https%3A%2F%2Fdesk%2Fx', client: desk })).toEqual({
      kind: 'external',
      href: 'https://support.example.org/access/login?return_to=https%3A%2F%2Fdesk%2Fx',
    });
    expect(decide({ path: '/login', pageSearch: '?return_to=a', client: desk })).toMatchObject({ kind: 'external' });
    expect(decide({ path: '/login', search: '?return_to=a', client: null })).toEqual({ kind: 'wait' });
    // none configured: ignored
    expect(decide({ path: '/login', search: '?return_to=a' })).toMatchObject({ kind: 'allow' });
    expect(supportDeskHref('https://d/x?a=1', 'r')).toBe('https://d/x?a=1&return_to=r');
  });
});

describe('redirect after sign-in', () => {
  it('only follows in-app paths', () => {
    expect(redirectAfterSignIn(null)).toBe('/studies');
    expect(redirectAfterSignIn(`${STUDY}/dashboard`)).toBe(`${STUDY}/dashboard`);
    expect(redirectAfterSignIn('https://evil.example')).toBe('/studies');
    expect(redirectAfterSignIn('//evil.example')).toBe('/studies');
    expect(redirectAfterSignIn('/login?redirectTo=/x')).toBe('/studies');
    expect(redirectAfterSignIn('/logout')).toBe('/studies');
  });
});
