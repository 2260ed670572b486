import type { MyTask } from '@trialpath/contract';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from './outbox';
import { tasksEn, tasksEs } from './texts';
import { canOpen, formatInZone, groupByDay, groupByView, outboxItemOf, shownTasks, taskView } from './view';

const local = (taskId: string, state: OutboxItem['state'], queuedAt = '2026-03-05T10:00:00Z') =>
  ({ uuid: `${taskId}-${queuedAt}`, taskId, state, queuedAt }) as OutboxItem;
const task = (id: string, status: MyTask['status'], more: Partial<MyTask> = {}) =>
  ({ id, status, canAnswer: status === 'AVAILABLE', opensAt: '2026-03-05T08:00:00Z', startDay: 3, ...more }) as MyTask;

describe('task status as the participant sees it', () => {
  it.each([
    ['AVAILABLE', undefined, 'open'],
    ['COMPLETED', undefined, 'done'],
    ['EXPIRED', undefined, 'expired'],
    ['SCHEDULED', undefined, 'upcoming'],
    ['PENDING_SEND', undefined, 'notSentYet'],
    ['WITHDRAWN', undefined, 'withdrawn'],
    ['AVAILABLE', 'pending', 'waiting'],
    ['EXPIRED', 'pending', 'waiting'],
    ['AVAILABLE', 'failed', 'failed'],
    ['COMPLETED', 'pending', 'done'],
  ] as const)('%s with a result %s on the device → %s', (status, state, view) => {
    expect(taskView({ status }, state ? local('t', state) : undefined)).toBe(view);
  });

  it('a waiting result wins over an older refused one of the same task', () => {
    const items = [local('t', 'failed', '2026-03-05T09:00:00Z'), local('t', 'pending'), local('other', 'failed')];
    expect(outboxItemOf('t', items)?.state).toBe('pending');
    expect(outboxItemOf('other', items)?.state).toBe('failed');
    expect(outboxItemOf('none', items)).toBeUndefined();
  });

  it('only an open or refused task that the server lets the participant answer has a button', () => {
    expect(canOpen({ canAnswer: true }, 'open')).toBe(true);
    expect(canOpen({ canAnswer: true }, 'failed')).toBe(true);
    expect(canOpen({ canAnswer: true }, 'waiting')).toBe(false);
    expect(canOpen({ canAnswer: false }, 'open')).toBe(false);
  });
});

describe('lists', () => {
  it('groups by status in a fixed order, each group by opening time', () => {
    const tasks = shownTasks(
      [
        task('b', 'AVAILABLE', { opensAt: '2026-03-05T12:00:00Z' }),
        task('d', 'COMPLETED'),
        task('a', 'AVAILABLE', { opensAt: '2026-03-05T07:00:00Z' }),
        task('w', 'AVAILABLE'),
        task('e', 'EXPIRED'),
      ],
      [local('w', 'pending')],
    );
    expect(groupByView(tasks).map((g) => [g.group, g.tasks.map((t) => t.task.id)])).toEqual([
      ['todo', ['a', 'b']],
      ['waiting', ['w']],
      ['done', ['d']],
      ['expired', ['e']],
    ]);
  });

  it('groups by study day in day order', () => {
    const tasks = shownTasks(
      [task('x', 'SCHEDULED', { startDay: 7 }), task('y', 'COMPLETED', { startDay: -1 }), task('z', 'AVAILABLE')],
      [],
    );
    expect(groupByDay(tasks).map((g) => [g.day, g.tasks.map((t) => t.task.id)])).toEqual([
      [-1, ['y']],
      [3, ['z']],
      [7, ['x']],
    ]);
  });
});

describe('times in the participant’s zone', () => {
  it('shows the instant in the zone given, in the language given', () => {
    expect(formatInZone('2026-03-05T08:00:00Z', 'America/New_York', 'en')).toBe('Mar 5, 2026, 03:00 AM EST');
    expect(formatInZone('2026-07-05T08:00:00Z', 'Europe/Madrid', 'en')).toBe('Jul 5, 2026, 10:00 AM GMT+2');
    expect(formatInZone('2026-03-05T08:00:00Z', 'Europe/Madrid', 'es')).toBe('5 mar 2026, 09:00 CET');
  });
  it('an unknown zone shows UTC; a missing or bad instant nothing', () => {
    expect(formatInZone('2026-03-05T08:00:00Z', 'Mars/Olympus', 'en')).toBe('Mar 5, 2026, 08:00 AM UTC');
    expect(formatInZone(null, 'UTC', 'en')).toBe('');
    expect(formatInZone('not a date', 'UTC', 'en')).toBe('');
  });
});

describe('texts', () => {
  function keys(o: object, prefix = ''): string[] {
    return Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
    );
  }
  const get = (o: object, k: string) => k.split('.').reduce<unknown>((a, p) => (a as Record<string, unknown>)[p], o);
  it('Spanish has every English key, translated, with the same placeholders', () => {
    expect(keys(tasksEs).sort()).toEqual(keys(tasksEn).sort());
    for (const k of keys(tasksEn)) {
      expect(get(tasksEs, k), k).not.toBe(get(tasksEn, k));
      const holes = (s: unknown) =>
        String(s)
          .match(/\{\{\w+\}\}/g)
          ?.sort() ?? [];
      expect(holes(get(tasksEs, k)), k).toEqual(holes(get(tasksEn, k)));
    }
  });
});
