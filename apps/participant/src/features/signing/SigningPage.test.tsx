// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getMyDocument, listMyDocuments } from '@trialpath/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathFromHash, segmentsOf } from '../../app/router';
import { decideStudyPage, PAGES, resolveRoute } from '../../app/routes';
import { initI18n } from '../../i18n';
import { queries } from '../../shared/data';
import { session } from '../../shared/portal';
import { demoSession } from '../../shared/test-session';
import { fakeServer, json, renderInStudy } from '../tasks/test-kit';
import SigningPage from './SigningPage';

const D1 = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const D2 = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const HASH = 'b'.repeat(64);
const LIST = 'GET /api/v1/participant/signing-documents';
const mine = (id: string, title: string, over: Record<string, unknown> = {}) => ({
  id,
  title,
  status: 'IN_PROGRESS',
  reqSignDate: '2026-12-05T10:00:00.000Z',
  awaitingMySignature: true,
  signedAt: null,
  hasSignedPdf: false,
  createdAt: '2026-12-05T10:00:00.000Z',
  ...over,
});
const DIARY = mine(D1, 'Diary guide');
const PLAN = mine(D2, 'Visit plan', {
  status: 'COMPLETED',
  awaitingMySignature: false,
  signedAt: '2026-12-06T10:00:00.000Z',
  hasSignedPdf: true,
});
const OPENED = {
  ...DIARY,
  meaning: 'By signing, I confirm that I have read this document and agree to it.',
  documentHash: HASH,
  pdf: { fileName: 'Diary.pdf', contentType: 'application/pdf', base64: 'JVBERi0=' },
};

function serve(routes: Record<string, Response | Response[]> = {}) {
  const server = fakeServer({
    [LIST]: json(200, { items: [DIARY, PLAN] }),
    [`GET /api/v1/participant/signing-documents/${D1}`]: json(200, OPENED),
    [`POST /api/v1/participant/signing-documents/${D1}/signature`]: json(200, {
      ...DIARY,
      status: 'COMPLETED',
      awaitingMySignature: false,
    }),
    [`POST /api/v1/participant/signing-documents/${D1}/decline`]: json(200, {
      ...DIARY,
      status: 'RESET',
      awaitingMySignature: false,
    }),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  session.set(demoSession);
  queries.remove(listMyDocuments, getMyDocument);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('documents to sign (decision E-participant-documents)', () => {
  it('is a signed-in page of its own', () => {
    expect(resolveRoute(segmentsOf(pathFromHash('#/participants/web/DEMO/signing')))).toMatchObject({
      kind: 'study',
      page: PAGES.signing,
    });
    expect(decideStudyPage(PAGES.signing, 'DEMO', null)).toMatchObject({ kind: 'redirect' });
  });

  it('lists the documents, what waits for a signature first, with their state', async () => {
    serve();
    renderInStudy(<SigningPage />);
    expect(await screen.findByText('Diary guide')).toBeTruthy();
    expect(screen.getByText('Waiting for your signature')).toBeTruthy();
    expect(screen.getByText(/^Signed on /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the signed PDF' })).toBeTruthy();
  });

  it('signs with the meaning accepted, the typed name and the password, bound to the hash shown', async () => {
    const server = serve();
    renderInStudy(<SigningPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Diary guide' }));
    expect(await screen.findByTestId('signature-meaning')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Enter your password to sign.')).toBeTruthy();
    expect(screen.getByText('Type your full name.')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByLabelText('I understand and accept what my signature means'));
    fireEvent.change(screen.getByLabelText(/Your full name/), { target: { value: 'Alex Morgan' } });
    fireEvent.change(screen.getByLabelText(/Your password/), { target: { value: 'Trialpath#1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Thank you. Your signature was saved.')).toBeTruthy();
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/v1/participant/signing-documents/${D1}/signature`);
    expect(post.body).toMatchObject({
      documentHash: HASH,
      password: 'Trialpath#1',
      meaningAccepted: true,
      typedName: 'Alex Morgan',
      drawnSignature: null,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('shows the server’s refusal of a wrong password and keeps what was typed', async () => {
    serve({
      [`POST /api/v1/participant/signing-documents/${D1}/signature`]: json(400, {
        code: 'VALIDATION_FAILED',
        message: 'The current password is not correct.',
        fieldErrors: { password: ['The current password is not correct.'] },
      }),
    });
    renderInStudy(<SigningPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Diary guide' }));
    fireEvent.click(await screen.findByLabelText('I understand and accept what my signature means'));
    fireEvent.change(screen.getByLabelText(/Your full name/), { target: { value: 'Alex Morgan' } });
    fireEvent.change(screen.getByLabelText(/Your password/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect((screen.getByLabelText(/Your full name/) as HTMLInputElement).value).toBe('Alex Morgan');
  });

  it('declines with a reason', async () => {
    const server = serve();
    renderInStudy(<SigningPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Diary guide' }));
    fireEvent.click(await screen.findByRole('button', { name: 'I do not want to sign now' }));
    fireEvent.change(screen.getByLabelText(/Tell the study team why/), { target: { value: 'Later' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(server.calls.some((c) => c.url.endsWith('/decline'))).toBe(true));
    expect(server.calls.find((c) => c.url.endsWith('/decline'))!.body).toEqual({ reason: 'Later' });
    expect(await screen.findByText('The study team was told that you did not sign.')).toBeTruthy();
  });
});
