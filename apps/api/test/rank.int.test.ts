/**
 * Rank on user-directed calls (issue 8, decision 0028): a StudyAdmin may not read the lock status of,
 * unlock, sign out or read the assignments of a user whose role type is above theirs (the SystemAdmin);
 * users at or below their rank stay manageable.
 */
import { getInstantUser, getLockStatus, logoutUser, unlockUser } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let studyAdmin: string;
let systemAdmin: string;
let adminId: string;
let crcId: string;
beforeAll(async () => {
  t = await createTestApp();
  studyAdmin = (await staffAccess(t, 'studyadmin')).accessToken;
  systemAdmin = (await staffAccess(t, 'admin')).accessToken;
  adminId = await idOf(t.db, 'users', { username: 'admin' });
  crcId = await idOf(t.db, 'users', { username: 'crc.demo' });
});
afterAll(() => t?.close());

const calls = {
  'lock status': (token: string, userId: string) => call(t.app, getLockStatus, { token, params: { userId } }),
  unlock: (token: string, userId: string) =>
    call(t.app, unlockUser, { token, params: { userId }, body: { reason: 'asked by phone' } }),
  'sign out everywhere': (token: string, userId: string) => call(t.app, logoutUser, { token, params: { userId } }),
  'instant user': (token: string, userId: string) => call(t.app, getInstantUser, { token, params: { userId } }),
};

describe('a StudyAdmin and the SystemAdmin', () => {
  it.each(Object.entries(calls))(
    '%s of the SystemAdmin: 403 with the catalogue message, nothing done',
    async (_n, send) => {
      const versionBefore = await t.db
        .selectFrom('users')
        .select('token_version')
        .where('id', '=', adminId)
        .executeTakeFirstOrThrow();
      const r = await send(studyAdmin, adminId);
      expect(r.status).toBe(403);
      expect(r.json).toMatchObject({
        code: 'FORBIDDEN',
        messageKey: 'access.userOutranks',
        message: translate('access.userOutranks'),
      });
      expect(await auditActions(t.db, adminId)).toEqual([]);
      const versionAfter = await t.db
        .selectFrom('users')
        .select('token_version')
        .where('id', '=', adminId)
        .executeTakeFirstOrThrow();
      expect(versionAfter).toEqual(versionBefore);
    },
  );

  it('the message is in the language of the request', async () => {
    const r = await call(t.app, getLockStatus, {
      token: studyAdmin,
      headers: { 'accept-language': 'es' },
      params: { userId: adminId },
    });
    expect(r.json.message).toBe(translate('access.userOutranks', undefined, 'es'));
  });

  it.each(Object.entries(calls))('%s of a site user: allowed to the StudyAdmin', async (_n, send) => {
    expect((await send(studyAdmin, crcId)).status).toBe(200);
  });

  it.each(Object.entries(calls))('%s of a StudyAdmin: allowed to the SystemAdmin', async (_n, send) => {
    const id = await idOf(t.db, 'users', { username: 'studyadmin' });
    expect((await send(systemAdmin, id)).status).toBe(200);
  });
});
