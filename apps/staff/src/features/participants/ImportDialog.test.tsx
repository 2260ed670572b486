import '@trialpath/domain/staff-messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { renderApp } from '../../test-utils';

const notify = vi.hoisted(() => vi.fn());
vi.mock('@trialpath/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@trialpath/ui')>()),
  notify,
}));
const { ImportDialog } = await import('./ImportDialog');

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Blob;
}

/** The uploader's XMLHttpRequest, answering each request with `answer(url)`. */
function serveUploads(answer: (url: string) => { status: number; body: unknown }) {
  const sent: Sent[] = [];
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

const open = (props: { onClose?: () => void; onImported?: () => void } = {}) =>
  renderApp(
    <MemoryRouter initialEntries={[`/studies/${S}/participants`]}>
      <ImportDialog
        studyId={S}
        opened
        onClose={props.onClose ?? (() => {})}
        onImported={props.onImported ?? (() => {})}
      />
    </MemoryRouter>,
  );

/** A file chosen in the dialog's file input. */
function choose(name: string, content = 'Site code,First name\nUS-001,Ada', type = '') {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([content], name, { type })] } });
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('participants');
});
beforeEach(() => notify.mockClear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the participant import dialog (E-076, E-078)', { timeout: 20_000 }, () => {
  it('checks the file first, then imports it: a toast, and the list is told', async () => {
    const sent = serveUploads((url) =>
      url.includes('/participant-import-checks')
        ? {
            status: 200,
            body: {
              rows: 2,
              sites: [{ siteId: 's1', siteCode: 'US-001', siteName: 'Boston Research Center', rows: 2 }],
            },
          }
        : { status: 200, body: { imported: 2, participants: [] } },
    );
    const onImported = vi.fn();
    const onClose = vi.fn();
    open({ onImported, onClose });
    // a CSV a browser names with no type (or a spreadsheet program's) goes as text/csv
    choose('people.CSV');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('2 participants are ready to import:')).toBeTruthy();
    expect(screen.getByText('Boston Research Center (US-001): 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 participants' }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('2 participants imported.', { kind: 'success' });
    expect(sent.map((s) => [s.method, s.url, s.headers['content-type']])).toEqual([
      ['POST', `/api/v1/studies/${S}/participant-import-checks?allowSharedPhone=false`, 'text/csv'],
      ['POST', `/api/v1/studies/${S}/participant-imports?allowSharedPhone=false`, 'text/csv'],
    ]);
    expect(await sent[1]!.body.text()).toBe('Site code,First name\nUS-001,Ada');
  });

  it('shows a refused file’s problems by row and column, and offers no import', async () => {
    serveUploads(() => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: '2 rows have problems: nothing was imported.',
        messageKey: 'participants.import.rowsRefused',
        params: { count: 2 },
        details: {
          rows: [
            { row: 3, column: 'E-mail', field: 'email', message: 'x', messageKey: 'errors.invalidEmail' },
            { row: 4, column: 'Last name', field: 'lastName', message: 'x', messageKey: 'participants.enterLastName' },
            {
              row: 5,
              column: null,
              field: null,
              message: 'This row has a value in a column without a heading.',
              messageKey: 'unknown.key',
            },
          ],
          rowsWithProblems: 3,
          problemCount: 4,
        },
      },
    }));
    open();
    choose('people.xlsx', 'PK', XLSX);
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByRole('alert')).textContent).toBe('2 rows have problems: nothing was imported.');
    const table = screen.getByRole('table', { name: 'Problems in the file' });
    const lines = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(lines).toEqual([
      ['Row', 'Column', 'Problem'],
      ['3', 'E-mail', 'Enter a valid e-mail address.'],
      ['4', 'Last name', 'Please enter your last name!'],
      ['5', '(no column)', 'This row has a value in a column without a heading.'],
    ]);
    expect(screen.getByText('The first 3 of 4 problems are shown.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();
  });

  it('sends the shared-phone choice, and asks for a CSV or XLSX file before sending anything', async () => {
    const sent = serveUploads(() => ({ status: 200, body: { rows: 1, sites: [] } }));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Choose the file to import.')).toBeTruthy();
    choose('notes.txt');
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Choose a CSV or XLSX file.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    choose('people.csv');
    fireEvent.click(screen.getByLabelText('Keep phone numbers other participants have too'));
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('button', { name: 'Import 1 participant' });
    expect(sent[0]!.url).toMatch(/\?allowSharedPhone=true$/);
  });

  it('downloads a template as a file', async () => {
    const fetches: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetches.push(url);
        return new Response('Participant ID,Site code\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
      }),
    );
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:template';
        static override revokeObjectURL = () => {};
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    open();
    fireEvent.click(screen.getByRole('button', { name: 'XLSX template (with instructions)' }));
    await waitFor(() => expect(saved).toEqual(['participant-import.xlsx']));
    expect(fetches).toEqual([`/api/v1/studies/${S}/participant-import-template/xlsx`]);
    click.mockRestore();
  });
});
