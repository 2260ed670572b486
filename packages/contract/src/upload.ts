import type { z } from 'zod';
import { ApiRequestError, type ClientHooks } from './client';
import { parseApiError } from './common';
import { buildPath, type Endpoint, type ParamsOf, type ResponseOf } from './endpoint';

/** Progress of an upload: bytes sent so far and the total (spec 000 §7.1 "upload progress events"). */
export type UploadProgressListener = (loaded: number, total: number) => void;

/**
 * The part of XMLHttpRequest the uploader uses (declared here so the contract also type-checks in
 * workspaces without the DOM library, e.g. the API server).
 */
export interface XhrLike {
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  status: number;
  responseText: string;
  timeout: number;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  onabort: (() => void) | null;
  open(method: string, url: string, async: boolean): void;
  setRequestHeader(name: string, value: string): void;
  send(body: Blob): void;
  abort(): void;
}

export interface UploadInput<E> {
  params?: ParamsOf<E>;
  /** The endpoint's query (e.g. the section revision an upload changes). */
  query?: Record<string, string | number>;
  /** The file itself: sent as the raw request body with its own content type. */
  file: Blob;
  /** Extra headers for this call only. */
  headers?: Record<string, string>;
  onProgress?: UploadProgressListener;
  signal?: AbortSignal;
}

export interface UploadOptions {
  baseUrl?: string;
  /** The same hooks as the portal's API client: headers, error decision (retry once), loader, timeout. */
  hooks?: ClientHooks;
  /** For tests: the XMLHttpRequest constructor to use. */
  xhr?: () => XhrLike;
}

/** Whether a file fits an upload endpoint's declared content types and size. */
export function checkUploadFile(
  endpoint: Pick<Endpoint, 'upload'>,
  file: Pick<Blob, 'size' | 'type'>,
): 'ok' | 'type' | 'size' {
  const rule = endpoint.upload;
  if (!rule) return 'ok';
  if (!rule.contentTypes.includes(file.type)) return 'type';
  if (file.size > rule.maxBytes) return 'size';
  return 'ok';
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function sendOnce<E extends Endpoint>(
  endpoint: E,
  input: UploadInput<E>,
  options: UploadOptions,
): Promise<ResponseOf<E>> {
  const hooks = options.hooks ?? {};
  const query = input.query
    ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}`
    : '';
  const url =
    (options.baseUrl ?? '') + buildPath(endpoint.path, input.params as Record<string, string> | undefined) + query;
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [k, v] of Object.entries(hooks.headers?.(endpoint) ?? {})) if (v !== undefined) headers[k] = v;
  Object.assign(headers, input.headers);
  headers['content-type'] = input.file.type || 'application/octet-stream';

  return new Promise<ResponseOf<E>>((resolve, reject) => {
    const xhr = options.xhr
      ? options.xhr()
      : new (globalThis as unknown as { XMLHttpRequest: new () => XhrLike }).XMLHttpRequest();
    const fail = (status: number, body: unknown) => {
      reject(new ApiRequestError(status, parseApiError(body), endpoint.id));
    };
    xhr.open(endpoint.method, url, true);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    if (hooks.timeoutMs && hooks.timeoutMs > 0) xhr.timeout = hooks.timeoutMs;
    xhr.upload.onprogress = (e) => {
      const total = e.lengthComputable ? e.total : input.file.size;
      input.onProgress?.(e.loaded, total);
    };
    xhr.onload = () => {
      const json = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        input.onProgress?.(input.file.size, input.file.size);
        const out = (endpoint.response as z.ZodType).safeParse(json);
        if (out.success) resolve(out.data as ResponseOf<E>);
        else reject(out.error);
        return;
      }
      fail(xhr.status, json);
    };
    // Network failure, timeout or abort: reported like the fetch client does (status 0).
    xhr.onerror = () => fail(0, null);
    xhr.ontimeout = () => fail(0, null);
    xhr.onabort = () => fail(0, null);
    if (input.signal) {
      if (input.signal.aborted) {
        fail(0, null);
        return;
      }
      input.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(input.file);
  });
}

/**
 * Upload a file to an upload endpoint (`endpoint.upload`) with XMLHttpRequest so progress events can be
 * reported (fetch has none for request bodies). Errors are ApiRequestError exactly as in
 * createApiClient; the hooks' onError may ask for one retry (after a token refresh); onStart/onEnd
 * wrap the call for the loader.
 */
export async function uploadFile<E extends Endpoint>(
  endpoint: E,
  input: UploadInput<E>,
  options: UploadOptions = {},
): Promise<ResponseOf<E>> {
  const hooks = options.hooks ?? {};
  hooks.onStart?.(endpoint);
  let ok = false;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const out = await sendOnce(endpoint, input, options);
        ok = true;
        return out;
      } catch (e) {
        if (!(e instanceof ApiRequestError) || !hooks.onError) throw e;
        if ((await hooks.onError(e, endpoint, attempt)) !== 'retry' || attempt > 0) throw e;
      }
    }
  } finally {
    hooks.onEnd?.(endpoint, ok);
  }
}

/** An uploader bound to a base URL and the portal's hooks (same as its API client). */
export function createUploader(baseUrl = '', hooks: ClientHooks = {}) {
  return <E extends Endpoint>(endpoint: E, input: UploadInput<E>) => uploadFile(endpoint, input, { baseUrl, hooks });
}
