import {
  changeEmail,
  changePassword,
  checkResetToken,
  checkUsername,
  forgotUsername,
  getProfile,
  inviteUser,
  registerUser,
  resendTwoFactor,
  resetPassword,
  sendMobileOtp,
  sendOtp,
  staffLogin,
  verifyEmailChange,
  verifyOtp,
  verifyTwoFactor,
  verifyUser,
} from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditActions,
  call,
  createTestApp,
  DEMO_PASSWORD,
  idOf,
  latestOutbox,
  staffAccess,
  staffLoginTokens,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const WRONG = 'The code is not correct. Please check it and try again.';
const DEAD = 'This code is no longer valid. Please ask for a new one.';

const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;
const outboxCount = async () =>
  Number((await sql<{ n: number }>`select count(*)::int as n from outbox`.execute(t.db)).rows[0]!.n);
const login = (username: string, password = DEMO_PASSWORD) => call(t.app, staffLogin, { body: { username, password } });

describe('one-time code: reset password', () => {
  it('e-mails a code; the right code gives a single-use reset token that resetPassword accepts', async () => {
    const r = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'crc.demo', channel: 'email' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      challengeId: expect.any(String),
      channel: 'email',
      destination: 'c•••@trialpath.example',
    });
    const mail = await latestOutbox(t.db, 'crc.demo@trialpath.example');
    expect(mail.subject).toBe('Your Trialpath verification code');
    const code = codeIn(mail.body);

    const wrong = await call(t.app, verifyOtp, {
      body: { challengeId: r.json.challengeId, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      message: WRONG,
      fieldErrors: { code: [WRONG] },
      details: { attemptsRemaining: 4 },
    });

    const ok = await call(t.app, verifyOtp, { body: { challengeId: r.json.challengeId, code } });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ verified: true, resetToken: expect.any(String) });
    // the code works once
    const again = await call(t.app, verifyOtp, { body: { challengeId: r.json.challengeId, code } });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(DEAD);

    expect((await call(t.app, checkResetToken, { params: { token: ok.json.resetToken } })).json).toMatchObject({
      valid: true,
      purpose: 'reset',
    });
    expect(
      (await call(t.app, resetPassword, { body: { token: ok.json.resetToken, password: 'ByCode#123' } })).status,
    ).toBe(200);
    expect(
      (await call(t.app, resetPassword, { body: { token: ok.json.resetToken, password: 'ByCode#124' } })).json.code,
    ).toBe('RESET_TOKEN_USED');
    const s = await staffLoginTokens(t.app, 'crc.demo', 'ByCode#123');
    await call(t.app, changePassword, {
      token: s.accessToken,
      body: { currentPassword: 'ByCode#123', newPassword: DEMO_PASSWORD },
    });
    const id = await idOf(t.db, 'users', { username: 'crc.demo' });
    const actions = await auditActions(t.db, id);
    expect(actions).toEqual(expect.arrayContaining(['auth.otp.send', 'auth.otp.failed', 'auth.otp.verify']));
  });

  it('an unknown username gets a decoy of the same shape that never verifies', async () => {
    const before = await outboxCount();
    const ghost = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'ghost.user', channel: 'email' },
    });
    expect(ghost.status).toBe(200);
    expect(ghost.json.channel).toBe('email');
    expect(ghost.json.destination).toBe('g•••@trialpath.example');
    const ghostSms = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'ghost.user', channel: 'sms' },
    });
    expect(ghostSms.json.destination).toMatch(/^\+1 ••• ••• \d{4}$/);
    // the same question gets the same answer
    const ghostSms2 = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'ghost.user', channel: 'sms' },
    });
    expect(ghostSms2.json.destination).toBe(ghostSms.json.destination);
    expect(await outboxCount()).toBe(before); // nothing was sent
    for (const code of ['000000', '123456', '999999']) {
      const v = await call(t.app, verifyOtp, { body: { challengeId: ghost.json.challengeId, code } });
      expect(v.status).toBe(400);
      expect(v.json.message).toBe(WRONG);
    }
    expect(
      (await call(t.app, verifyOtp, { body: { challengeId: crypto.randomUUID(), code: '123456' } })).json.message,
    ).toBe(DEAD);
  });

  it('sms to an account without a mobile number says so (409, field channel, audited) and sends nothing', async () => {
    const before = await outboxCount();
    const noPhone = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'pi.demo', channel: 'sms' },
      headers: { 'accept-language': 'es' },
    });
    expect(noPhone.status).toBe(409);
    expect(noPhone.json).toMatchObject({
      code: 'NO_PHONE_ON_FILE',
      messageKey: 'auth.noPhoneOnFile',
      message:
        'Esta cuenta no tiene ningún número de móvil registrado. Elija el correo electrónico para recibir el código.',
      fieldErrorKeys: { channel: [{ key: 'auth.noPhoneOnFile' }] },
    });
    expect(noPhone.json.destination).toBeUndefined();
    expect(await outboxCount()).toBe(before);
    const id = await idOf(t.db, 'users', { username: 'pi.demo' });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', id)
      .where('action', '=', 'auth.otp.send')
      .executeTakeFirstOrThrow();
    expect(entry.after).toMatchObject({ channel: 'sms', noPhoneOnFile: true });
    // e-mail still works for the same account
    const byEmail = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'pi.demo', channel: 'email' },
    });
    expect(byEmail.status).toBe(200);
    expect(await outboxCount()).toBe(before + 1);
  });

  it('five wrong codes end the challenge; so does the 10-minute expiry', async () => {
    const r = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'studyadmin', channel: 'email' },
    });
    const code = codeIn((await latestOutbox(t.db, 'studyadmin@trialpath.example')).body);
    const bad = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const v = await call(t.app, verifyOtp, { body: { challengeId: r.json.challengeId, code: bad } });
      expect(v.json.message).toBe(WRONG);
    }
    const dead = await call(t.app, verifyOtp, { body: { challengeId: r.json.challengeId, code } });
    expect(dead.status).toBe(400);
    expect(dead.json.message).toBe(DEAD);

    const r2 = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'studyadmin@trialpath.example', channel: 'email' },
    });
    const code2 = codeIn((await latestOutbox(t.db, 'studyadmin@trialpath.example')).body);
    await t.db
      .updateTable('mfa_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', r2.json.challengeId)
      .execute();
    expect(
      (await call(t.app, verifyOtp, { body: { challengeId: r2.json.challengeId, code: code2 } })).json.message,
    ).toBe(DEAD);
  });

  it('a reset-password code is no sign-in code, and a sign-in code cannot be used here', async () => {
    const r = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'cra.demo', channel: 'email' },
    });
    const code = codeIn((await latestOutbox(t.db, 'cra.demo@trialpath.example')).body);
    const asMfa = await call(t.app, verifyTwoFactor, { body: { challengeId: r.json.challengeId, code } });
    expect(asMfa.status).toBe(401);
    expect(asMfa.json.code).toBe('TWO_FA_INVALID');
    expect((await call(t.app, resendTwoFactor, { body: { challengeId: r.json.challengeId } })).status).toBe(401);

    await sql`update clients set two_fa_enabled = true`.execute(t.db);
    try {
      const l = await login('cra.demo');
      expect(l.json.nextStep).toBe('TwoFARequest');
      const mfaCode = codeIn((await latestOutbox(t.db, 'cra.demo@trialpath.example')).body);
      const v = await call(t.app, verifyOtp, { body: { challengeId: l.json.challengeId, code: mfaCode } });
      expect(v.status).toBe(400);
      expect(v.json.message).toBe(DEAD);
      expect(
        (await call(t.app, verifyTwoFactor, { body: { challengeId: l.json.challengeId, code: mfaCode } })).status,
      ).toBe(200);
    } finally {
      await sql`update clients set two_fa_enabled = false`.execute(t.db);
    }
  });
});

