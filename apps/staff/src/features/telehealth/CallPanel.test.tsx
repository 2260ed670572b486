/**
 * How a call's end and its interruption are said in the panel (002 §8: F-138, F-139, F-140; F-066), with the
 * browser's parts the test DOM lacks played by the test: the camera, and the signalling WebSocket, whose messages
 * the test sends as the server would.
 */
import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServerSignal } from '@trialpath/contract';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { CallPanel } from './CallPanel';

// the toasts as said (the toaster itself is the portal shell's)
const notify = vi.hoisted(() => vi.fn());
vi.mock('@trialpath/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@trialpath/ui')>()),
  notify,
}));

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const CALL = '2d8b3c4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';

/** The signalling connection as the browser gives it; `serve` sends what the server would. */
class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    FakeSocket.last = this;
    setTimeout(() => this.onopen?.(), 0);
  }
  send() {}
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  serve(m: ServerSignal) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

const me = { peerId: 'u1', kind: 'staff' as const, name: 'Carlos Coordinator' };
const session = {
  call: { id: CALL, participantCode: 'DEMO-US001-0001', siteId: 's1', appointmentId: 'a1' },
  videoToken: 'v',
  iceServers: [],
} as never;

async function inCall() {
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('navigator', {
    ...navigator,
    // a stream the video elements take, without tracks (the test DOM plays nothing)
    mediaDevices: {
      getUserMedia: async () =>
        Object.assign(new MediaStream(), { getTracks: () => [], getVideoTracks: () => [], getAudioTracks: () => [] }),
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ allowed: false, open: null })),
  );
  renderApp(
    <CallPanel active={{ studyId: S, session }} fullScreen={false} onFullScreen={() => {}} onSharing={() => {}} />,
  );
  await vi.waitFor(() => expect(FakeSocket.last).not.toBeNull());
  const socket = FakeSocket.last!;
  socket.serve({ type: 'welcome', me, peers: [], callId: CALL, recording: null, screen: null, media: 'mesh' });
  expect(await screen.findByText('Waiting for your participant to join')).toBeTruthy();
  return socket;
}

screenTestSetup(['telehealth']);

describe('the call panel says how the call ended', { timeout: 20_000 }, () => {
  it('F-139: nobody answered', async () => {
    const socket = await inCall();
    socket.serve({ type: 'ended', reason: 'NO_PARTICIPANT', message: 'This meeting has been ended' });
    expect(await screen.findByText('Participant was unable to answer the call')).toBeTruthy();
  });

  it('F-140: the participant declined', async () => {
    const socket = await inCall();
    socket.serve({ type: 'ended', reason: 'DECLINED', message: 'This meeting has been ended' });
    expect(await screen.findByText('Your participant declined your video call invite')).toBeTruthy();
  });

  it('F-066: the meeting ended', async () => {
    const socket = await inCall();
    socket.serve({ type: 'ended', reason: 'LAST_STREAM_GONE', message: 'This meeting has been ended' });
    expect(await screen.findByText('This meeting has been ended')).toBeTruthy();
  });

  it('F-138: the connection is lost: said, with the way to end the call', async () => {
    const socket = await inCall();
    socket.close();
    expect(await screen.findByText('Oops seems like video stream has been interrupted')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End call' })).toBeTruthy();
  });
});

describe('the participant notified again while the call waits (F-107, F-108, F-125)', { timeout: 20_000 }, () => {
  /** The notification's answer as the server gives it; the recording options as before. */
  async function notifyAnswered(answer: Response) {
    await inCall();
    const fetch = vi.fn(async (url: string, init?: RequestInit) =>
      String(url).endsWith(`/telehealth/calls/${CALL}/notify`) && init?.method === 'POST'
        ? answer
        : jsonResponse({ allowed: false, open: null }),
    );
    vi.stubGlobal('fetch', fetch);
    notify.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Notify the participant again' }));
    return fetch;
  }
  const toasts = () => notify.mock.calls.map(([text, o]) => [text, (o as { kind: string }).kind]);

  it('F-108: rings again, and says so', async () => {
    const fetch = await notifyAnswered(jsonResponse({ devices: 2 }));
    await waitFor(() => expect(toasts()).toContainEqual(['The participant was notified again.', 'success']));
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/notify'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ appointmentId: 'a1' });
  });

  it('F-107: nothing to ring (406): a warning in the server’s words', async () => {
    const words = 'This participant has no phone or browser to notify. They see the call when they open the portal.';
    await notifyAnswered(jsonResponse({ code: 'NOT_NOTIFIABLE', message: words }, 406));
    await waitFor(() => expect(toasts()).toContainEqual([words, 'warning']));
  });

  it('F-125: the notification fails', async () => {
    await notifyAnswered(jsonResponse({ code: 'INTERNAL', message: 'Something went wrong.' }, 500));
    await waitFor(() =>
      expect(toasts()).toContainEqual(['Error while notifyinng participant about this call', 'error']),
    );
  });

  it('is not offered once the participant is there', async () => {
    const socket = await inCall();
    socket.serve({ type: 'peer-joined', peer: { peerId: 'p1', kind: 'participant', name: 'DEMO-US001-0001' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Notify the participant again' })).toBeNull());
  });
});
