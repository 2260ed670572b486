/**
 * The participant portal's API client: the contract's typed client with the portal's hooks —
 * which calls carry the participant token, and what a failed call does (spec 000 §8.1 through the
 * domain's decideHttpOutcome: 419 → refresh with refresh token, pid and device id, retry once;
 * refresh failure → sign-out to the study's login; offline/server warnings as toasts, showing the
 * server's message when the response has one).
 */
import {
  type ApiClient,
  type ApiRequestError,
  type ClientHooks,
  carriesAuthorization,
  createApiClient,
  type Endpoint,
  participantRefresh,
} from '@trialpath/contract';
import {
  cleanRequestBody,
  decideHttpOutcome,
  type MessageKey,
  preferServerText,
  REQUEST_TIMEOUT_MS,
} from '@trialpath/domain';
import type { ParticipantSession, SessionStore, TokenPair } from './session';

/**
 * Headers of a call. Only participant-audience calls carry the participant's bearer token: the
 * public participant-web calls (study, countries, languages), sign-in and the refresh call do not
 * (spec 000 §7.1).
 */
export function headersFor(
  endpoint: Pick<Endpoint, 'audience' | 'auth'>,
  session: ParticipantSession | null,
  language: string,
): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = { 'accept-language': language };
  if (endpoint.audience === 'participant' && carriesAuthorization(endpoint) && session?.accessToken) {
    headers.authorization = `Bearer ${session.accessToken}`;
  }
  return headers;
}

/** Codes of a 401 that mean "these credentials are wrong", not "your session is over". */
const CREDENTIAL_CODES = new Set(['INVALID_CREDENTIALS', 'USERNAME_NOT_FOUND']);

export interface ErrorHandlerDeps {
  session: Pick<SessionStore, 'get' | 'updateTokens'>;
  /** Performs the refresh call (refresh token, pid, device id) and returns the new tokens. */
  refresh: (session: ParticipantSession) => Promise<TokenPair>;
  /** Signs the participant out locally and sends them to their study's login page. */
  signOut: (studyCode: string) => void;
  /** Shows a warning toast with this text. */
  warn: (text: string) => void;
  /** A catalogue message in the current language. */
  message: (key: MessageKey) => string;
  /** The current language (a server message is shown in it from its catalogue key). */
  language: () => string;
  isOnline: () => boolean;
}

/** The client's onError hook. Concurrent 419s share one refresh (refresh tokens rotate). */
export function createErrorHandler(deps: ErrorHandlerDeps): NonNullable<ClientHooks['onError']> {
  let refreshing: Promise<boolean> | null = null;

  const refreshOnce = (session: ParticipantSession): Promise<boolean> => {
    if (!refreshing) {
      refreshing = deps
        .refresh(session)
        .then((tokens) => {
          deps.session.updateTokens(tokens);
          return true;
        })
        .catch(() => false)
        .finally(() => {
          refreshing = null;
        });
    }
    return refreshing;
  };

  return async (error: ApiRequestError, endpoint: Endpoint, attempt: number) => {
    const session = deps.session.get();
    const outcome = decideHttpOutcome({
      status: error.status,
      body: error.body,
      online: deps.isOnline(),
      isParticipantWithPid: Boolean(session?.pid),
      portal: 'participant',
    });

    if (outcome.kind === 'warn') {
      // 000 §8.2: the server's own message (e.g. a maintenance notice) says more than the fixed text.
      deps.warn(preferServerText(error.body, deps.message(outcome.messageKey), deps.language()));
      return 'fail';
    }
    // Public calls (study facts, sign-in, recovery, the refresh itself) never touch the session:
    // their failures are shown by the page that made them.
    if (endpoint.audience !== 'participant') return 'fail';

    switch (outcome.kind) {
      case 'participantRefreshAndRetry':
      case 'refreshAndRetry': {
        if (!session) return 'fail';
        if (attempt === 0 && (await refreshOnce(session))) return 'retry';
        deps.signOut(session.studyCode);
        return 'fail';
      }
      case 'logout': {
        if (error.status === 401 && error.body && CREDENTIAL_CODES.has(error.body.code)) return 'fail';
        if (session) deps.signOut(session.studyCode);
        return 'fail';
      }
      default:
        return 'fail';
    }
  };
}

export interface PortalApiDeps extends Omit<ErrorHandlerDeps, 'refresh'> {
  session: SessionStore;
  deviceId: () => string;
  baseUrl?: string;
}

/** The portal's client; the refresh call goes through a hook-less client so it cannot loop. */
export function createPortalApi(deps: PortalApiDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? '';
  const plain = createApiClient(baseUrl, {
    headers: (endpoint) => headersFor(endpoint, null, deps.language()),
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  const refresh = async (s: ParticipantSession): Promise<TokenPair> => {
    const t = await plain.call(participantRefresh, {
      body: { refreshToken: s.refreshToken, pid: s.pid, deviceId: deps.deviceId() },
    });
    return { accessToken: t.accessToken, refreshToken: t.refreshToken, pid: t.pid };
  };
  const client = createApiClient(baseUrl, {
    headers: (endpoint) => headersFor(endpoint, deps.session.get(), deps.language()),
    onError: createErrorHandler({ ...deps, refresh }),
    // Decision A-234: a call unanswered after two minutes is aborted and handled like status 0.
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  return {
    // 000 §7.1: PUT and POST bodies pass through the data-cleaning step (decision A-164).
    call: (endpoint, input = {}) =>
      client.call(
        endpoint,
        input.body === undefined ? input : { ...input, body: cleanRequestBody(input.body) as never },
      ),
  };
}
