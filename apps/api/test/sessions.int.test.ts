/**
 * Server-side sessions (decision 0021): an access token stops working the moment its session ends —
 * sign-out, refresh-token reuse, an administrator's sign-out, a password change (the other sessions)
 * or reset (all) — and no refresh carries a session past 12 hours from sign-in. Staff and participants.
 */
import {
  changePassword,
  forgotPassword,
  getParticipantProfile,
  getProfile,
  getStudyToken,
  logout,
  logoutUser,
  participantChangePassword,
  participantForgotPassword,
  participantLogin,
  participantLogout,
  participantRefresh,
  participantResetPassword,
  refreshTokens,
  resetPassword,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  DEMO_PASSWORD,
  idOf,
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

const DEVICE = 'device-s1';
const HOUR = 3_600_000;

/** A staff call with the token: 200, or the guard's answer to an ended session. */
async function staffCallWorks(accessToken: string): Promise<boolean> {
  const r = await call(t.app, getProfile, { token: accessToken });
  if (r.status === 200) return true;
  expect(r.status).toBe(403);
  expect(r.json).toMatchObject({ globalSignout: true, message: 'Your session was ended. Please sign in again.' });
  return false;
}

async function participantCallWorks(accessToken: string): Promise<boolean> {
  const r = await call(t.app, getParticipantProfile, { token: accessToken });
  if (r.status === 200) return true;
  expect(r.status).toBe(401);
  expect(r.json.code).toBe('UNAUTHENTICATED');
  return false;
}

async function participantSignIn(username = 'participant.demo', password = DEMO_PASSWORD) {
  const r = await call(t.app, participantLogin, {
    body: { studyCode: 'DEMO', username, password, deviceId: DEVICE, isWebPortal: true },
  });
  expect(r.status).toBe(200);
  return r.json.tokens as { accessToken: string; refreshToken: string; pid: string };
}

async function sessionsOf(owner: { userId: string } | { participantId: string }) {
  const q = t.db.selectFrom('auth_sessions').selectAll().orderBy('created_at');
  return 'userId' in owner
    ? q.where('user_id', '=', owner.userId).execute()
    : q.where('participant_id', '=', owner.participantId).execute();
}

describe('staff sessions', () => {
  it('sign-in opens a session of 12 hours; the refresh token cannot outlive it', async () => {
    const before = Date.now();
    await staffLoginTokens(t.app, 'crc.demo');
    const userId = await idOf(t.db, 'users', { username: 'crc.demo' });
    const [s] = (await sessionsOf({ userId })).slice(-1);
    expect(s!.revoked_at).toBeNull();
    const lifetime = s!.expires_at.getTime() - s!.created_at.getTime();
    expect(Math.abs(lifetime - 12 * HOUR)).toBeLessThan(60_000);
    expect(s!.expires_at.getTime()).toBeGreaterThanOrEqual(before + 12 * HOUR - 60_000);
    const tokens = await t.db.selectFrom('refresh_tokens').selectAll().where('session_id', '=', s!.id).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.expires_at.getTime()).toBeLessThanOrEqual(s!.expires_at.getTime());
  });

  it('after sign-out the access tokens of the session (general and per-study) are refused at once', async () => {
    const s = await staffLoginTokens(t.app, 'crc.demo');
    const studyId = await idOf(t.db, 'studies', { code: 'DEMO' });
    const st = await call(t.app, getStudyToken, { body: { studyId }, token: s.accessToken });
    expect(st.status).toBe(200);
    expect(await staffCallWorks(s.accessToken)).toBe(true);
    expect((await call(t.app, logout, { body: {}, token: s.accessToken })).status).toBe(200);
    expect(await staffCallWorks(s.accessToken)).toBe(false);
    expect(await staffCallWorks(st.json.accessToken)).toBe(false);
    expect((await call(t.app, refreshTokens, { body: { refreshToken: s.refreshToken } })).status).toBe(401);
    const userId = await idOf(t.db, 'users', { username: 'crc.demo' });
    expect((await sessionsOf({ userId })).at(-1)!.revoked_reason).toBe('sign-out');
  });

  it('a reused refresh token ends the whole session: its current access token is refused', async () => {
    const first = await staffLoginTokens(t.app, 'studyadmin');
    const r1 = await call(t.app, refreshTokens, { body: { refreshToken: first.refreshToken } });
    expect(r1.status).toBe(200);
    expect(await staffCallWorks(r1.json.accessToken)).toBe(true);
    expect((await call(t.app, refreshTokens, { body: { refreshToken: first.refreshToken } })).status).toBe(401);
    expect(await staffCallWorks(r1.json.accessToken)).toBe(false);
    expect(await staffCallWorks(first.accessToken)).toBe(false);
    const userId = await idOf(t.db, 'users', { username: 'studyadmin' });
    expect((await sessionsOf({ userId })).at(-1)!.revoked_reason).toBe('refresh-reuse');
  });

  it('an administrator signing the user out ends every session of the user', async () => {
    const a = await staffLoginTokens(t.app, 'pi.demo');
    const b = await staffLoginTokens(t.app, 'pi.demo');
    const admin = await staffLoginTokens(t.app, 'admin');
    const piId = await idOf(t.db, 'users', { username: 'pi.demo' });
    expect((await call(t.app, logoutUser, { params: { userId: piId }, token: admin.accessToken })).status).toBe(200);
    expect(await staffCallWorks(a.accessToken)).toBe(false);
    expect(await staffCallWorks(b.accessToken)).toBe(false);
    const open = (await sessionsOf({ userId: piId })).filter((s) => s.revoked_at === null);
    expect(open).toEqual([]);
    expect((await sessionsOf({ userId: piId })).at(-1)!.revoked_reason).toBe('admin-sign-out');
    // The administrator's own session is untouched.
    expect(await staffCallWorks(admin.accessToken)).toBe(true);
  });

  it('a password change ends the other sessions of the user; the one that changed it stays', async () => {
    const here = await staffLoginTokens(t.app, 'crc.demo');
    const elsewhere = await staffLoginTokens(t.app, 'crc.demo');
    const other = await staffLoginTokens(t.app, 'pi.demo');
    const r = await call(t.app, changePassword, {
      token: here.accessToken,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Changed#pass7' },
    });
    expect(r.status).toBe(200);
    expect(await staffCallWorks(here.accessToken)).toBe(true);
    expect((await call(t.app, refreshTokens, { body: { refreshToken: here.refreshToken } })).status).toBe(200);
    expect(await staffCallWorks(elsewhere.accessToken)).toBe(false);
    expect((await call(t.app, refreshTokens, { body: { refreshToken: elsewhere.refreshToken } })).status).toBe(401);
    expect(await staffCallWorks(other.accessToken)).toBe(true);
    const entry = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'auth.password.change')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.after).toMatchObject({ endedSessions: 1 });
  });

  it('a password reset ends every session of the user', async () => {
    const a = await staffLoginTokens(t.app, 'crc.demo');
    await call(t.app, forgotPassword, { body: { username: 'crc.demo' } });
    const mail = await latestOutbox(t.db, 'crc.demo@trialpath.example');
    const token = /#\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    expect((await call(t.app, resetPassword, { body: { token, password: 'Reset#pass5' } })).status).toBe(200);
    expect(await staffCallWorks(a.accessToken)).toBe(false);
    const userId = await idOf(t.db, 'users', { username: 'crc.demo' });
    const sessions = await sessionsOf({ userId });
    expect(sessions.every((s) => s.revoked_reason === 'password-reset')).toBe(true);
  });

  it('12 hours after sign-in the session is over: the access token and the refresh are refused', async () => {
    const s = await staffLoginTokens(t.app, 'studyadmin');
    const r1 = await call(t.app, refreshTokens, { body: { refreshToken: s.refreshToken } });
    expect(r1.status).toBe(200);
    const userId = await idOf(t.db, 'users', { username: 'studyadmin' });
    const session = (await sessionsOf({ userId })).at(-1)!;
    // The refresh did not move the session's end.
    const rotated = await t.db
      .selectFrom('refresh_tokens')
      .select('expires_at')
      .where('session_id', '=', session.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(rotated.expires_at.getTime()).toBeLessThanOrEqual(session.expires_at.getTime());
    // The clock reaches the session's end (its start moved back 12 hours).
    await sql`update auth_sessions set created_at = created_at - interval '12 hours', expires_at = now() - interval '1 second' where id = ${session.id}`.execute(
      t.db,
    );
    expect(await staffCallWorks(r1.json.accessToken)).toBe(false);
    expect((await call(t.app, refreshTokens, { body: { refreshToken: r1.json.refreshToken } })).status).toBe(401);
  });
});

