import { getStudy, listStudies, updateProfile } from '@trialpath/contract';
import { REQUEST_TIMEOUT_MS } from '@trialpath/domain';
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
    const body = { firstName: 'Ann', lastName: 'Lee', phoneNumber: undefined, workNumber: null };
    await api.call(updateProfile, { body });
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
