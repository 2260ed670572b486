import '@trialpath/domain/staff-messages';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../../shared/storage';
import { renderApp } from '../../../test-utils';
import { ActivityPage } from '../ActivityPage';

const A = '7d3f3c8e-2f1a-4c1e-9a53-0c7d2c6b1f10';
const R = '5b9e1a2c-8d4f-4e6a-b7c3-1f2e3d4c5b6a';
const when = '2026-01-05T10:00:00.000Z';
const person = { id: 'u1', name: 'Ann Builder' };

const yesNo = (identifier: string, extra: Record<string, unknown> = {}) => ({
  id: `id-${identifier}`,
  identifier,
  type: 'Boolean',
  body: { en: `Question ${identifier}` },
  optional: false,
  options: [
    { id: 'yes', body: { en: 'Yes' }, score: 1 },
    { id: 'no', body: { en: 'No' }, score: 0 },
  ],
  labels: [],
  dataEditChecks: [],
  constraints: {},
  ...extra,
});

const definition = {
  schemaVersion: 1,
  id: A,
  activityId: A,
  identifier: 'PAIN',
  revisionId: '1',
  type: 'survey',
  title: { en: 'Pain diary' },
  questions: [
    yesNo('Q1'),
    yesNo('Q2', {
      branching: { mode: 'normal', recursiveLoop: false, rules: [{ operator: 'eq', value: 'yes', skipTo: 'Q3' }] },
    }),
    yesNo('Q3'),
  ],
  rows: [],
  allowDataEditChecks: false,
  canScoreResponses: false,
  scoringVariables: [],
};
const summary = {
  id: R,
  number: 1,
  status: 'DRAFT',
  lockVersion: 1,
  questionCount: 3,
  updatedBy: person,
  updatedAt: when,
};
const detail = {
  id: A,
  studyId: null,
  kind: 'survey',
  identifier: 'PAIN',
  title: { en: 'Pain diary' },
  tags: [],
  group: null,
  archived: false,
  revision: 1,
  latest: summary,
  updatedAt: when,
  copiedFrom: null,
  revisions: [summary],
  createdBy: person,
  createdAt: when,
};

function serve() {
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === `/api/v1/activities/${A}`) return new Response(JSON.stringify(detail));
    if (method === 'GET' && url === `/api/v1/activities/${A}/revisions/${R}`)
      return new Response(JSON.stringify({ ...summary, definition }));
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', f);
  return f;
}

function open(tab: string) {
  const router = createMemoryRouter(
    [{ path: '/activity-library/activities/:activityId/:tab?', element: <ActivityPage /> }],
    {
      initialEntries: [`/activity-library/activities/${A}/${tab}`],
    },
  );
  return renderApp(<RouterProvider router={router} />);
}

const writes = (f: ReturnType<typeof serve>) => f.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET');

beforeEach(() => {
  // happy-dom has no FontFaceSet; Mantine's autosizing text areas listen to it.
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  window.localStorage.clear();
  storage.setTokens('t', 'r');
  storage.setUser({ id: 'u1', username: 'studyadmin' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the form builder (C-031)', () => {
  it('refuses locally a rule that skips backwards, with the domain’s message on the rule, and sends nothing', async () => {
    const f = serve();
    open('questions');
    // Q3 moved above Q2: Q2's rule "skip to Q3" now points backwards.
    fireEvent.click(await screen.findByRole('button', { name: 'Move Q3 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = 'A branching rule can only skip forward: Q3 comes before this question.';
    expect(
      await screen.findByText('1 problem stops the save, in question 3 (shown). It is marked on its field.'),
    ).toBeTruthy();
    // The question with the problem is shown: its editor, the rule's target and the problem list name it.
    expect(screen.getByRole('heading', { name: 'Question 3 of 3: Q2' })).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('If Q2 = Yes, skip to Q3')).toBeTruthy();
    expect(writes(f)).toEqual([]);
  });

  it('marks a question as unblinded data (A-117): the saved definition carries the flag', async () => {
    const f = serve();
    open('questions');
    fireEvent.click(await screen.findByRole('switch', { name: /Unblinded data/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(f).length).toBe(1));
    const [url, init] = writes(f)[0]!;
    expect(url).toBe(`/api/v1/activities/${A}/revisions/${R}`);
    const sent = JSON.parse(String(init?.body)) as {
      definition: { questions: { identifier: string; unblindedOnly?: boolean }[] };
    };
    expect(sent.definition.questions.map((q) => [q.identifier, q.unblindedOnly ?? false])).toEqual([
      ['Q1', true],
      ['Q2', false],
      ['Q3', false],
    ]);
  });

  it('offers only later questions and the end as a rule’s target', async () => {
    serve();
    open('questions');
    fireEvent.click(await screen.findByRole('button', { name: /^2\. Q2/ }));
    const target = (await screen.findAllByLabelText('Rule 1: skip to')).find((e) => e.tagName === 'INPUT');
    fireEvent.click(target as HTMLElement);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Q3', 'the end']);
  });
});

describe('advanced scoring (C-031; B-086)', () => {
  it('checks a formula as it is typed: an unknown name is named under the field, and the message goes when fixed', async () => {
    serve();
    open('advanced-scoring');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a score variable' }));
    const formula = await screen.findByRole('textbox', { name: 'Variable 1: formula' });
    fireEvent.change(formula, { target: { value: 'Q1 + Q9' } });
    const unknown = 'The formula uses Q9, which is neither a question identifier nor an earlier variable.';
    expect(await screen.findByText(unknown)).toBeTruthy();
    fireEvent.change(formula, { target: { value: 'Q1 + Q2' } });
    await waitFor(() => expect(screen.queryByText(unknown)).toBeNull());
  });
});
