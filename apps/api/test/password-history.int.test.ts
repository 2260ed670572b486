/**
 * Password history (decision 0024): a change or a reset refuses any of the account's last 5 passwords
 * (the current one and the four before it) with a message at the field, staff and participants alike.
 */
import {
  changePassword,
  forgotPassword,
  participantChangePassword,
  participantForgotPassword,
  participantLogin,
  participantResetPassword,
  resetPassword,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  DEMO_PASSWORD,
  latestOutbox,
  staffLoginTokens,
  type TestApp,
  forgotPasswordBody,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const RECENT = 'This password was used recently. Choose one that is not among your last 5 passwords.';

async function staffResetLink(username: string, email: string): Promise<string> {
  expect((await call(t.app, forgotPassword, { body: { username } })).status).toBe(200);
  const mail = await latestOutbox(t.db, email);
  return /#\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
}

describe('staff password history', () => {
  it('a reset refuses the current password (en and es) and accepts a new one', async () => {
    const token = await staffResetLink('crc.demo', 'crc.demo@trialpath.example');
    const same = await call(t.app, resetPassword, { body: { token, password: DEMO_PASSWORD } });
    expect(same.status).toBe(400);
    expect(same.json.fieldErrors.password).toEqual([RECENT]);
    expect(same.json.fieldErrorKeys.password).toEqual([{ key: 'password.recentlyUsed', params: { count: 5 } }]);
    const es = await call(t.app, resetPassword, {
      body: { token, password: DEMO_PASSWORD },
      headers: { 'accept-language': 'es' },
    });
    expect(es.json.fieldErrors.password).toEqual([
      'Esta contraseña se usó recientemente. Elija una que no esté entre sus últimas 5 contraseñas.',
    ]);
    // The refused attempts did not use up the link.
    expect((await call(t.app, resetPassword, { body: { token, password: 'Fresh#pass1' } })).status).toBe(200);
  });

  it('a change refuses the last 5 passwords; the sixth-oldest is allowed again', async () => {
    const s = await staffLoginTokens(t.app, 'studyadmin');
    const change = (currentPassword: string, newPassword: string) =>
      call(t.app, changePassword, { token: s.accessToken, body: { currentPassword, newPassword } });
    const passwords = [DEMO_PASSWORD, 'Second#pw2', 'Third#pw3', 'Fourth#pw4', 'Fifth#pw5'];
    for (let i = 1; i < passwords.length; i++) {
      expect((await change(passwords[i - 1]!, passwords[i]!)).status).toBe(200);
    }
    // Current: Fifth. Each of the four before it is refused on the new password's field.
    for (const old of passwords.slice(0, 4)) {
      const r = await change('Fifth#pw5', old);
      expect(r.status).toBe(400);
      expect(r.json.fieldErrors.newPassword).toEqual([RECENT]);
    }
    // A reset refuses an earlier one too.
    const token = await staffResetLink('studyadmin', 'studyadmin@trialpath.example');
    const viaReset = await call(t.app, resetPassword, { body: { token, password: 'Second#pw2' } });
    expect(viaReset.json.fieldErrors.password).toEqual([RECENT]);
    // One more change pushes the demo password out of the last five.
    expect((await change('Fifth#pw5', 'Sixth#pw6')).status).toBe(200);
    expect((await change('Sixth#pw6', DEMO_PASSWORD)).status).toBe(200);
    const kept = await t.db
      .selectFrom('password_history')
      .innerJoin('users', 'users.id', 'password_history.user_id')
      .where('users.username', '=', 'studyadmin')
      .select('password_history.id')
      .execute();
    expect(kept).toHaveLength(4);
  });
});

describe('participant password history', () => {
  it('a change and a reset refuse recent passwords', async () => {
    const login = await call(t.app, participantLogin, {
      body: {
        studyCode: 'DEMO',
        username: 'participant.us2',
        password: DEMO_PASSWORD,
        deviceId: 'd',
        isWebPortal: true,
      },
    });
    const { tokens } = login.json;
    const change = (previousPassword: string, proposedPassword: string) =>
      call(t.app, participantChangePassword, {
        token: tokens.accessToken,
        body: { previousPassword, proposedPassword },
      });
    expect((await change(DEMO_PASSWORD, 'Other#pass2')).status).toBe(200);
    const back = await change('Other#pass2', DEMO_PASSWORD);
    expect(back.status).toBe(400);
    expect(back.json.fieldErrors.proposedPassword).toEqual([RECENT]);

    await call(t.app, participantForgotPassword, {
      body: forgotPasswordBody('participant.us2'),
    });
    const email = (await t.db
      .selectFrom('participants')
      .select('email')
      .where('id', '=', tokens.pid)
      .executeTakeFirstOrThrow())!.email!;
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec((await latestOutbox(t.db, email)).body)![1]!;
    for (const old of [DEMO_PASSWORD, 'Other#pass2']) {
      const r = await call(t.app, participantResetPassword, { body: { token, password: old } });
      expect(r.status).toBe(400);
      expect(r.json.fieldErrors.password).toEqual([RECENT]);
    }
    expect((await call(t.app, participantResetPassword, { body: { token, password: 'Brand#new3' } })).status).toBe(200);
  });
});
