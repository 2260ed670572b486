import { Alert, Box, Button, Center, Loader, Paper, Table } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useLanguage } from '../i18n';
import { PagingFooter, SortHeader, sortModeOf } from './parts';

export interface DataTableColumn<T> {
  /** The column's id (the sort field of a sortable column). */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
}

/** The sorted column and its direction; the owner decides what a header click does (usually `nextSortMode`). */
export interface DataTableSort {
  column: string | null;
  direction: 'asc' | 'desc';
}

export interface DataTablePaging {
  page: number;
  pageSize: number;
  /** Rows in all pages. */
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Texts the owner may replace; the others come from packages/ui in the interface language. */
export interface DataTableLabels {
  /** The accessible name of a column's sort button. */
  sortBy?: (column: string) => string;
  pageSize?: string;
  /** The accessible name of the page navigation. */
  pages?: string;
  /** The row count under the table ("12 studies"). */
  count?: (total: number) => string;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  /** The page's rows; undefined while the first answer is awaited. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  sort?: DataTableSort;
  onSort?: (column: string) => void;
  paging?: DataTablePaging;
  /** The first answer is awaited (later loads keep the rows shown and mark the table busy). */
  loading?: boolean;
  /** The rows could not be loaded: the message, and a retry when the owner offers one. */
  error?: { title: string; retry?: () => void; retryLabel?: string } | null;
  /** What an empty answer shows. */
  empty: ReactNode;
  onRowClick?: (row: T) => void;
  /** A row's detail, shown in a full-width row under it while it returns content. */
  detail?: (row: T) => ReactNode;
  /** Each row as a card instead of a table (small screens). */
  card?: (row: T) => ReactNode;
  asCards?: boolean;
  minWidth?: number;
  labels?: DataTableLabels;
}

/** The table's own texts (here rather than in UI_LABELS: only the staff portal's lists load them). */
const TEXTS = {
  en: {
    sortBy: 'Sort by',
    rowsPerPage: 'Rows per page',
    pages: 'Pages',
    rows: 'Rows',
    retry: 'Try again',
    loading: 'Loading',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    page: 'Page',
  },
  es: {
    sortBy: 'Ordenar por',
    rowsPerPage: 'Filas por página',
    pages: 'Páginas',
    rows: 'Filas',
    retry: 'Reintentar',
    loading: 'Cargando',
    previousPage: 'Página anterior',
    nextPage: 'Página siguiente',
    page: 'Página',
  },
};

/**
 * A list of records (decision 0019): sortable headers (buttons in `th` with aria-sort), paging with a
 * choice of page sizes, and the loading, error and empty states. The owner holds the state: a server
 * list keeps it in the address, a list held in the browser uses `useLocalTable`.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, rows, rowKey, sort, onSort, paging, loading, error, empty, onRowClick, detail } = props;
  const text = TEXTS[useLanguage()];
  const labels: Required<DataTableLabels> = {
    sortBy: (column) => `${text.sortBy} ${column}`,
    pageSize: text.rowsPerPage,
    pages: text.pages,
    count: (total) => `${text.rows}: ${total}`,
    ...props.labels,
  };

  if (error && !rows)
    return (
      <Alert color="red" variant="light" title={error.title}>
        {error.retry && (
          <Button size="xs" variant="default" onClick={error.retry}>
            {error.retryLabel ?? text.retry}
          </Button>
        )}
      </Alert>
    );
  if (!rows)
    return loading ? (
      <Center py="xl" role="status">
        <Loader size="sm" role="img" aria-label={text.loading} />
      </Center>
    ) : null;

  const body =
    rows.length === 0 ? (
      <Paper withBorder radius="md" p="xl" ta="center">
        {empty}
      </Paper>
    ) : props.asCards && props.card ? (
      <Box style={{ display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>{rows.map((r) => props.card!(r))}</Box>
    ) : (
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={props.minWidth ?? 720}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label={label} aria-busy={loading}>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                {columns.map((c) =>
                  c.sortable && onSort ? (
                    <SortHeader
                      key={c.id}
                      header={c.header}
                      mode={sortModeOf(sort, c.id)}
                      name={labels.sortBy(c.header)}
                      onSort={() => onSort(c.id)}
                    />
                  ) : (
                    <Table.Th key={c.id}>{c.header}</Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const more = detail?.(r);
                return (
                  <Fragment key={rowKey(r)}>
                    <Table.Tr
                      onClick={onRowClick ? () => onRowClick(r) : undefined}
                      style={onRowClick ? { cursor: 'pointer' } : undefined}
                    >
                      {columns.map((c) => (
                        <Table.Td key={c.id}>{c.cell(r)}</Table.Td>
                      ))}
                    </Table.Tr>
                    {more ? (
                      <Table.Tr>
                        <Table.Td colSpan={columns.length} bg="gray.0">
                          {more}
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );

  return (
    <Box style={{ display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
      {body}
      {paging && paging.total > 0 ? <PagingFooter paging={paging} labels={labels} controls={text} /> : null}
    </Box>
  );
}
