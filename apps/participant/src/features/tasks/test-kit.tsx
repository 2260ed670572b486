/**
 * What the tasks screens' tests share: a study, a task with its activity as the server sends them, a
 * fetch that answers per route and records the calls, and a render inside the portal's providers.
 * (Tests only; not imported by the portal.)
 */
import { MantineProvider } from '@mantine/core';
import type { getMyTask, listMyTasks, MyTask, ResponseOf } from '@trialpath/contract';
import { parseActivity } from '@trialpath/domain';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
// The shared question components use packages/ui's own copy of Mantine (this app's vitest config has no
// dedupe, unlike the build): its provider is put around this app's one, as ui's own tests do.
import { renderWithMantine } from '../../../../../packages/ui/src/test-utils';
import type { Study } from '../../shared/data';
import { RouteParamsContext } from '../layout/route-params';
import { StudyContext, studyTheme } from '../layout/study-context';

export const TASK_ID = '6f1c1e0e-4b7a-4c55-9d8e-2a0d1f6b9a01';

export const study: Study = {
  studyId: 's-1',
  studyCode: 'DEMO',
  name: 'Demo study',
  color: null,
  versionId: null,
  countries: [],
  languages: [
    { language_id: 'lang-en', language_culture: 'en', display_name: 'English', is_default: true },
    { language_id: 'lang-es', language_culture: 'es', display_name: 'Español', is_default: false },
  ],
  branding: null,
  prototype: null,
};

export const activity = parseActivity({
  id: 'act-1',
  activityId: 'A-1',
  identifier: 'sleep',
  revisionId: '1',
  type: 'epro',
  title: { en: 'Sleep diary', es: 'Diario de sueño' },
  questions: [
    { id: 'q1', identifier: 'slept', type: 'Boolean', body: { en: 'Did you sleep well?', es: '¿Durmió bien?' } },
  ],
});

export function myTask(over: Partial<MyTask> = {}): MyTask {
  return {
    id: TASK_ID,
    scheduleId: 'sch-1',
    type: 'activity',
    targetId: 'act-1',
    startDay: 3,
    endDay: 3,
    opensAt: '2026-03-05T08:00:00.000Z',
    closesAt: '2026-03-05T20:00:00.000Z',
    delivery: 'scheduled',
    telehealth: false,
    status: 'AVAILABLE',
    versionId: 'v-1',
    answeredAt: null,
    title: { en: 'Sleep diary', es: 'Diario de sueño' },
    kind: 'epro',
    activityId: 'act-1',
    canAnswer: true,
    ...over,
  };
}

export function taskResponse(task: MyTask = myTask()): ResponseOf<typeof getMyTask> {
  return {
    task,
    activity,
    revisionId: '1',
    studyId: 's-1',
    studyVersionId: 'v-1',
    participantId: 'DEMO-US001-0001',
    siteId: 'site-1',
  };
}

export function taskList(
  items: MyTask[],
  over: Partial<ResponseOf<typeof listMyTasks>> = {},
): ResponseOf<typeof listMyTasks> {
  return { participantCurrentDay: 3, timeZone: 'America/New_York', hold: null, items, ...over };
}

export const stored = { responseId: 'r-1', status: 'stored', score: null, dataChecks: [], warnings: {} };

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Answer = Response | (() => Response | Promise<Response>);
export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/**
 * A fetch answering `METHOD path` (query included) from a table; a list of answers is used in turn
 * (its last one repeats). Unknown routes answer 404. `calls` records every request.
 */
export function fakeServer(routes: Record<string, Answer | Answer[]>) {
  const calls: Call[] = [];
  const used = new Map<string, number>();
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const key = `${method} ${url}`;
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[key];
    if (route === undefined) return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    const list = Array.isArray(route) ? route : [route];
    const n = used.get(key) ?? 0;
    used.set(key, n + 1);
    const answer = list[Math.min(n, list.length - 1)] as Answer;
    const res = typeof answer === 'function' ? await answer() : answer.clone();
    return res;
  });
  return { fetch, calls, posts: () => calls.filter((c) => c.method === 'POST') };
}

export const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

export function renderInStudy(ui: ReactNode, params: Record<string, string> = {}, lang = 'en') {
  return renderWithMantine(
    <MantineProvider>
      <StudyContext.Provider value={studyTheme(study, lang)}>
        <RouteParamsContext.Provider value={params}>{ui}</RouteParamsContext.Provider>
      </StudyContext.Provider>
    </MantineProvider>,
  );
}
