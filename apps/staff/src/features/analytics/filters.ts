/**
 * The dashboards' filters (G-019, G-020): countries, sites, chosen participants and a date range, kept in the
 * address so a view can be shared; none given is all. The same names as the analytics call's query.
 */
export interface AnalyticsFilters {
  countryIds: string[];
  siteIds: string[];
  participantsIds: string[];
  fromDate: string;
  toDate: string;
}

export const NO_FILTERS: AnalyticsFilters = {
  countryIds: [],
  siteIds: [],
  participantsIds: [],
  fromDate: '',
  toDate: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const list = (v: string | null) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The filters an address names; a malformed date is left out (all dates), never an error page. */
export function filtersFromSearch(search: URLSearchParams): AnalyticsFilters {
  const day = (k: string) => {
    const v = search.get(k) ?? '';
    return DAY.test(v) ? v : '';
  };
  return {
    countryIds: list(search.get('countryIds')).map((c) => c.toUpperCase()),
    siteIds: list(search.get('siteIds')),
    participantsIds: list(search.get('participantsIds')),
    fromDate: day('fromDate'),
    toDate: day('toDate'),
  };
}

/** The address's query for these filters (empty ones left out), other parameters kept. */
export function searchWithFilters(base: URLSearchParams, f: AnalyticsFilters): URLSearchParams {
  const out = new URLSearchParams(base);
  const set = (k: string, v: string) => (v ? out.set(k, v) : out.delete(k));
  set('countryIds', f.countryIds.join(','));
  set('siteIds', f.siteIds.join(','));
  set('participantsIds', f.participantsIds.join(','));
  set('fromDate', f.fromDate);
  set('toDate', f.toDate);
  return out;
}

/** The analytics call's query: only what is set (a start after the end is the server's to refuse). */
export function analyticsQuery(f: AnalyticsFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.countryIds.length) q.countryIds = f.countryIds.join(',');
  if (f.siteIds.length) q.siteIds = f.siteIds.join(',');
  if (f.participantsIds.length) q.participantsIds = f.participantsIds.join(',');
  if (f.fromDate) q.fromDate = f.fromDate;
  if (f.toDate) q.toDate = f.toDate;
  return q;
}
