/**
 * Site start-up date charts (002 §3, §5; checklist G-044…G-046, G-057…G-059; decision G-chart-rules): how many days
 * each site took from activation to its first participant in (FPI) or to its first data. Dates are calendar days
 * `YYYY-MM-DD`; the arithmetic is on UTC midnights, so no time zone or daylight-saving change moves a day.
 */
import { compareNames } from './chart-rules';

/** G-044: one site's dates, per country and site. */
export interface SiteDateRecord {
  country: string;
  site: string;
  activeDate: string | null | undefined;
  /** First participant in. */
  fpi: string | null | undefined;
  firstData: string | null | undefined;
  firstDataParticipant?: string | null;
  /** Ours (the spec names only the first-data participant): who came in first, shown in 'fpi' mode when known. */
  fpiParticipant?: string | null;
}

/** Which second date a chart measures to. */
export type SiteDateMode = 'fpi' | 'firstData';

/** G-045: one bar of a date chart. */
export interface SiteDateRow {
  country: string;
  site: string;
  activeDate: string;
  date: string;
  /** Whole days from activation to `date`; negative when the site was activated after it (G-059). */
  numDays: number;
  firstParticipant: string | null;
}

/** G-058: the chart's date filter; a bound missing or not a date does not filter. */
export interface SiteDateRange {
  from?: string | null;
  to?: string | null;
}

/** G-046: the fastest site of a mode. */
export interface FastestSite {
  days: number;
  date: string;
  activeDate: string;
  site: string;
  country: string;
}

/** G-046: sites counted per mode and the fastest of each (null when no site has the date). */
export interface FastestSummary {
  totalFpi: number;
  totalFirstData: number;
  fastestFpi: FastestSite | null;
  fastestFirstData: FastestSite | null;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number (days since 1970-01-01) of a real calendar date `YYYY-MM-DD`; anything else → null. */
export function isoDayNumber(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = ISO_DAY.exec(value.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  // Date.UTC rolls 2024-02-30 over to March: a date that does not come back the same is not a real one
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** Whether a day lies within the range (inclusive); an unusable bound is no bound. */
function inRange(day: number, range: SiteDateRange | null | undefined): boolean {
  const from = isoDayNumber(range?.from);
  const to = isoDayNumber(range?.to);
  return (from === null || day >= from) && (to === null || day <= to);
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const participantOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** One record's bar, or null when it has none: a missing or invalid date, or outside the range. */
function rowOf(
  record: SiteDateRecord,
  mode: SiteDateMode,
  range: SiteDateRange | null | undefined,
): SiteDateRow | null {
  if (!record || typeof record !== 'object') return null;
  const second = mode === 'fpi' ? record.fpi : record.firstData;
  const active = isoDayNumber(record.activeDate);
  const other = isoDayNumber(second);
  // G-057: no day count without both dates. Also in 'fpi' mode: a bar of a made-up length would mislead.
  if (active === null || other === null) return null;
  // G-058: both the activation and the second date must lie in the range
  if (!inRange(active, range) || !inRange(other, range)) return null;
  return {
    country: text(record.country),
    site: text(record.site),
    activeDate: (record.activeDate as string).trim(),
    date: (second as string).trim(),
    numDays: other - active,
    firstParticipant: participantOf(mode === 'fpi' ? record.fpiParticipant : record.firstDataParticipant),
  };
}

/** G-045, G-057…G-059: the bars of a date chart, in the records' order (sort them with sortBars). */
export function siteDateRows(
  records: readonly SiteDateRecord[],
  mode: SiteDateMode,
  range?: SiteDateRange | null,
): SiteDateRow[] {
  if (!Array.isArray(records) || (mode !== 'fpi' && mode !== 'firstData')) return [];
  return records.map((r) => rowOf(r, mode, range)).filter((r): r is SiteDateRow => r !== null);
}

/** The fastest bar: fewest days (a negative count is fewer), ties by site name, then by country. */
function fastestOf(rows: readonly SiteDateRow[]): FastestSite | null {
  let best: SiteDateRow | null = null;
  for (const row of rows) {
    if (
      best === null ||
      row.numDays < best.numDays ||
      (row.numDays === best.numDays &&
        (compareNames(row.site, best.site) || compareNames(row.country, best.country)) < 0)
    ) {
      best = row;
    }
  }
  if (!best) return null;
  return { days: best.numDays, date: best.date, activeDate: best.activeDate, site: best.site, country: best.country };
}

/** G-046: how many sites have each date (within the range) and the fastest of each. */
export function fastestSummary(records: readonly SiteDateRecord[], range?: SiteDateRange | null): FastestSummary {
  const fpi = siteDateRows(records, 'fpi', range);
  const firstData = siteDateRows(records, 'firstData', range);
  return {
    totalFpi: fpi.length,
    totalFirstData: firstData.length,
    fastestFpi: fastestOf(fpi),
    fastestFirstData: fastestOf(firstData),
  };
}
