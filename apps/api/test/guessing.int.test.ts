/**
 * Guessing (decision 0022): a wrong current password on the staff change-password call counts toward
 * the sign-in lockout; both change-password calls are rate-limited; reset links and codes are capped
 * per account (5 an hour), with the same cap for names no account has, so the cap reveals nothing.
 */
import {
  changePassword,
  forgotPassword,
  participantChangePassword,
  participantForgotPassword,
  participantLogin,
  sendOtp,
  staffLogin,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  DEMO_PASSWORD,
  idOf,
  staffLoginTokens,
  type TestApp,
  forgotPasswordBody,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const LIMIT_TEXT =
  'Too many reset requests for this account. Use the last link or code you received, or try again in an hour.';

describe('change password counts toward the lockout', () => {
  it('wrong current passwords count like wrong sign-ins; the fifth locks the account (423, audited)', async () => {
    const s = await staffLoginTokens(t.app, 'crc.demo');
    const change = (currentPassword: string) =>
      call(t.app, changePassword, { token: s.accessToken, body: { currentPassword, newPassword: 'Guess#pass1' } });
    const first = await change('wrong-one');
    expect(first.status).toBe(400);
    expect(first.json.fieldErrors.currentPassword).toEqual(['You have entered an invalid username or password']);
    expect(first.json.details).toEqual({ attemptsRemaining: 4 });
    // A wrong sign-in continues the same count.
    const signIn = await call(t.app, staffLogin, { body: { username: 'crc.demo', password: 'wrong-two' } });
    expect(signIn.json.details).toEqual({ attemptsRemaining: 3 });
    for (const guess of ['wrong-3', 'wrong-4']) expect((await change(guess)).status).toBe(400);
    const locked = await change('wrong-5');
    expect(locked.status).toBe(423);
    expect(locked.json.code).toBe('ACCOUNT_LOCKED');
    // Locked: even the right password is refused, here and at sign-in.
    expect((await change(DEMO_PASSWORD)).status).toBe(423);
    expect((await call(t.app, staffLogin, { body: { username: 'crc.demo', password: DEMO_PASSWORD } })).status).toBe(
      423,
    );
    const userId = await idOf(t.db, 'users', { username: 'crc.demo' });
    const actions = (
      await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', userId).orderBy('id').execute()
    ).map((r) => r.action);
    expect(actions.filter((a) => a === 'auth.password.change-failed')).toHaveLength(3);
    expect(actions).toContain('auth.lockout');
  });

  it('a successful change clears the count', async () => {
    const s = await staffLoginTokens(t.app, 'pi.demo');
    await call(t.app, changePassword, {
      token: s.accessToken,
      body: { currentPassword: 'nope', newPassword: 'Guess#pass1' },
    });
    const ok = await call(t.app, changePassword, {
      token: s.accessToken,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Guess#pass1' },
    });
    expect(ok.status).toBe(200);
    const u = await t.db
      .selectFrom('users')
      .select('failed_attempts')
      .where('username', '=', 'pi.demo')
      .executeTakeFirstOrThrow();
    expect(u.failed_attempts).toBe(0);
  });
});

describe('change password is rate-limited', () => {
  it('staff and participant change-password answer 429 past the per-IP limit', async () => {
    const limited = await createTestApp({ rateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const s = await staffLoginTokens(limited.app, 'studyadmin');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await call(limited.app, changePassword, {
          token: s.accessToken,
          body: { currentPassword: 'nope', newPassword: 'Guess#pass1' },
        });
        statuses.push(r.status);
        if (r.status === 429) expect(r.json.code).toBe('RATE_LIMITED');
      }
      expect(statuses).toEqual([400, 400, 429]);

      const p = await call(limited.app, participantLogin, {
        body: { studyCode: 'DEMO', username: 'participant.demo', password: DEMO_PASSWORD, deviceId: 'd' },
      });
      const pStatuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await call(limited.app, participantChangePassword, {
          token: p.json.tokens.accessToken,
          body: { previousPassword: 'nope', proposedPassword: 'Guess#pass1' },
        });
        pStatuses.push(r.status);
      }
      expect(pStatuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('reset requests are capped per account', () => {
  it('the sixth link or code within an hour → 429 with the catalogue text, audited; links and codes share the cap', async () => {
    for (let i = 0; i < 3; i++)
      expect((await call(t.app, forgotPassword, { body: { username: 'crc.demo' } })).status).toBe(200);
    // The same account by its e-mail address, and by a one-time code: one count.
    expect((await call(t.app, forgotPassword, { body: { username: 'crc.demo@trialpath.example' } })).status).toBe(200);
    const code = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'crc.demo', channel: 'email' },
    });
    expect(code.status).toBe(200);
    const sixth = await call(t.app, sendOtp, {
      body: { purpose: 'reset-password', username: 'crc.demo', channel: 'email' },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ code: 'RESET_REQUEST_LIMIT', message: LIMIT_TEXT });
    const link = await call(t.app, forgotPassword, {
      body: { username: 'crc.demo' },
      headers: { 'accept-language': 'es' },
    });
    expect(link.status).toBe(429);
    expect(link.json.message).toContain('Demasiadas solicitudes de restablecimiento');
    const userId = await idOf(t.db, 'users', { username: 'crc.demo' });
    const limitedEntries = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', userId)
      .where('action', '=', 'auth.password.reset-limited')
      .execute();
    expect(limitedEntries).toHaveLength(2);
    // An hour later the account may ask again.
    await sql`update reset_requests set created_at = created_at - interval '61 minutes'`.execute(t.db);
    expect((await call(t.app, forgotPassword, { body: { username: 'crc.demo' } })).status).toBe(200);
  });

  it('a name no account has is capped the same way (the cap reveals nothing)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(t.app, forgotPassword, { body: { username: 'ghost.user' } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('participants: the sixth reset link within an hour → 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await call(t.app, participantForgotPassword, {
        body: forgotPasswordBody('participant.demo'),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const pid = await idOf(t.db, 'participants', { username: 'participant.demo' });
    const sent = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', pid)
      .where('action', 'in', ['participant.password.reset-requested', 'participant.password.reset-limited'])
      .orderBy('id')
      .execute();
    expect(sent.map((r) => r.action)).toEqual([
      ...Array(5).fill('participant.password.reset-requested'),
      'participant.password.reset-limited',
    ]);
  });
});
