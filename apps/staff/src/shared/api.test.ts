import { type ApiRequestError, getStudy, listStudies, updateProfile, validateUserAccess } from '@trialpath/contract';
import { apiError, REQUEST_TIMEOUT_MS } from '@trialpath/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const cleanSpy = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock('@trialpath/domain', async (importOriginal) => {
  const real = await importOriginal<typeof import('@trialpath/domain')>();
  return {
    ...real,
    cleanRequestBody: (body: unknown) => {
      cleanSpy.calls.push(body);
      return real.cleanRequestBody(body);
    },
  };
});

const { api, cleanInput, clientHooks } = await import('./api');
const { loaderStore } = await import('./loader');
const { storage } = await import('./storage');

const user = {
  id: 'u1',
  username: 'ann',
  firstName: 'Ann',
  lastName: 'Lee',
  name: 'Ann Lee',
  email: 'a@x',
  userRole: 'Pi',
  status: 'ACTIVE',
  profileCompleted: true,
  phoneNumber: null,
  realmOfPermission: null,
  clientId: 'c',
  profileImage: null,
  workNumber: null,
  licenseType: null,
  otpVerified: true,
  clientMemberId: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  cleanSpy.calls.length = 0;
  loaderStore.reset();
  fetchMock = vi.fn(async () => new Response(JSON.stringify(user), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('PUT and POST bodies are cleaned before sending (A-163)', () => {
  it('passes a PUT body through cleanRequestBody and sends the cleaned body', async () => {
    // A NaN (an empty number field) would go out as null, "clear this value", without the cleaning.
    const body = {
      firstName: 'Ann',
      lastName: 'Lee',
      phoneNumber: undefined,
      workNumber: null,
      licenseType: Number.NaN,
    };
    await api.call(updateProfile, { body: body as never });
    expect(cleanSpy.calls).toEqual([body]);
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(JSON.parse(init.body as string)).toEqual({ firstName: 'Ann', lastName: 'Lee', workNumber: null });
  });

  it('leaves GET calls alone and drops undefined members deeply', async () => {
    await api.call(getStudy, { params: { studyId: '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11' } }).catch(() => {});
    expect(cleanSpy.calls).toEqual([]);
    const out = cleanInput(updateProfile, { body: { firstName: 'A', lastName: 'B', licenseType: undefined } });
    expect(Object.keys(out.body!)).toEqual(['firstName', 'lastName']);
  });
});

describe('request timeout (A-234)', () => {
  it('the portal client aborts after REQUEST_TIMEOUT_MS', async () => {
    expect(clientHooks.timeoutMs).toBe(REQUEST_TIMEOUT_MS);
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementation(
      (_u: string, init: RequestInit) =>
        new Promise((_r, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const p = api.call(updateProfile, { body: { firstName: 'A', lastName: 'B' } }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect((await p).status).toBe(0);
  });
});

describe('loader wiring (A-161)', () => {
  it('shows the loader for an ordinary call and not for a paged GET', async () => {
    const seen: string[] = [];
    const off = loaderStore.subscribe(() => seen.push(loaderStore.getSnapshot().progress));
    await api.call(updateProfile, { body: { firstName: 'A', lastName: 'B' } });
    expect(seen).toEqual(['running', 'done']);
    seen.length = 0;
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ items: [], total: 0, page: 1, pageSize: 15 })));
    await api.call(listStudies, { query: { page: 1 } }).catch(() => {});
    expect(seen).toEqual([]);
    off();
  });
});

/**
 * The error rules of 000 §8.1 through the portal's real `api.call`: fetch answers like the API
 * (bodies built with the API's own `apiError`), so each test fails if the wiring breaks.
 */
describe('staff client wiring (000 §8.1)', () => {
  const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
  const STUDY_PAGE = `#/studies/${S}/dashboard`;
  const VALIDATE = `GET /api/v1/studies/${S}/validate-user`;
  const REFRESH = 'POST /api/v1/auth/refresh';
  const PROFILE = 'PUT /api/v1/me';
  const expired = () => json(401, { ...apiError('TOKEN_EXPIRED'), type: 'TOKENEXPIRED' });
  const newPair = (access: string, refresh: string) =>
    json(200, { accessToken: access, refreshToken: refresh, expiresIn: 900 });

  function json(status: number, body: unknown) {
    return new Response(JSON.stringify(body), { status });
  }

  type Sent = { route: string; authorization?: string; body?: unknown };
  /** A fake API: `answer` gets "METHOD path" and the bearer token; every request is recorded. */
  function serve(answer: (route: string, bearer: string | undefined) => Response) {
    const sent: Sent[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        const route = `${init.method} ${url.split('?')[0]}`;
        const bearer = headers.authorization?.replace(/^Bearer /, '');
        sent.push({
          route,
          authorization: headers.authorization,
          body: init.body ? JSON.parse(String(init.body)) : undefined,
        });
        return answer(route, bearer);
      }),
    );
    return sent;
  }

  const profileBody = { firstName: 'Ann', lastName: 'Lee' };
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e as ApiRequestError,
    );

  beforeEach(() => {
    window.localStorage.clear();
    storage.setTokens('general-access', 'general-refresh');
    window.location.hash = '#/profile';
  });

  it('401 TOKENEXPIRED refreshes with the stored refresh token and repeats the call with the new token (A-178)', async () => {
    const sent = serve((route, bearer) => {
      if (route === REFRESH) return newPair('general-access-2', 'general-refresh-2');
      return bearer === 'general-access-2' ? json(200, user) : expired();
    });
    expect(await api.call(updateProfile, { body: profileBody })).toEqual(user);
    expect(sent.map((r) => r.route)).toEqual([PROFILE, REFRESH, PROFILE]);
    expect(sent[1]).toEqual({ route: REFRESH, authorization: undefined, body: { refreshToken: 'general-refresh' } });
    expect(sent[2]?.authorization).toBe('Bearer general-access-2');
    expect([storage.getToken(), storage.getRefreshToken()]).toEqual(['general-access-2', 'general-refresh-2']);
  });

  it('on a study page refreshes the study token with its studyId and repeats the call with it (A-178)', async () => {
    window.location.hash = STUDY_PAGE;
    storage.setStudyToken(S, { token: 'study-access', refreshToken: 'study-refresh' });
    const sent = serve((route, bearer) => {
      if (route === REFRESH) return newPair('study-access-2', 'study-refresh-2');
      return bearer === 'study-access-2' ? json(200, { ok: true }) : expired();
    });
    expect(await api.call(validateUserAccess, { params: { studyId: S } })).toEqual({ ok: true });
    expect(sent.map((r) => r.route)).toEqual([VALIDATE, REFRESH, VALIDATE]);
    expect(sent[1]?.body).toEqual({ refreshToken: 'study-refresh', studyId: S });
    expect(sent[2]?.authorization).toBe('Bearer study-access-2');
    expect(storage.getStudyToken(S)).toEqual({ token: 'study-access-2', refreshToken: 'study-refresh-2' });
    expect(storage.getToken()).toBe('general-access');
  });

  it('a refused refresh clears the tokens and goes to sign-in (A-179)', async () => {
    serve((route) => (route === REFRESH ? json(401, apiError('UNAUTHENTICATED')) : expired()));
    expect((await failure(api.call(updateProfile, { body: profileBody })))?.status).toBe(401);
    expect([storage.getToken(), storage.getRefreshToken()]).toEqual([null, null]);
    expect(window.location.hash).toBe('#/login');
  });

  it('401 with electronicSignatureSignIn keeps the session and the page (A-181)', async () => {
    serve(() => json(401, { ...apiError('UNAUTHENTICATED'), electronicSignatureSignIn: true }));
    const error = await failure(api.call(updateProfile, { body: profileBody }));
    expect(error?.status).toBe(401);
    expect(error?.body?.electronicSignatureSignIn).toBe(true);
    expect([storage.getToken(), storage.getRefreshToken()]).toEqual(['general-access', 'general-refresh']);
    expect(window.location.hash).toBe('#/profile');
  });

  it('a 403 body sent as a JSON string is parsed: globalSignout logs out (A-184)', async () => {
    const body = {
      ...apiError('FORBIDDEN'),
      globalSignout: true,
      message: 'Your session was ended. Please sign in again.',
    };
    // Double-encoded: the response text is a JSON string holding the error object.
    serve(() => new Response(JSON.stringify(JSON.stringify(body)), { status: 403 }));
    const error = await failure(api.call(updateProfile, { body: profileBody }));
    expect(error?.body).toEqual(body);
    expect(storage.getToken()).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });

  it('a study token refresh refused with 403 studiesChanged drops that study token, keeps the session and retries with the general token (A-186, A-187)', async () => {
    window.location.hash = STUDY_PAGE;
    storage.setStudyToken(S, { token: 'study-access', refreshToken: 'study-refresh' });
    const sent = serve((route, bearer) => {
      // What the API answers when the study's access was withdrawn (auth.service refresh).
      if (route === REFRESH) return json(403, { ...apiError('FORBIDDEN'), studiesChanged: [S] });
      return bearer === 'general-access' ? json(200, { ok: true }) : expired();
    });
    expect(await api.call(validateUserAccess, { params: { studyId: S } })).toEqual({ ok: true });
    expect(sent.map((r) => [r.route, r.authorization])).toEqual([
      [VALIDATE, 'Bearer study-access'],
      [REFRESH, undefined],
      [VALIDATE, 'Bearer general-access'],
    ]);
    expect(storage.getStudyToken(S)).toBeNull();
    expect([storage.getToken(), storage.getRefreshToken()]).toEqual(['general-access', 'general-refresh']);
    expect(window.location.hash).toBe(STUDY_PAGE);
  });

  it('after 403 studiesChanged, a refused retry with the general token goes to the studies list, not to sign-in (A-187)', async () => {
    window.location.hash = STUDY_PAGE;
    storage.setStudyToken(S, { token: 'study-access', refreshToken: 'study-refresh' });
    serve((route, bearer) => {
      if (route === REFRESH) return json(403, { ...apiError('FORBIDDEN'), studiesChanged: [S] });
      return bearer === 'general-access' ? json(403, apiError('FORBIDDEN')) : expired();
    });
    expect((await failure(api.call(validateUserAccess, { params: { studyId: S } })))?.status).toBe(403);
    expect(storage.getStudyToken(S)).toBeNull();
    expect(storage.getToken()).toBe('general-access');
    expect(window.location.hash).toBe('#/studies');
  });

  it('a 500 on a paged GET (no loader) does not fail the next loader call that ends with 400 (A-192)', async () => {
    serve((route) =>
      route === 'GET /api/v1/studies' ? json(500, apiError('INTERNAL')) : json(400, apiError('VALIDATION_FAILED')),
    );
    await failure(api.call(listStudies, { query: { page: 1 } }));
    expect(loaderStore.getSnapshot().progress).toBe('idle');
    expect((await failure(api.call(updateProfile, { body: profileBody })))?.status).toBe(400);
    expect(loaderStore.getSnapshot()).toEqual({ pending: 0, progress: 'done' });
  });

  it('a 500 on a loader call fails the progress bar (A-191)', async () => {
    serve(() => json(500, apiError('INTERNAL')));
    await failure(api.call(updateProfile, { body: profileBody }));
    expect(loaderStore.getSnapshot()).toEqual({ pending: 0, progress: 'failed' });
  });
});
