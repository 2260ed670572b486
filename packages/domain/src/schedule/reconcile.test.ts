import { describe, expect, it } from 'vitest';
import { type ParticipantAnchors, type PlannedTask, planTasks } from './engine';
import { type SchedulePlanInput, SchedulePlanSchema } from './model';
import { type ExistingTask, applyTaskChanges, reconcileTasks, taskFromPlan } from './reconcile';
import { summarizeChanges } from './report';

const survey = { kind: 'activity', activityId: 'survey' } as const;
const anchors: ParticipantAnchors = { timeZone: 'UTC', dayZero: '2026-03-01', milestones: {} };
const plan = (input: SchedulePlanInput, a = anchors) => planTasks(SchedulePlanSchema.parse(input), a);
const daily = (from: number, to: number) => ({
  id: 'daily',
  target: survey,
  startDay: from,
  endDay: to,
  repeat: { kind: 'everyNDays' as const, interval: 1 },
});
const stored = (tasks: PlannedTask[]) => tasks.map(taskFromPlan);
const answer = (tasks: ExistingTask[], key: string): ExistingTask[] =>
  tasks.map((t) => (t.key === key ? { ...t, status: 'COMPLETED', answered: true } : t));
const DURING_DAY_1 = '2026-03-02T10:00:00Z';

/** The changes, then a second reconcile of the result: nothing left to do (idempotent). */
function reconcileTwice(existing: ExistingTask[], planned: PlannedTask[], now: Date | string) {
  const changes = reconcileTasks(existing, planned, now);
  const again = reconcileTasks(applyTaskChanges(existing, changes), planned, now);
  expect([again.add, again.move, again.withdraw]).toEqual([[], [], []]);
  return changes;
}

