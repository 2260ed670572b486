/**
 * Account takeover from a stolen access token (issue 8, decision 0028): the mobile number and the e-mail
 * address change only with the current password and a code sent to the new one, and the account's
 * e-mail address is told afterwards. PUT /me changes neither.
 */
import {
  changeEmail,
  getProfile,
  sendMobileOtp,
  updateProfile,
  verifyEmailChange,
  verifyOtp,
} from '@trialpath/contract';
import { LOCKOUT_POLICY, translate } from '@trialpath/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let t: TestApp;
let crc: string;
let crcId: string;
beforeAll(async () => {
  t = await createTestApp();
  crc = (await staffAccess(t, 'crc.demo')).accessToken;
  crcId = await idOf(t.db, 'users', { username: 'crc.demo' });
});
afterAll(() => t?.close());

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
const WRONG_PASSWORD = [translate('password.currentWrong')];
const OLD_EMAIL = 'crc.demo@trialpath.example';

async function outboxTo(recipient: string) {
  return t.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).execute();
}

describe('PUT /me no longer changes contact details', () => {
  it.each([
    ['phoneNumber', '+1 5550000666'],
    ['email', 'attacker@evil.example'],
  ])('%s is an unknown field (400) and nothing changes', async (field, value) => {
    const r = await call(t.app, updateProfile, {
      token: crc,
      body: { firstName: 'Carla', lastName: 'Diaz', [field]: value },
    });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors).toEqual({ [field]: [translate('errors.unknownField', { field })] });
    const me = (await call(t.app, getProfile, { token: crc })).json;
    expect(me).toMatchObject({ email: OLD_EMAIL, phoneNumber: null, firstName: 'Carlos' });
  });
});

describe('a new mobile number needs the current password and a code sent to it', () => {
  it('without the password: 400 on currentPassword, nothing sent', async () => {
    const r = await call(t.app, sendMobileOtp, { token: crc, body: { mobileCountryCode: '+1', phone: '5550000666' } });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors).toEqual({ currentPassword: [translate('errors.required')] });
    expect(await outboxTo('+1 5550000666')).toEqual([]);
  });

  it('with a wrong password: 400 on currentPassword, nothing sent, the attempt audited', async () => {
    const r = await call(t.app, sendMobileOtp, {
      token: crc,
      body: { currentPassword: 'not-my-password', mobileCountryCode: '+1', phone: '5550000666' },
    });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors).toEqual({ currentPassword: WRONG_PASSWORD });
    expect(await outboxTo('+1 5550000666')).toEqual([]);
    expect(await auditActions(t.db, crcId)).toEqual(['user.reauth.failed']);
  });

  it('wrong passwords count toward the sign-in lockout: the fifth locks the account (423), then even the right one is refused', async () => {
    const send = (currentPassword: string) =>
      call(t.app, sendMobileOtp, {
        token: crc,
        body: { currentPassword, mobileCountryCode: '+1', phone: '5550000666' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < LOCKOUT_POLICY.maxFailedAttempts; i += 1) statuses.push((await send('not-my-password')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
    const locked = await send(DEMO_PASSWORD);
    expect(locked.status).toBe(423);
    expect(locked.json.code).toBe('ACCOUNT_LOCKED');
    expect(await outboxTo('+1 5550000666')).toEqual([]);
    expect(await auditActions(t.db, crcId)).toEqual(expect.arrayContaining(['user.reauth.failed', 'auth.lockout']));
  });

  it('with the password: the code goes to the new number; confirming stores it and tells the e-mail address', async () => {
    const r = await call(t.app, sendMobileOtp, {
      token: crc,
      body: { currentPassword: DEMO_PASSWORD, mobileCountryCode: '+1', phone: '555 000 0777' },
    });
    expect(r.status).toBe(200);
    const sms = await latestOutbox(t.db, '+1 5550000777');
    expect(sms.channel).toBe('sms');
    const v = await call(t.app, verifyOtp, { body: { challengeId: r.json.challengeId, code: codeIn(sms.body) } });
    expect(v.status).toBe(200);
    expect((await call(t.app, getProfile, { token: crc })).json.phoneNumber).toBe('+1 5550000777');
    const notice = await latestOutbox(t.db, OLD_EMAIL);
    expect(notice.channel).toBe('email');
    expect(notice.subject).toBe('Your Trialpath mobile number was changed');
    expect(notice.body).toContain('+1 ••• ••• 0777');
    expect(notice.body).not.toContain('5550000777');
  });

  it('the notice is in the language of the request (es)', async () => {
    const r = await call(t.app, sendMobileOtp, {
      token: crc,
      headers: { 'accept-language': 'es' },
      body: { currentPassword: DEMO_PASSWORD, mobileCountryCode: '+34', phone: '600 123 456' },
    });
    const sms = await latestOutbox(t.db, '+34 600123456');
    await call(t.app, verifyOtp, {
      headers: { 'accept-language': 'es' },
      body: { challengeId: r.json.challengeId, code: codeIn(sms.body) },
    });
    const notice = await latestOutbox(t.db, OLD_EMAIL);
    expect(notice.subject).toBe('Se ha cambiado el número de móvil de Trialpath');
  });
});

describe('a new e-mail address needs the current password and a code sent to it', () => {
  it('without or with a wrong password: 400 on currentPassword, no code sent, the address unchanged', async () => {
    const missing = await call(t.app, changeEmail, { token: crc, body: { email: 'attacker@evil.example' } });
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors).toEqual({ currentPassword: [translate('errors.required')] });
    const wrong = await call(t.app, changeEmail, {
      token: crc,
      body: { email: 'attacker@evil.example', currentPassword: 'guess' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fieldErrors).toEqual({ currentPassword: WRONG_PASSWORD });
    expect(await outboxTo('attacker@evil.example')).toEqual([]);
    expect((await call(t.app, getProfile, { token: crc })).json).toMatchObject({ email: OLD_EMAIL, otpVerified: true });
  });

  it('with the password: the code goes to the new address; confirming replaces it and tells the old one', async () => {
    const r = await call(t.app, changeEmail, {
      token: crc,
      body: { email: 'carla@site.example', currentPassword: DEMO_PASSWORD },
    });
    expect(r.status).toBe(200);
    const code = codeIn((await latestOutbox(t.db, 'carla@site.example')).body);
    const ok = await call(t.app, verifyEmailChange, { token: crc, body: { challengeId: r.json.challengeId, code } });
    expect(ok.status).toBe(200);
    expect(ok.json.email).toBe('carla@site.example');
    const notice = await latestOutbox(t.db, OLD_EMAIL);
    expect(notice.subject).toBe('Your Trialpath e-mail address was changed');
    expect(notice.body).toContain('c•••@site.example');
  });
});
