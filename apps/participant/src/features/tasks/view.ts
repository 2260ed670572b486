/**
 * How a task is shown: its status as the participant sees it (the server's, or this device's when a
 * result is waiting to be sent or was refused), the groups of a list, and times in the participant's zone.
 */
import type { MyTask } from '@trialpath/contract';
import { calendarLanguage, isKnownTimeZone } from '@trialpath/domain';
import type { OutboxItem } from './outbox';

export type TaskView = 'open' | 'done' | 'expired' | 'upcoming' | 'notSentYet' | 'withdrawn' | 'waiting' | 'failed';

const SERVER_VIEW: Record<MyTask['status'], TaskView> = {
  AVAILABLE: 'open',
  COMPLETED: 'done',
  EXPIRED: 'expired',
  SCHEDULED: 'upcoming',
  PENDING_SEND: 'notSentYet',
  WITHDRAWN: 'withdrawn',
};

/** The item of a task that matters: a pending one first, else the latest refused one. */
export function outboxItemOf(taskId: string, items: readonly OutboxItem[]): OutboxItem | undefined {
  const mine = items.filter((i) => i.taskId === taskId);
  return mine.find((i) => i.state === 'pending') ?? mine.at(-1);
}

/** Done on the server is done; otherwise a result on this device (waiting, refused) says more. */
export function taskView(task: Pick<MyTask, 'status'>, local: OutboxItem | undefined): TaskView {
  const server = SERVER_VIEW[task.status];
  if (server === 'done' || !local) return server;
  return local.state === 'pending' ? 'waiting' : 'failed';
}

/** Whether the participant may open the task to answer (or to correct a refused result). */
export function canOpen(task: Pick<MyTask, 'canAnswer'>, view: TaskView): boolean {
  return task.canAnswer && (view === 'open' || view === 'failed');
}

export const GROUPS = ['todo', 'waiting', 'done', 'expired', 'later', 'withdrawn'] as const;
export type Group = (typeof GROUPS)[number];

const GROUP_OF: Record<TaskView, Group> = {
  open: 'todo',
  failed: 'todo',
  waiting: 'waiting',
  done: 'done',
  expired: 'expired',
  upcoming: 'later',
  notSentYet: 'later',
  withdrawn: 'withdrawn',
};

export interface ShownTask {
  task: MyTask;
  view: TaskView;
  local: OutboxItem | undefined;
}

export function shownTasks(tasks: readonly MyTask[], items: readonly OutboxItem[]): ShownTask[] {
  return tasks.map((task) => {
    const local = outboxItemOf(task.id, items);
    return { task, view: taskView(task, local), local };
  });
}

/** Tasks in the groups of the home page (in GROUPS order, empty groups left out), each by opening time. */
export function groupByView(tasks: readonly ShownTask[]): { group: Group; tasks: ShownTask[] }[] {
  return GROUPS.map((group) => ({
    group,
    tasks: tasks.filter((t) => GROUP_OF[t.view] === group).sort(byOpening),
  })).filter((g) => g.tasks.length > 0);
}

/** Tasks by study day, days in order, each day's tasks by opening time. */
export function groupByDay(tasks: readonly ShownTask[]): { day: number; tasks: ShownTask[] }[] {
  const days = [...new Set(tasks.map((t) => t.task.startDay))].sort((a, b) => a - b);
  return days.map((day) => ({ day, tasks: tasks.filter((t) => t.task.startDay === day).sort(byOpening) }));
}

function byOpening(a: ShownTask, b: ShownTask): number {
  return a.task.opensAt.localeCompare(b.task.opensAt);
}

/**
 * An instant in the participant's zone and language, with the zone's name ("5 Mar 2026, 09:00 CET");
 * an unknown zone shows UTC, a missing or bad instant ''.
 */
export function formatInZone(iso: string | null, timeZone: string, lang: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const zone = isKnownTimeZone(timeZone) ? timeZone : 'UTC';
  const options: Intl.DateTimeFormatOptions = {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(calendarLanguage(lang), options).format(at);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(at);
  }
}
