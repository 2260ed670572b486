/** A browser typing a plain portal address gets the portal's route; API clients keep JSON (issue 8). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

function portalDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `trialpath-${name}-`));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${name}</title>`);
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ staticDirs: { staff: portalDir('staff'), participant: portalDir('participant') } });
});
afterAll(() => t?.close());

const get = (url: string, accept?: string) =>
  t.app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });

describe('plain addresses', () => {
  it('a browser asking for /studies is sent to the staff portal’s #/studies, which routes it', async () => {
    const r = await get('/studies', BROWSER);
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/#/studies');
    const deep = await get('/reset-password/abc?lang=es', BROWSER);
    expect(deep.headers.location).toBe('/#/reset-password/abc?lang=es');
    const page = await get(r.headers.location as string, BROWSER);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>staff</title>');
  });

  it('a participant address goes to the participant portal', async () => {
    const r = await get('/participant/participants/web/DEMO/login', BROWSER);
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/participant/#/participants/web/DEMO/login');
    const page = await get('/participant/', BROWSER);
    expect(page.body).toContain('<title>participant</title>');
  });

  it('API clients keep their JSON 404; API addresses and missing files are never portal routes', async () => {
    for (const accept of ['application/json', '*/*', undefined]) {
      const r = await get('/studies', accept);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    for (const url of ['/api/v1/nothing', '/missing.js', '/participant/missing.css']) {
      const r = await get(url, BROWSER);
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('NOT_FOUND');
    }
    const post = await t.app.inject({ method: 'POST', url: '/studies', headers: { accept: BROWSER } });
    expect(post.statusCode).toBe(404);
  });
});
