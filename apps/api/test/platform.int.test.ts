import { ENDPOINTS, getClient, getFeatureFlags, listMailbox, staffLogin, unlockUser } from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, staffAccess, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('health and docs', () => {
  it('/healthz says the process is up and /readyz that the database answers', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const r = await t.app.inject('/readyz');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ready' });
  });

  it('/api/docs/openapi.json lists every contract endpoint, with a server and how to get a token', async () => {
    const doc = (await t.app.inject('/api/docs/openapi.json')).json();
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    expect(ops.sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
    expect(doc.servers).toEqual([{ url: t.config.publicUrl, description: 'This installation' }]);
    expect(doc.info.description).toContain('## Getting a token');
    expect(doc.info.description).toContain('POST /api/v1/auth/login');
    expect(doc.info.description).toContain('Authorization: Bearer <accessToken>');
  });

  it('/api/docs is the interactive reference: our page, bundle and start script, no inline script, the global CSP', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[1]!.trim())).toEqual([
      'src="/api/docs/reference/js/scalar.js"',
      'src="/api/docs/start.js"',
    ]);
    expect(scripts.every((m) => m[2] === '')).toBe(true);
    const bundle = await t.app.inject('/api/docs/reference/js/scalar.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.body).toContain('createApiReference');
    const start = await t.app.inject('/api/docs/start.js');
    expect(start.body).toContain('"url":"/api/docs/openapi.json"');
    // The plugin's own page (with its inline script) is not served.
    expect((await t.app.inject('/api/docs/reference/')).statusCode).toBe(404);
  });

  it('sends security headers with a CSP that allows only our own scripts', async () => {
    const r = await t.app.inject('/healthz');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('bad input never reaches a 500', () => {
  it('malformed JSON → 400 MALFORMED_JSON', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: staffLogin.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", ',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('MALFORMED_JSON');
  });

  it('wrong types → 400 VALIDATION_FAILED with fieldErrors', async () => {
    const r = await call(t.app, staffLogin, { body: { username: 42, password: true } });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(r.json.fieldErrors).sort()).toEqual(['password', 'username']);
  });

  it('an unknown field → 400 naming the field', async () => {
    const r = await call(t.app, staffLogin, { body: { username: 'admin', password: 'x', isAdmin: true } });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors).toEqual({ isAdmin: ['Unknown field: isAdmin.'] });
  });

  it('a body over 1 MiB → 413', async () => {
    const big = JSON.stringify({ username: 'a'.repeat(2 * 1024 * 1024), password: 'x' });
    const r = await t.app.inject({
      method: 'POST',
      url: staffLogin.path,
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request is too large (limit 1 MiB).',
      messageKey: 'errors.payloadTooLarge',
      params: { limit: '1 MiB' },
    });
  });

  it('a wrong content type → 415, a bad uuid param → 400, an unknown route → 404 JSON', async () => {
    const a = await t.app.inject({
      method: 'POST',
      url: staffLogin.path,
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(a.statusCode).toBe(415);
    const tokens = await staffAccess(t, 'admin');
    const b = await call(t.app, unlockUser, {
      params: { userId: 'not-a-uuid' },
      body: { reason: 'because' },
      token: tokens.accessToken,
    });
    expect(b.status).toBe(400);
    expect(b.json.fieldErrors.userId).toBeDefined();
    const c = await t.app.inject('/api/v1/does-not-exist');
    expect(c.statusCode).toBe(404);
    expect(c.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'The requested item was not found.',
      messageKey: 'errors.notFound',
    });
  });

  it('no endpoint answers 500 to junk bodies, params or tokens', async () => {
    const admin = await staffAccess(t, 'admin');
    const junk = ['{}', '[]', '"x"', 'null', '{"a":1}', '{"username":{"$ne":null}}', '1e999'];
    for (const e of ENDPOINTS) {
      const url = e.path.replace(/:([A-Za-z0-9_]+)/g, "x'%20or%201=1--");
      for (const payload of e.method === 'GET' ? [undefined] : junk) {
        for (const token of [undefined, admin.accessToken, 'garbage']) {
          const r = await t.app.inject({
            method: e.method,
            url,
            headers: {
              ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            ...(payload !== undefined ? { payload } : {}),
          });
          expect(r.statusCode, `${e.id} ${payload} → ${r.body}`).toBeLessThan(500);
          expect(r.json().code ?? 'ok').toBeTypeOf('string');
        }
      }
    }
    // a sweep of every endpoint: it grows with the API (about 25 s for 400 endpoints on this machine)
  }, 120_000);

  it('a staff endpoint without a token → 401 JSON', async () => {
    const r = await t.app.inject('/api/v1/me');
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('rate limiting', () => {
  it('sign-in endpoints answer 429 past the per-IP limit; other endpoints are not limited', async () => {
    const limited = await createTestApp({ rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await call(limited.app, staffLogin, { body: { username: 'x', password: 'y' } })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const r = await call(limited.app, staffLogin, { body: { username: 'x', password: 'y' } });
      expect(r.json.code).toBe('RATE_LIMITED');
      for (let i = 0; i < 5; i++) expect((await call(limited.app, getClient)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('start-up calls', () => {
  it('client identity: own identity service, no cloud flags', async () => {
    const r = await call(t.app, getClient);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      name: 'Trialpath Demo',
      isTwoFAEnabled: false,
      isCognitoAuthentication: false,
      isParticipantUsesCognito: false,
      demoMode: true,
      supportDeskUrl: null,
    });
  });

  it('client identity carries the support desk the return_to redirect goes to (A-022)', async () => {
    const id = (await call(t.app, getClient)).json.id;
    await t.db
      .updateTable('clients')
      .set({ support_desk_url: 'https://support.example.org/login' })
      .where('id', '=', id)
      .execute();
    try {
      expect((await call(t.app, getClient)).json.supportDeskUrl).toBe('https://support.example.org/login');
    } finally {
      await t.db.updateTable('clients').set({ support_desk_url: null }).where('id', '=', id).execute();
    }
  });

  it('feature flags: stored per client; customerId is the client id', async () => {
    const client = (await call(t.app, getClient)).json;
    const r = await call(t.app, getFeatureFlags);
    expect(r.json.customerId).toBe(client.id);
    expect(r.json.flags['test-portal']).toEqual({ enabled: true, customers: [] });
    expect(r.json.flags.caregiver.enabled).toBe(false);
  });

  it('demo mailbox lists the outbox; it does not exist outside demo mode', async () => {
    expect((await call(t.app, listMailbox)).status).toBe(200);
    const prod = await createTestApp({ demoMode: false });
    try {
      const r = await call(prod.app, listMailbox);
      expect(r.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
