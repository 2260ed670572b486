/**
 * The staff portal's one API client (000 §7.1, §8.1). Headers: Authorization with the study token
 * on a study page, else the general token, none for refresh; `env: test` on test pages and on
 * design/customize/review/activity-library pages. Errors go through the domain's decision.
 */
import {
  type ApiClient,
  ApiRequestError,
  buildPath,
  type CallInput,
  type ClientHooks,
  createApiClient,
  createUploader,
  type Endpoint,
  getProfileImage,
  logout,
  type ParamsOf,
  parseApiError,
  type ResponseOf,
  refreshTokens,
  type UploadInput,
} from '@trialpath/contract';
import { cleanRequestBody, REQUEST_TIMEOUT_MS, serverMessageText, translate } from '@trialpath/domain';
import { notify } from '@trialpath/ui';
import i18n from '../i18n';
import { saveFile } from './download';
import { createErrorHandler, type ErrorHandlerDeps, type RefreshResult } from './http-errors';
import { loaderStore } from './loader';
import { envHeaderFor, shouldShowLoader, tokenKindFor } from './request-rules';
import { session } from './session';
import { storage } from './storage';

/** Set while entering a study (before the address changes) so its calls use that study's token. */
let studyOverride: string | null = null;
export function withStudyContext<T>(studyId: string, run: () => Promise<T>): Promise<T> {
  const previous = studyOverride;
  studyOverride = studyId;
  return run().finally(() => {
    studyOverride = previous;
  });
}

const currentHash = () => window.location.hash || '#/';

// A bare client for the refresh call itself (no hooks, so a failing refresh cannot recurse).
const bare = createApiClient('');

const refreshing = new Map<string, Promise<RefreshResult>>();
function refreshOnce(key: string, run: () => Promise<void>): Promise<RefreshResult> {
  const existing = refreshing.get(key);
  if (existing) return existing;
  const p = run()
    .then((): RefreshResult => ({ ok: true }))
    // The refusal is kept: a 403 studiesChanged is handled as withdrawn study access, not a logout (000 §8.1).
    .catch((e: unknown): RefreshResult => ({ ok: false, error: e instanceof ApiRequestError ? e : null }))
    .finally(() => refreshing.delete(key));
  refreshing.set(key, p);
  return p;
}

const NO_REFRESH_TOKEN: RefreshResult = { ok: false, error: null };

/** Refresh the token the failed call used (the study's pair or the general pair). */
async function refreshFor(endpoint: Endpoint): Promise<RefreshResult> {
  const used = tokenKindFor(endpoint, currentHash(), storage, studyOverride);
  if (used.kind === 'study') {
    const pair = storage.getStudyToken(used.studyId);
    if (!pair) return NO_REFRESH_TOKEN;
    return refreshOnce(`study:${used.studyId}`, async () => {
      const t = await bare.call(refreshTokens, { body: { refreshToken: pair.refreshToken, studyId: used.studyId } });
      storage.setStudyToken(used.studyId, { token: t.accessToken, refreshToken: t.refreshToken });
    });
  }
  const refreshToken = storage.getRefreshToken();
  if (!refreshToken) return NO_REFRESH_TOKEN;
  return refreshOnce('general', async () => {
    const t = await bare.call(refreshTokens, { body: { refreshToken } });
    storage.setTokens(t.accessToken, t.refreshToken);
    session.sync();
  });
}

type LogoutListener = () => void;
const logoutListeners = new Set<LogoutListener>();
/** The app registers what else to reset on logout (query cache…). */
export function onLoggedOut(l: LogoutListener) {
  logoutListeners.add(l);
  return () => logoutListeners.delete(l);
}

type WriteListener = (endpoint: Endpoint) => void;
const writeListeners = new Set<WriteListener>();
/**
 * The app registers what a successful write makes stale (the analytics, read with a staleTime: a number is never
 * older than the person's own last write, G-054, G-055).
 */
export function onWriteDone(l: WriteListener) {
  writeListeners.add(l);
  return () => writeListeners.delete(l);
}

