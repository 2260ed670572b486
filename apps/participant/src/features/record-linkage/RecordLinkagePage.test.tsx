// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getMyRecordLinkage, getParticipantProfile } from '@trialpath/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { queries } from '../../shared/data';
import { session } from '../../shared/portal';
import { demoSession } from '../../shared/test-session';
import HomePage from '../home/HomePage';
import { fakeServer, json, renderInStudy } from '../tasks/test-kit';
import RecordLinkagePage from './RecordLinkagePage';

const LINKAGE = 'GET /api/v1/participant/record-linkage';
const DECIDE = 'PUT /api/v1/participant/record-linkage';
const TOKENS = 'PUT /api/v1/participant/identity-tokens';
const STATEMENT = { en: '<p>We link your study data with your health records.<script>x()</script></p>' };
const state = (over: Record<string, unknown> = {}) => ({
  asked: true,
  statement: STATEMENT,
  decision: null,
  decidedAt: null,
  kinds: [],
  ...over,
});
const AGREED = state({ decision: 'AGREED', decidedAt: '2026-12-01T10:00:00.000Z' });

function serve(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  session.set(demoSession);
  queries.remove(getMyRecordLinkage, getParticipantProfile);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('record linkage (decision D-138)', () => {
  it('shows the statement, cleaned; agreeing opens the details, whose keys the server makes', async () => {
    const server = serve({
      [LINKAGE]: [json(200, state()), json(200, AGREED), json(200, { ...AGREED, kinds: [1, 2, 4] })],
      [DECIDE]: json(200, AGREED),
      [TOKENS]: json(200, { kinds: [1, 2, 4] }),
    });
    renderInStudy(<RecordLinkagePage />);
    expect(await screen.findByText('We link your study data with your health records.')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I agree' }));
    expect(await screen.findByRole('heading', { name: 'Your details for the linkage' })).toBeTruthy();
    expect(server.calls.find((c) => `${c.method} ${c.url}` === DECIDE)?.body).toEqual({ agree: true });

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1985-12-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make my linkage keys' }));
    expect(await screen.findByText('3 linkage keys were made from your details.')).toBeTruthy();
    expect(server.calls.find((c) => `${c.method} ${c.url}` === TOKENS)?.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      dob: '1985-12-10',
    });
    expect(await screen.findByText('The study holds 3 linkage keys of yours.')).toBeTruthy();
  });

  it('a date of birth in the future is refused at the field by the server’s own rule, before anything is sent', async () => {
    const server = serve({ [LINKAGE]: json(200, AGREED) });
    renderInStudy(<RecordLinkagePage />);
    fireEvent.change(await screen.findByLabelText('Date of birth'), { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make my linkage keys' }));
    await waitFor(() => expect(screen.getByLabelText('Date of birth').getAttribute('aria-invalid')).toBe('true'));
    expect(server.calls.some((c) => `${c.method} ${c.url}` === TOKENS)).toBe(false);
  });

  it('withdrawing says the keys are removed and offers to agree again', async () => {
    const declined = state({ decision: 'DECLINED', decidedAt: '2026-12-02T10:00:00.000Z' });
    const server = serve({
      [LINKAGE]: [json(200, { ...AGREED, kinds: [1] }), json(200, declined)],
      [DECIDE]: json(200, declined),
    });
    renderInStudy(<RecordLinkagePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw my agreement' }));
    expect(await screen.findByText('Your agreement is withdrawn and your linkage keys are removed.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'I agree after all' })).toBeTruthy();
    expect(server.calls.find((c) => `${c.method} ${c.url}` === DECIDE)?.body).toEqual({ agree: false });
  });

  it('home links to it only while the version asks for linkage', async () => {
    serve({ [LINKAGE]: json(200, state()) });
    renderInStudy(<HomePage />);
    expect((await screen.findByRole('link', { name: 'Linking your health records' })).getAttribute('href')).toBe(
      '#/participants/web/DEMO/record-linkage',
    );
    cleanup();
    queries.remove(getMyRecordLinkage);
    serve({ [LINKAGE]: json(200, state({ asked: false, statement: {} })) });
    renderInStudy(<HomePage />);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Study site and contact' })).toBeTruthy());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: 'Linking your health records' })).toBeNull();
  });
});
