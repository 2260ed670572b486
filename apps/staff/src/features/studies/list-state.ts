import { clampPageSize, DEFAULT_PAGE_SIZE, nextSortMode, type SortMode } from '@trialpath/domain';

const SORTABLE = ['name', 'code', 'status', 'updatedAt'] as const;
export type SortField = (typeof SORTABLE)[number];

export interface ListState {
  search: string;
  sort: SortField | null;
  order: 'asc' | 'desc';
  page: number;
  /** Rows a page (decision A-242): one of the footer's options, or a typed value kept within 1..100. */
  pageSize: number;
}

/** Read the list state from the address query (so back/forward restores it). */
export function readListState(params: URLSearchParams): ListState {
  const sort = params.get('sort');
  const order = params.get('order');
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    sort: (SORTABLE as readonly string[]).includes(sort ?? '') ? (sort as SortField) : null,
    order: order === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: clampPageSize(params.get('pageSize')),
  };
}

export function writeListState(s: ListState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.search) p.set('search', s.search);
  if (s.sort) {
    p.set('sort', s.sort);
    p.set('order', s.order);
  }
  if (s.page > 1) p.set('page', String(s.page));
  if (s.pageSize !== DEFAULT_PAGE_SIZE) p.set('pageSize', String(s.pageSize));
  return p;
}

/** The sort mode a column shows now. */
export function columnMode(s: ListState, field: SortField): SortMode {
  if (s.sort !== field) return 'none';
  return s.order;
}

/** Clicking a column header cycles ascending → descending → unordered (000 §9), back to page 1. */
export function clickColumn(s: ListState, field: SortField): ListState {
  const next = nextSortMode(columnMode(s, field));
  if (next === 'none') return { ...s, sort: null, order: 'asc', page: 1 };
  return { ...s, sort: field, order: next, page: 1 };
}

/** The listStudies query for a state. */
export function toQuery(s: ListState) {
  return {
    search: s.search.trim() || undefined,
    sort: s.sort ?? undefined,
    order: s.sort ? s.order : undefined,
    page: s.page,
    pageSize: s.pageSize,
  };
}
