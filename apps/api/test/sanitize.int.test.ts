import { inviteUser } from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRequest } from '../src/http/register';
import { call, createTestApp, staffAccess, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('request sanitising (spec 002 §5)', () => {
  it('cleans the strings of a POST body before the handler stores them', async () => {
    const admin = await staffAccess(t, 'admin');
    const r = await call(t.app, inviteUser, {
      token: admin.accessToken,
      body: {
        email: 'sanitised.invitee@trialpath.example',
        firstName: '<script>alert(1)</script>Sara',
        lastName: 'Lopez<img src=x onerror=alert(1)>',
        role: 'StudyCoordinator',
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.firstName).toBe('Sara');
    expect(r.json.lastName).not.toMatch(/onerror/i);
    const row = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', 'sanitised.invitee@trialpath.example')
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Sara');
    expect(row.last_name).not.toMatch(/onerror|<script/i);
  });

  it('cleans query-string values and header values as well as the body', () => {
    const req = {
      body: { text: 'a<script>x()</script>b' },
      query: { search: 'javascript:alert(1)', tags: ['<b onclick="x()">t</b>'] },
      headers: { 'x-note': 'vbscript:msgbox(1)', 'x-list': ['eval(1)ok'] } as Record<string, string | string[]>,
    };
    sanitizeRequest(req as never);
    expect(req.body.text).toBe('ab');
    expect(req.query.search).not.toMatch(/javascript:/i);
    expect(req.query.tags[0]).not.toMatch(/onclick/i);
    expect(req.headers['x-note']).not.toMatch(/vbscript:/i);
    expect(String(req.headers['x-list'])).not.toMatch(/eval\(/);
  });
});
