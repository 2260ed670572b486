/**
 * The telehealth panels' messages when the server fails them (002 §8: F-123, F-124, F-127, F-130 … F-132, F-150), against a
 * stubbed fetch: the spec's words, and nothing lost (the picker keeps its choice, the panel stays open).
 */
import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { AddMembersDialog } from './AddMembersDialog';
import { MeshCall } from '@trialpath/ui';
import { PlaybackPanel } from './PlaybackPanel';
import { RecordControl } from './RecordControl';
import { StartCallDialog } from './StartCallDialog';
import { TeamPicker } from './TeamPicker';

// the toasts as said (the toaster itself is the portal shell's)
const notify = vi.hoisted(() => vi.fn());
vi.mock('@trialpath/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@trialpath/ui')>()),
  notify,
}));
const said = (text: string) => waitFor(() => expect(notify.mock.calls.map(([m]) => m)).toContain(text));

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const SITE = '1c7a2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const CALL = '2d8b3c4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const APPT = '3e9c4d5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f';
const REC = '4fad5e6a-7b8c-4d9e-9fa0-2b3c4d5e6f7a';
const TEAM = `/api/v1/studies/${S}/telehealth/team`;
const priya = {
  id: 'u2',
  firstName: 'Priya',
  lastName: 'Investigator',
  userRole: 'Pi',
  siteIds: [SITE],
  invitedInTelehealthVisit: false,
  realmOfPermission: null,
};
const recording = {
  id: REC,
  callId: CALL,
  appointmentId: APPT,
  participantId: 'p1',
  participantCode: 'DEMO-US001-0001',
  name: 'DEMO-US001-0001 2026-12-04 16:46 UTC',
  state: 'STOPPED',
  createdBy: { id: 'u1', name: 'Carlos Coordinator' },
  createdAt: '2026-12-04T16:46:21.310Z',
  recordingPermissionRequestedTime: '2026-12-04T16:46:21.471Z',
  recordingPermissionRespondedTime: '2026-12-04T16:46:22.433Z',
  isRecordingPermissionGranted: true,
  startTime: '2026-12-04T16:46:22.433Z',
  endTime: '2026-12-04T16:46:29.231Z',
  stoppedBy: 'u1',
  isCaptured: true,
  mediaState: 'READY',
  archiveDuration: 6.7,
  byteSize: 1000,
};

/** A stubbed API: `answer` for the paths it knows (method and path), 404 for the rest. */
function stubApi(answer: (method: string, path: string) => Response | Promise<Response> | undefined) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const [path] = String(url).split('?');
    return (await answer(init?.method ?? 'GET', path ?? '')) ?? jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The screen inside a router, as in the portal. */
const show = (ui: ReactNode) =>
  renderApp(<RouterProvider router={createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] })} />);

const showPlayback = () =>
  show(
    <PlaybackPanel
      active={{ studyId: S, appointmentId: APPT, participantCode: 'DEMO-US001-0001', recordingId: null }}
      fullScreen={false}
      onFullScreen={() => {}}
    />,
  );

screenTestSetup(['telehealth']);

describe('telehealth messages when the server fails', { timeout: 20_000 }, () => {
  it("F-123: the team can't be read", async () => {
    stubApi((_, path) => (path === TEAM ? jsonResponse({}, 500) : undefined));
    show(<TeamPicker studyId={S} siteId={SITE} chosen={[]} onChosen={() => {}} open />);
    expect(await screen.findByText('Error while getting research team members.')).toBeTruthy();
  });

  it('F-124: the invitation fails; the choice is kept to try again', async () => {
    stubApi((method, path) => {
      if (path === TEAM) return jsonResponse({ items: [priya] });
      if (method === 'POST' && path === `/api/v1/studies/${S}/telehealth/calls/${CALL}/members`)
        return jsonResponse({}, 500);
      return undefined;
    });
    show(<AddMembersDialog studyId={S} callId={CALL} siteId={SITE} appointmentId={APPT} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add members to this call' });
    const box = await within(dialog).findByRole('checkbox', { name: /^Priya Investigator/ });
    fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Call Now' }));
    expect(await within(dialog).findByText('Error while adding research team members.')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
  });

  it("F-131: the visit's recordings can't be read", async () => {
    stubApi((_, path) => (path === `/api/v1/studies/${S}/telehealth/recordings` ? jsonResponse({}, 500) : undefined));
    showPlayback();
    expect(await screen.findByText('Error while getting recording details.')).toBeTruthy();
  });

  it('F-150: a second download while one runs waits; F-132: a download that fails says so', async () => {
    let release: (r: Response) => void = () => {};
    let opened = 0;
    stubApi((method, path) => {
      if (path === `/api/v1/studies/${S}/telehealth/recordings`) return jsonResponse({ items: [recording] });
      if (method === 'POST' && path === `/api/v1/studies/${S}/telehealth/recordings/${REC}/open`) {
        opened += 1;
        return jsonResponse({ url: `/media/${opened}`, fileName: 'visit.mp4' });
      }
      // the file of the download (the second address) comes only when released
      if (path === '/media/2') return new Promise<Response>((r) => (release = r));
      return undefined;
    });
    showPlayback();
    const panel = await screen.findByRole('complementary', { name: 'Recordings of DEMO-US001-0001' });
    const download = async () => {
      fireEvent.click(await within(panel).findByRole('button', { name: 'Download' }));
      fireEvent.click(await screen.findByRole('button', { name: 'I Understand' }));
    };
    await download();
    await said('Your download started.');
    await download();
    await said('Download is in progress. Please wait.');
    release(new Response('not a video', { status: 500 }));
    await said('Error in download');
  });

  it('F-127: the call cannot be started: said in the picker, the camera let go', async () => {
    const stop = vi.fn();
    // the browser's camera, as the portal asks it (the test DOM has none)
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: async () => ({ getTracks: () => [{ stop }] }) },
    });
    stubApi((method, path) =>
      method === 'POST' && path === `/api/v1/studies/${S}/participants/p1/telehealth/calls`
        ? jsonResponse({}, 500)
        : path === TEAM
          ? jsonResponse({ items: [] })
          : undefined,
    );
    show(
      <StartCallDialog
        studyId={S}
        target={{ participantId: 'p1', participantCode: 'DEMO-US001-0001', siteId: SITE, appointmentId: null }}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Video call with DEMO-US001-0001' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Call Now' }));
    expect(await within(dialog).findByText('Error while getting the session tokens!')).toBeTruthy();
    expect(stop).toHaveBeenCalled();
  });

  it("F-130: the country's telehealth features can't be read: recording not offered, and said why", async () => {
    stubApi((_, path) =>
      path === `/api/v1/studies/${S}/telehealth/calls/${CALL}/recording` ? jsonResponse({}, 500) : undefined,
    );
    const session = {
      call: { id: CALL },
      videoToken: 'v',
      iceServers: [],
    } as unknown as ConstructorParameters<typeof MeshCall>[0];
    show(<RecordControl call={new MeshCall(session, 'ws://127.0.0.1:9/none')} studyId={S} callId={CALL} />);
    await said('Error while getting country specific telehealth status');
  });
});
