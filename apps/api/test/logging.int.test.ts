/**
 * Structured logs (issue 2, API server): one JSON object per line, with the request line and outcome,
 * and never a password, token, one-time code, e-mail address, username or participant identifier —
 * whether it travelled in a body, a header or the address.
 */
import { Writable } from 'node:stream';
import {
  checkParticipantVerificationLink,
  checkResetToken,
  forgotPassword,
  getParticipantProfile,
  listStudies,
  participantForgotUsername,
  participantLogin,
  refreshTokens,
  resetPassword,
  staffLogin,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO_PASSWORD, latestOutbox, type TestApp } from './helpers';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' }, sink);
});
afterAll(() => t?.close());

describe('structured request logs', () => {
  it('log each request as JSON and keep secrets and identities out of them', async () => {
    const secrets: string[] = [DEMO_PASSWORD, 'Wrong#pass9', 'Reset#pass2'];

    const wrong = await call(t.app, staffLogin, { body: { username: 'CRC.demo', password: 'Wrong#pass9' } });
    expect(wrong.status).toBe(401);
    const good = await call(t.app, staffLogin, { body: { username: 'crc.demo', password: DEMO_PASSWORD } });
    expect(good.status).toBe(200);
    const { accessToken, refreshToken } = good.json.tokens;
    secrets.push(accessToken, refreshToken);
    expect((await call(t.app, listStudies, { token: accessToken, query: { search: 'Demo' } })).status).toBe(200);
    const refreshed = await call(t.app, refreshTokens, { body: { refreshToken } });
    expect(refreshed.status).toBe(200);
    secrets.push(refreshed.json.accessToken, refreshed.json.refreshToken);

    // a reset token travels in the address of the check call and in the body of the reset
    await call(t.app, forgotPassword, { body: { username: 'pi.demo' } });
    const mail = await latestOutbox(t.db, 'pi.demo@trialpath.example');
    const resetToken = /#\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    secrets.push(resetToken);
    expect((await call(t.app, checkResetToken, { params: { token: resetToken } })).status).toBe(200);
    expect((await call(t.app, resetPassword, { body: { token: resetToken, password: 'Reset#pass2' } })).status).toBe(
      200,
    );

    const p = await call(t.app, participantLogin, {
      body: { studyCode: 'DEMO', username: 'participant.demo', password: DEMO_PASSWORD, deviceId: 'device-log' },
    });
    expect(p.status).toBe(200);
    secrets.push(p.json.tokens.accessToken, p.json.tokens.refreshToken);
    expect((await call(t.app, getParticipantProfile, { token: p.json.tokens.accessToken })).status).toBe(200);
    await call(t.app, participantForgotUsername, {
      body: { studyCode: 'DEMO', email: 'participant.demo@trialpath.example' },
    });
    // an e-mailed verification link opens with its token and address in the query
    const link = await call(t.app, checkParticipantVerificationLink, {
      query: { studyId: crypto.randomUUID(), token: 'a'.repeat(43), email: 'link.reader@trialpath.example' },
    });
    expect(link.status).toBe(200);
    secrets.push('a'.repeat(43));
    // tokens in the path: a participant's reset link, a signed content address
    const resetLinkToken = 'resetlinktoken'.repeat(3);
    const contentToken = 'signedcontentaddress'.repeat(4);
    await t.app.inject({ method: 'GET', url: `/api/v1/participant-web/reset-links/1/${resetLinkToken}` });
    await t.app.inject({ method: 'GET', url: `/api/v1/participant-web/content/${contentToken}/config.json` });
    secrets.push(resetLinkToken, contentToken);

    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = entries.filter((e) => e.msg === 'incoming request');
    expect(requests.map((e) => (e.req as { url: string }).url)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/login',
        '/api/v1/auth/password-tokens/[REDACTED]',
        '/api/v1/participant-web/reset-links/1/[REDACTED]',
        '/api/v1/participant-web/content/[REDACTED]/config.json',
      ]),
    );
    expect(
      entries.filter((e) => e.msg === 'request completed').map((e) => (e.res as { statusCode: number }).statusCode),
    ).toEqual(expect.arrayContaining([200, 401]));

    const text = lines.join('\n');
    const identities = [
      'crc.demo',
      'CRC.demo',
      'pi.demo@trialpath.example',
      'participant.demo',
      'participant.demo@trialpath.example',
      'DEMO-US001-0001',
      'link.reader@trialpath.example',
      'link.reader%40trialpath.example',
    ];
    for (const s of [...secrets.filter(Boolean), ...identities]) expect(text).not.toContain(s);
  });
});
