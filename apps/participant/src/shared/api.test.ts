import {
  ApiRequestError,
  createApiClient,
  getParticipantProfile,
  getParticipantWebStudy,
  participantChangePassword,
  participantLogin,
  participantRefresh,
} from '@trialpath/contract';
import { apiError, type MessageKey, REQUEST_TIMEOUT_MS, translate } from '@trialpath/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createErrorHandler, createPortalApi, headersFor } from './api';
import { createSessionStore, type ParticipantSession } from './session';
import { memoryStorage } from './storage';
import { demoSession } from './test-session';

const s: ParticipantSession = demoSession;

/** Stands in for the translated catalogue, so a warning shows which fixed text it fell back to. */
const catalogue = (key: MessageKey) => `catalogue:${key}`;

function deps(over: Partial<Parameters<typeof createErrorHandler>[0]> = {}) {
  const store = createSessionStore(memoryStorage());
  store.set(s);
  const d = {
    store,
    session: store,
    refresh: vi.fn(async () => ({ accessToken: 'access-2', refreshToken: 'refresh-2', pid: 'p-1' })),
    signOut: vi.fn(),
    warn: vi.fn<(text: string) => void>(),
    message: catalogue,
    language: () => 'en',
    isOnline: () => true,
    ...over,
  };
  return d;
}
const err = (status: number, body: unknown = null) => new ApiRequestError(status, body as ApiRequestError['body'], 'x');

describe('headers', () => {
  it('sends the participant token only on participant calls', () => {
    expect(headersFor(getParticipantProfile, s, 'es')).toEqual({
      'accept-language': 'es',
      authorization: 'Bearer access-1',
    });
    expect(headersFor(getParticipantWebStudy, s, 'en').authorization).toBeUndefined();
    expect(headersFor(participantLogin, s, 'en').authorization).toBeUndefined();
    expect(headersFor(participantRefresh, s, 'en').authorization).toBeUndefined();
    expect(headersFor(getParticipantProfile, null, 'en').authorization).toBeUndefined();
  });
});

describe('error handling (spec 000 §8.1)', () => {
  it('419 with a pid: refreshes with the stored tokens, stores the new ones and retries', async () => {
    const d = deps();
    const onError = createErrorHandler(d);
    await expect(
      onError(err(419, { code: 'PARTICIPANT_SESSION_EXPIRED', message: 'x' }), getParticipantProfile, 0),
    ).resolves.toBe('retry');
    expect(d.refresh).toHaveBeenCalledWith(s);
    expect(d.session.get()?.accessToken).toBe('access-2');
    expect(d.session.get()?.refreshToken).toBe('refresh-2');
    expect(d.signOut).not.toHaveBeenCalled();
  });

  it('419 again after the retry signs the participant out to the study login', async () => {
    const d = deps();
    const onError = createErrorHandler(d);
    await expect(onError(err(419), getParticipantProfile, 1)).resolves.toBe('fail');
    expect(d.signOut).toHaveBeenCalledWith('DEMO');
  });

  it('a failed refresh signs the participant out', async () => {
    const d = deps({ refresh: vi.fn(async () => Promise.reject(err(401))) });
    const onError = createErrorHandler(d);
    await expect(onError(err(419), getParticipantProfile, 0)).resolves.toBe('fail');
    expect(d.signOut).toHaveBeenCalledWith('DEMO');
  });

  it('concurrent 419s share one refresh (refresh tokens rotate)', async () => {
    const d = deps();
    const onError = createErrorHandler(d);
    const results = await Promise.all([
      onError(err(419), getParticipantProfile, 0),
      onError(err(419), getParticipantProfile, 0),
      onError(err(419), getParticipantProfile, 0),
    ]);
    expect(results).toEqual(['retry', 'retry', 'retry']);
    expect(d.refresh).toHaveBeenCalledTimes(1);
  });

  it('419 without a held participant neither refreshes nor retries', async () => {
    const d = deps();
    d.store.clear();
    const onError = createErrorHandler(d);
    await expect(onError(err(419), getParticipantProfile, 0)).resolves.toBe('fail');
    expect(d.refresh).not.toHaveBeenCalled();
  });

  it('401 on a participant call signs out, except a wrong-password answer', async () => {
    const d = deps();
    const onError = createErrorHandler(d);
    await onError(err(401, { code: 'INVALID_CREDENTIALS', message: 'x' }), getParticipantProfile, 0);
    expect(d.signOut).not.toHaveBeenCalled();
    await onError(err(401, { code: 'UNAUTHENTICATED', message: 'x' }), getParticipantProfile, 0);
    expect(d.signOut).toHaveBeenCalledWith('DEMO');
  });

  it('failures of public calls (sign-in, study facts) never touch the session', async () => {
    const d = deps();
    const onError = createErrorHandler(d);
    await expect(onError(err(401, { code: 'INVALID_CREDENTIALS', message: 'x' }), participantLogin, 0)).resolves.toBe(
      'fail',
    );
    await expect(onError(err(419), getParticipantWebStudy, 0)).resolves.toBe('fail');
    expect(d.signOut).not.toHaveBeenCalled();
    expect(d.refresh).not.toHaveBeenCalled();
  });

  it('warns with the participant offline text, or the server-issue text when the body has no message', async () => {
    const offline = deps({ isOnline: () => false });
    await createErrorHandler(offline)(err(0), getParticipantWebStudy, 0);
    expect(offline.warn).toHaveBeenCalledWith(catalogue('network.offlineParticipant'));
    const online = deps();
    await createErrorHandler(online)(err(503), getParticipantProfile, 0);
    expect(online.warn).toHaveBeenCalledWith(catalogue('network.serverIssue'));
    expect(online.signOut).not.toHaveBeenCalled();
  });

  it("A-193: a server warning shows the server's message when the body has one", async () => {
    const d = deps();
    await expect(
      createErrorHandler(d)(
        err(503, { code: 'SERVICE_UNAVAILABLE', message: 'Down for maintenance' }),
        getParticipantProfile,
        0,
      ),
    ).resolves.toBe('fail');
    expect(d.warn).toHaveBeenCalledWith('Down for maintenance');
    expect(d.warn).toHaveBeenCalledTimes(1);
    expect(d.signOut).not.toHaveBeenCalled();
  });

  it("A-193: our own error body's message is shown in the participant's language, from its key", async () => {
    const d = deps({ language: () => 'es' });
    await createErrorHandler(d)(err(503, apiError('SERVICE_UNAVAILABLE')), getParticipantProfile, 0);
    expect(d.warn).toHaveBeenCalledWith(translate('errors.serviceUnavailable', undefined, 'es'));
  });

  it('A-193: a server warning without a body message shows the fixed server-issue text', async () => {
    const d = deps();
    await createErrorHandler(d)(err(503, { code: 'SERVICE_UNAVAILABLE', message: '  ' }), getParticipantProfile, 0);
    expect(d.warn).toHaveBeenCalledWith(catalogue('network.serverIssue'));
  });
});