describe('mobile one-time code', () => {
  it('texts a code to the new number (plus added to the country code); verifying stores it on the user', async () => {
    const s = await staffAccess(t, 'pi.demo');
    const id = await idOf(t.db, 'users', { username: 'pi.demo' });
    const demo = await idOf(t.db, 'studies', { code: 'DEMO' });
    const r = await call(t.app, sendMobileOtp, {
      token: s.accessToken,
      body: { currentPassword: DEMO_PASSWORD, mobileCountryCode: '1', phone: '(555) 123-4567', studyId: demo },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ challengeId: expect.any(String), channel: 'sms', destination: '+1 ••• ••• 4567' });
    const sms = await latestOutbox(t.db, '+1 5551234567');
    expect(sms.channel).toBe('sms');
    const v = await call(t.app, verifyOtp, { body: { challengeId: r.json.challengeId, code: codeIn(sms.body) } });
    expect(v.json).toEqual({ verified: true, resetToken: null });
    expect((await call(t.app, getProfile, { token: s.accessToken })).json.phoneNumber).toBe('+1 5551234567');
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'user.phone.verify')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ before: { phoneNumber: null }, after: { phoneNumber: '+1 5551234567' } });

    // the number now receives reset codes by sms
    const bySms = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'pi.demo', channel: 'sms' },
    });
    expect(bySms.json.destination).toBe('+1 ••• ••• 4567');
    expect((await latestOutbox(t.db, '+1 5551234567')).id).not.toBe(sms.id);
  });

  it('refuses a bad number or country code (400) and a study the user is not on (403)', async () => {
    const s = await staffAccess(t, 'crc.demo');
    const bad = await call(t.app, sendMobileOtp, {
      token: s.accessToken,
      body: { currentPassword: DEMO_PASSWORD, mobileCountryCode: '+1', phone: 'call me maybe' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toEqual({ phone: ['Enter a valid mobile number.'] });
    const cc = await call(t.app, sendMobileOtp, {
      token: s.accessToken,
      body: { currentPassword: DEMO_PASSWORD, mobileCountryCode: 'US', phone: '5551234567' },
    });
    expect(cc.json.fieldErrors).toEqual({ mobileCountryCode: ['Enter a valid country code, for example +1.'] });
    const sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
    const other = await call(t.app, sendMobileOtp, {
      token: s.accessToken,
      body: { currentPassword: DEMO_PASSWORD, mobileCountryCode: '+44', phone: '7911 123456', studyId: sleep },
    });
    expect(other.status).toBe(403);
  });
});

describe('change e-mail (OTPVerifiedRequest)', () => {
  it('the whole loop: change → unverified → sign-in asks for the code sent to the new address → verified', async () => {
    const s = await staffAccess(t, 'cra.demo');
    const id = await idOf(t.db, 'users', { username: 'cra.demo' });
    const same = await call(t.app, changeEmail, {
      token: s.accessToken,
      body: { email: 'CRA.demo@trialpath.example', currentPassword: DEMO_PASSWORD },
    });
    expect(same.status).toBe(400);
    expect(same.json.fieldErrors).toEqual({ email: ['This is already your e-mail address.'] });

    const r = await call(t.app, changeEmail, {
      token: s.accessToken,
      body: { email: 'clara@monitors.example', currentPassword: DEMO_PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ challengeId: expect.any(String), channel: 'email', destination: 'c•••@monitors.example' });
    const notice = await latestOutbox(t.db, 'cra.demo@trialpath.example');
    expect(notice.body).toContain('c•••@monitors.example');
    const me = (await call(t.app, getProfile, { token: s.accessToken })).json;
    expect(me).toMatchObject({ email: 'cra.demo@trialpath.example', otpVerified: false });

    // the person signs out without entering the code; the next sign-in asks for it
    const l = await login('cra.demo');
    expect(l.status).toBe(200);
    expect(l.json).toEqual({ nextStep: 'OTPVerifiedRequest', challengeId: expect.any(String) });
    const mail = await latestOutbox(t.db, 'clara@monitors.example');
    const code = codeIn(mail.body);
    const wrong = await call(t.app, verifyTwoFactor, { body: { challengeId: l.json.challengeId, code: '00000x' } });
    expect(wrong.status).toBe(401);
    const ok = await call(t.app, verifyTwoFactor, { body: { challengeId: l.json.challengeId, code } });
    expect(ok.status).toBe(200);
    expect(ok.json.tokens.accessToken).toBeTruthy();
    expect(ok.json.user).toMatchObject({ email: 'clara@monitors.example', otpVerified: true });
    expect((await login('cra.demo')).json.nextStep).toBe('Tokens');
    expect(await auditActions(t.db, id)).toEqual(
      expect.arrayContaining(['user.email.change-requested', 'auth.otp-verified.challenge', 'user.email.verify']),
    );
  });

  it('verifying with the change-email code replaces the address at once', async () => {
    const s = await staffAccess(t, 'studyadmin');
    const r = await call(t.app, changeEmail, {
      token: s.accessToken,
      body: { email: 'sam@sponsor.example', currentPassword: DEMO_PASSWORD },
    });
    const code = codeIn((await latestOutbox(t.db, 'sam@sponsor.example')).body);
    const other = await staffAccess(t, 'pi.demo');
    // someone else's session cannot use it
    const foreign = await call(t.app, verifyEmailChange, {
      token: other.accessToken,
      body: { challengeId: r.json.challengeId, code },
    });
    expect(foreign.status).toBe(400);
    const wrong = await call(t.app, verifyEmailChange, {
      token: s.accessToken,
      body: { challengeId: r.json.challengeId, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(WRONG);
    const ok = await call(t.app, verifyEmailChange, {
      token: s.accessToken,
      body: { challengeId: r.json.challengeId, code },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ username: 'studyadmin', email: 'sam@sponsor.example', otpVerified: true });
    expect((await login('studyadmin')).json.nextStep).toBe('Tokens');
  });
});

describe('staff forgot username', () => {
  it('e-mails the usernames of the active accounts with the address; same answer when none', async () => {
    const before = await outboxCount();
    const none = await call(t.app, forgotUsername, { body: { email: 'nobody@nowhere.example' } });
    expect(none.status).toBe(200);
    expect(await outboxCount()).toBe(before);
    const known = await call(t.app, forgotUsername, { body: { email: ' PI.demo@trialpath.example ' } });
    expect(known.json).toEqual(none.json);
    expect(known.json).toEqual({
      ok: true,
      message: 'If an account uses this e-mail address, its username has been sent to it.',
    });
    const mail = await latestOutbox(t.db, 'pi.demo@trialpath.example');
    expect(mail.subject).toBe('Your Trialpath username');
    expect(mail.body).toContain('pi.demo');
    expect(await auditActions(t.db, await idOf(t.db, 'users', { username: 'pi.demo' }))).toContain(
      'auth.username.reminder',
    );
  });
});

describe('registration by invitation', () => {
  const registerToken = async (email: string) => {
    const mail = await latestOutbox(t.db, email);
    expect(mail.body).toContain('http://localhost:3000/#/register/');
    return /#\/register\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
  };

  it('the demo invitee verifies the link, checks a username and registers; the link works once', async () => {
    const token = await registerToken('new.coordinator@trialpath.example');
    expect((await call(t.app, verifyUser, { body: { token } })).json).toEqual({
      valid: true,
      email: 'new.coordinator@trialpath.example',
      firstName: 'Nora',
      lastName: 'Newcomer',
    });
    // the create-password token check does not treat it as an invitation
    expect((await call(t.app, checkResetToken, { params: { token } })).json.valid).toBe(false);

    const weak = await call(t.app, checkUsername, { body: { token, username: 'nora' } });
    expect(weak.json.available).toBe(false);
    expect(weak.json.message).toContain('Username must be at least 8 characters long.');
    const spaced = await call(t.app, checkUsername, { body: { token, username: 'nora new#1' } });
    expect(spaced.json).toEqual({ available: false, message: 'Username must not contain spaces.' });
    const good = await call(t.app, checkUsername, { body: { token, username: 'Nora#2025' } });
    expect(good.json).toEqual({ available: true, message: null });

    const badPassword = await call(t.app, registerUser, {
      body: { token, username: 'Nora#2025', firstName: 'Nora', lastName: 'Newcomer', password: 'short' },
    });
    expect(badPassword.status).toBe(400);
    expect(badPassword.json.fieldErrors.password).toContain('Password must be at least 8 characters long.');

    const ok = await call(t.app, registerUser, {
      body: { token, username: 'Nora#2025', firstName: 'Nora', lastName: 'Newton', password: 'Welcome#2025' },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ ok: true });
    const l = await login('nora#2025', 'Welcome#2025');
    expect(l.json.nextStep).toBe('Tokens');
    expect(l.json.user).toMatchObject({
      username: 'nora#2025',
      lastName: 'Newton',
      status: 'ACTIVE',
      profileCompleted: false,
    });
    const again = await call(t.app, registerUser, {
      body: { token, username: 'Nora#2026', firstName: 'N', lastName: 'N', password: 'Welcome#2025' },
    });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('RESET_TOKEN_USED');
    expect((await call(t.app, verifyUser, { body: { token } })).json.valid).toBe(false);
    expect((await call(t.app, checkUsername, { body: { token, username: 'Other#2025' } })).json.code).toBe(
      'RESET_TOKEN_USED',
    );
    expect(await auditActions(t.db, l.json.user.id)).toContain('user.register');
  });

  it('the names get the cleaning PUT /me gives them (no markup that runs, no frames); a name cleaned away is required', async () => {
    const token = await registerToken('new.coordinator@trialpath.example');
    const empty = await call(t.app, registerUser, {
      body: { token, username: 'Nora#2025', firstName: '<script>x</script>', lastName: 'N', password: 'Welcome#2025' },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.fieldErrors).toEqual({ firstName: [translate('errors.required')] });
    const ok = await call(t.app, registerUser, {
      body: {
        token,
        username: 'Nora#2025',
        firstName: '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>Nora',
        lastName: '<img src=x onerror=alert(1)>New & Co',
        password: 'Welcome#2025',
      },
    });
    expect(ok.status).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('username', '=', 'nora#2025')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Nora', last_name: '<img src=x>New & Co' });
  });

  it('an invitation without a username links #/register; a taken username → 409 with a clear message', async () => {
    // The demo invitee takes the username first.
    const first = await registerToken('new.coordinator@trialpath.example');
    const taker = { token: first, username: 'Nora#2025', firstName: 'Nora', lastName: 'Newcomer' };
    expect((await call(t.app, registerUser, { body: { ...taker, password: 'Welcome#2025' } })).status).toBe(200);
    const admin = await staffAccess(t, 'admin');
    const inv = await call(t.app, inviteUser, {
      token: admin.accessToken,
      body: { email: 'second.person@trialpath.example', firstName: 'Second', lastName: 'Person', role: 'Sponsor' },
    });
    expect(inv.status).toBe(200);
    expect(inv.json).toMatchObject({ username: '', status: 'INVITED', email: 'second.person@trialpath.example' });
    const token = await registerToken('second.person@trialpath.example');
    const taken = await call(t.app, checkUsername, { body: { token, username: 'NORA#2025' } });
    expect(taken.json).toEqual({ available: false, message: 'This username is already taken.' });
    const r = await call(t.app, registerUser, {
      body: { token, username: 'nora#2025', firstName: 'Second', lastName: 'Person', password: 'Welcome#2025' },
    });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({
      code: 'CONFLICT',
      message: 'This username is already taken.',
      fieldErrors: { username: ['This username is already taken.'] },
    });
    // an unknown token
    expect((await call(t.app, verifyUser, { body: { token: 'x'.repeat(43) } })).json).toEqual({
      valid: false,
      email: null,
      firstName: null,
      lastName: null,
    });
    expect((await call(t.app, checkUsername, { body: { token: 'x'.repeat(43), username: 'Abc#12345' } })).status).toBe(
      400,
    );
  });
});
