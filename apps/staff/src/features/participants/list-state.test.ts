import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATE,
  isFiltered,
  queryOf,
  searchFromState,
  stateFromSearch,
  withFilter,
  withSort,
} from './list-state';

const SITE = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const LABEL = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';

describe('the participant list kept in the address (E-005)', () => {
  it('an empty address is the default list, and the default list an empty address', () => {
    expect(stateFromSearch(new URLSearchParams())).toEqual(DEFAULT_STATE);
    expect(searchFromState(DEFAULT_STATE).toString()).toBe('');
    expect(isFiltered(DEFAULT_STATE)).toBe(false);
  });

  it('every choice goes into the address and comes back the same', () => {
    const state = {
      search: 'ana',
      statuses: ['ACTIVE', 'INVITED'] as const,
      sources: ['MANUAL'] as const,
      siteIds: [SITE],
      versionIds: [SITE],
      labelIds: [LABEL],
      consent: 'SIGNED' as const,
      sort: 'name' as const,
      order: 'desc' as const,
      page: 3,
      pageSize: 50,
    };
    const address = searchFromState({ ...state, statuses: [...state.statuses], sources: [...state.sources] });
    expect(address.get('status')).toBe('ACTIVE,INVITED');
    expect(stateFromSearch(address)).toEqual({ ...state, statuses: ['ACTIVE', 'INVITED'], sources: ['MANUAL'] });
  });

  it('what an edited address holds that the list does not know is left out', () => {
    const s = stateFromSearch(
      new URLSearchParams(`status=ACTIVE,GONE&site=x,${SITE}&sort=password&order=up&page=-2&size=7&consent=maybe`),
    );
    expect(s).toEqual({ ...DEFAULT_STATE, statuses: ['ACTIVE'], siteIds: [SITE] });
  });

  it('a new search or filter starts at page 1; a header click sorts by it, then the other way', () => {
    const onPage4 = { ...DEFAULT_STATE, page: 4 };
    expect(withFilter(onPage4, { search: 'x' })).toMatchObject({ search: 'x', page: 1 });
    const byName = withSort(onPage4, 'name');
    expect(byName).toMatchObject({ sort: 'name', order: 'asc', page: 1 });
    expect(withSort(byName, 'name')).toMatchObject({ sort: 'name', order: 'desc' });
    expect(withSort(withSort(byName, 'name'), 'site')).toMatchObject({ sort: 'site', order: 'asc' });
  });

  it('asks the list call with the spec’s names, lists comma-separated', () => {
    const s = withFilter(DEFAULT_STATE, { statuses: ['ACTIVE', 'INVITED'], labelIds: [LABEL], consent: 'NOT_SIGNED' });
    expect(queryOf(s)).toEqual({
      pageNum: 1,
      pageSize: 25,
      sortValue: 'participantId',
      sortOrder: 'asc',
      search: undefined,
      filter: 'ACTIVE,INVITED',
      sourcefilter: undefined,
      siteIds: undefined,
      versionIds: undefined,
      customKey: LABEL,
      consentStatus: 'NOT_SIGNED',
    });
    expect(isFiltered(s)).toBe(true);
  });
});
