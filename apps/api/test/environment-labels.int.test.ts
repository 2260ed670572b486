/**
 * Staff accounts have no test twin: an `Env: TEST` header on their calls (own profile, contact change,
 * user administration) must not relabel their audit entries as TEST (issue 8, decision 0028).
 */
import { changeEmail, inviteUser, logoutUser, unlockUser, updateProfile } from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO_PASSWORD, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let crc: string;
let crcId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await staffAccess(t, 'admin')).accessToken;
  crc = (await staffAccess(t, 'crc.demo')).accessToken;
  crcId = await idOf(t.db, 'users', { username: 'crc.demo' });
});
afterAll(() => t?.close());

const TEST_PAGE = { env: 'test' };

async function environmentsOf(action: string): Promise<string[]> {
  const rows = await t.db.selectFrom('audit_log').select('environment').where('action', '=', action).execute();
  return rows.map((r) => r.environment);
}

describe('administrative calls from a test page are audited LIVE', () => {
  it.each([
    [
      'own profile',
      'user.profile.update',
      () =>
        call(t.app, updateProfile, { token: crc, headers: TEST_PAGE, body: { firstName: 'Carla', lastName: 'Diaz' } }),
    ],
    [
      'unlock',
      'user.unlock',
      () =>
        call(t.app, unlockUser, {
          token: admin,
          headers: TEST_PAGE,
          params: { userId: crcId },
          body: { reason: 'asked' },
        }),
    ],
    [
      'sign out everywhere',
      'user.logout-everywhere',
      () => call(t.app, logoutUser, { token: admin, headers: TEST_PAGE, params: { userId: crcId } }),
    ],
    [
      'invitation',
      'user.invite',
      () =>
        call(t.app, inviteUser, {
          token: admin,
          headers: TEST_PAGE,
          body: { email: 'new.person@trialpath.example', firstName: 'New', lastName: 'Person', role: 'Cra' },
        }),
    ],
    [
      'e-mail change',
      'user.email.change-requested',
      () =>
        call(t.app, changeEmail, {
          token: crc,
          headers: TEST_PAGE,
          body: { email: 'carla.new@trialpath.example', currentPassword: DEMO_PASSWORD },
        }),
    ],
  ] as const)('%s', async (_name, action, send) => {
    const r = await send();
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(await environmentsOf(action)).toEqual(['LIVE']);
  });
});
