import { describe, expect, it } from 'vitest';
import { clickColumn, readListState, toQuery, writeListState } from './list-state';

describe('studies list state', () => {
  it('round-trips through the address query', () => {
    const s = { search: 'demo', sort: 'code' as const, order: 'desc' as const, page: 3, pageSize: 50 };
    expect(readListState(writeListState(s))).toEqual(s);
    expect(readListState(new URLSearchParams('sort=evil&page=-2'))).toEqual({
      search: '',
      sort: null,
      order: 'asc',
      page: 1,
      pageSize: 15,
    });
    // the default page size stays out of the address
    expect(writeListState({ ...s, pageSize: 15 }).has('pageSize')).toBe(false);
  });

  it.each([
    ['500', 100],
    ['0', 15],
    ['abc', 15],
    ['25', 25],
  ])('a typed pageSize=%s becomes %i', (typed, size) => {
    expect(readListState(new URLSearchParams(`pageSize=${typed}`)).pageSize).toBe(size);
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

  it('asks for the chosen page size (15 unless chosen) and leaves the sort to the server when unordered', () => {
    expect(toQuery({ search: ' x ', sort: null, order: 'asc', page: 2, pageSize: 15 })).toEqual({
      search: 'x',
      sort: undefined,
      order: undefined,
      page: 2,
      pageSize: 15,
    });
    expect(toQuery({ search: '', sort: 'updatedAt', order: 'desc', page: 1, pageSize: 25 })).toMatchObject({
      pageSize: 25,
      search: undefined,
      sort: 'updatedAt',
      order: 'desc',
    });
  });
});
