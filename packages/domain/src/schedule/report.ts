/**
 * A participant's migration report (issue 10): what a version change (or a moved anchor) did to their
 * tasks, for the server to tell staff. Days are study days.
 */
import type { TaskChanges } from './reconcile';

export type TaskChangeKind = 'added' | 'moved' | 'withdrawn';

export interface TaskChangeLine {
  kind: TaskChangeKind;
  scheduleId: string;
  /** The task's day before (moved, withdrawn). */
  fromDay?: number;
  /** The task's day after (added, moved). */
  toDay?: number;
}

export interface TaskChangeSummary {
  added: number;
  moved: number;
  withdrawn: number;
  kept: number;
  /** One line per changed task, by day, then schedule, then kind. */
  lines: TaskChangeLine[];
}

const KIND_ORDER: Record<TaskChangeKind, number> = { added: 0, moved: 1, withdrawn: 2 };
const dayOf = (l: TaskChangeLine): number => (l.fromDay ?? l.toDay) as number;

export function summarizeChanges(changes: TaskChanges): TaskChangeSummary {
  const lines: TaskChangeLine[] = [
    ...changes.add.map((p): TaskChangeLine => ({ kind: 'added', scheduleId: p.scheduleId, toDay: p.startDay })),
    ...changes.move.map(
      (m): TaskChangeLine => ({
        kind: 'moved',
        scheduleId: m.to.scheduleId,
        fromDay: m.from.startDay,
        toDay: m.to.startDay,
      }),
    ),
    ...changes.withdraw.map(
      (e): TaskChangeLine => ({ kind: 'withdrawn', scheduleId: e.scheduleId, fromDay: e.startDay }),
    ),
  ];
  lines.sort(
    (a, b) =>
      dayOf(a) - dayOf(b) ||
      (a.scheduleId < b.scheduleId ? -1 : a.scheduleId > b.scheduleId ? 1 : 0) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind],
  );
  return {
    added: changes.add.length,
    moved: changes.move.length,
    withdrawn: changes.withdraw.length,
    kept: changes.keep,
    lines,
  };
}