describe('a new version never touches answered or expired tasks: only future, unanswered tasks move', () => {
  it('the issue’s scenario: days 0–6 become 1–7 after day 0 was answered, during day 1', () => {
    const v1 = answer(stored(plan({ schedules: [daily(0, 6)] })), 'daily:0');
    const v2 = plan({ schedules: [daily(1, 7)] });
    const changes = reconcileTwice(v1, v2, DURING_DAY_1);
    expect(changes.add.map((t) => t.key)).toEqual(['daily:7']);
    expect(changes.move).toEqual([]);
    expect(changes.withdraw).toEqual([]);
    expect(changes.keep).toBe(7); // day 0 (answered) and days 1–6
    const after = applyTaskChanges(v1, changes);
    expect(after.find((t) => t.key === 'daily:0')).toBe(v1[0]); // untouched, the very same task
    expect(summarizeChanges(changes)).toEqual({
      added: 1,
      moved: 0,
      withdrawn: 0,
      kept: 7,
      lines: [{ kind: 'added', scheduleId: 'daily', toDay: 7 }],
    });
  });

  it('an expired task is never moved, and its day is not planned again', () => {
    const v1 = stored(plan({ schedules: [{ id: 'once', target: survey, startDay: 0, endDay: 0 }] }));
    const expired = v1.map((t) => ({ ...t, status: 'EXPIRED' as const }));
    const v2 = plan({ schedules: [{ id: 'once', target: survey, startDay: 0, endDay: 3 }] });
    const changes = reconcileTwice(expired, v2, DURING_DAY_1);
    expect(changes).toEqual({ add: [], move: [], withdraw: [], keep: 1 });
  });

  it('an unanswered task closed at now (not yet marked expired) stays as it is', () => {
    const v1 = stored(plan({ schedules: [daily(0, 6)] }));
    const v2 = plan({ schedules: [{ ...daily(0, 6), openForDays: 3 }] });
    const changes = reconcileTwice(v1, v2, DURING_DAY_1);
    expect(changes.move.map((m) => m.from.key)).toEqual(['daily:1', 'daily:2', 'daily:3', 'daily:4', 'daily:5']);
    expect(changes.keep).toBe(2); // day 0 (closed) and day 6 (already ends on day 6)
  });

  it('a milestone moved from day 30 to 35: unanswered future tasks move, answered ones stay', () => {
    const version = {
      milestones: [{ id: 'surgery', name: { en: 'Surgery' } }],
      schedules: [
        { ...daily(0, 2), id: 'post-op', anchor: { kind: 'milestone' as const, milestoneId: 'surgery' } },
        { id: 'baseline', target: survey, startDay: 0, endDay: 0 },
      ],
    };
    const before = plan(version, { ...anchors, milestones: { surgery: '2026-03-31' } });
    const existing = answer(stored(before), 'post-op:30');
    const after = plan(version, { ...anchors, milestones: { surgery: '2026-04-05' } });
    const changes = reconcileTwice(existing, after, '2026-03-31T12:00:00Z'); // during day 30
    expect(changes.move.map((m) => [m.from.key, m.to.key])).toEqual([
      ['post-op:31', 'post-op:35'],
      ['post-op:32', 'post-op:36'],
    ]);
    expect(changes.add.map((t) => t.key)).toEqual(['post-op:37']);
    expect(changes.withdraw).toEqual([]);
    expect(changes.keep).toBe(2); // baseline (closed) and post-op:30 (answered)
    expect(summarizeChanges(changes).lines).toEqual([
      { kind: 'moved', scheduleId: 'post-op', fromDay: 31, toDay: 35 },
      { kind: 'moved', scheduleId: 'post-op', fromDay: 32, toDay: 36 },
      { kind: 'added', scheduleId: 'post-op', toDay: 37 },
    ]);
  });

  it('a removed schedule: its future unanswered tasks are withdrawn, answered and past ones kept', () => {
    const existing = answer(stored(plan({ schedules: [daily(0, 6)] })), 'daily:3');
    const changes = reconcileTwice(existing, [], DURING_DAY_1);
    expect(changes.withdraw.map((t) => t.key)).toEqual(['daily:1', 'daily:2', 'daily:4', 'daily:5', 'daily:6']);
    expect(changes.keep).toBe(2);
    const after = applyTaskChanges(existing, changes);
    expect(after.filter((t) => t.status === 'WITHDRAWN')).toHaveLength(5);
    expect(after.find((t) => t.key === 'daily:3')?.status).toBe('COMPLETED');
    expect(summarizeChanges(changes)).toMatchObject({ withdrawn: 5, kept: 2 });
  });

  it('a task the new plan would already have closed stays open as it was (never moved to a closed window)', () => {
    const v1 = stored(plan({ schedules: [{ id: 'once', target: survey, startDay: 1, endDay: 3 }] }));
    const v2 = plan({ schedules: [{ id: 'once', target: survey, startDay: 1, endDay: 1 }] });
    const changes = reconcileTwice(v1, v2, '2026-03-03T10:00:00Z'); // during day 2
    expect(changes).toEqual({ add: [], move: [], withdraw: [], keep: 1 });
  });

  it('a changed target, delivery or telehealth moves the task in place (same key)', () => {
    const v1 = stored(plan({ schedules: [daily(2, 3)] }));
    const v2 = plan({ schedules: [{ ...daily(2, 3), telehealth: true }] });
    const changes = reconcileTwice(v1, v2, DURING_DAY_1);
    expect(changes.move.map((m) => [m.from.key, m.to.key, m.to.telehealth])).toEqual([
      ['daily:2', 'daily:2', true],
      ['daily:3', 'daily:3', true],
    ]);
    expect(summarizeChanges(changes).lines[0]).toEqual({ kind: 'moved', scheduleId: 'daily', fromDay: 2, toDay: 2 });
  });

  it('the same instant written differently is the same task; a task without delivery data is not compared on it', () => {
    const v1 = stored(plan({ schedules: [daily(2, 2)] })).map(({ target, delivery, telehealth, ...t }) => ({
      ...t,
      opensAt: t.opensAt.replace('.000Z', 'Z'),
    }));
    const v2 = plan({ schedules: [{ ...daily(2, 2), delivery: 'justInTime' }] });
    expect(reconcileTasks(v1, v2, DURING_DAY_1)).toEqual({ add: [], move: [], withdraw: [], keep: 1 });
  });

  it('withdrawn tasks count as absent: the same day planned again is added, and replaces it', () => {
    const v1 = stored(plan({ schedules: [daily(2, 3)] })).map((t) => ({ ...t, status: 'WITHDRAWN' as const }));
    const v2 = plan({ schedules: [daily(2, 3)] });
    const changes = reconcileTwice(v1, v2, new Date(DURING_DAY_1));
    expect(changes.add.map((t) => t.key)).toEqual(['daily:2', 'daily:3']);
    expect(changes.keep).toBe(0);
    const after = applyTaskChanges(v1, changes);
    expect(after.map((t) => [t.key, t.status])).toEqual([
      ['daily:2', 'SCHEDULED'],
      ['daily:3', 'SCHEDULED'],
    ]);
  });

  it('a new participant (no tasks) gets only the tasks not already closed', () => {
    const changes = reconcileTwice([], plan({ schedules: [daily(0, 3)] }), DURING_DAY_1);
    expect(changes.add.map((t) => t.key)).toEqual(['daily:1', 'daily:2', 'daily:3']);
  });

  it('an unreadable now is an error, not a silent plan', () => {
    expect(() => reconcileTasks([], [], 'yesterday')).toThrow(RangeError);
  });
});
