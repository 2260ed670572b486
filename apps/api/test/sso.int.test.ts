/**
 * Single sign-on against a REAL OpenID provider: oidc-provider runs on 127.0.0.1 in this process,
 * the authorization is driven over HTTP (its login and consent forms, with cookies), and the
 * redirect back to `${PUBLIC_URL}/?code&state&iss` is traded through ssoCodeToToken.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  changeEmail,
  jwtCheck,
  listSsoProviders,
  ssoCodeToToken,
  staffLogin,
  startSso,
  verifyTwoFactor,
} from '@trialpath/contract';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProvider } from '../src/modules/sso/sso.repository';
import { isLoopbackHost } from '../src/modules/sso/sso-discovery';
import {
  auditActions,
  call,
  createTestApp,
  DEMO_PASSWORD,
  idOf,
  latestOutbox,
  staffAccess,
  type TestApp,
} from './helpers';

const CLIENT_ID = 'trialpath-staff';
const CLIENT_SECRET = 'a-test-client-secret-that-is-long-enough';

interface IdpAccount {
  email: string;
  email_verified: boolean;
}

/** The identity provider's accounts (login name → claims). */
const ACCOUNTS: Record<string, IdpAccount> = {
  'idp-crc': { email: 'CRC.Demo@trialpath.example', email_verified: true },
  'idp-stranger': { email: 'nobody@elsewhere.example', email_verified: true },
  'idp-unverified': { email: 'pi.demo@trialpath.example', email_verified: false },
  'idp-other-crc': { email: 'crc.demo@trialpath.example', email_verified: true },
  'idp-cra': { email: 'cra.demo@trialpath.example', email_verified: true },
};

async function startIdp(redirectUri: string) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-cookie-signing-key-0123456789'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const account = ACCOUNTS[sub];
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, name: sub, ...account }) };
    },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A browser, minimally: follow redirects by hand with a cookie jar, fill oidc-provider's login form
 * with `login`, accept its consent form, stop at the redirect to the staff portal.
 */
