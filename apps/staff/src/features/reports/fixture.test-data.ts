/** A study's saved reports, the analytics answer the editor offers choices from, and a recorder of the calls made. */
import type { Report, ReportResult, StudyAnalytics } from '@trialpath/contract';
import { vi } from 'vitest';
import { jsonResponse } from '../../screen-test-setup';

export const S = '99999999-9999-4999-8999-999999999999';
export const BOSTON = '11111111-1111-4111-8111-111111111111';
export const MADRID = '22222222-2222-4222-8222-222222222222';
export const WEEKLY = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const SPAIN = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

export const WEEKLY_REPORT: Report = {
  id: WEEKLY,
  name: 'Weekly status',
  definition: {
    filters: {
      countryIds: [],
      siteIds: [BOSTON],
      statuses: ['ACTIVE'],
      participantsIds: [],
      fromDate: '2026-01-01',
      toDate: null,
    },
    fields: ['participantId', 'site', 'status'],
    activityIds: ['a1'],
  },
  createdBy: 'Ana Manager',
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
};

export const SPAIN_REPORT: Report = {
  ...WEEKLY_REPORT,
  id: SPAIN,
  name: 'Spain completion',
  createdBy: 'Carlos Coordinator',
  createdAt: '2026-02-01T09:00:00.000Z',
  updatedAt: '2026-03-20T09:00:00.000Z',
};

/** Only what the editor reads (sites, activities); the charts' facts are empty. */
export const FACTS: StudyAnalytics = {
  environment: 'LIVE',
  blinded: false,
  userDataAccessType: 'BOTH',
  sites: [
    { id: BOSTON, name: 'Boston', siteCode: 'US-001', countryId: 'US', countryName: 'United States', activeDate: null },
    { id: MADRID, name: 'Madrid', siteCode: 'ES-001', countryId: 'ES', countryName: 'Spain', activeDate: null },
  ],
  statusBySite: [],
  enrolmentByMonth: [],
  completion: { buckets: [], withoutTasks: 0, average: null },
  tasksByActivity: [
    { activityId: 'a1', title: 'Daily diary', status: 'COMPLETED', tasks: 3 },
    { activityId: 'a1', title: 'Daily diary', status: 'SCHEDULED', tasks: 1 },
    { activityId: 'v1', title: '', status: 'COMPLETED', tasks: 2 },
  ],
  datapointsBySite: [],
  siteDates: [],
  queries: { queryOpen: 0, queryResponded: 0, queryClosed: 0, totalMissing: 0 },
  withdrawalReasons: [],
  screenFailureReasons: [],
  consentsBySite: [],
  quizBySite: [],
};

/** A result of `total` participants: the page asked for, 100 rows at most. */
export function resultOf(total: number, page = 1): ReportResult {
  const first = (page - 1) * 100;
  const count = Math.max(0, Math.min(100, total - first));
  return {
    columns: [
      { key: 'participantId', label: 'Participant ID' },
      { key: 'site', label: 'Site' },
      { key: 'activity:a1', label: 'Daily diary' },
    ],
    rows: Array.from({ length: count }, (_, i) => [`P-${first + i + 1}`, 'Boston', i === 0 ? null : 2]),
    total,
    page,
    pageSize: 100,
    generatedAt: '2026-03-21T10:30:00.000Z',
  };
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A stubbed API: `answer` gives the response of a call (undefined: 404); every call is recorded. */
export function serve(answer: (c: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path = '', query = ''] = url.split('?');
      const c: Call = {
        method: init?.method ?? 'GET',
        path,
        query: new URLSearchParams(query),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(c);
      if (path === `/api/v1/studies/${S}/analytics/overall`) return jsonResponse(FACTS);
      return answer(c) ?? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
  return calls;
}
