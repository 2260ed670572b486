/**
 * Calendar days for the schedule engine. Days are integers (days since 1970-01-01, "epoch days"), so
 * adding days is integer addition: a day is never a multiple of 24 h (across a DST change it is 23 or 25).
 * A zone is only asked when a day's start must become an instant; the answers are cached per zone and day.
 */

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The epoch day of a `YYYY-MM-DD` calendar date; null when it is not a real date (or before year 1000). */
export function epochDay(date: string): number | null {
  const m = typeof date === 'string' ? DATE.exec(date) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1000) return null; // Date.UTC reads years 0–99 as 1900–1999
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null; // e.g. 2026-02-30
  return ms / DAY_MS;
}

/** 0 = Sunday … 6 = Saturday, as Date and dayjs count them (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

const PARTS = /^(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)$/;

/** A zone's calendar: the instant each local day starts. */
export class ZoneCalendar {
  /** Offsets (local wall − UTC, ms) at each day's 00:00 UTC, and each day's start as ISO text. */
  private readonly offsets = new Map<number, number>();
  private readonly starts = new Map<number, string>();

  constructor(
    /** The zone actually used: the one asked for, or UTC when it is unknown. */
    readonly zone: string,
    private readonly format: Intl.DateTimeFormat | null,
  ) {}

  private offsetAt(ms: number): number {
    if (this.format === null) return 0;
    const p = PARTS.exec(this.format.format(ms));
    if (!p) return 0;
    const [, mo, d, y, h, mi, sec] = p.map(Number) as number[];
    const wall = Date.UTC(y as number, (mo as number) - 1, d, h, mi, sec);
    const off = wall - Math.floor(ms / 1000) * 1000;
    return Number.isFinite(off) ? off : 0;
  }

  private offsetOfDay(day: number): number {
    let off = this.offsets.get(day);
    if (off === undefined) {
      off = this.offsetAt(day * DAY_MS);
      this.offsets.set(day, off);
    }
    return off;
  }

  /** The first instant of the local day, as epoch ms. */
  dayStartMs(day: number): number {
    const wall = day * DAY_MS;
    const before = this.offsetOfDay(day - 1);
    const after = this.offsetOfDay(day + 1);
    // same offset a day either side (and between): no change near this midnight
    if (before === after && this.offsetOfDay(day) === before) return wall - before;
    // a change nearby: midnight may repeat (fall back: take the earlier) or not exist (spring forward
    // over midnight: the day starts when the clock jumps)
    let best = Number.NaN;
    for (const off of [before, after]) {
      const t = wall - off;
      if (this.offsetAt(t) === off && !(t >= best)) best = t;
    }
    return Number.isNaN(best) ? wall - Math.min(before, after) : best;
  }

  /** The first instant of the local day, as ISO UTC text. */
  dayStart(day: number): string {
    let iso = this.starts.get(day);
    if (iso === undefined) {
      if (this.starts.size > 20_000) this.clear(); // bounded: a long-running server sees many days
      iso = new Date(this.dayStartMs(day)).toISOString();
      this.starts.set(day, iso);
    }
    return iso;
  }

  private clear(): void {
    this.starts.clear();
    this.offsets.clear();
  }
}

// one calendar per zone name; bounded, since a zone name is text that may come from a request
const calendars = new Map<string, ZoneCalendar>();

/** The calendar of an IANA zone; an unknown (or empty) zone is UTC, never an error. */
export function zoneCalendar(timeZone: string): ZoneCalendar {
  const name = typeof timeZone === 'string' && timeZone !== '' ? timeZone : 'UTC';
  let cal = calendars.get(name);
  if (cal === undefined) {
    if (calendars.size > 500) calendars.clear();
    cal = makeCalendar(name) ?? new ZoneCalendar('UTC', null);
    calendars.set(name, cal);
  }
  return cal;
}

function makeCalendar(zone: string): ZoneCalendar | null {
  try {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const resolved = format.resolvedOptions().timeZone;
    return new ZoneCalendar(zone, resolved === 'UTC' || resolved === 'Etc/UTC' ? null : format);
  } catch {
    return null;
  }
}
