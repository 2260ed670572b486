/**
 * The participant list's choices kept in the address (E-005; decision E-participant-list): search, filters,
 * sort and page travel as the query of the page's hash address, so a view can be bookmarked, shared and is kept
 * on going back. Defaults are left out of the address. Pure, so it is tested without rendering.
 */
import type { ParticipantListQuerySchema } from '@trialpath/contract';
import {
  CONSENT_LIST_STATUSES,
  type ConsentListStatus,
  DEFAULT_PARTICIPANT_PAGE_SIZE,
  ENROLMENT_SOURCES,
  type EnrolmentSource,
  isUuid,
  PARTICIPANT_PAGE_SIZES,
  PARTICIPANT_SORT_KEYS,
  PARTICIPANT_STATUSES,
  type ParticipantSortKey,
  type ParticipantStatus,
} from '@trialpath/domain';
import type { z } from 'zod';

export interface ListState {
  search: string;
  statuses: ParticipantStatus[];
  sources: EnrolmentSource[];
  siteIds: string[];
  versionIds: string[];
  labelIds: string[];
  consent: ConsentListStatus | null;
  sort: ParticipantSortKey;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const DEFAULT_STATE: ListState = {
  search: '',
  statuses: [],
  sources: [],
  siteIds: [],
  versionIds: [],
  labelIds: [],
  consent: null,
  sort: 'participantId',
  order: 'asc',
  page: 1,
  pageSize: DEFAULT_PARTICIPANT_PAGE_SIZE,
};

const listOf = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const oneOf = <T extends string>(allowed: readonly T[], value: string | null): value is T =>
  value !== null && (allowed as readonly string[]).includes(value);

/** The state an address asks for; whatever it holds that the list does not know is left out. */
export function stateFromSearch(search: URLSearchParams): ListState {
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  const sort = search.get('sort');
  const consent = search.get('consent');
  return {
    search: (search.get('q') ?? '').slice(0, 100),
    statuses: listOf(search.get('status')).filter((s): s is ParticipantStatus => oneOf(PARTICIPANT_STATUSES, s)),
    sources: listOf(search.get('source')).filter((s): s is EnrolmentSource => oneOf(ENROLMENT_SOURCES, s)),
    siteIds: listOf(search.get('site')).filter(isUuid),
    versionIds: listOf(search.get('version')).filter(isUuid),
    labelIds: listOf(search.get('label')).filter(isUuid),
    consent: oneOf(CONSENT_LIST_STATUSES, consent) ? consent : null,
    sort: oneOf(PARTICIPANT_SORT_KEYS, sort) ? sort : DEFAULT_STATE.sort,
    order: search.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PARTICIPANT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_STATE.pageSize,
  };
}

/** The address of a state: only what differs from the defaults. */
export function searchFromState(state: ListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.search) out.set('q', state.search);
  const lists: [string, string[]][] = [
    ['status', state.statuses],
    ['source', state.sources],
    ['site', state.siteIds],
    ['version', state.versionIds],
    ['label', state.labelIds],
  ];
  for (const [key, values] of lists) if (values.length) out.set(key, values.join(','));
  if (state.consent) out.set('consent', state.consent);
  if (state.sort !== DEFAULT_STATE.sort) out.set('sort', state.sort);
  if (state.order !== DEFAULT_STATE.order) out.set('order', state.order);
  if (state.page !== 1) out.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_STATE.pageSize) out.set('size', String(state.pageSize));
  return out;
}

/** A change of search or filter starts again at the first page. */
export function withFilter(state: ListState, change: Partial<Omit<ListState, 'page' | 'sort' | 'order'>>): ListState {
  return { ...state, ...change, page: 1 };
}

/** A click on a column header: that column ascending, or the other way when it already sorts by it. */
export function withSort(state: ListState, column: ParticipantSortKey): ListState {
  if (state.sort === column) return { ...state, order: state.order === 'asc' ? 'desc' : 'asc', page: 1 };
  return { ...state, sort: column, order: 'asc', page: 1 };
}

/** Whether any filter or search narrows the list. */
export const isFiltered = (s: ListState) =>
  !!s.search ||
  s.statuses.length + s.sources.length + s.siteIds.length + s.versionIds.length + s.labelIds.length > 0 ||
  s.consent !== null;

/** The list call's query for a state (lists as comma-separated values). */
export function queryOf(state: ListState): z.input<typeof ParticipantListQuerySchema> {
  const csv = (values: string[]) => (values.length ? values.join(',') : undefined);
  return {
    pageNum: state.page,
    pageSize: state.pageSize,
    sortValue: state.sort,
    sortOrder: state.order,
    search: state.search || undefined,
    filter: csv(state.statuses),
    sourcefilter: csv(state.sources),
    siteIds: csv(state.siteIds),
    versionIds: csv(state.versionIds),
    customKey: csv(state.labelIds),
    consentStatus: state.consent ?? undefined,
  };
}
