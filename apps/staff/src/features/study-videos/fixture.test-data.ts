/** A study's videos (validated against the contract) and a stubbed API recording its calls. */
import { type StudyVideo, StudyVideoSchema, type VideoConversion } from '@trialpath/contract';
import { vi } from 'vitest';

export const S = '99999999-9999-4999-8999-999999999999';
export const WELCOME = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const CONSENT = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

export const READY_VIDEO: StudyVideo = StudyVideoSchema.parse({
  id: WELCOME,
  videoId: WELCOME,
  title: 'Welcome',
  status: 'READY',
  error: null,
  playUrl: `/api/v1/study-videos/${WELCOME}/play/AAAAAAAAAAAAAAAAAAAAAAAAAAA`,
  durationSeconds: 2,
  width: 320,
  height: 240,
  contentType: 'video/webm',
  byteSize: 3 * 1024 * 1024,
  fileName: 'welcome.webm',
  createdBy: 'Sam Study',
  createdAt: '2026-03-01T09:00:00.000Z',
});

export const CONVERTING_VIDEO: StudyVideo = StudyVideoSchema.parse({
  ...READY_VIDEO,
  id: CONSENT,
  videoId: CONSENT,
  title: 'Consent explained',
  status: 'CONVERTING',
  playUrl: null,
  durationSeconds: null,
  width: null,
  height: null,
});

export const conversionOf = (v: StudyVideo): VideoConversion => ({
  videoId: v.videoId,
  status: v.status,
  error: v.error,
  playUrl: v.playUrl,
  durationSeconds: v.durationSeconds,
  width: v.width,
  height: v.height,
});

export interface Call {
  method: string;
  path: string;
}

export function serve(answer: (c: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const c: Call = { method: init?.method ?? 'GET', path: url.split('?')[0] ?? '' };
      calls.push(c);
      return answer(c) ?? new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }), { status: 404 });
    }),
  );
  return calls;
}

/** The uploader's XMLHttpRequest: each upload answered with `answer(url)`, recorded with its headers and file. */
export function serveUploads(answer: (url: string) => { status: number; body: unknown }) {
  const sent: { method: string; url: string; headers: Record<string, string>; body: Blob }[] = [];
  class FakeXhr {
    upload = { onprogress: null };
    status = 0;
    responseText = '';
    timeout = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(body: Blob) {
      sent.push({ ...this.request, body });
      setTimeout(() => {
        const a = answer(this.request.url);
        this.status = a.status;
        this.responseText = JSON.stringify(a.body);
        this.onload?.();
      });
    }
    abort() {}
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
