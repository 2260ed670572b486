import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { DataTransferPage } from './DataTransferPage';
import {
  DROP,
  FAILED_TRANSFER,
  FINGERPRINT,
  OLD_DROP,
  QUEUED_TRANSFER,
  S,
  SPONSOR_DROP,
  serve,
  T1,
} from './fixture.test-data';

const LIST = `/api/v1/studies/${S}/sftp`;
const LOG = `${LIST}/${DROP}/transfers`;

function renderPage(twin = false) {
  const path = twin ? `/studies/${S}/test/data-transfer` : `/studies/${S}/data-transfer`;
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/data-transfer', element: <DataTransferPage /> },
      { path: '/studies/:studyId/test/data-transfer', element: <DataTransferPage /> },
    ],
    { initialEntries: [path] },
  );
  renderApp(<RouterProvider router={router} />);
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const page = (items: unknown[], total = items.length) => jsonResponse({ items, total, pageNum: 1, pageSize: 20 });

screenTestSetup(['data-transfer'], 'StudyAdmin');

describe('the data transfer screen (H-014…H-023)', { timeout: 20_000 }, () => {
  it('lists the destinations: server, folder, schedule, status and last transfer, with their actions', async () => {
    serve((c) => (c.path === LIST ? jsonResponse({ items: [SPONSOR_DROP, OLD_DROP] }) : undefined));
    renderPage();
    const table = await screen.findByRole('table', { name: 'SFTP destinations' });
    const [drop, old] = bodyRows(table);
    expect(within(drop!).getByText('trialpath@sftp.sponsor.example:22')).toBeTruthy();
    expect(within(drop!).getByText('/incoming/demo')).toBeTruthy();
    expect(within(drop!).getByText('Every Monday at 02:30 UTC')).toBeTruthy();
    expect(within(drop!).getByText('Active')).toBeTruthy();
    expect(within(drop!).getByText(/^Failed · /)).toBeTruthy();
    for (const name of ['Modify', 'Test', 'Transfer now to', 'Disconnect'])
      expect(within(drop!).getByRole('button', { name: new RegExp(`^${name} Sponsor drop`) })).toBeTruthy();
    // a disconnected destination is only shown, with its log
    expect(within(old!).getByText('Disconnected')).toBeTruthy();
    expect(within(old!).getByText('Manual only')).toBeTruthy();
    expect(within(old!).queryByRole('button', { name: /Transfer now/ })).toBeNull();
    expect(within(old!).getByRole('button', { name: 'Transfers of Old CRO server' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add destination' })).toBeTruthy();
  });

  it('the test twin shows the same destinations and log but no action button (A-008)', async () => {
    serve((c) =>
      c.path === LIST ? jsonResponse({ items: [SPONSOR_DROP] }) : c.path === LOG ? page([FAILED_TRANSFER]) : undefined,
    );
    renderPage(true);
    const table = await screen.findByRole('table', { name: 'SFTP destinations' });
    expect(screen.getByText(/Test environment: destinations and transfers are shown/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add destination' })).toBeNull();
    for (const name of [/^Modify/, /^Test /, /^Transfer now/, /^Disconnect/])
      expect(within(table).queryByRole('button', { name })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Transfers of Sponsor drop' }));
    const log = await screen.findByRole('table', { name: 'Transfer log' });
    expect(within(log).getByText('All configured authentication methods failed')).toBeTruthy();
    expect(within(log).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('transfer now queues the export, opens the log and follows it until it arrives', async () => {
    let transfers = [FAILED_TRANSFER];
    let polls = 0;
    const calls = serve((c) => {
      if (c.path === LIST) return jsonResponse({ items: [SPONSOR_DROP] });
      if (c.path === LOG && c.method === 'POST') {
        transfers = [QUEUED_TRANSFER, FAILED_TRANSFER];
        return jsonResponse(QUEUED_TRANSFER);
      }
      if (c.path === LOG) {
        // the worker sends it while the screen waits
        if (transfers[0]!.status === 'QUEUED' && ++polls > 1)
          transfers = [{ ...QUEUED_TRANSFER, status: 'SUCCEEDED', bytesSent: 2048 }, FAILED_TRANSFER];
        return page(transfers);
      }
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer now to Sponsor drop' }));
    const log = await screen.findByRole('table', { name: 'Transfer log' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ exportId: null });
    await waitFor(() => expect(within(log).getByText('Queued')).toBeTruthy());
    await waitFor(() => expect(within(log).getByText('Arrived')).toBeTruthy(), { timeout: 8000 });
    expect(within(log).getByText('2,048 of 2,048 bytes')).toBeTruthy();
  });

  it('a failed transfer shows the server’s reason and can be retried', async () => {
    const calls = serve((c) => {
      if (c.path === LIST) return jsonResponse({ items: [SPONSOR_DROP] });
      if (c.path === `${LOG}/${T1}/retry`) return jsonResponse({ ...QUEUED_TRANSFER, trigger: 'RETRY', retryOf: T1 });
      if (c.path === LOG) return page([FAILED_TRANSFER]);
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Transfers of Sponsor drop' }));
    const log = await screen.findByRole('table', { name: 'Transfer log' });
    expect(within(log).getByText('All configured authentication methods failed')).toBeTruthy();
    fireEvent.click(within(log).getByRole('button', { name: 'Retry the transfer of DEMO-study-data.zip' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `${LOG}/${T1}/retry`)).toBe(true));
  });

  it('disconnecting asks first, naming the destination; cancelling sends nothing', async () => {
    const calls = serve((c) => {
      if (c.path === LIST) return jsonResponse({ items: [SPONSOR_DROP] });
      if (c.path === `${LIST}/${DROP}` && c.method === 'DELETE')
        return jsonResponse({ ...SPONSOR_DROP, status: 'DISCONNECTED' });
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Sponsor drop' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect destination' });
    expect(within(dialog).getByText(/Disconnect “Sponsor drop”\? Its schedule stops/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Sponsor drop' }));
    dialog = await screen.findByRole('dialog', { name: 'Disconnect destination' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${LIST}/${DROP}`]);
  });

  it('testing a saved destination shows the server’s reason when it refuses', async () => {
    serve((c) => {
      if (c.path === LIST) return jsonResponse({ items: [SPONSOR_DROP] });
      if (c.path === `${LIST}/${DROP}/test`)
        return jsonResponse({
          ok: false,
          stage: 'auth',
          reason: 'All configured authentication methods failed',
          hostKeyFingerprint: FINGERPRINT,
        });
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Test Sponsor drop' }));
    expect(
      await screen.findByText('The connection failed (sign-in): All configured authentication methods failed'),
    ).toBeTruthy();
  });
});

describe('adding a destination (H-017, H-019)', { timeout: 20_000 }, () => {
  const fill = (dialog: HTMLElement, label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

  it('tests the details as typed, pins the host key shown, then saves them', async () => {
    const calls = serve((c) => {
      if (c.path === LIST && c.method === 'GET') return jsonResponse({ items: [] });
      if (c.path === `${LIST}/test`)
        return jsonResponse({
          ok: true,
          serverSoftware: 'OpenSSH_9.2p1',
          banner: null,
          hostKeyFingerprint: FINGERPRINT,
          hostKeyType: 'ssh-ed25519',
          pinned: false,
          remoteFolder: '/incoming',
        });
      if (c.path === LIST && c.method === 'POST') return jsonResponse({ ...SPONSOR_DROP, name: 'New drop' });
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add destination' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add SFTP destination' });
    fill(dialog, 'Name', 'New drop');
    fill(dialog, 'Host', 'sftp.sponsor.example');
    fill(dialog, 'User name', 'trialpath');
    fill(dialog, 'Password', 'pw-123');
    fill(dialog, 'Remote folder', '/incoming');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(dialog).findByText(`Connected to OpenSSH_9.2p1. The server’s host key is ${FINGERPRINT}.`),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === `${LIST}/test`)?.body).toMatchObject({
      host: 'sftp.sponsor.example',
      username: 'trialpath',
      password: 'pw-123',
      sftpId: null,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pin this host key' }));
    expect(within(dialog).getByText(FINGERPRINT)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = calls.find((c) => c.path === LIST && c.method === 'POST')?.body;
    expect(saved).toMatchObject({
      name: 'New drop',
      host: 'sftp.sponsor.example',
      port: 22,
      authMethod: 'PASSWORD',
      password: 'pw-123',
      remoteFolder: '/incoming',
      scheduleKind: 'NONE',
      hostKeyFingerprint: FINGERPRINT,
    });
    expect(saved).not.toHaveProperty('resetHostKey');
  });

  it('a daily schedule without a time is refused on the field before anything is sent', async () => {
    const calls = serve((c) => (c.path === LIST ? jsonResponse({ items: [] }) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add destination' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add SFTP destination' });
    fill(dialog, 'Name', 'Nightly');
    fill(dialog, 'Host', 'sftp.sponsor.example');
    fill(dialog, 'User name', 'trialpath');
    fill(dialog, 'Password', 'pw');
    fireEvent.change(within(dialog).getByLabelText('Schedule'), { target: { value: 'DAILY' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a time as HH:mm (UTC).')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a PEM file is read by the server: its key type and fingerprint are shown, or the parser’s reason', async () => {
    serve((c) => (c.path === LIST ? jsonResponse({ items: [] }) : undefined));
    const sent: string[] = [];
    let answer: { status: number; body: unknown } = {
      status: 200,
      body: { fileType: 'PRIVATE_KEY', keyType: 'ssh-ed25519', fingerprint: 'SHA256:abc', encrypted: false },
    };
    class FakeXhr {
      upload = { onprogress: null };
      status = 0;
      responseText = '';
      timeout = 0;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private url = '';
      open(_m: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      send() {
        sent.push(this.url);
        setTimeout(() => {
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        });
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add destination' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add SFTP destination' });
    fireEvent.change(within(dialog).getByLabelText('Sign in with'), { target: { value: 'PRIVATE_KEY' } });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['-----BEGIN OPENSSH PRIVATE KEY-----'], 'id.pem')] } });
    expect(await within(dialog).findByText('Key ssh-ed25519 · SHA256:abc')).toBeTruthy();
    expect(sent).toEqual([`${LIST}/pem?fileType=PRIVATE_KEY`]);
    answer = {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'This file is not a private key that can be read: Malformed OpenSSH private key',
        fieldErrors: { file: ['This file is not a private key that can be read: Malformed OpenSSH private key'] },
      },
    };
    fireEvent.change(input, { target: { files: [new File(['garbage'], 'bad.pem')] } });
    expect(
      await within(dialog).findByText('This file is not a private key that can be read: Malformed OpenSSH private key'),
    ).toBeTruthy();
  });
});
