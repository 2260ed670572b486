import { describe, expect, it } from 'vitest';
import { clickColumn, readListState, toQuery, writeListState } from './list-state';

describe('studies list state', () => {
  it('round-trips through the address query', () => {
    const s = { search: 'demo', sort: 'code' as const, order: 'desc' as const, page: 3 };
    expect(readListState(writeListState(s))).toEqual(s);
    expect(readListState(new URLSearchParams('sort=evil&page=-2'))).toEqual({
      search: '',
      sort: null,
      order: 'asc',
      page: 1,
    });
  });

  it('cycles a column ascending → descending → unordered and goes back to page 1', () => {
    let s = readListState(new URLSearchParams('page=4'));
    s = clickColumn(s, 'name');
    expect(s).toMatchObject({ sort: 'name', order: 'asc', page: 1 });
    s = clickColumn(s, 'name');
    expect(s).toMatchObject({ sort: 'name', order: 'desc' });
    s = clickColumn(s, 'name');
    expect(s).toMatchObject({ sort: null });
    expect(clickColumn({ ...s, sort: 'code', order: 'desc' }, 'status')).toMatchObject({
      sort: 'status',
      order: 'asc',
    });
  });

  it('asks for 15 a page and leaves the sort to the server when unordered', () => {
    expect(toQuery({ search: ' x ', sort: null, order: 'asc', page: 2 })).toEqual({
      search: 'x',
      sort: undefined,
      order: undefined,
      page: 2,
      pageSize: 15,
    });
    expect(toQuery({ search: '', sort: 'updatedAt', order: 'desc', page: 1 })).toMatchObject({
      search: undefined,
      sort: 'updatedAt',
      order: 'desc',
    });
  });
});
