import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { ResponsePage } from './ResponsePage';
import { ResponsesPanel } from './ResponsesPanel';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const P = '1c7a2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const R = '2d8b3c4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';

const definition = {
  id: 'a1',
  activityId: 'a1',
  identifier: 'DIARY',
  revisionId: 'r1',
  type: 'survey',
  title: { en: 'Daily diary' },
  questions: [
    {
      id: 'q1',
      identifier: 'mood',
      type: 'MultiChoice',
      body: { en: 'How do you feel?' },
      constraints: { subType: 'single' },
      options: [
        { id: 'good', body: { en: 'Good' } },
        { id: 'bad', body: { en: 'Bad' } },
      ],
    },
    { id: 'q2', identifier: 'weight', type: 'Number', body: { en: 'Weight (kg)' }, constraints: {} },
    { id: 'q3', identifier: 'notes', type: 'Text', body: { en: 'Notes' }, optional: true, constraints: {} },
  ],
};
const summary = {
  id: R,
  activity: { id: 'a1', title: { en: 'Daily diary' }, type: 'survey' },
  completedAt: '2026-12-01T08:00:00.000Z',
  completedLocal: '2026-12-01 09:00',
  completedOffset: '+01:00',
  task: { id: 't1', startDay: 3 },
  activeQueries: 1,
};

const CORRECTIONS = `/api/v1/studies/${S}/participants/${P}/responses/${R}/corrections`;
const correction = {
  id: 'c1',
  item: 'weight',
  oldValue: { answerText: '27', optionId: '', isSkipped: false, displayAnswerText: '27' },
  newValue: { answerText: '72', optionId: '', isSkipped: false, displayAnswerText: '72' },
  reason: 'Scale log says 72',
  queryId: null,
  correctedBy: 'Carlos Coordinator',
  correctedAt: '2026-12-02T09:00:00.000Z',
};

function serve(o: { mayCorrect?: boolean } = {}) {
  let corrected = false;
  const writes: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path] = url.split('?');
      if (init?.method === 'POST' && path === CORRECTIONS) {
        writes.push({ url, body: JSON.parse(String(init.body)) });
        corrected = true;
        return jsonResponse({ items: [correction] });
      }
      if (path === CORRECTIONS) return jsonResponse({ items: corrected ? [correction] : [] });
      if (path === `/api/v1/studies/${S}/participants/${P}/responses/${R}`)
        return jsonResponse({
          ...summary,
          participant: { id: P, participantId: 'DEMO-US001-0001' },
          language: 'en',
          activityDefinition: definition,
          answers: { mood: { optionsIds: ['bad'] }, weight: { answer: corrected ? '72' : '27' } },
          skipped: ['notes'],
          queries: [],
          mayRaise: true,
          corrected: corrected ? ['weight'] : [],
          mayCorrect: o.mayCorrect ?? false,
        });
      if (path === `/api/v1/studies/${S}/participants/${P}/responses`)
        return jsonResponse({ items: [summary], total: 1, page: 1, pageSize: 25 });
      if (path === `/api/v1/studies/${S}/query-targets/response/${R}/queries`)
        return jsonResponse({ items: [], mayRaise: true });
      if (url === '/api/v1/feature-flags') return jsonResponse({ customerId: 'c', flags: {} });
      return jsonResponse({}, 404);
    }),
  );
  return writes;
}

function renderAt(address: string) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/participants/:participantId/responses/:responseId', element: <ResponsePage /> },
      {
        path: '/studies/:studyId/participants/:participantId',
        element: <ResponsesPanel studyId={S} participantId={P} />,
      },
    ],
    { initialEntries: [address] },
  );
  renderApp(<RouterProvider router={router} />);
}

screenTestSetup(['queries'], 'Cra');

describe("the participant's responses (E-014, E-019)", { timeout: 20_000 }, () => {
  it('lists the submitted responses, each opening its page', async () => {
    serve();
    renderAt(`/studies/${S}/participants/${P}`);
    const table = await screen.findByRole('table', { name: 'Submitted responses' });
    const link = await within(table).findByRole('link', { name: /^Open the response Daily diary of / });
    expect(link.getAttribute('href')).toBe(`/studies/${S}/participants/${P}/responses/${R}`);
    expect(within(table).getByText('Day 3')).toBeTruthy();
    expect(within(table).getByText('Survey')).toBeTruthy();
  });

  it('shows each answer as the participant saw it, skipped ones said so, a query button next to each', async () => {
    serve();
    renderAt(`/studies/${S}/participants/${P}/responses/${R}`);
    const table = await screen.findByRole('table', { name: 'Answers' });
    const row = (text: string) => within(table).getByText(text).closest('tr')!;
    expect(within(row('How do you feel?')).getByText('Bad')).toBeTruthy();
    expect(within(row('Weight (kg)')).getByText('27')).toBeTruthy();
    expect(within(row('Notes')).getByText('Skipped')).toBeTruthy();
    expect(
      await within(row('Weight (kg)')).findByRole('button', { name: 'Raise a query on Weight (kg)' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Daily diary · DEMO-US001-0001' })).toBeTruthy();
    // a monitor is not offered to correct
    expect(screen.queryByRole('button', { name: /^Correct the answer/ })).toBeNull();
  });

  it('site staff correct an answer with a reason: marked corrected, the value it replaced listed (decision E-response-corrections)', async () => {
    const writes = serve({ mayCorrect: true });
    renderAt(`/studies/${S}/participants/${P}/responses/${R}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Correct the answer to Weight (kg)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct: Weight (kg)' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the correction' }));
    expect(await within(dialog).findByText('Give a reason for the change.')).toBeTruthy();
    expect(writes).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Weight (kg)' }), { target: { value: '72' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for change/ }), {
      target: { value: 'Scale log says 72' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the correction' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ item: 'weight', answer: { answer: '72' }, reason: 'Scale log says 72' });
    const answers = await screen.findByRole('table', { name: 'Answers' });
    const weight = within(answers).getByText('Weight (kg)').closest('tr')!;
    expect(await within(weight).findByText('Corrected')).toBeTruthy();
    const list = await screen.findByRole('table', { name: 'Corrections of this response' });
    expect(within(list).getByText('27')).toBeTruthy();
    expect(within(list).getByText('Scale log says 72')).toBeTruthy();
  });
});
