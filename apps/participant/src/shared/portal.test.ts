// @vitest-environment happy-dom
import { getParticipantProfile } from '@trialpath/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGES, studyHref } from '../app/routes';
import { SESSION_KEY } from './session';
import { demoSession } from './test-session';

const stored = demoSession;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('portal instance wiring (A-183)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.location.hash = '#/participants/web/DEMO/home';
    // The session store reads storage when portal.ts loads, so each test loads a fresh one.
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('419 refresh failure logs the participant out: stored session cleared, hash at the study login', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        if (url.endsWith('/api/v1/participant-auth/refresh')) {
          return json(401, { code: 'UNAUTHENTICATED', message: 'Refresh token is no longer valid.' });
        }
        return json(419, { code: 'PARTICIPANT_SESSION_EXPIRED', message: 'Your session has expired.' });
      }),
    );
    const { api, session } = await import('./portal');
    expect(session.get()?.pid).toBe('p-1');

    const failure = await api.call(getParticipantProfile).catch((e: unknown) => e);

    // resetModules gives portal.ts its own copy of the contract, so the error class is not ours.
    expect(failure).toMatchObject({ status: 419 });
    expect(urls).toEqual(['/api/v1/participant/me', '/api/v1/participant-auth/refresh']);
    expect(session.get()).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(window.location.hash).toBe(studyHref('DEMO', PAGES.login));
  });
});
