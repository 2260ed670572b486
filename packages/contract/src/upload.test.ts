import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, createApiClient } from './client';
import { defineEndpoint } from './endpoint';
import { checkUploadFile, uploadFile, type XhrLike } from './upload';

const upload = defineEndpoint({
  id: 'testUpload',
  method: 'PUT',
  path: '/api/v1/things/:id/image',
  audience: 'staff',
  summary: 'test',
  params: z.object({ id: z.string() }),
  response: z.object({ url: z.string() }),
  upload: { contentTypes: ['image/png'], maxBytes: 10 },
});

/** A scripted XMLHttpRequest: each send answers with the next scripted response after two progress events. */
function fakeXhr(answers: { status: number; body: unknown }[]) {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  const make = () => {
    const x = {
      upload: {
        onprogress: null as null | ((e: { loaded: number; total: number; lengthComputable: boolean }) => void),
      },
      status: 0,
      responseText: '',
      timeout: 0,
      method: '',
      url: '',
      headers: {} as Record<string, string>,
      onload: null as null | (() => void),
      onerror: null as null | (() => void),
      ontimeout: null as null | (() => void),
      onabort: null as null | (() => void),
      open(method: string, url: string) {
        x.method = method;
        x.url = url;
      },
      setRequestHeader(k: string, v: string) {
        x.headers[k] = v;
      },
      abort() {
        x.onabort?.();
      },
      send(body: Blob) {
        sent.push({ method: x.method, url: x.url, headers: x.headers, body });
        const answer = answers.shift();
        queueMicrotask(() => {
          if (!answer) return x.onerror?.();
          x.upload.onprogress?.({ loaded: 4, total: 8, lengthComputable: true });
          x.upload.onprogress?.({ loaded: 8, total: 8, lengthComputable: true });
          x.status = answer.status;
          x.responseText = JSON.stringify(answer.body);
          x.onload?.();
        });
      },
    };
    return x as XhrLike;
  };
  return { make, sent };
}

const file = new Blob([new Uint8Array(8)], { type: 'image/png' });

describe('uploadFile (A-159)', () => {
  it('sends the raw file with the hook headers and reports progress up to the total', async () => {
    const x = fakeXhr([{ status: 200, body: { url: '/img' } }]);
    const progress: [number, number][] = [];
    const out = await uploadFile(
      upload,
      { params: { id: 'a b' }, file, onProgress: (l, t) => progress.push([l, t]) },
      { xhr: x.make, baseUrl: 'http://h', hooks: { headers: () => ({ authorization: 'Bearer t', env: undefined }) } },
    );
    expect(out).toEqual({ url: '/img' });
    expect(x.sent[0]).toMatchObject({
      method: 'PUT',
      url: 'http://h/api/v1/things/a%20b/image',
      headers: { authorization: 'Bearer t', 'content-type': 'image/png', accept: 'application/json' },
      body: file,
    });
    expect(progress).toEqual([
      [4, 8],
      [8, 8],
      [8, 8],
    ]);
  });

  it('puts the query after the path (an upload that names the revision it changes)', async () => {
    const x = fakeXhr([{ status: 200, body: { url: '/img' } }]);
    await uploadFile(upload, { params: { id: 'a' }, query: { revision: 3 }, file }, { xhr: x.make });
    expect(x.sent[0]!.url).toBe('/api/v1/things/a/image?revision=3');
  });

  it('maps a refusal to ApiRequestError with the parsed body, and a network failure to status 0', async () => {
    const x = fakeXhr([{ status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'Too big' } }]);
    const e = await uploadFile(upload, { params: { id: '1' }, file }, { xhr: x.make }).catch((err) => err);
    expect(e).toBeInstanceOf(ApiRequestError);
    expect(e).toMatchObject({ status: 413, body: { message: 'Too big' }, endpointId: 'testUpload' });
    const y = fakeXhr([]);
    await expect(uploadFile(upload, { params: { id: '1' }, file }, { xhr: y.make })).rejects.toMatchObject({
      status: 0,
    });
  });

  it('uses the same hooks as the client: one retry when onError says so, loader start/end', async () => {
    const x = fakeXhr([
      { status: 401, body: { code: 'TOKEN_EXPIRED', message: 'expired', type: 'TOKENEXPIRED' } },
      { status: 200, body: { url: '/ok' } },
    ]);
    const onError = vi.fn(() => 'retry' as const);
    const onStart = vi.fn();
    const onEnd = vi.fn();
    const out = await uploadFile(
      upload,
      { params: { id: '1' }, file },
      { xhr: x.make, hooks: { onError, onStart, onEnd, timeoutMs: 5000 } },
    );
    expect(out).toEqual({ url: '/ok' });
    expect(onError).toHaveBeenCalledOnce();
    expect(onStart).toHaveBeenCalledOnce();
    expect(onEnd).toHaveBeenCalledWith(upload, true);
    expect(x.sent).toHaveLength(2);
  });

  it('checks the declared content types and size', () => {
    expect(checkUploadFile(upload, { type: 'image/png', size: 10 })).toBe('ok');
    expect(checkUploadFile(upload, { type: 'image/gif', size: 1 })).toBe('type');
    expect(checkUploadFile(upload, { type: 'image/png', size: 11 })).toBe('size');
  });
});

describe('client timeout (A-234)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const ping = defineEndpoint({
    id: 'ping',
    method: 'GET',
    path: '/ping',
    audience: 'public',
    summary: 'test',
    response: z.object({ ok: z.boolean() }),
  });

  it('aborts a call after timeoutMs and reports it as status 0', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            seen = init.signal ?? undefined;
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const client = createApiClient('', { timeoutMs: 120_000 });
    const p = client.call(ping).catch((e) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(seen?.aborted).toBe(true);
    const e = await p;
    expect(e).toBeInstanceOf(ApiRequestError);
    expect(e.status).toBe(0);
  });

  it('does not abort a call that answers in time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 })),
    );
    await expect(createApiClient('', { timeoutMs: 50 }).call(ping)).resolves.toEqual({ ok: true });
  });
});
