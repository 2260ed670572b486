/**
 * The schedule engine (issue 10, decision 0044): a version's schedule plan and one participant's anchors
 * (time zone, day zero, milestone dates) → that participant's dated tasks. Pure and deterministic: the
 * server plans with it, and reconcile.ts compares the result with the tasks a participant already has.
 */
import { epochDay, weekdayOf, zoneCalendar } from './calendar';
import { MAX_OCCURRENCES, type Schedule, type ScheduleDelivery, type SchedulePlan, type ScheduleTarget } from './model';

export interface ParticipantAnchors {
  /** IANA zone of the participant; an unknown zone is UTC. */
  timeZone: string;
  /** `YYYY-MM-DD` of day zero in that zone; null: not started (no tasks yet). */
  dayZero: string | null;
  /** milestoneId → `YYYY-MM-DD` date set for this participant. */
  milestones: Record<string, string>;
}

export interface PlannedTask {
  /** `${scheduleId}:${startDay}`: the identity of a task, unique per participant. */
  key: string;
  scheduleId: string;
  target: ScheduleTarget;
  /** Study day (relative to day zero) the task opens. */
  startDay: number;
  /** Last study day it can be answered (inclusive); null: open-ended. */
  endDay: number | null;
  /** ISO UTC instant: the start of startDay in the participant's zone. */
  opensAt: string;
  /** ISO UTC instant: the start of the day after endDay in the zone (exclusive); null: open-ended. */
  closesAt: string | null;
  delivery: ScheduleDelivery;
  telehealth: boolean;
}

/** A task's days: [startDay, endDay | null], in study days. */
type Span = [number, number | null];

/** How many study days a schedule's anchor is after day zero; null: the anchor has no date (yet). */
function anchorShift(s: Schedule, anchors: ParticipantAnchors, zero: number): number | null {
  if (s.anchor.kind === 'dayZero') return 0;
  const milestones = anchors.milestones ?? {};
  const date = Object.hasOwn(milestones, s.anchor.milestoneId) ? milestones[s.anchor.milestoneId] : undefined;
  const day = date === undefined ? null : epochDay(date);
  return day === null ? null : day - zero;
}

/** The study days each task of a schedule opens, in order (capped at MAX_OCCURRENCES). */
function occurrenceDays(s: Schedule, start: number, last: number | null, zero: number): number[] {
  const r = s.repeat;
  if (r.kind === 'once') return [start];
  const days: number[] = [];
  const limit = Math.min(r.count ?? MAX_OCCURRENCES, MAX_OCCURRENCES);
  if (r.kind === 'everyNDays') {
    const step = Math.max(1, Math.floor(r.interval)); // a parsed plan has interval ≥ 1; never loop forever
    for (let d = start; (last === null || d <= last) && days.length < limit; d += step) days.push(d);
    return days;
  }
  const on = new Array<boolean>(7).fill(false);
  for (const w of r.weekdays) if (w >= 0 && w <= 6) on[w] = true;
  // a week holds at least one listed day, so `limit` weeks are enough when there is no end day
  const stop = last ?? start + 7 * limit;
  for (let d = start; d <= stop && days.length < limit; d++) if (on[weekdayOf(zero + d)]) days.push(d);
  return days;
}

/** Each task's span: its own day to its last day, never beyond the schedule's end day. */
function spans(s: Schedule, shift: number, zero: number): Span[] {
  const start = s.startDay + shift;
  const last = s.endDay === undefined ? null : s.endDay + shift;
  if (last !== null && last < start) return [];
  const clip = (end: number): number => (last === null ? end : Math.min(end, last));
  const r = s.repeat;
  const days = occurrenceDays(s, start, last, zero);
  const out: Span[] = days.map((d): Span => {
    if (s.openForDays !== undefined) return [d, clip(d + s.openForDays - 1)];
    if (r.kind === 'once') return [d, last];
    return [d, clip(r.kind === 'everyNDays' ? d + Math.max(1, r.interval) - 1 : d)];
  });
  // on demand: one task, open through the whole window (to the end day, else to the last task's end)
  if (s.delivery === 'onDemand' && out.length > 0) return [[start, last ?? (out[out.length - 1] as Span)[1]]];
  return out;
}

/** Stable bucket sort by startDay (a plan's days span a few thousand): within a day, the input order. */
function byStartDay(tasks: PlannedTask[]): PlannedTask[] {
  if (tasks.length < 2) return tasks;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const t of tasks) {
    min = Math.min(min, t.startDay);
    max = Math.max(max, t.startDay);
  }
  if (!(max - min <= 20_000)) return tasks.sort((a, b) => a.startDay - b.startDay); // far-apart milestones
  const buckets = Array.from({ length: max - min + 1 }, (): PlannedTask[] => []);
  for (const t of tasks) buckets[t.startDay - min]?.push(t);
  const out: PlannedTask[] = [];
  for (const bucket of buckets) for (const t of bucket) out.push(t);
  return out;
}

const byId = (a: Schedule, b: Schedule): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A participant's tasks for a plan, sorted by startDay then scheduleId. No day zero (or an unreadable
 * one): no tasks. A schedule anchored to a milestone without a date for this participant: none of its
 * tasks (a milestone's plannedDay only informs). Never throws for a parsed plan, whatever the zone.
 */
export function planTasks(plan: SchedulePlan, anchors: ParticipantAnchors): PlannedTask[] {
  const zero = typeof anchors.dayZero === 'string' ? epochDay(anchors.dayZero) : null;
  if (zero === null) return [];
  const cal = zoneCalendar(anchors.timeZone);
  const tasks: PlannedTask[] = [];
  const ids = new Set<string>();
  for (const s of [...plan.schedules].sort(byId)) {
    // a schedule's days strictly increase, so its keys are unique; only duplicate ids (refused when
    // parsed) could repeat a key: the first schedule of an id wins
    if (ids.has(s.id)) continue;
    ids.add(s.id);
    const shift = anchorShift(s, anchors, zero);
    if (shift === null) continue;
    for (const [startDay, endDay] of spans(s, shift, zero)) {
      tasks.push({
        key: `${s.id}:${startDay}`,
        scheduleId: s.id,
        target: s.target,
        startDay,
        endDay,
        opensAt: cal.dayStart(zero + startDay),
        closesAt: endDay === null ? null : cal.dayStart(zero + endDay + 1),
        delivery: s.delivery,
        telehealth: s.telehealth,
      });
    }
  }
  return byStartDay(tasks);
}

/** The calendar date (`YYYY-MM-DD`) an instant falls on in a zone; an unknown zone reads as UTC. */
export function dateInZone(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/**
 * The participant's study day at an instant (day zero is 0), counted in calendar days of their zone —
 * the same days the tasks were planned on; null before day zero is set (or when it is not a date).
 */
export function studyDayAt(dayZero: string | null, timeZone: string, at: Date = new Date()): number | null {
  const zero = dayZero === null ? null : epochDay(dayZero);
  const today = epochDay(dateInZone(at, timeZone));
  return zero === null || today === null ? null : today - zero;
}