describe('portal client wiring', () => {
  afterEach(() => vi.unstubAllGlobals());

  const portalApi = (session: ReturnType<typeof createSessionStore>) =>
    createPortalApi({
      session,
      deviceId: () => 'device-1',
      language: () => 'en',
      signOut: vi.fn(),
      warn: vi.fn(),
      message: catalogue,
      isOnline: () => true,
    });

  it('refreshes with refresh token, pid and device id on 419, then repeats the call with the new token', async () => {
    const calls: { url: string; headers: Record<string, string>; body?: unknown }[] = [];
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({ url, headers, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
      if (url.endsWith('/participant-auth/refresh')) {
        return json(200, { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900, pid: 'p-1' });
      }
      if (headers.authorization === 'Bearer access-1') {
        return json(419, {
          code: 'PARTICIPANT_SESSION_EXPIRED',
          message: 'Your session has expired. Please sign in again.',
        });
      }
      return json(200, {
        pid: 'p-1',
        participantId: 'DEMO-US001-0001',
        username: 'participant.demo',
        email: null,
        mobile: null,
        mobileCountryCode: null,
        verificationMethod: 'email',
        studyId: 's',
        siteId: 'US-001',
        languageId: 'en',
        status: 'ACTIVE',
        startDate: null,
        registrationDate: null,
        studyVersionId: null,
        myStudyVersionId: null,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const store = createSessionStore(memoryStorage());
    store.set(s);
    const me = await portalApi(store).call(getParticipantProfile);
    expect(me.participantId).toBe('DEMO-US001-0001');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/participant/me',
      '/api/v1/participant-auth/refresh',
      '/api/v1/participant/me',
    ]);
    expect(calls[1]?.body).toEqual({ refreshToken: 'refresh-1', pid: 'p-1', deviceId: 'device-1' });
    expect(calls[1]?.headers.authorization).toBeUndefined();
    expect(calls[2]?.headers.authorization).toBe('Bearer access-2');
    expect(store.get()?.refreshToken).toBe('refresh-2');
  });

  it('aborts a call unanswered after REQUEST_TIMEOUT_MS and reports it as status 0', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit) =>
            // Never answers until aborted, like a hung server.
            new Promise<Response>((_resolve, reject) => {
              init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            }),
        ),
      );
      const api = portalApi(createSessionStore(memoryStorage()));
      const outcome = api
        .call(participantLogin, {
          body: { studyCode: 'DEMO', username: 'participant.demo', password: 'x', deviceId: 'device-1' },
        })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      const settled = await Promise.race([outcome, Promise.resolve('pending')]);
      expect(settled).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      const e = await outcome;
      expect(e).toBeInstanceOf(ApiRequestError);
      expect((e as ApiRequestError).status).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cleans a PUT body before sending (A-163): a member without a value is left out, not sent as null', async () => {
    const sent: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push({ method: String(init.method), body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ ok: true }), { status: 200 });
      }),
    );
    const store = createSessionStore(memoryStorage());
    store.set(s);
    // A number field left empty reads as NaN; JSON alone would send it as null, "clear this value".
    const body = { previousPassword: 'Old#pass1', proposedPassword: 'New#pass1', reminderDays: Number.NaN };
    await portalApi(store).call(participantChangePassword, { body: body as never });
    expect(sent).toEqual([{ method: 'PUT', body: { previousPassword: 'Old#pass1', proposedPassword: 'New#pass1' } }]);
    expect(body.reminderDays).toBeNaN();
  });

  it('is the contract client (same call shape)', () => {
    expect(typeof createApiClient('', {}).call).toBe('function');
  });
});
