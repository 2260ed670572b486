import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, screenTestSetup, signInAs } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import {
  CONSENT,
  CONVERTING_VIDEO,
  conversionOf,
  READY_VIDEO,
  S,
  serve,
  serveUploads,
  WELCOME,
} from './fixture.test-data';
import { VideosPage } from './VideosPage';

const LIST = `/api/v1/studies/${S}/videos`;

function renderPage(path = `/studies/${S}/videos`) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/videos', element: <VideosPage /> },
      { path: '/studies/:studyId/test/videos', element: <VideosPage /> },
    ],
    { initialEntries: [path] },
  );
  renderApp(<RouterProvider router={router} />);
}

screenTestSetup(['study-videos'], 'StudyAdmin');

describe('the study videos page (H-033, H-034)', { timeout: 20_000 }, () => {
  it('checks a converting video until it is ready, then offers to play it in a player', async () => {
    let checks = 0;
    let items = [CONVERTING_VIDEO, READY_VIDEO];
    const ready = { ...CONVERTING_VIDEO, status: 'READY' as const, playUrl: `/api/v1/study-videos/${CONSENT}/play/x` };
    const calls = serve((c) => {
      if (c.path === LIST) return jsonResponse({ items });
      if (c.path === `${LIST}/${CONSENT}/conversion`) {
        checks++;
        if (checks >= 2) items = [ready, READY_VIDEO];
        return jsonResponse(conversionOf(checks >= 2 ? ready : CONVERTING_VIDEO));
      }
      return undefined;
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Study videos' });
    expect(within(table).getByText('Converting…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Play Consent explained' })).toBeNull();
    // the ready video is not checked; the converting one is, every two seconds, until it is ready
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play Consent explained' })).toBeTruthy(), {
      timeout: 6000,
    });
    expect(calls.some((c) => c.path === `${LIST}/${WELCOME}/conversion`)).toBe(false);
    expect(checks).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Play Consent explained' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consent explained' });
    const video = dialog.querySelector('video')!;
    expect(video.getAttribute('src')).toBe(ready.playUrl);
    expect(video.hasAttribute('controls')).toBe(true);
  });

  it('shows why a conversion failed', async () => {
    serve((c) =>
      c.path === LIST
        ? jsonResponse({
            items: [{ ...CONVERTING_VIDEO, status: 'FAILED', error: 'Conversion needs ffmpeg on the server' }],
          })
        : undefined,
    );
    renderPage();
    expect(await screen.findByText('Conversion failed')).toBeTruthy();
    expect(screen.getByText('Conversion needs ffmpeg on the server')).toBeTruthy();
  });

  it('uploads a chosen video with its title, then reads the list again', async () => {
    let items = [READY_VIDEO];
    const calls = serve((c) => (c.path === LIST ? jsonResponse({ items }) : undefined));
    const sent = serveUploads(() => {
      items = [CONVERTING_VIDEO, READY_VIDEO];
      return { status: 200, body: CONVERTING_VIDEO };
    });
    renderPage();
    await screen.findByRole('table', { name: 'Study videos' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['....ftypisom'], 'consent.mp4', { type: 'video/mp4' })] } });
    expect((screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('consent');
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Consent explained' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe(`${LIST}?title=Consent+explained&fileName=consent.mp4`);
    expect(sent[0]!.headers['content-type']).toBe('video/mp4');
    await waitFor(() => expect(screen.getByText('Consent explained')).toBeTruthy());
    expect(calls.filter((c) => c.path === LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a file that is not a video before sending anything', async () => {
    serve((c) => (c.path === LIST ? jsonResponse({ items: [] }) : undefined));
    const sent = serveUploads(() => ({ status: 200, body: {} }));
    renderPage();
    await screen.findByText('No videos yet');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'protocol.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('This is not an MP4, WebM or MOV file.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Give the video a title.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('asks before deleting, naming the video, then sends DELETE', async () => {
    let items = [READY_VIDEO];
    const calls = serve((c) => {
      if (c.path === LIST) return jsonResponse({ items });
      if (c.path === `${LIST}/${WELCOME}` && c.method === 'DELETE') {
        items = [];
        return jsonResponse({ deleted: true });
      }
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Welcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete video' });
    expect(within(dialog).getByText(/Delete the video “Welcome”\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete video' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${LIST}/${WELCOME}`]);
    expect(await screen.findByText('No videos yet')).toBeTruthy();
  });

  it('the test twin and people who may not design the study get no upload or delete, only play', async () => {
    serve((c) => (c.path === LIST ? jsonResponse({ items: [READY_VIDEO] }) : undefined));
    renderPage(`/studies/${S}/test/videos`);
    await screen.findByRole('button', { name: 'Play Welcome' });
    expect(screen.getByText('Test environment: the study’s videos, read only.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Welcome' })).toBeNull();
  });

  it('a site coordinator sees and plays the videos but cannot change them', async () => {
    signInAs('StudyCoordinator');
    serve((c) => (c.path === LIST ? jsonResponse({ items: [READY_VIDEO] }) : undefined));
    renderPage();
    await screen.findByRole('button', { name: 'Play Welcome' });
    expect(screen.queryByRole('heading', { name: 'Upload a video' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Welcome' })).toBeNull();
  });
});