describe('participant sessions', () => {
  it('after sign-out the access token is refused at once', async () => {
    const p = await participantSignIn();
    expect(await participantCallWorks(p.accessToken)).toBe(true);
    expect((await call(t.app, participantLogout, { body: {}, token: p.accessToken })).status).toBe(200);
    expect(await participantCallWorks(p.accessToken)).toBe(false);
  });

  it('a reused refresh token ends the session', async () => {
    const p = await participantSignIn();
    const refresh = (refreshToken: string) =>
      call(t.app, participantRefresh, { body: { refreshToken, pid: p.pid, deviceId: DEVICE } });
    const r1 = await refresh(p.refreshToken);
    expect(r1.status).toBe(200);
    expect(await participantCallWorks(r1.json.accessToken)).toBe(true);
    expect((await refresh(p.refreshToken)).status).toBe(401);
    expect(await participantCallWorks(r1.json.accessToken)).toBe(false);
  });

  it('a password change ends the other sessions; a reset ends all; 12 hours end any', async () => {
    const here = await participantSignIn('participant.us2');
    const elsewhere = await participantSignIn('participant.us2');
    const changed = await call(t.app, participantChangePassword, {
      token: here.accessToken,
      body: { previousPassword: DEMO_PASSWORD, proposedPassword: 'Changed#pass7' },
    });
    expect(changed.status).toBe(200);
    expect(await participantCallWorks(here.accessToken)).toBe(true);
    expect(await participantCallWorks(elsewhere.accessToken)).toBe(false);

    await call(t.app, participantForgotPassword, {
      body: forgotPasswordBody('participant.us2'),
    });
    const pid = here.pid;
    const email = (await t.db.selectFrom('participants').select('email').where('id', '=', pid).executeTakeFirst())!
      .email!;
    const mail = await latestOutbox(t.db, email);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const reset = await call(t.app, participantResetPassword, { body: { token, password: 'Reset#pass5' } });
    expect(reset.status).toBe(200);
    expect(await participantCallWorks(here.accessToken)).toBe(false);

    const again = await participantSignIn('participant.us2', 'Reset#pass5');
    expect(await participantCallWorks(again.accessToken)).toBe(true);
    await sql`update auth_sessions set expires_at = now() - interval '1 second' where participant_id = ${pid} and revoked_at is null`.execute(
      t.db,
    );
    expect(await participantCallWorks(again.accessToken)).toBe(false);
    const refreshed = await call(t.app, participantRefresh, {
      body: { refreshToken: again.refreshToken, pid, deviceId: DEVICE },
    });
    expect(refreshed.status).toBe(401);
  });
});
