import {
  changePassword,
  checkResetToken,
  createPassword,
  forgotPassword,
  getLockStatus,
  getProfile,
  getStudyToken,
  inviteUser,
  jwtCheck,
  logout,
  logoutUser,
  refreshTokens,
  resendTwoFactor,
  resetPassword,
  staffLogin,
  unlockUser,
  verifyTwoFactor,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signAccessToken } from '../src/modules/auth/tokens';
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

const login = (username: string, password: string) => call(t.app, staffLogin, { body: { username, password } });

describe('staff sign-in', () => {
  it('issues tokens and the profile for a good password (username lowercased) and audits it', async () => {
    const r = await login('  Admin ', DEMO_PASSWORD);
    expect(r.status).toBe(200);
    expect(r.json.nextStep).toBe('Tokens');
    expect(r.json.user).toMatchObject({ username: 'admin', userRole: 'SystemAdmin', status: 'ACTIVE' });
    const me = await call(t.app, getProfile, { token: r.json.tokens.accessToken });
    expect(me.json.username).toBe('admin');
    const claims = await call(t.app, jwtCheck, { token: r.json.tokens.accessToken });
    expect(claims.json).toMatchObject({ id: r.json.user.id, pId: null, studyId: null, authorities: ['SystemAdmin'] });
    expect(await auditActions(t.db, r.json.user.id)).toContain('auth.login');
  });

  it('unknown user → 401 "Username not found." (audited)', async () => {
    const r = await login('nobody.here', 'whatever');
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ code: 'USERNAME_NOT_FOUND', message: 'Username not found.' });
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'auth.login.failed')
      .execute();
    expect(rows.some((x) => (x.after as { username?: string })?.username === 'nobody.here')).toBe(true);
  });

  it('wrong password → 401 with the spec text and the attempts left, and the failed count goes up', async () => {
    const id = await idOf(t.db, 'users', { username: 'pi.demo' });
    const r = await login('pi.demo', 'Wrong#pass1');
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'You have entered an invalid username or password. Attempts left before your account is locked: 4.',
      messageKey: 'auth.attemptsRemaining',
      params: { remaining: 4 },
      details: { attemptsRemaining: 4 },
    });
    const second = await call(t.app, staffLogin, {
      body: { username: 'pi.demo', password: 'Wrong#pass2' },
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(second.json.message).toBe(
      'Ha introducido un nombre de usuario o una contraseña no válidos. Intentos restantes antes de que se bloquee su cuenta: 3.',
    );
    const u = await t.db.selectFrom('users').select('failed_attempts').where('id', '=', id).executeTakeFirstOrThrow();
    expect(u.failed_attempts).toBe(2);
    // success resets the count
    await login('pi.demo', DEMO_PASSWORD);
    const after = await t.db
      .selectFrom('users')
      .select('failed_attempts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.failed_attempts).toBe(0);
  });

  it('locks after 5 failures (423, audited); even the right password is refused; an admin unlocks', async () => {
    const id = await idOf(t.db, 'users', { username: 'cra.demo' });
    for (let i = 1; i <= 4; i++) expect((await login('cra.demo', 'bad')).status).toBe(401);
    const fifth = await login('cra.demo', 'bad');
    expect(fifth.status).toBe(423);
    expect(fifth.json.code).toBe('ACCOUNT_LOCKED');
    expect(fifth.json.message).toBe(
      'Your account is locked after too many failed sign-in attempts. Try again in 30 minutes, or reset your password to unlock it now.',
    );
    expect((await login('cra.demo', DEMO_PASSWORD)).status).toBe(423);
    expect(await auditActions(t.db, id)).toContain('auth.lockout');

    const admin = await staffAccess(t, 'admin');
    const status = await call(t.app, getLockStatus, { params: { userId: id }, token: admin.accessToken });
    expect(status.json).toMatchObject({ locked: true, failedAttempts: 5 });
    // a site user may not unlock
    const crc = await staffAccess(t, 'crc.demo');
    expect(
      (await call(t.app, unlockUser, { params: { userId: id }, body: { reason: 'please' }, token: crc.accessToken }))
        .status,
    ).toBe(403);
    const un = await call(t.app, unlockUser, {
      params: { userId: id },
      body: { reason: 'verified by phone' },
      token: admin.accessToken,
    });
    expect(un.status).toBe(200);
    expect(un.json).toMatchObject({ locked: false, failedAttempts: 0, lockedUntil: null });
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.unlock')
      .executeTakeFirstOrThrow();
    expect(entry.reason).toBe('verified by phone');
    expect((await login('cra.demo', DEMO_PASSWORD)).status).toBe(200);
  });

  it('an invited user without a password answers like a wrong password (decision 0023), then signs in', async () => {
    const admin = await staffAccess(t, 'admin');
    const inv = await call(t.app, inviteUser, {
      token: admin.accessToken,
      body: {
        username: 'New.Person',
        email: 'new.person@trialpath.example',
        firstName: 'New',
        lastName: 'Person',
        role: 'StudyManager',
      },
    });
    expect(inv.status).toBe(200);
    expect(inv.json).toMatchObject({ username: 'new.person', status: 'INVITED', userRole: 'StudyManager' });
    const r = await login('new.person', 'anything');
    // Not "not fully verified" before a password was checked: that would tell an invited account apart.
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('INVALID_CREDENTIALS');
    // invitation link in the outbox → create password → sign in
    const mail = await latestOutbox(t.db, 'new.person@trialpath.example');
    const token = /#\/create-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    expect(mail.body).toContain('http://localhost:3000/#/create-password/');
    expect((await call(t.app, checkResetToken, { params: { token } })).json).toEqual({
      valid: true,
      purpose: 'invite',
      username: 'new.person',
    });
    const weak = await call(t.app, createPassword, { body: { token, password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.json.fieldErrors.password).toContain('Password must be at least 8 characters long.');
    expect((await call(t.app, createPassword, { body: { token, password: 'Fresh#pass9' } })).status).toBe(200);
    expect((await call(t.app, createPassword, { body: { token, password: 'Fresh#pass9' } })).json.code).toBe(
      'RESET_TOKEN_USED',
    );
    expect((await login('new.person', 'Fresh#pass9')).status).toBe(200);
    // duplicate username → 409
    const dup = await call(t.app, inviteUser, {
      token: admin.accessToken,
      body: { username: 'new.person', email: 'x@trialpath.example', firstName: 'X', lastName: 'Y', role: 'Sponsor' },
    });
    expect(dup.status).toBe(409);
  });
});

describe('tokens', () => {
  it('refresh rotates: the old refresh token is refused afterwards and its reuse revokes the family', async () => {
    const first = await staffLoginTokens(t.app, 'studyadmin');
    const r1 = await call(t.app, refreshTokens, { body: { refreshToken: first.refreshToken } });
    expect(r1.status).toBe(200);
    expect(r1.json.refreshToken).not.toBe(first.refreshToken);
    const reuse = await call(t.app, refreshTokens, { body: { refreshToken: first.refreshToken } });
    expect(reuse.status).toBe(401);
    // the legitimate newer token died with its family
    const r2 = await call(t.app, refreshTokens, { body: { refreshToken: r1.json.refreshToken } });
    expect(r2.status).toBe(401);
  });

  it('logout revokes the session: its refresh token (and per-study ones) no longer work', async () => {
    const s = await staffLoginTokens(t.app, 'crc.demo');
    const studyId = await idOf(t.db, 'studies', { code: 'DEMO' });
    const st = await call(t.app, getStudyToken, { body: { studyId }, token: s.accessToken });
    expect(st.status).toBe(200);
    expect(st.json.authorities).toEqual(['StudyCoordinator']);
    const claims = await call(t.app, jwtCheck, { token: st.json.accessToken });
    expect(claims.json.studyId).toBe(studyId);
    expect((await call(t.app, logout, { body: {}, token: s.accessToken })).status).toBe(200);
    const entry = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'auth.logout')
      .executeTakeFirstOrThrow();
    expect(entry.after).toMatchObject({ endedSessions: 1 });
    expect((await call(t.app, refreshTokens, { body: { refreshToken: s.refreshToken } })).status).toBe(401);
    expect((await call(t.app, refreshTokens, { body: { refreshToken: st.json.refreshToken, studyId } })).status).toBe(
      401,
    );
  });

  it('refreshing a study token after the study access was withdrawn → 403 studiesChanged', async () => {
    const s = await staffLoginTokens(t.app, 'pi.demo');
    const studyId = await idOf(t.db, 'studies', { code: 'DEMO' });
    const userId = await idOf(t.db, 'users', { username: 'pi.demo' });
    const st = await call(t.app, getStudyToken, { body: { studyId }, token: s.accessToken });
    const saved = await t.db.selectFrom('study_assignments').selectAll().where('user_id', '=', userId).execute();
    await t.db.deleteFrom('study_assignments').where('user_id', '=', userId).execute();
    try {
      const r = await call(t.app, refreshTokens, { body: { refreshToken: st.json.refreshToken, studyId } });
      expect(r.status).toBe(403);
      expect(r.json.studiesChanged).toEqual([studyId]);
    } finally {
      await t.db.insertInto('study_assignments').values(saved).execute();
    }
  });

  it('a study token is refused for a study the user is not on', async () => {
    const s = await staffLoginTokens(t.app, 'crc.demo');
    const other = await idOf(t.db, 'studies', { code: 'SLEEP' });
    const r = await call(t.app, getStudyToken, { body: { studyId: other }, token: s.accessToken });
    expect(r.status).toBe(403);
    expect(r.json.message).toBe('You do not have access to this page.');
  });

  it('a token accepted before is refused once it expires (verified tokens are remembered only until then)', async () => {
    const s = await staffLoginTokens(t.app, 'crc.demo');
    expect((await call(t.app, getProfile, { token: s.accessToken })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (t.config.accessTokenTtlSeconds + 1) * 1000);
      const r = await call(t.app, getProfile, { token: s.accessToken });
      expect(r.status).toBe(401);
      expect(r.json).toMatchObject({ code: 'TOKEN_EXPIRED', type: 'TOKENEXPIRED' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('an expired access token → 401 type TOKENEXPIRED', async () => {
    const id = await idOf(t.db, 'users', { username: 'admin' });
    const expired = await signAccessToken(
      {
        sub: id,
        id,
        pId: null,
        studyId: null,
        authorities: ['SystemAdmin'],
        typ: 'staff',
        tv: 0,
        sid: crypto.randomUUID(),
      },
      t.config.jwtSecret,
      60,
      Date.now() - 3_600_000,
    );
    const r = await call(t.app, getProfile, { token: expired });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ code: 'TOKEN_EXPIRED', type: 'TOKENEXPIRED' });
    const forged = await signAccessToken(
      {
        sub: id,
        id,
        pId: null,
        studyId: null,
        authorities: ['SystemAdmin'],
        typ: 'staff',
        tv: 0,
        sid: crypto.randomUUID(),
      },
      new TextEncoder().encode('another-secret-another-secret-another-secret'),
      60,
    );
    expect((await call(t.app, getProfile, { token: forged })).json.code).toBe('UNAUTHENTICATED');
  });

  it('log out everywhere: the user’s next call gets 403 globalSignout', async () => {
    const pi = await staffLoginTokens(t.app, 'pi.demo');
    const admin = await staffLoginTokens(t.app, 'admin');
    const piId = await idOf(t.db, 'users', { username: 'pi.demo' });
    expect((await call(t.app, logoutUser, { params: { userId: piId }, token: admin.accessToken })).status).toBe(200);
    const r = await call(t.app, getProfile, { token: pi.accessToken });
    expect(r.status).toBe(403);
    expect(r.json.globalSignout).toBe(true);
    expect((await call(t.app, refreshTokens, { body: { refreshToken: pi.refreshToken } })).status).toBe(401);
    expect((await login('pi.demo', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  it('asks for a code, e-mails it, accepts it once; a wrong code is refused', async () => {
    await sql`update clients set two_fa_enabled = true`.execute(t.db);
    try {
      const r = await login('studyadmin', DEMO_PASSWORD);
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ nextStep: 'TwoFARequest', channel: 'email' });
      expect(r.json.tokens).toBeUndefined();
      const { challengeId } = r.json;
      const wrong = await call(t.app, verifyTwoFactor, { body: { challengeId, code: '000000x' } });
      expect(wrong.status).toBe(401);
      expect(wrong.json.code).toBe('TWO_FA_INVALID');
      expect((await call(t.app, resendTwoFactor, { body: { challengeId } })).status).toBe(200);
      const mail = await latestOutbox(t.db, 'studyadmin@trialpath.example');
      const code = /\b(\d{6})\b/.exec(mail.body)![1]!;
      const ok = await call(t.app, verifyTwoFactor, { body: { challengeId, code } });
      expect(ok.status).toBe(200);
      expect(ok.json.tokens.accessToken).toBeTruthy();
      expect((await call(t.app, verifyTwoFactor, { body: { challengeId, code } })).status).toBe(401);
      const attempts = await t.db
        .selectFrom('mfa_challenges')
        .select('attempts')
        .where('id', '=', challengeId)
        .executeTakeFirstOrThrow();
      expect(attempts.attempts).toBe(1);
    } finally {
      await sql`update clients set two_fa_enabled = false`.execute(t.db);
    }
  });

  it('five wrong codes exhaust the challenge', async () => {
    await sql`update clients set two_fa_enabled = true`.execute(t.db);
    try {
      const { challengeId } = (await login('admin', DEMO_PASSWORD)).json;
      for (let i = 0; i < 5; i++) await call(t.app, verifyTwoFactor, { body: { challengeId, code: '1234567' } });
      const mail = await latestOutbox(t.db, 'admin@trialpath.example');
      const code = /\b(\d{6})\b/.exec(mail.body)![1]!;
      expect((await call(t.app, verifyTwoFactor, { body: { challengeId, code } })).status).toBe(401);
    } finally {
      await sql`update clients set two_fa_enabled = false`.execute(t.db);
    }
  });
});

describe('password recovery and change', () => {
  it('forgot password answers the same for unknown accounts; the reset link works once', async () => {
    const unknown = await call(t.app, forgotPassword, { body: { username: 'ghost' } });
    const known = await call(t.app, forgotPassword, { body: { username: 'crc.demo' } });
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    const mail = await latestOutbox(t.db, 'crc.demo@trialpath.example');
    const token = /#\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const bad = await call(t.app, resetPassword, { body: { token, password: 'nospecial1' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.password).toEqual([
      'Password must contain at least one special character (! @ # $ % &).',
    ]);
    expect((await call(t.app, resetPassword, { body: { token, password: 'Reset#pass2' } })).status).toBe(200);
    const again = await call(t.app, resetPassword, { body: { token, password: 'Reset#pass3' } });
    expect(again.json.code).toBe('RESET_TOKEN_USED');
    expect((await login('crc.demo', 'Reset#pass2')).status).toBe(200);
    expect(await auditActions(t.db, await idOf(t.db, 'users', { username: 'crc.demo' }))).toContain(
      'auth.password.reset',
    );
    // (Each test's writes are rolled back: the demo password is back for the next test. Choosing it
    // again here would be refused: it is one of the last five, decision 0024.)
  });

  it('a password reset unlocks a locked account, as the lock message says', async () => {
    for (let i = 1; i <= 5; i++) await login('pi.demo', 'bad');
    const locked = await login('pi.demo', DEMO_PASSWORD);
    expect(locked.status).toBe(423);
    expect(locked.json.message).toContain('reset your password to unlock it now');
    await call(t.app, forgotPassword, { body: { username: 'pi.demo' } });
    const mail = await latestOutbox(t.db, 'pi.demo@trialpath.example');
    const token = /#\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    expect((await call(t.app, resetPassword, { body: { token, password: 'Reset#pass9' } })).status).toBe(200);
    expect((await login('pi.demo', 'Reset#pass9')).status).toBe(200);
  });

  it('an expired reset link is refused', async () => {
    await call(t.app, forgotPassword, { body: { username: 'studyadmin@trialpath.example' } });
    const mail = await latestOutbox(t.db, 'studyadmin@trialpath.example');
    const token = /#\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    await sql`update password_tokens set expires_at = now() - interval '1 minute' where used_at is null and purpose = 'reset'`.execute(
      t.db,
    );
    const r = await call(t.app, resetPassword, { body: { token, password: 'Reset#pass2' } });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('RESET_TOKEN_EXPIRED');
    expect((await call(t.app, checkResetToken, { params: { token } })).json.valid).toBe(false);
    expect(
      (await call(t.app, resetPassword, { body: { token: 'x'.repeat(43), password: 'Reset#pass2' } })).json.code,
    ).toBe('RESET_TOKEN_INVALID');
  });

  it('change password needs the current one and follows the rule', async () => {
    const s = await staffLoginTokens(t.app, 'studyadmin');
    const wrong = await call(t.app, changePassword, {
      token: s.accessToken,
      body: { currentPassword: 'nope', newPassword: 'Another#1x' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fieldErrors.currentPassword).toEqual(['You have entered an invalid username or password']);
    const weak = await call(t.app, changePassword, {
      token: s.accessToken,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'abc' },
    });
    expect(weak.json.fieldErrors.newPassword.length).toBeGreaterThan(1);
  });
});
