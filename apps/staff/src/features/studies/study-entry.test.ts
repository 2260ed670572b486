import { apiError } from '@trialpath/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../shared/session';
import { storage } from '../../shared/storage';
import { studyFeatures } from '../../shared/study-features';
import { enterStudy, forgetValidatedStudies, setPreviousPathSource, studyEntryLoader } from './study-entry';

const toasts = vi.hoisted(() => [] as { message: unknown; kind: unknown }[]);
vi.mock('@trialpath/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@trialpath/ui')>()),
  notify: (message: unknown, options?: { kind?: unknown }) => {
    toasts.push({ message, kind: options?.kind });
    return null;
  },
}));

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const U = '9a0c3a57-3c55-4c5c-8f3e-1b8f7c0d2e22';

type Route = (init: RequestInit) => { status: number; body: unknown };
function serve(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const key = `${init.method} ${url}`;
    const r = routes[key];
    if (!r) return new Response(JSON.stringify({ code: 'NOT_FOUND', message: key }), { status: 404 });
    const { status, body } = r(init);
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ok = () => ({ status: 200, body: { ok: true } });
const tokens = () => ({
  status: 200,
  body: {
    accessToken: 'study-access',
    refreshToken: 'study-refresh',
    expiresIn: 900,
    studyId: S,
    authorities: ['Cra'],
  },
});
const features = () => ({ status: 200, body: { studyId: S, studyFeatures: { telehealth: true, caregiver: false } } });
const instant = () => ({
  status: 200,
  body: {
    id: U,
    userStudies: [{ studyId: S, assignedSiteIds: ['x'], userRole: 'Cra', readOnly: true }],
    userDataAccessType: 'BOTH',
  },
});

// What the API answers for a study the person is not assigned to (requireStudyAccess → FORBIDDEN).
const refused = apiError('FORBIDDEN');

beforeEach(() => {
  window.localStorage.clear();
  forgetValidatedStudies();
  vi.unstubAllGlobals();
  storage.setTokens('general', 'refresh');
  session.sync();
  toasts.length = 0;
  storage.setUser({ id: U, name: 'Clara', userRole: 'StudyCoordinator', realmOfPermission: null });
});

describe('entering a study', () => {
  it('stores the study token, validates, keeps the study features in state and storage (A-165, A-041)', async () => {
    const f = serve({
      'POST /api/v1/auth/study-token': tokens,
      [`GET /api/v1/studies/${S}/validate-user`]: ok,
      [`GET /api/v1/studies/${S}/features`]: features,
      [`GET /api/v1/users/${U}/instant`]: instant,
    });
    expect(await enterStudy(S)).toEqual({ ok: true });
    expect(storage.getStudyToken(S)).toEqual({ token: 'study-access', refreshToken: 'study-refresh' });
    expect(storage.getStudyFeatures(S)).toEqual({ telehealth: true, caregiver: false });
    expect(studyFeatures.get(S)).toEqual({ telehealth: true, caregiver: false });
    // validate-user and features use the study token
    const featuresCall = f.mock.calls.find(([u]) => String(u).endsWith('/features'))!;
    expect((featuresCall[1] as RequestInit).headers).toMatchObject({ authorization: 'Bearer study-access' });
  });

  it('updates the stored user with the per-study role when it differs (A-122)', async () => {
    serve({
      'POST /api/v1/auth/study-token': tokens,
      [`GET /api/v1/studies/${S}/validate-user`]: ok,
      [`GET /api/v1/studies/${S}/features`]: features,
      [`GET /api/v1/users/${U}/instant`]: instant,
    });
    await enterStudy(S);
    expect(storage.getUser()).toEqual({
      id: U,
      name: 'Clara',
      userRole: 'Cra',
      readOnly: true,
      realmOfPermission: null,
    });
  });

  it('fails with the server message when access is refused, storing no features (A-029)', async () => {
    window.location.hash = '#/studies';
    serve({
      'POST /api/v1/auth/study-token': tokens,
      [`GET /api/v1/studies/${S}/validate-user`]: () => ({ status: 403, body: refused }),
    });
    expect(await enterStudy(S)).toEqual({ ok: false, message: refused.message });
    expect(storage.getStudyFeatures(S)).toBeNull();
    expect(window.location.hash).toBe('#/studies');
  });

  it('a study refused with 403 at the study token toasts the server message and stays put, not on the studies list (A-029)', async () => {
    window.location.hash = '#/profile';
    const f = serve({ 'POST /api/v1/auth/study-token': () => ({ status: 403, body: refused }) });
    setPreviousPathSource(() => '/profile');
    const result = (await studyEntryLoader({
      params: { studyId: S },
      request: new Request(`http://localhost/studies/${S}/dashboard`),
      context: undefined,
    } as never)) as Response;
    expect(result.headers.get('location')).toBe('/profile');
    expect(toasts).toEqual([{ message: refused.message, kind: 'error' }]);
    expect(window.location.hash).toBe('#/profile');
    expect(await enterStudy(S)).toEqual({ ok: false, message: refused.message });
    expect(f.mock.calls.map(([u]) => u)).toEqual(['/api/v1/auth/study-token', '/api/v1/auth/study-token']);
    expect(storage.getStudyToken(S)).toBeNull();
    expect(storage.getToken()).toBe('general');
  });

  it('enters the study even when the features call fails, keeping the stored features', async () => {
    storage.setStudyFeatures(S, { telehealth: false });
    serve({
      'POST /api/v1/auth/study-token': tokens,
      [`GET /api/v1/studies/${S}/validate-user`]: ok,
      [`GET /api/v1/users/${U}/instant`]: instant,
    });
    expect(await enterStudy(S)).toEqual({ ok: true });
    expect(studyFeatures.get(S)).toEqual({ telehealth: false });
  });
});

describe('per-study role on study changes (A-122)', () => {
  const A = S;
  const B = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const load = (studyId: string) =>
    studyEntryLoader({
      params: { studyId },
      request: new Request(`http://localhost/studies/${studyId}/dashboard`),
      context: undefined,
    } as never);

  it('going A → B → A gives the stored user the role of A again, without re-validating A', async () => {
    const studyRoutes = (id: string): Record<string, Route> => ({
      [`GET /api/v1/studies/${id}/validate-user`]: ok,
      [`GET /api/v1/studies/${id}/features`]: () => ({ status: 200, body: { studyId: id, studyFeatures: {} } }),
    });
    const f = serve({
      'POST /api/v1/auth/study-token': (init) => ({
        status: 200,
        body: {
          accessToken: `access-${JSON.parse(String(init.body)).studyId}`,
          refreshToken: 'r',
          expiresIn: 900,
          studyId: JSON.parse(String(init.body)).studyId,
          authorities: ['Cra'],
        },
      }),
      ...studyRoutes(A),
      ...studyRoutes(B),
      [`GET /api/v1/users/${U}/instant`]: () => ({
        status: 200,
        body: {
          id: U,
          userStudies: [
            { studyId: A, assignedSiteIds: ['x'], userRole: 'Cra', readOnly: true },
            { studyId: B, assignedSiteIds: ['x'], userRole: 'StudyCoordinator', readOnly: false },
          ],
          userDataAccessType: 'BOTH',
        },
      }),
    });

    expect(await load(A)).toBeNull();
    expect(storage.getUser()).toMatchObject({ userRole: 'Cra', readOnly: true });
    expect(await load(B)).toBeNull();
    expect(storage.getUser()).toMatchObject({ userRole: 'StudyCoordinator', readOnly: false });
    expect(await load(A)).toBeNull();
    expect(storage.getUser()).toMatchObject({ userRole: 'Cra', readOnly: true });

    const validations = f.mock.calls.filter(([u]) => String(u).endsWith('/validate-user')).map(([u]) => u);
    expect(validations).toEqual([`/api/v1/studies/${A}/validate-user`, `/api/v1/studies/${B}/validate-user`]);
  });
});

describe('validate-user uses the study token (A-150)', () => {
  it('sends GET …/validate-user with the study access token while the address is still #/studies', async () => {
    window.location.hash = '#/studies';
    // The fake server records what validate-user received, and where the page was at that moment.
    const seen: { authorization: string | undefined; hash: string }[] = [];
    serve({
      'POST /api/v1/auth/study-token': tokens,
      [`GET /api/v1/studies/${S}/validate-user`]: (init) => {
        seen.push({
          authorization: (init.headers as Record<string, string> | undefined)?.authorization,
          hash: window.location.hash,
        });
        return ok();
      },
      [`GET /api/v1/studies/${S}/features`]: features,
      [`GET /api/v1/users/${U}/instant`]: instant,
    });
    expect(await enterStudy(S)).toEqual({ ok: true });
    expect(seen).toEqual([{ authorization: 'Bearer study-access', hash: '#/studies' }]);
  });
});
