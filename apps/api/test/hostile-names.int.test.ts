/**
 * Field names like built-ins and addresses climbing out with `..` answer 400/404 with the catalogue's
 * body, never a 500 and never a body that hides the field (issue 8).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRoles, updateProfile } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, staffAccess, type TestApp } from './helpers';

function portalDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `trialpath-${name}-`));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${name}</title>`);
  return dir;
}

let t: TestApp;
let token: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ staticDirs: { staff: portalDir('staff'), participant: portalDir('participant') } });
  token = (await staffAccess(t, 'admin')).accessToken;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t?.close());

/** A request sent as written: no client normalises `..` away (browsers and fetch would). */
function raw(method: string, path: string, accept = 'application/json'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const r = request({ host: '127.0.0.1', port, method, path, headers: { accept } }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    r.on('error', reject);
    r.end();
  });
}

const unknown = (field: string) => [translate('errors.unknownField', { field })];

describe('field names like built-ins', () => {
  it.each(['constructor', 'hasOwnProperty', '__proto__', 'toString'])(
    'an unknown query field %s is named in a 400',
    async (name) => {
      const r = await t.app.inject({
        method: 'GET',
        url: `${getRoles.path}?type=platform&${name}=x`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(r.statusCode).toBe(400);
      const body = r.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.fieldErrors)).toEqual([name]);
      expect(body.fieldErrors[name]).toEqual(unknown(name));
    },
  );

  it.each([
    ['__proto__', '{"firstName":"Ada","lastName":"Admin","__proto__":{"isAdmin":true}}', '__proto__'],
    ['nested __proto__', '{"firstName":"Ada","lastName":"Admin","x":{"__proto__":{"a":1}}}', 'x.__proto__'],
    ['constructor.prototype', '{"firstName":"Ada","lastName":"Admin","constructor":{"prototype":{}}}', 'constructor'],
  ])('a body field %s is named in a 400, not called bad JSON', async (_name, payload, field) => {
    const r = await t.app.inject({
      method: 'PUT',
      url: updateProfile.path,
      payload,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors).toEqual({ [field]: unknown(field.split('.').pop()!) });
    expect(body.fieldErrorKeys[field]).toEqual([
      { key: 'errors.unknownField', params: { field: field.split('.').pop() } },
    ]);
  });

  it('body fields named constructor and hasOwnProperty are unknown fields, by name', async () => {
    const r = await call(t.app, updateProfile, {
      token,
      body: { firstName: 'Ada', lastName: 'Admin', constructor: 1, hasOwnProperty: 2 },
    });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors).toEqual({
      constructor: unknown('constructor'),
      hasOwnProperty: unknown('hasOwnProperty'),
    });
  });
});

describe('addresses with .. or a broken encoding', () => {
  it.each([
    '/..',
    '/../../',
    '/%2e%2e',
    '/%2e%2e/%2e%2e/package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/..%2f..%2fpackage.json',
    '/participant/../x',
    '/api/v1/../x',
    '/api/v1/%2e%2e/x',
    '/%',
    '/api/v1/%c0%ae%c0%ae/x',
  ])('GET %s answers 404 with the catalogue body', async (path) => {
    for (const accept of ['application/json', 'text/html']) {
      const r = await raw('GET', path, accept);
      expect(r.status, `${path} ${accept}`).toBe(404);
      expect(JSON.parse(r.body)).toEqual({
        code: 'NOT_FOUND',
        message: translate('errors.notFound'),
        messageKey: 'errors.notFound',
      });
    }
  });

  it('the portal itself is still served', async () => {
    const r = await raw('GET', '/', 'text/html');
    expect(r.status).toBe(200);
    expect(r.body).toContain('<title>staff</title>');
  });
});
