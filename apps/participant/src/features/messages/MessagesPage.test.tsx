// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listMyMessages } from '@trialpath/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decideStudyPage, PAGES, resolveRoute } from '../../app/routes';
import { changeLanguage, initI18n } from '../../i18n';
import { queries } from '../../shared/data';
import { session } from '../../shared/portal';
import { demoSession } from '../../shared/test-session';
import { fakeServer, json, renderInStudy } from '../tasks/test-kit';
import { MessagesLink } from './MessagesLink';
import MessagesPage from './MessagesPage';

const LIST = 'GET /api/v1/participant/messages';
const readOf = (id: string) => `PUT /api/v1/participant/messages/${id}/read`;
const M1 = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const M2 = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';

const message = (id: string, subject: string, over: Record<string, unknown> = {}) => ({
  id,
  subject,
  body: `${subject}\nSecond line.`,
  sentAt: '2026-12-05T10:00:00.000Z',
  siteName: 'Boston Research Center',
  readAt: null,
  ...over,
});

function serve(
  items: unknown[],
  read: Response = json(200, { ...message(M1, 'Clinic closed'), readAt: '2026-12-06T09:00:00.000Z' }),
) {
  const server = fakeServer({
    [LIST]: json(200, { items, unread: items.filter((m) => (m as { readAt: unknown }).readAt === null).length }),
    [readOf(M1)]: read,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  session.set(demoSession);
  queries.remove(listMyMessages);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the messages page', () => {
  it('is a page of its own that needs a signed-in participant', () => {
    expect(resolveRoute(['participants', 'web', 'DEMO', 'messages'])).toEqual({
      kind: 'study',
      studyCode: 'DEMO',
      page: PAGES.messages,
      params: {},
    });
    expect(decideStudyPage(PAGES.messages, 'DEMO', null)).toEqual({
      kind: 'redirect',
      to: '/participants/web/DEMO/login',
    });
  });

  it('lists the messages, new ones marked; opening one shows it and marks it read once', async () => {
    const server = serve([
      message(M1, 'Clinic closed'),
      message(M2, 'Welcome', { readAt: '2026-12-01T09:00:00.000Z' }),
    ]);
    renderInStudy(<MessagesPage />);
    const list = await screen.findByRole('list', { name: 'Your messages' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'New Clinic closed' })).toBeTruthy();
    expect(within(first!).getByText(/^From your study team at Boston Research Center, /)).toBeTruthy();
    expect(within(second!).queryByText('New')).toBeNull();
    expect(within(first!).queryByText(/Second line/)).toBeNull();
    fireEvent.click(within(first!).getByRole('button', { name: 'Read' }));
    expect(within(first!).getByText(/Second line/)).toBeTruthy();
    await waitFor(() => expect(within(first!).queryByText('New')).toBeNull());
    expect(server.calls.filter((c) => `${c.method} ${c.url}` === readOf(M1))).toEqual([
      { method: 'PUT', url: `/api/v1/participant/messages/${M1}/read`, body: {} },
    ]);
    // closed and opened again: already read, nothing more sent; a read one is never marked again
    fireEvent.click(within(first!).getByRole('button', { name: 'Close' }));
    fireEvent.click(within(first!).getByRole('button', { name: 'Read' }));
    fireEvent.click(within(second!).getByRole('button', { name: 'Read' }));
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Messages · Demo study'));
  });

  it('says when there are none, and in Spanish', async () => {
    await changeLanguage('es');
    serve([]);
    renderInStudy(<MessagesPage />, {}, 'es');
    expect(await screen.findByText('Su equipo del estudio aún no le ha enviado ningún mensaje.')).toBeTruthy();
  });

  it('keeps a message new when it could not be marked read', async () => {
    serve([message(M1, 'Clinic closed')], json(500, { code: 'INTERNAL', message: 'x' }));
    renderInStudy(<MessagesPage />);
    const list = await screen.findByRole('list', { name: 'Your messages' });
    fireEvent.click(within(list).getByRole('button', { name: 'Read' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(list).getByText('New')).toBeTruthy();
  });

  it('is linked from home', () => {
    renderInStudy(<MessagesLink />);
    expect(screen.getByRole('link', { name: 'Messages from your study team' }).getAttribute('href')).toBe(
      '#/participants/web/DEMO/messages',
    );
  });
});
