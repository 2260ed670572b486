import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../test-utils';
import { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
import { sortAndPage, useLocalTable } from './local-table';

afterEach(cleanup);

interface Row {
  id: string;
  name: string;
  size: number | null;
}
const ROWS: Row[] = [
  { id: 'a', name: 'beta', size: 2 },
  { id: 'b', name: 'Alpha', size: null },
  { id: 'c', name: 'gamma', size: 10 },
];
const COLUMNS: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
  { id: 'size', header: 'Size', sortable: true, cell: (r) => r.size ?? '—' },
  { id: 'note', header: 'Note', cell: () => 'n' },
];
const SORT_VALUES = { name: (r: Row) => r.name, size: (r: Row) => r.size };

function table(over: Partial<DataTableProps<Row>> = {}) {
  return renderWithMantine(
    <DataTable label="Things" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} empty="Nothing here" {...over} />,
  );
}

const names = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('is a table with column headers and rows; sortable headers are buttons in th with aria-sort', () => {
    const onSort = vi.fn();
    table({ sort: { column: 'name', direction: 'desc' }, onSort });
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual(['descending', 'none', null]);
    expect(within(headers[2]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(headers[1]!).getByRole('button', { name: 'Sort by Size' }));
    expect(onSort).toHaveBeenCalledWith('size');
    expect(names()).toEqual(['beta', 'Alpha', 'gamma']); // the owner's order, as given
  });

  it('shows the loading, error and empty states', () => {
    const retry = vi.fn();
    table({ rows: undefined, loading: true });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    table({ rows: undefined, error: { title: 'Could not load', retry } });
    expect(screen.getByText('Could not load')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
    cleanup();
    table({ rows: [] });
    expect(screen.getByText('Nothing here')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages: the count, the page size choice and the page navigation', () => {
    const onPage = vi.fn();
    const onPageSize = vi.fn();
    table({ paging: { page: 1, pageSize: 10, total: 25, pageSizes: [10, 25], onPage, onPageSize } });
    expect(screen.getByText('Rows: 25')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '25' } });
    expect(onPageSize).toHaveBeenCalledWith(25);
    const pages = within(screen.getByRole('navigation', { name: 'Pages' }));
    fireEvent.click(pages.getByRole('button', { name: 'Page 3' }));
    expect(onPage).toHaveBeenCalledWith(3);
    // The arrows have names a screen reader can say (axe: button-name).
    fireEvent.click(pages.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
    expect(pages.getByRole('button', { name: 'Previous page' })).toBeTruthy();
  });

  it('shows a row’s detail under it', () => {
    table({ detail: (r) => r.id === 'b' && <p>More about Alpha</p> });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'NameSizeNote',
      'beta2n',
      'Alpha—n',
      'More about Alpha',
      'gamma10n',
    ]);
  });
});

function LocalThings() {
  const local = useLocalTable(ROWS, { sortValues: SORT_VALUES, initialPageSize: 2, pageSizes: [2, 10] });
  const [clicks, setClicks] = useState(0);
  return (
    <>
      <DataTable
        label="Things"
        columns={COLUMNS}
        rows={local.rows}
        rowKey={(r) => r.id}
        empty="Nothing here"
        sort={local.sort}
        onSort={(c) => {
          setClicks(clicks + 1);
          local.onSort(c);
        }}
        paging={local.paging}
      />
      <output>{clicks}</output>
    </>
  );
}

describe('useLocalTable', () => {
  it('sorts ascending, descending, then unordered (000 §9), back to page 1, and pages', () => {
    renderWithMantine(<LocalThings />);
    expect(names()).toEqual(['beta', 'Alpha']);
    const sortByName = () => fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    sortByName();
    expect(names()).toEqual(['Alpha', 'beta']);
    expect(screen.getAllByRole('columnheader')[0]!.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Page 2' }));
    expect(names()).toEqual(['gamma']);
    sortByName();
    expect(names()).toEqual(['gamma', 'beta']);
    sortByName();
    expect(names()).toEqual(['beta', 'Alpha']);
    expect(screen.getAllByRole('columnheader')[0]!.getAttribute('aria-sort')).toBe('none');
  });

  it('sorts numbers as numbers, text without case, and empty values last', () => {
    expect(sortAndPage(ROWS, SORT_VALUES, { column: 'size', direction: 'asc' }, 1, 10).map((r) => r.id)).toEqual([
      'a',
      'c',
      'b',
    ]);
    expect(sortAndPage(ROWS, SORT_VALUES, { column: 'name', direction: 'asc' }, 1, 10).map((r) => r.name)).toEqual([
      'Alpha',
      'beta',
      'gamma',
    ]);
  });
});