/** Local part of logout: clear storage (except study summary and client id) and go to sign-in. */
export function clearSession(goToLogin = true) {
  storage.clearOnLogout();
  session.sync();
  for (const l of logoutListeners) l();
  if (goToLogin && !/^#\/(login|logout)(\?|$)/.test(currentHash())) window.location.hash = '#/login';
}

/** Sign out: revoke the refresh-token family on the server, then clear the session. */
export async function signOut(): Promise<void> {
  const refreshToken = storage.getRefreshToken() ?? undefined;
  if (storage.getToken()) {
    try {
      await api.call(logout, { body: { refreshToken } });
    } catch {
      /* the local session ends anyway */
    }
  }
  clearSession();
}

/**
 * Errors whose call failed the progress bar (000 §8.1). Kept per error, i.e. per call: a call that
 * skips the loader (a paged GET) must not leave a failure behind for the next loader call.
 */
const progressFailures = new WeakSet<ApiRequestError>();

const errorDeps: ErrorHandlerDeps = {
  online: () => navigator.onLine,
  refresh: refreshFor,
  logout: () => clearSession(),
  removeStudyTokens: (ids) => storage.removeStudyTokens(ids),
  goToStudies: () => {
    window.location.hash = '#/studies';
  },
  warn: (text) => notify(text, { kind: 'warning' }),
  message: (key) => translate(key, undefined, i18n.language),
  language: () => i18n.language,
  markFailed: (error) => progressFailures.add(error),
  // Session rules apply to calls made with a token; a failed sign-in is the page's business.
  sessionCall: (endpoint) => endpoint.audience === 'staff',
};

/** Headers, error decision and timeout shared by the JSON client and the uploader (000 §7.1, A-234). */
export const clientHooks: ClientHooks = {
  headers(endpoint) {
    // The interface language: the server writes its messages and e-mails in it (decision 0025).
    const headers: Record<string, string | undefined> = {
      ...envHeaderFor(endpoint, currentHash()),
      'accept-language': i18n.language,
    };
    const used = tokenKindFor(endpoint, currentHash(), storage, studyOverride);
    if (used.kind !== 'none') headers.authorization = `Bearer ${used.token}`;
    return headers;
  },
  onError: createErrorHandler(errorDeps),
  timeoutMs: REQUEST_TIMEOUT_MS,
};

/** Run a call under the loader unless it is excluded (000 §7.1, A-161); a failed call fails the progress bar. */
async function withLoader<T>(show: boolean, run: () => Promise<T>): Promise<T> {
  if (!show) return run();
  loaderStore.start();
  let failed = false;
  try {
    return await run();
  } catch (e) {
    failed = e instanceof ApiRequestError && progressFailures.has(e);
    throw e;
  } finally {
    loaderStore.end(failed);
  }
}

/** PUT/POST/PATCH bodies pass the domain's cleaning step before sending (000 §7.1, A-164). */
export function cleanInput<E extends Endpoint>(endpoint: E, input: CallInput<E>): CallInput<E> {
  return input.body !== undefined && endpoint.method !== 'GET' && endpoint.method !== 'DELETE'
    ? { ...input, body: cleanRequestBody(input.body) }
    : input;
}

/** A portal client: cleaned bodies, the loader rule and the given hooks. */
function portalClient(hooks: ClientHooks): ApiClient {
  const client = createApiClient('', hooks);
  return {
    async call(endpoint, input = {}) {
      const cleaned = cleanInput(endpoint, input);
      const answer = await withLoader(shouldShowLoader(endpoint, window.location.href, cleaned), () =>
        client.call(endpoint, cleaned),
      );
      if (endpoint.method !== 'GET') for (const l of writeListeners) l(endpoint);
      return answer;
    },
  };
}

/** The portal's client. */
export const api: ApiClient = portalClient(clientHooks);

/**
 * The client of the study-entry checks (000 §8.2, A-029): a refused study is toasted and the
 * navigation cancelled by the entry itself, so a 403 here must not send the person to the studies list.
 */
export const studyEntryApi: ApiClient = portalClient({
  ...clientHooks,
  onError: createErrorHandler({ ...errorDeps, goToStudies: () => {} }),
});

/** Uploads: same headers, error decision, retry and timeout as `api`, with progress events. */
const uploader = createUploader('', clientHooks);
export function upload<E extends Endpoint>(endpoint: E, input: UploadInput<E>): Promise<ResponseOf<E>> {
  return withLoader(shouldShowLoader(endpoint, window.location.href), () => uploader(endpoint, input));
}

/** A binary resource of the API (a profile image, by its endpoint's rules) with the calls' Authorization; an object URL. */
export async function fetchObjectUrl(path: string): Promise<string | null> {
  const used = tokenKindFor(getProfileImage, currentHash(), storage, studyOverride);
  const res = await fetch(path, {
    headers: used.kind === 'none' ? {} : { authorization: `Bearer ${used.token}` },
  }).catch(() => null);
  if (!res?.ok) return null;
  return URL.createObjectURL(await res.blob());
}

/**
 * A file an endpoint answers (declared `response: z.any()`: a template, an export) saved under `fileName`, fetched
 * with the calls' headers (Authorization, Env, language); a refusal is an ApiRequestError, retried once after a
 * token refresh as every call is.
 */
export async function downloadEndpointFile<E extends Endpoint>(
  endpoint: E,
  input: { params?: ParamsOf<E> },
  fileName: string,
): Promise<void> {
  const url = buildPath(endpoint.path, input.params as Record<string, string> | undefined);
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(clientHooks.headers?.(endpoint) ?? {})) if (v !== undefined) headers[k] = v;
    const res = await fetch(url, { method: endpoint.method, headers }).catch(() => null);
    if (res?.ok) {
      saveFile(fileName, res.headers.get('content-type') ?? 'application/octet-stream', await res.blob());
      return;
    }
    const error = new ApiRequestError(res?.status ?? 0, parseApiError(res ? await res.text() : null), endpoint.id);
    if (attempt > 0 || (await clientHooks.onError?.(error, endpoint, attempt)) !== 'retry') throw error;
  }
}

/** The message to show for a failed call: the server's (in the interface language) when present, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiRequestError && serverMessageText(error.body, i18n.language)) || fallback;
}

export { ApiRequestError };
