import type { z } from 'zod';
import { type ApiError, parseApiError } from './common';
import { buildPath, type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf } from './endpoint';

/** A non-2xx answer (or a network failure, status 0) from the API. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
    readonly endpointId: string,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
  }
}

export interface CallInput<E> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /** Extra headers for this call only. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ClientHooks {
  /** Headers for a call (Authorization, Env…); the portal decides from its route and stored tokens. */
  headers?: (endpoint: Endpoint) => Record<string, string | undefined>;
  /** Called on a non-2xx answer. Return 'retry' to repeat the call once (after refreshing tokens). */
  onError?: (
    error: ApiRequestError,
    endpoint: Endpoint,
    attempt: number,
  ) => Promise<'retry' | 'fail'> | 'retry' | 'fail';
  /** Called around every call (loader / progress bar). */
  onStart?: (endpoint: Endpoint) => void;
  onEnd?: (endpoint: Endpoint, ok: boolean) => void;
  /**
   * Abort a call that has not answered after this many milliseconds (decision A-234: the portals pass
   * REQUEST_TIMEOUT_MS). The abort is reported like a network failure: ApiRequestError with status 0.
   */
  timeoutMs?: number;
}

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, input?: CallInput<E>): Promise<ResponseOf<E>>;
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** A signal that aborts when `outer` aborts or after `ms` milliseconds (no timer when ms is not set). */
function withTimeout(
  outer: AbortSignal | undefined,
  ms: number | undefined,
): { signal: AbortSignal | undefined; clear: () => void } {
  if (!ms || ms <= 0) return { signal: outer, clear: () => {} };
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, ms);
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', abort, { once: true });
  }
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', abort);
    },
  };
}

/** The typed client both portals use: one `call` per contract endpoint. */
export function createApiClient(baseUrl = '', hooks: ClientHooks = {}): ApiClient {
  async function once<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<ResponseOf<E>> {
    const url =
      baseUrl +
      buildPath(endpoint.path, input.params as Record<string, string> | undefined) +
      toQueryString(input.query as Record<string, unknown> | undefined);
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const [k, v] of Object.entries(hooks.headers?.(endpoint) ?? {})) if (v !== undefined) headers[k] = v;
    Object.assign(headers, input.headers);
    const hasBody = input.body !== undefined && endpoint.method !== 'GET';
    if (hasBody) headers['content-type'] = 'application/json';
    const timeout = withTimeout(input.signal, hooks.timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method: endpoint.method,
        headers,
        body: hasBody ? JSON.stringify(input.body) : undefined,
        signal: timeout.signal,
      });
      text = await res.text();
    } catch {
      throw new ApiRequestError(0, null, endpoint.id);
    } finally {
      timeout.clear();
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      throw new ApiRequestError(res.status, parseApiError(json), endpoint.id);
    }
    // A CSV file (declared z.any() as every file) is returned as its text.
    const textual = /^text\/csv/.test(res.headers?.get?.('content-type') ?? '');
    return (endpoint.response as z.ZodType).parse(textual ? text : json) as ResponseOf<E>;
  }

  return {
    async call(endpoint, input = {}) {
      hooks.onStart?.(endpoint);
      let ok = false;
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            const out = await once(endpoint, input);
            ok = true;
            return out;
          } catch (e) {
            if (!(e instanceof ApiRequestError) || !hooks.onError) throw e;
            // The hook sees every failure (it may log out on the second); only the first may be retried.
            if ((await hooks.onError(e, endpoint, attempt)) !== 'retry' || attempt > 0) throw e;
          }
        }
      } finally {
        hooks.onEnd?.(endpoint, ok);
      }
    },
  };
}
