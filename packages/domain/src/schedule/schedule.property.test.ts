import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ParticipantAnchors, planTasks } from './engine';
import { type SchedulePlan, SchedulePlanSchema, SCHEDULE_DELIVERIES } from './model';
import { type ExistingTask, type TaskStatus, applyTaskChanges, reconcileTasks, taskFromPlan } from './reconcile';
import { summarizeChanges } from './report';

const RUNS = { numRuns: 200 };
const DAY_MS = 86_400_000;
const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/Madrid',
  'Asia/Kolkata',
  'America/Havana',
  'Pacific/Apia',
  'Nope/Zone',
];
// around DST changes (and the date Samoa skipped)
const DAY_ZEROS = ['2026-03-05', '2026-10-22', '2026-03-26', '2026-10-30', '2011-12-28', '2026-06-15'];

const schedule = fc
  .record({
    id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    anchor: fc.oneof(
      fc.constant({ kind: 'dayZero' as const }),
      fc.constantFrom('m1', 'm2').map((milestoneId) => ({ kind: 'milestone' as const, milestoneId })),
    ),
    startDay: fc.integer({ min: -5, max: 30 }),
    length: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
    repeat: fc.oneof(
      fc.constant({ kind: 'once' as const }),
      fc.record({
        kind: fc.constant('everyNDays' as const),
        interval: fc.integer({ min: 1, max: 9 }),
        count: fc.integer({ min: 1, max: 12 }),
      }),
      fc.record({
        kind: fc.constant('weekdays' as const),
        weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        count: fc.integer({ min: 1, max: 12 }),
      }),
    ),
    withCount: fc.boolean(),
    openForDays: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
    delivery: fc.constantFrom(...SCHEDULE_DELIVERIES),
    telehealth: fc.boolean(),
  })
  .map(({ length, withCount, repeat, ...s }) => ({
    ...s,
    target: { kind: 'activity' as const, activityId: s.id },
    endDay: length === undefined ? undefined : s.startDay + length,
    // a repeat needs an end day or a count
    repeat: repeat.kind !== 'once' && !withCount && length !== undefined ? { ...repeat, count: undefined } : repeat,
  }));

const plan: fc.Arbitrary<SchedulePlan> = fc
  .uniqueArray(schedule, { selector: (s) => s.id, maxLength: 5 })
  .map((schedules) =>
    SchedulePlanSchema.parse({
      milestones: [
        { id: 'm1', name: { en: 'One' } },
        { id: 'm2', name: { en: 'Two' } },
      ],
      schedules,
    }),
  );

const date = (base: string) =>
  fc.integer({ min: -3, max: 40 }).map((d) => new Date(Date.parse(base) + d * DAY_MS).toISOString().slice(0, 10));

const anchors: fc.Arbitrary<ParticipantAnchors> = fc
  .record({ timeZone: fc.constantFrom(...ZONES), dayZero: fc.constantFrom(...DAY_ZEROS) })
  .chain(({ timeZone, dayZero }) =>
    fc.record({
      timeZone: fc.constant(timeZone),
      dayZero: fc.constant(dayZero),
      milestones: fc.record({ m1: date(dayZero), m2: date(dayZero) }, { requiredKeys: [] }),
    }),
  );

/** A participant under plan v1 with some tasks answered, expired or withdrawn; plan v2 and a `now`. */
const scenario = fc
  .record({
    v1: plan,
    v2: plan,
    a1: anchors,
    moveMilestones: fc.boolean(),
    nowDay: fc.double({ min: -5, max: 60, noNaN: true }),
  })
  .chain(({ v1, v2, a1, moveMilestones, nowDay }) => {
    const tasks = planTasks(v1, a1);
    return fc.record({
      v2: fc.constant(v2),
      a2: moveMilestones ? anchors.map((a) => ({ ...a1, milestones: a.milestones })) : fc.constant(a1),
      now: fc.constant(new Date(Date.parse(`${a1.dayZero}T00:00:00Z`) + nowDay * DAY_MS).toISOString()),
      existing: fc.tuple(
        ...tasks.map((t) =>
          fc
            .record({
              status: fc.constantFrom<TaskStatus>('SCHEDULED', 'SCHEDULED', 'COMPLETED', 'EXPIRED', 'WITHDRAWN'),
              answered: fc.boolean(),
            })
            .map(
              (state): ExistingTask => ({
                ...taskFromPlan(t),
                ...state,
                answered: state.status === 'COMPLETED' || state.answered,
              }),
            ),
        ),
      ),
    });
  });

const isClosed = (t: { closesAt: string | null }, now: string) =>
  t.closesAt !== null && Date.parse(t.closesAt) <= Date.parse(now);
const frozen = (t: ExistingTask, now: string) => t.status !== 'SCHEDULED' || t.answered || isClosed(t, now);

describe('schedule engine properties', () => {
  it('planTasks never yields duplicate keys, sorts by day, opens before it closes', () => {
    fc.assert(
      fc.property(plan, anchors, (p, a) => {
        const tasks = planTasks(p, a);
        expect(new Set(tasks.map((t) => t.key)).size).toBe(tasks.length);
        tasks.forEach((t, i) => {
          expect(t.key).toBe(`${t.scheduleId}:${t.startDay}`);
          if (i > 0) expect(t.startDay).toBeGreaterThanOrEqual((tasks[i - 1] as typeof t).startDay);
          if (t.closesAt !== null) expect(Date.parse(t.closesAt)).toBeGreaterThanOrEqual(Date.parse(t.opensAt));
        });
      }),
      RUNS,
    );
  });

  it('planTasks never throws, whatever the zone or day zero text', () => {
    fc.assert(
      fc.property(
        plan,
        fc.oneof(fc.string(), fc.constantFrom(...ZONES)),
        fc.oneof(fc.string(), fc.constantFrom(...DAY_ZEROS)),
        (p, timeZone, dayZero) => {
          expect(Array.isArray(planTasks(p, { timeZone, dayZero, milestones: { m1: dayZero } }))).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('reconcile never moves or withdraws an answered, completed, expired or closed task, nor adds a closed one', () => {
    fc.assert(
      fc.property(scenario, ({ v2, a2, now, existing }) => {
        const changes = reconcileTasks(existing, planTasks(v2, a2), now);
        for (const m of changes.move) {
          expect(frozen(m.from, now)).toBe(false);
          expect(isClosed(m.to, now)).toBe(false);
        }
        for (const t of changes.withdraw) expect(frozen(t, now)).toBe(false);
        for (const t of changes.add) expect(isClosed(t, now)).toBe(false);
        const active = existing.filter((t) => t.status !== 'WITHDRAWN').length;
        expect(changes.keep + changes.move.length + changes.withdraw.length).toBe(active);
        expect(summarizeChanges(changes).lines).toHaveLength(
          changes.add.length + changes.move.length + changes.withdraw.length,
        );
      }),
      RUNS,
    );
  });

  it('applying the changes then reconciling again changes nothing (idempotent), keys stay unique', () => {
    fc.assert(
      fc.property(scenario, ({ v2, a2, now, existing }) => {
        const planned = planTasks(v2, a2);
        const after = applyTaskChanges(existing, reconcileTasks(existing, planned, now));
        expect(new Set(after.map((t) => t.key)).size).toBe(after.length);
        for (const t of existing.filter((e) => frozen(e, now) && e.status !== 'WITHDRAWN')) expect(after).toContain(t);
        const again = reconcileTasks(after, planned, now);
        expect([again.add, again.move, again.withdraw]).toEqual([[], [], []]);
      }),
      RUNS,
    );
  });
});
