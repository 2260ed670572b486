/**
 * A study token's refresh answers 403 studiesChanged only when the access was withdrawn (000 §8.1:
 * the portal then drops that study's tokens). Any other failure — the database's included — is the
 * error it is, and the session survives it.
 */
import { getStudyToken, refreshTokens } from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, staffLoginTokens, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('study-token refresh', () => {
  it('a database failure while checking the study is a 500, not withdrawn access; the token still works after', async () => {
    const s = await staffLoginTokens(t.app, 'pi.demo');
    const studyId = await idOf(t.db, 'studies', { code: 'DEMO' });
    const st = await call(t.app, getStudyToken, { body: { studyId }, token: s.accessToken });
    expect(st.status).toBe(200);

    await sql`alter table studies rename to studies_unavailable`.execute(t.db);
    let failed: Awaited<ReturnType<typeof call>>;
    try {
      failed = await call(t.app, refreshTokens, { body: { refreshToken: st.json.refreshToken, studyId } });
    } finally {
      await sql`alter table studies_unavailable rename to studies`.execute(t.db);
    }
    expect(failed.status).toBe(500);
    expect(failed.json.code).toBe('INTERNAL');
    expect(failed.json.studiesChanged).toBeUndefined();

    // Nothing was committed by the failed request: the same refresh token is still good.
    const again = await call(t.app, refreshTokens, { body: { refreshToken: st.json.refreshToken, studyId } });
    expect(again.status).toBe(200);
  });
});
