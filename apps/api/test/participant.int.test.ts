import {
  getParticipantProfile,
  getParticipantWebStudy,
  participantChangePassword,
  participantForgotPassword,
  participantForgotUsername,
  participantLogin,
  participantLogout,
  participantRefresh,
  participantResetPassword,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/modules/auth/tokens';
import { call, createTestApp, DEMO_PASSWORD, latestOutbox, type TestApp, forgotPasswordBody } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DEVICE = 'device-1';
const login = (username = 'participant.demo', password = DEMO_PASSWORD, headers?: Record<string, string>) =>
  call(t.app, participantLogin, {
    body: { studyCode: 'DEMO', username, password, deviceId: DEVICE, isWebPortal: true },
    headers,
  });

describe('participant web study', () => {
  it('gives the study’s countries and languages (US and en by default)', async () => {
    const r = await call(t.app, getParticipantWebStudy, { params: { studyCode: 'demo' } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ studyCode: 'DEMO', name: 'Trialpath Demo Study' });
    expect(r.json.countries.map((c: { countryId: string }) => c.countryId)).toEqual(['US', 'ES']);
    expect(r.json.countries[0].default).toBe(true);
    expect(r.json.languages.map((l: { language_id: string }) => l.language_id)).toEqual(['en', 'es']);
    expect((await call(t.app, getParticipantWebStudy, { params: { studyCode: 'NOPE' } })).status).toBe(404);
  });
});

describe('participant sign-in', () => {
  it('signs in and reads the profile; a staff token is no participant token', async () => {
    const r = await login();
    expect(r.status).toBe(200);
    expect(r.json.participant).toMatchObject({ participantId: 'DEMO-US001-0001', username: 'participant.demo' });
    expect(r.json.tokens.pid).toBe(r.json.participant.pid);
    const me = await call(t.app, getParticipantProfile, { token: r.json.tokens.accessToken });
    expect(me.json.pid).toBe(r.json.participant.pid);
    const bad = await login('participant.demo', 'nope');
    expect(bad.status).toBe(401);
    expect(bad.json.message).toBe('You have entered an invalid username or password');
    // the TEST participant signs in only from the test environment
    expect((await login('participant.test')).status).toBe(401);
    expect((await login('participant.test', DEMO_PASSWORD, { env: 'test' })).status).toBe(200);
  });

  it('the profile holds the 001 §3 fields: start date, registration, both versions (D-041)', async () => {
    const r = await login();
    const me = async () => (await call(t.app, getParticipantProfile, { token: r.json.tokens.accessToken })).json;
    const study = await t.db
      .selectFrom('studies')
      .select(['live_version_id'])
      .where('id', '=', r.json.participant.studyId)
      .executeTakeFirstOrThrow();
    expect(study.live_version_id).toBeTruthy();
    expect(await me()).toMatchObject({
      verificationMethod: 'email',
      mobile: null,
      startDate: null,
      studyVersionId: study.live_version_id,
      myStudyVersionId: null,
    });
    await t.db
      .updateTable('participants')
      .set({
        version_id: study.live_version_id,
        day_zero: '2026-11-02',
        mobile: '6175550100',
        mobile_country_code: '+1',
      })
      .where('id', '=', r.json.participant.pid)
      .execute();
    expect(await me()).toMatchObject({
      startDate: '2026-11-02',
      myStudyVersionId: study.live_version_id,
      mobile: '6175550100',
      mobileCountryCode: '+1',
    });
  });

  it('an expired participant token → 419; refresh needs the same pid and device', async () => {
    const r = (await login()).json;
    const expired = await signAccessToken(
      {
        sub: r.tokens.pid,
        id: r.tokens.pid,
        pId: r.tokens.pid,
        studyId: r.participant.studyId,
        authorities: ['Participant'],
        typ: 'participant',
        env: 'LIVE',
        sid: crypto.randomUUID(),
      },
      t.config.jwtSecret,
      60,
      Date.now() - 3_600_000,
    );
    const e = await call(t.app, getParticipantProfile, { token: expired });
    expect(e.status).toBe(419);
    expect(e.json.code).toBe('PARTICIPANT_SESSION_EXPIRED');

    const ok = await call(t.app, participantRefresh, {
      body: { refreshToken: r.tokens.refreshToken, pid: r.tokens.pid, deviceId: DEVICE },
    });
    expect(ok.status).toBe(200);
    const wrongDevice = await call(t.app, participantRefresh, {
      body: { refreshToken: ok.json.refreshToken, pid: r.tokens.pid, deviceId: 'other-device' },
    });
    expect(wrongDevice.status).toBe(401);
    // a refresh token presented from the wrong device is treated as stolen: the right device is out too
    const after = await call(t.app, participantRefresh, {
      body: { refreshToken: ok.json.refreshToken, pid: r.tokens.pid, deviceId: DEVICE },
    });
    expect(after.status).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const r = (await login()).json;
    expect((await call(t.app, participantLogout, { body: {}, token: r.tokens.accessToken })).status).toBe(200);
    const again = await call(t.app, participantRefresh, {
      body: { refreshToken: r.tokens.refreshToken, pid: r.tokens.pid, deviceId: DEVICE },
    });
    expect(again.status).toBe(401);
  });
});

describe('participant password', () => {
  it('change password: a wrong current password on its field; the rules; the spec’s limit text', async () => {
    const { tokens } = (await login('participant.us2')).json;
    const change = (previousPassword: string, proposedPassword: string) =>
      call(t.app, participantChangePassword, {
        token: tokens.accessToken,
        body: { previousPassword, proposedPassword },
      });
    const wrong = await change('not-it', 'Better#pass1');
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      code: 'VALIDATION_FAILED',
      messageKey: 'password.currentWrong',
      fieldErrors: { previousPassword: ['The current password is not correct.'] },
      fieldErrorKeys: { previousPassword: [{ key: 'password.currentWrong' }] },
    });
    const wrongEs = await call(t.app, participantChangePassword, {
      token: tokens.accessToken,
      body: { previousPassword: 'not-it', proposedPassword: 'Better#pass1' },
      headers: { 'accept-language': 'es' },
    });
    expect(wrongEs.json.fieldErrors.previousPassword).toEqual(['La contraseña actual no es correcta.']);
    const weak = await change(DEMO_PASSWORD, 'weakpass');
    expect(weak.status).toBe(400);
    expect(weak.json.fieldErrors.proposedPassword).toEqual([
      'Password must contain at least one number.',
      'Password must contain at least one special character (! @ # $ % &).',
    ]);
    for (let i = 0; i < 3; i++) await change('not-it', 'Better#pass1');
    const limited = await change(DEMO_PASSWORD, 'Better#pass1');
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe('Attempt limit exceeded, please try after some time.');
  });

  it('forgot username and forgot password e-mail the participant; the reset link works once', async () => {
    expect(
      (
        await call(t.app, participantForgotUsername, {
          body: { studyCode: 'DEMO', email: 'participante.es1@trialpath.example' },
        })
      ).status,
    ).toBe(200);
    expect((await latestOutbox(t.db, 'participante.es1@trialpath.example')).body).toContain('participante.es1');
    const unknown = await call(t.app, participantForgotPassword, {
      body: forgotPasswordBody('nobody'),
    });
    const known = await call(t.app, participantForgotPassword, {
      body: forgotPasswordBody('participante.es1'),
    });
    expect(known.json).toEqual(unknown.json);
    const mail = await latestOutbox(t.db, 'participante.es1@trialpath.example');
    expect(mail.body).toContain('http://localhost:3000/participant/#/participants/web/DEMO/reset-password/');
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    expect((await call(t.app, participantResetPassword, { body: { token, password: 'Nueva#clave1' } })).status).toBe(
      200,
    );
    expect((await call(t.app, participantResetPassword, { body: { token, password: 'Nueva#clave2' } })).json.code).toBe(
      'RESET_TOKEN_USED',
    );
    expect((await login('participante.es1', 'Nueva#clave1')).status).toBe(200);
  });
});
