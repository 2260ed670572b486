/**
 * What a new plan (a new version, a moved milestone, a new day zero) changes in a participant's tasks
 * (issue 10): only future, unanswered tasks move. An answered, completed, expired or closed task is
 * never moved or withdrawn, and a task already closed now is never added (it would be born expired).
 */
import type { ScheduleDelivery, ScheduleTarget } from './model';
import type { PlannedTask } from './engine';

export type TaskStatus = 'SCHEDULED' | 'COMPLETED' | 'EXPIRED' | 'WITHDRAWN';

export interface ExistingTask {
  key: string;
  scheduleId: string;
  startDay: number;
  endDay: number | null;
  opensAt: string;
  closesAt: string | null;
  status: TaskStatus;
  answered: boolean;
  /** Compared with the plan when stored; a task that does not carry them is not compared on them. */
  target?: ScheduleTarget;
  delivery?: ScheduleDelivery;
  telehealth?: boolean;
}

export interface TaskChanges {
  /** New tasks. */
  add: PlannedTask[];
  /** An unanswered, not yet closed task whose days (or target, delivery, telehealth) change. */
  move: { from: ExistingTask; to: PlannedTask }[];
  /** Unanswered, not yet closed tasks no longer planned. */
  withdraw: ExistingTask[];
  /** How many tasks are left as they are (withdrawn ones not counted). */
  keep: number;
}

function instant(value: string | null): number {
  return value === null ? Number.POSITIVE_INFINITY : Date.parse(value);
}

/** Whether the task may still change: scheduled, unanswered, not closed at `now`. */
function changeable(t: ExistingTask, now: number): boolean {
  return t.status === 'SCHEDULED' && !t.answered && instant(t.closesAt) > now;
}

const closed = (p: PlannedTask, now: number): boolean => instant(p.closesAt) <= now;

/** Same instant (stored text may be written differently, e.g. without milliseconds). */
const sameInstant = (a: string | null, b: string | null): boolean =>
  a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

const sameTarget = (a: ScheduleTarget, b: ScheduleTarget): boolean =>
  a.kind === b.kind &&
  (a.kind === 'activity' ? a.activityId === (b as typeof a).activityId : a.packetId === (b as typeof a).packetId);

function unchanged(e: ExistingTask, p: PlannedTask): boolean {
  return (
    e.startDay === p.startDay &&
    e.endDay === p.endDay &&
    sameInstant(e.opensAt, p.opensAt) &&
    sameInstant(e.closesAt, p.closesAt) &&
    (e.target === undefined || sameTarget(e.target, p.target)) &&
    (e.delivery === undefined || e.delivery === p.delivery) &&
    (e.telehealth === undefined || e.telehealth === p.telehealth)
  );
}

function group<T extends { scheduleId: string }>(items: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const list = out.get(item.scheduleId);
    if (list) list.push(item);
    else out.set(item.scheduleId, [item]);
  }
  return out;
}

/**
 * The changes that bring `existing` to `planned` at `now`. Same key: kept, or moved when it changed and
 * may change. Otherwise, per schedule, the tasks that may change and the planned ones with no task are
 * paired in startDay order as moves (a milestone moved from day 30 to day 35); the rest are withdrawn
 * or added. Withdrawn existing tasks count as absent. Throws a RangeError for an unreadable `now`.
 */
export function reconcileTasks(existing: ExistingTask[], planned: PlannedTask[], now: Date | string): TaskChanges {
  const at = now instanceof Date ? now.getTime() : Date.parse(now);
  if (Number.isNaN(at)) throw new RangeError(`reconcileTasks: unreadable now ${String(now)}`);
  const changes: TaskChanges = { add: [], move: [], withdraw: [], keep: 0 };
  const byKey = new Map<string, ExistingTask>();
  const spare: ExistingTask[] = []; // existing tasks whose key is not planned (or taken twice)
  for (const e of existing) {
    if (e.status === 'WITHDRAWN') continue;
    if (byKey.has(e.key)) spare.push(e);
    else byKey.set(e.key, e);
  }
  const plannedKeys = new Set<string>();
  const unplanned: PlannedTask[] = []; // planned tasks no task has yet
  for (const p of planned) {
    if (plannedKeys.has(p.key)) continue;
    plannedKeys.add(p.key);
    const e = byKey.get(p.key);
    if (e === undefined) {
      if (!closed(p, at)) unplanned.push(p);
    } else if (!changeable(e, at) || unchanged(e, p) || closed(p, at)) {
      changes.keep++; // a task the plan would now close is left open as it was
    } else {
      changes.move.push({ from: e, to: p });
    }
  }
  for (const e of byKey.values()) if (!plannedKeys.has(e.key)) spare.push(e);
  const free = spare.filter((e) => {
    if (changeable(e, at)) return true;
    changes.keep++;
    return false;
  });
  const wanted = group(unplanned);
  const paired = new Set<PlannedTask>();
  for (const [scheduleId, from] of group(free)) {
    from.sort((a, b) => a.startDay - b.startDay);
    const to = (wanted.get(scheduleId) ?? []).sort((a, b) => a.startDay - b.startDay);
    from.forEach((e, i) => {
      const p = to[i];
      if (p === undefined) changes.withdraw.push(e);
      else {
        changes.move.push({ from: e, to: p });
        paired.add(p);
      }
    });
  }
  for (const p of unplanned) if (!paired.has(p)) changes.add.push(p);
  return changes;
}

/** A planned task as a stored one: scheduled, unanswered. */
export function taskFromPlan(p: PlannedTask): ExistingTask {
  return {
    key: p.key,
    scheduleId: p.scheduleId,
    startDay: p.startDay,
    endDay: p.endDay,
    opensAt: p.opensAt,
    closesAt: p.closesAt,
    status: 'SCHEDULED',
    answered: false,
    target: p.target,
    delivery: p.delivery,
    telehealth: p.telehealth,
  };
}

/**
 * The tasks after the changes (pure): moved tasks take the planned values in place, withdrawn ones
 * become WITHDRAWN, added ones are appended. A withdrawn task whose key an added or moved task takes is
 * replaced by it, so keys stay unique (a store with a unique key revives that row the same way).
 */
export function applyTaskChanges(existing: ExistingTask[], changes: TaskChanges): ExistingTask[] {
  const moved = new Map(changes.move.map((m) => [m.from, m.to] as const));
  const withdrawn = new Set(changes.withdraw);
  const taken = new Set([...changes.add, ...changes.move.map((m) => m.to)].map((p) => p.key));
  const out: ExistingTask[] = [];
  for (const e of existing) {
    const to = moved.get(e);
    if (to !== undefined) out.push({ ...e, ...taskFromPlan(to), status: e.status, answered: e.answered });
    else if (withdrawn.has(e)) out.push({ ...e, status: 'WITHDRAWN' });
    else if (!(e.status === 'WITHDRAWN' && taken.has(e.key))) out.push(e);
  }
  for (const p of changes.add) out.push(taskFromPlan(p));
  return out;
}
