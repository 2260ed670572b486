import { DEFAULT_PAGE_SIZE, nextSortMode, PAGE_SIZE_OPTIONS } from '@trialpath/domain';
import { useMemo, useState } from 'react';
import type { DataTablePaging, DataTableSort } from './DataTable';

type SortValue = string | number | null | undefined;

export interface LocalTableOptions<T> {
  /** The value each sortable column sorts by. */
  sortValues: Record<string, (row: T) => SortValue>;
  initialSort?: DataTableSort;
  pageSizes?: readonly number[];
  initialPageSize?: number;
}

function compare(a: SortValue, b: SortValue): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1; // empty values last
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** Sort and page rows held in the browser (a header click cycles ascending → descending → unordered, 000 §9). */
export function sortAndPage<T>(
  rows: readonly T[],
  sortValues: LocalTableOptions<T>['sortValues'],
  sort: DataTableSort,
  page: number,
  pageSize: number,
): T[] {
  const by = sort.column ? sortValues[sort.column] : undefined;
  const sign = sort.direction === 'desc' ? -1 : 1;
  const sorted = by ? [...rows].sort((a, b) => sign * compare(by(a), by(b))) : [...rows];
  return sorted.slice((page - 1) * pageSize, page * pageSize);
}

/** The state of a DataTable over rows held in the browser: the rows of the page, the sort, the paging. */
export function useLocalTable<T>(rows: readonly T[] | undefined, options: LocalTableOptions<T>) {
  const [sort, setSort] = useState<DataTableSort>(options.initialSort ?? { column: null, direction: 'asc' });
  const [pageSize, setPageSize] = useState(options.initialPageSize ?? DEFAULT_PAGE_SIZE);
  const [wanted, setPage] = useState(1);
  const total = rows?.length ?? 0;
  const page = Math.min(wanted, Math.max(1, Math.ceil(total / pageSize)));
  const { sortValues } = options;
  const pageRows = useMemo(
    () => (rows ? sortAndPage(rows, sortValues, sort, page, pageSize) : undefined),
    [rows, sortValues, sort, page, pageSize],
  );
  const onSort = (column: string) => {
    const next = nextSortMode(sort.column === column ? sort.direction : 'none');
    setSort(next === 'none' ? { column: null, direction: 'asc' } : { column, direction: next });
    setPage(1);
  };
  const paging: DataTablePaging = {
    page,
    pageSize,
    total,
    pageSizes: options.pageSizes ?? PAGE_SIZE_OPTIONS,
    onPage: setPage,
    onPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
  };
  return { rows: pageRows, sort, onSort, paging };
}

/** The paging of a DataTable whose pages the server cuts: the page and size to ask for, and the table's paging. */
export function useServerPaging(initialPageSize = DEFAULT_PAGE_SIZE, pageSizes: readonly number[] = PAGE_SIZE_OPTIONS) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const pagingOf = (total: number): DataTablePaging => ({
    page,
    pageSize,
    total,
    pageSizes,
    onPage: setPage,
    onPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
  });
  return { page, pageSize, setPage, pagingOf };
}
