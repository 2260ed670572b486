/**
 * Framing and HSTS (issue 8, decision 0028): X-Frame-Options agrees with CSP frame-ancestors 'none'
 * (DENY), but for the participant portal's pages, which this origin may frame (decision 0043); HSTS only for a request that came over TLS — X-Forwarded-Proto counts only from a trusted proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await createTestApp({ trustProxy: false });
  proxied = await createTestApp({ trustProxy: true });
});
afterAll(async () => {
  await proxied?.close();
  await direct?.close();
});

const get = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/client', headers });

describe('security headers', () => {
  it('framing is refused by both headers alike', async () => {
    const r = await get(direct);
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['x-frame-options']).toBe('DENY');
  });

  it('the participant portal may be framed by its own origin only (the staff preview, decision 0043)', async () => {
    for (const url of ['/participant/', '/participant/index.html', '/participant']) {
      const r = await direct.app.inject({ method: 'GET', url });
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    for (const url of ['/', '/participants', '/api/v1/participant-web/studies/DEMO']) {
      const r = await direct.app.inject({ method: 'GET', url });
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(r.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('no HSTS over plain http, nor for a forwarded https header when no proxy is trusted', async () => {
    expect((await get(direct)).headers['strict-transport-security']).toBeUndefined();
    expect((await get(direct, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS behind a trusted proxy that terminated TLS', async () => {
    expect((await get(proxied, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await get(proxied, { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
  });
});