async function authorizeAtIdp(authorizationUrl: string, redirectUri: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let init: { method: string; body?: string } = { method: 'GET' };
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: init.method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.body,
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.arrayBuffer();
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`IdP answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    const fields: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt };
    init = { method: 'POST', body: new URLSearchParams(fields).toString() };
  }
  throw new Error('too many hops at the IdP');
}

let t: TestApp;
let idp: Awaited<ReturnType<typeof startIdp>>;
let providerId: string;
const redirectUri = 'http://localhost:3000/';

beforeAll(async () => {
  t = await createTestApp();
  expect(`${t.config.publicUrl}/`).toBe(redirectUri);
  idp = await startIdp(redirectUri);
  const client = await t.db.selectFrom('clients').select('id').orderBy('created_at').executeTakeFirstOrThrow();
  const p = await insertProvider(t.db, {
    clientId: client.id,
    name: 'Test IdP',
    issuer: idp.issuer,
    oidcClientId: CLIENT_ID,
    oidcClientSecret: CLIENT_SECRET,
  });
  providerId = p.id;
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

/** start → IdP login/consent → the callback's query, as the staff portal page sees it. */
async function signInAtIdp(login: string, redirectTo?: string) {
  const s = await call(t.app, startSso, { body: { providerId, ...(redirectTo ? { redirectTo } : {}) } });
  expect(s.status).toBe(200);
  const back = await authorizeAtIdp(s.json.authorizationUrl, redirectUri, login);
  const code = back.searchParams.get('code');
  const state = back.searchParams.get('state');
  const iss = back.searchParams.get('iss');
  expect(code).toBeTruthy();
  expect(state).toBeTruthy();
  // the IdP says who sent the response (RFC 9207); the portal passes it on
  expect(iss).toBe(idp.issuer);
  return { code: code!, state: state!, iss: iss! };
}

const exchange = (body: { code: string; state: string; iss?: string }) => call(t.app, ssoCodeToToken, { body });

describe('single-sign-on providers and start', () => {
  it('lists the enabled providers of the client (public)', async () => {
    const r = await call(t.app, listSsoProviders);
    expect(r.status).toBe(200);
    expect(r.json.items).toEqual([{ id: providerId, name: 'Test IdP' }]);
  });

  it('builds an authorization URL with PKCE S256, state, nonce and the portal root as redirect_uri', async () => {
    const r = await call(t.app, startSso, { body: { providerId } });
    expect(r.status).toBe(200);
    const u = new URL(r.json.authorizationUrl);
    expect(u.origin).toBe(idp.issuer);
    expect(u.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(u.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('scope')).toBe('openid email profile');
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(u.searchParams.get('state')).toBeTruthy();
    expect(u.searchParams.get('nonce')).toBeTruthy();
    // only the hash of the state is stored
    const stored = await t.db
      .withTables<{ sso_login_states: { state_hash: string } }>()
      .selectFrom('sso_login_states')
      .select('state_hash')
      .execute();
    expect(stored.map((s) => s.state_hash)).not.toContain(u.searchParams.get('state'));
  });

  it('refuses an unknown provider (404) and a redirectTo that is not an in-app path (400)', async () => {
    const r = await call(t.app, startSso, { body: { providerId: '00000000-0000-4000-8000-000000000000' } });
    expect(r.status).toBe(404);
    expect(r.json.message).toBe(
      'This single sign-on option is not available. Please sign in with your username and password.',
    );
    for (const redirectTo of ['//evil.example/x', 'https://evil.example/', 'studies', '/\\evil.example']) {
      const bad = await call(t.app, startSso, { body: { providerId, redirectTo } });
      expect(bad.status).toBe(400);
      expect(bad.json.code).toBe('VALIDATION_FAILED');
    }
  });

  it('an unreachable provider is a 503 with a clear message, never a 500', async () => {
    const client = await t.db.selectFrom('clients').select('id').orderBy('created_at').executeTakeFirstOrThrow();
    const down = await insertProvider(t.db, {
      clientId: client.id,
      name: 'Down IdP',
      issuer: 'http://127.0.0.1:1',
      oidcClientId: 'x',
      oidcClientSecret: 'y',
      enabled: false,
    });
    // disabled: not listed, not startable
    expect((await call(t.app, listSsoProviders)).json.items).toHaveLength(1);
    expect((await call(t.app, startSso, { body: { providerId: down.id } })).status).toBe(404);
    await t.db
      .withTables<{ sso_providers: { id: string; enabled: boolean } }>()
      .updateTable('sso_providers')
      .set({ enabled: true })
      .where('id', '=', down.id)
      .execute();
    const r = await call(t.app, startSso, { body: { providerId: down.id } });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { reason: 'SSO_PROVIDER_UNAVAILABLE' } });
    await t.db
      .withTables<{ sso_providers: { id: string } }>()
      .deleteFrom('sso_providers')
      .where('id', '=', down.id)
      .execute();
  });

  it('allows plain http only for a loopback issuer', () => {
    for (const h of ['127.0.0.1', 'localhost', '[::1]', '127.1.2.3']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['example.com', '10.0.0.1', '127.0.0.1.example.com', '0.0.0.0'])
      expect(isLoopbackHost(h)).toBe(false);
  });
});

describe('single-sign-on code to token', () => {
  it('signs in the active staff user with the verified e-mail, links and audits it', async () => {
    const cb = await signInAtIdp('idp-crc', '/studies');
    const r = await exchange(cb);
    expect(r.status).toBe(200);
    expect(r.json.nextStep).toBe('Tokens');
    expect(r.json.redirectTo).toBe('/studies');
    expect(r.json.user).toMatchObject({ username: 'crc.demo', status: 'ACTIVE' });
    const claims = await call(t.app, jwtCheck, { token: r.json.tokens.accessToken });
    expect(claims.status).toBe(200);
    const userId = await idOf(t.db, 'users', { username: 'crc.demo' });
    expect(claims.json).toMatchObject({ id: userId, pId: null, studyId: null });
    const actions = await auditActions(t.db, userId);
    expect(actions).toContain('auth.sso.link');
    expect(actions.at(-1)).toBe('auth.login');
    const login = await t.db
      .selectFrom('audit_log')
      .select(['after', 'actor_id'])
      .where('action', '=', 'auth.login')
      .where('entity_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(login.actor_id).toBe(userId);
    expect(login.after).toMatchObject({ method: 'sso', providerId });
  });

  it('refuses a state that was already used', async () => {
    const cb = await signInAtIdp('idp-crc');
    expect((await exchange(cb)).status).toBe(200);
    const again = await exchange(cb);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      code: 'IDENTITY_BAD_REQUEST',
      message: 'This single sign-on attempt has already been used. Please start the sign-in again.',
      details: { reason: 'SSO_STATE_USED' },
    });
  });

  it('a second sign-in reuses the link (no new link entry); redirectTo is null when none was given', async () => {
    expect((await exchange(await signInAtIdp('idp-crc'))).status).toBe(200); // the first links the account
    const userId = await idOf(t.db, 'users', { username: 'crc.demo' });
    const before = (await auditActions(t.db, userId)).filter((a) => a === 'auth.sso.link').length;
    const r = await exchange(await signInAtIdp('idp-crc'));
    expect(r.status).toBe(200);
    expect(r.json.redirectTo).toBeNull();
    expect((await auditActions(t.db, userId)).filter((a) => a === 'auth.sso.link').length).toBe(before);
  });

  it('refuses an e-mail that matches no active staff account (401, audited, no account created)', async () => {
    const users = await t.db.selectFrom('users').select('id').execute();
    const r = await exchange(await signInAtIdp('idp-stranger'));
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({
      code: 'UNAUTHENTICATED',
      message:
        'No active Trialpath account matches the e-mail address of your single sign-on account. Ask an administrator for an invitation.',
      details: { reason: 'SSO_NO_ACCOUNT' },
    });
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
    const failed = await t.db.selectFrom('audit_log').select('after').where('action', '=', 'auth.sso.failed').execute();
    expect(failed.some((f) => (f.after as { reason?: string }).reason === 'SSO_NO_ACCOUNT')).toBe(true);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const r = await exchange(await signInAtIdp('idp-unverified'));
    expect(r.status).toBe(401);
    expect(r.json.details).toEqual({ reason: 'SSO_EMAIL_NOT_VERIFIED' });
  });

  it('refuses another provider subject with the same e-mail once the account is linked', async () => {
    expect((await exchange(await signInAtIdp('idp-crc'))).status).toBe(200); // links the account
    const r = await exchange(await signInAtIdp('idp-other-crc'));
    expect(r.status).toBe(401);
    expect(r.json.details).toEqual({ reason: 'SSO_LINK_MISMATCH' });
  });

  it('refuses a tampered state, and the untampered one still works once', async () => {
    const cb = await signInAtIdp('idp-crc');
    const tampered = await exchange({ ...cb, state: `${cb.state.slice(0, -1)}${cb.state.endsWith('A') ? 'B' : 'A'}` });
    expect(tampered.status).toBe(400);
    expect(tampered.json).toMatchObject({
      message: 'This single sign-on attempt is invalid or has expired. Please start the sign-in again.',
      details: { reason: 'SSO_STATE_INVALID' },
    });
    expect((await exchange(cb)).status).toBe(200);
  });

  it('refuses a code the provider does not know (IdP error → 401), and consumes the state', async () => {
    const cb = await signInAtIdp('idp-crc');
    const r = await exchange({ ...cb, code: 'not-a-real-code' });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({
      message: 'The single sign-on provider did not confirm your identity. Please try again.',
      details: { reason: 'SSO_IDP_REFUSED' },
    });
    expect((await exchange(cb)).json.details).toEqual({ reason: 'SSO_STATE_USED' });
  });

  it('refuses an authorization response whose iss is not the provider (mix-up defence)', async () => {
    const cb = await signInAtIdp('idp-crc');
    const r = await exchange({ ...cb, iss: 'https://evil.example' });
    expect(r.status).toBe(401);
    expect(r.json.details).toEqual({ reason: 'SSO_IDP_REFUSED' });
  });

  it('refuses an expired state', async () => {
    const cb = await signInAtIdp('idp-crc');
    await t.db
      .withTables<{ sso_login_states: { expires_at: Date; used_at: Date | null } }>()
      .updateTable('sso_login_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    const r = await exchange(cb);
    expect(r.status).toBe(400);
    expect(r.json.details).toEqual({ reason: 'SSO_STATE_EXPIRED' });
  });

  it('a pending e-mail change: SSO answers OTPVerifiedRequest (no tokens); the code sent to the new address completes it', async () => {
    const userId = await idOf(t.db, 'users', { username: 'cra.demo' });
    const s = await staffAccess(t, 'cra.demo');
    const change = await call(t.app, changeEmail, {
      token: s.accessToken,
      body: { email: 'clara.sso@monitors.example', currentPassword: DEMO_PASSWORD },
    });
    expect(change.status).toBe(200);
    const sessions = async () =>
      (await t.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', userId).execute()).length;
    const sessionsBefore = await sessions();
    const auditBefore = (await auditActions(t.db, userId)).length;

    // the provider vouches for the current address only: the new one still needs its code
    const r = await exchange(await signInAtIdp('idp-cra', '/studies'));
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ nextStep: 'OTPVerifiedRequest', challengeId: expect.any(String), redirectTo: '/studies' });
    expect(await sessions()).toBe(sessionsBefore); // no session was opened
    const challenged = (await auditActions(t.db, userId)).slice(auditBefore);
    expect(challenged).toEqual(['auth.sso.link', 'auth.otp-verified.challenge']);
    const challenge = await t.db
      .selectFrom('audit_log')
      .select(['after', 'actor_id'])
      .where('action', '=', 'auth.otp-verified.challenge')
      .where('entity_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(challenge.actor_id).toBe(userId);
    expect(challenge.after).toEqual({ method: 'sso', providerId, channel: 'email', pendingEmail: true });

    const mail = await latestOutbox(t.db, 'clara.sso@monitors.example');
    expect(mail.subject).toBe('Your Trialpath verification code');
    const code = /\b(\d{6})\b/.exec(mail.body)![1]!;
    const wrong = await call(t.app, verifyTwoFactor, {
      body: { challengeId: r.json.challengeId, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(401);
    const ok = await call(t.app, verifyTwoFactor, { body: { challengeId: r.json.challengeId, code } });
    expect(ok.status).toBe(200);
    expect(ok.json.user).toMatchObject({
      username: 'cra.demo',
      email: 'clara.sso@monitors.example',
      otpVerified: true,
    });
    const claims = await call(t.app, jwtCheck, { token: ok.json.tokens.accessToken });
    expect(claims.status).toBe(200);
    expect(claims.json).toMatchObject({ id: userId, studyId: null });
    // the code is single use
    expect((await call(t.app, verifyTwoFactor, { body: { challengeId: r.json.challengeId, code } })).status).toBe(401);

    const row = await t.db
      .selectFrom('users')
      .select(['email', 'pending_email', 'otp_verified'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: 'clara.sso@monitors.example', pending_email: null, otp_verified: true });
    expect((await auditActions(t.db, userId)).slice(auditBefore)).toEqual([
      'auth.sso.link',
      'auth.otp-verified.challenge',
      'auth.mfa.failed',
      'user.email.verify',
      'auth.login',
    ]);
    const verify = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'user.email.verify')
      .where('entity_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(verify.before).toMatchObject({
      email: 'cra.demo@trialpath.example',
      pendingEmail: 'clara.sso@monitors.example',
    });
    expect(verify.after).toMatchObject({ email: 'clara.sso@monitors.example', pendingEmail: null });
    // verified: the password sign-in no longer asks for a code either
    const again = await call(t.app, staffLogin, { body: { username: 'cra.demo', password: DEMO_PASSWORD } });
    expect(again.json.nextStep).toBe('Tokens');
  });

  it('a deactivated account cannot sign in through the provider', async () => {
    const userId = await idOf(t.db, 'users', { username: 'crc.demo' });
    await t.db.updateTable('users').set({ status: 'DEACTIVATED' }).where('id', '=', userId).execute();
    try {
      const r = await exchange(await signInAtIdp('idp-crc'));
      expect(r.status).toBe(403);
      expect(r.json.code).toBe('ACCOUNT_INACTIVE');
    } finally {
      await t.db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', userId).execute();
    }
  });
});
