/**
 * Discovery (decision 0023): the public recovery calls and participant sign-in take as long for an
 * unknown account as for a known one (a floor over the whole request), staff sign-in verifies a dummy
 * hash for an unknown name, and an invited account is not told apart before its password is checked.
 */
import * as contract from '@trialpath/contract';
import {
  type Endpoint,
  forgotPassword,
  forgotUsername,
  participantForgotPassword,
  participantForgotUsername,
  participantLogin,
  sendOtp,
  staffLogin,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, forgotPasswordBody } from './helpers';

const FLOOR = 250;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicResponseFloorMs: FLOOR });
});
afterAll(() => t?.close());

async function timed(fn: () => Promise<{ status: number }>) {
  const started = performance.now();
  const r = await fn();
  return { status: r.status, ms: performance.now() - started };
}

describe('public calls answer no sooner than the floor, known or unknown', () => {
  const cases: [string, () => Promise<{ status: number }>, () => Promise<{ status: number }>][] = [
    [
      'forgot password',
      () => call(t.app, forgotPassword, { body: { username: 'crc.demo' } }),
      () => call(t.app, forgotPassword, { body: { username: 'nobody.here' } }),
    ],
    [
      'forgot username',
      () => call(t.app, forgotUsername, { body: { email: 'crc.demo@trialpath.example' } }),
      () => call(t.app, forgotUsername, { body: { email: 'nobody@trialpath.example' } }),
    ],
    [
      'participant forgot password',
      () =>
        call(t.app, participantForgotPassword, {
          body: forgotPasswordBody('participant.demo'),
        }),
      () =>
        call(t.app, participantForgotPassword, {
          body: forgotPasswordBody('nobody'),
        }),
    ],
    [
      'participant forgot username',
      () =>
        call(t.app, participantForgotUsername, {
          body: { studyCode: 'DEMO', email: 'participant.demo@trialpath.example' },
        }),
      () => call(t.app, participantForgotUsername, { body: { studyCode: 'DEMO', email: 'nobody@trialpath.example' } }),
    ],
    [
      'participant sign-in',
      () =>
        call(t.app, participantLogin, {
          body: { studyCode: 'DEMO', username: 'participant.demo', password: 'wrong#Pass1', deviceId: 'd' },
        }),
      () =>
        call(t.app, participantLogin, {
          body: { studyCode: 'DEMO', username: 'nobody', password: 'wrong#Pass1', deviceId: 'd' },
        }),
    ],
  ];
  for (const [name, known, unknown] of cases) {
    it(name, async () => {
      const a = await timed(known);
      const b = await timed(unknown);
      expect(a.status).toBe(b.status);
      expect(a.ms).toBeGreaterThanOrEqual(FLOOR - 5);
      expect(b.ms).toBeGreaterThanOrEqual(FLOOR - 5);
    });
  }

  it('staff sign-in is not floored (its answer names an unknown user anyway)', () => {
    // A property of the contract, not a stopwatch: an upper time bound would flake on a loaded machine.
    const floored = (Object.values(contract) as unknown[])
      .filter((e): e is Endpoint => typeof e === 'object' && e !== null && (e as Endpoint).responseFloor === true)
      .map((e) => e.path)
      .sort();
    const public_ = [
      forgotPassword,
      forgotUsername,
      participantForgotPassword,
      participantForgotUsername,
      participantLogin,
      sendOtp, // a code sent or not: the same wait
    ];
    expect(floored).toEqual(public_.map((e) => e.path).sort());
    expect(staffLogin.responseFloor).toBeFalsy();
  });
});

describe('unknown and invited accounts', () => {
  it('staff sign-in of an unknown name verifies a dummy hash before "Username not found."', async () => {
    const passwords = await import('../src/modules/auth/passwords');
    const dummy = await passwords.dummyPasswordHash();
    expect(dummy.startsWith('$argon2id$')).toBe(true);
    const r = await call(t.app, staffLogin, { body: { username: 'nobody.here', password: 'whatever' } });
    expect(r.status).toBe(401);
    expect(r.json.message).toBe('Username not found.');
  });

  it('a participant without a password answers like a wrong password, not "not verified"', async () => {
    const pid = await t.db
      .updateTable('participants')
      .set({ password_hash: null })
      .where('username', '=', 'participant.us2')
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(pid.id).toBeTruthy();
    const r = await call(t.app, participantLogin, {
      body: { studyCode: 'DEMO', username: 'participant.us2', password: 'anything#1A', deviceId: 'd' },
    });
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('INVALID_CREDENTIALS');
  });
});
