import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import '../activity/rules/context'; // dayjs utc + timezone plugins
import { type ParticipantAnchors, planTasks, studyDayAt } from './engine';
import { MAX_OCCURRENCES, type ScheduleInput, SchedulePlanSchema, type SchedulePlanInput } from './model';

const survey = { kind: 'activity', activityId: 'survey' } as const;
const name = { en: 'Surgery' };
const utc = (over: Partial<ParticipantAnchors> = {}): ParticipantAnchors => ({
  timeZone: 'UTC',
  dayZero: '2026-01-05', // a Monday
  milestones: {},
  ...over,
});
const plan = (input: SchedulePlanInput) => SchedulePlanSchema.parse(input);
const one = (s: Omit<ScheduleInput, 'id' | 'target'>, anchors = utc()) =>
  planTasks(plan({ schedules: [{ id: 's', target: survey, ...s }] }), anchors).map((t) => [t.startDay, t.endDay]);

describe('occurrences: which days, open until when', () => {
  it.each<[string, Omit<ScheduleInput, 'id' | 'target'>, [number, number | null][]]>([
    ['once, open-ended', { startDay: 3 }, [[3, null]]],
    ['once with a window', { startDay: 3, endDay: 9 }, [[3, 9]]],
    ['once open for 2 days', { startDay: 3, openForDays: 2 }, [[3, 4]]],
    ['once open for days, clipped to the end day', { startDay: 3, endDay: 4, openForDays: 10 }, [[3, 4]]],
    [
      'every 3 days up to the end day (each until the next)',
      { startDay: 0, endDay: 7, repeat: { kind: 'everyNDays', interval: 3 } },
      [
        [0, 2],
        [3, 5],
        [6, 7],
      ],
    ],
    [
      'every 2 days, count 3, no end day',
      { startDay: 1, repeat: { kind: 'everyNDays', interval: 2, count: 3 } },
      [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
    ],
    [
      'count and end day: whichever comes first',
      { startDay: 0, endDay: 4, repeat: { kind: 'everyNDays', interval: 1, count: 10 } },
      [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
      ],
    ],
    [
      'count before the end day',
      { startDay: 0, endDay: 40, repeat: { kind: 'everyNDays', interval: 7, count: 2 } },
      [
        [0, 6],
        [7, 13],
      ],
    ],
    [
      'every 7 days open for 2',
      { startDay: 0, endDay: 14, repeat: { kind: 'everyNDays', interval: 7 }, openForDays: 2 },
      [
        [0, 1],
        [7, 8],
        [14, 14],
      ],
    ],
    [
      'Wednesdays and Fridays from day 0 (a Monday) to day 11',
      { startDay: 0, endDay: 11, repeat: { kind: 'weekdays', weekdays: [3, 5] } },
      [
        [2, 2],
        [4, 4],
        [9, 9],
        [11, 11],
      ],
    ],
    [
      'Sundays, count 2, open for 3 days',
      { startDay: 0, repeat: { kind: 'weekdays', weekdays: [0], count: 2 }, openForDays: 3 },
      [
        [6, 8],
        [13, 15],
      ],
    ],
    [
      'on demand: one task through the whole window',
      { startDay: 0, endDay: 6, repeat: { kind: 'everyNDays', interval: 1 }, delivery: 'onDemand' },
      [[0, 6]],
    ],
    [
      'on demand without an end day: to the last repeat',
      { startDay: 2, repeat: { kind: 'everyNDays', interval: 2, count: 3 }, delivery: 'onDemand' },
      [[2, 7]],
    ],
    ['on demand once, open-ended', { startDay: 2, delivery: 'onDemand' }, [[2, null]]],
  ])('%s', (_, schedule, expected) => {
    expect(one(schedule)).toEqual(expected);
  });

  it('weekdays follow the date in the participant’s zone (day zero a Sunday in Tokyo)', () => {
    const tokyo = utc({ timeZone: 'Asia/Tokyo', dayZero: '2026-01-04' });
    expect(one({ startDay: 0, endDay: 6, repeat: { kind: 'weekdays', weekdays: [0, 6] } }, tokyo)).toEqual([
      [0, 0],
      [6, 6],
    ]);
  });

  it('never more than MAX_OCCURRENCES tasks for a schedule', () => {
    const weekdays = [0, 1, 2, 3, 4, 5, 6];
    expect(one({ startDay: -365, endDay: 3650, repeat: { kind: 'weekdays', weekdays } })).toHaveLength(MAX_OCCURRENCES);
  });
});

describe('anchors', () => {
  const milestonePlan = plan({
    milestones: [{ id: 'surgery', name, plannedDay: 30 }],
    schedules: [
      { id: 'post-op', target: survey, startDay: 1, endDay: 3, anchor: { kind: 'milestone', milestoneId: 'surgery' } },
      { id: 'baseline', target: survey, startDay: 0, endDay: 0 },
    ],
  });

  it('a milestone anchor counts from the participant’s milestone date', () => {
    const tasks = planTasks(milestonePlan, utc({ milestones: { surgery: '2026-02-04' } })); // day 30
    expect(tasks.map((t) => [t.key, t.startDay, t.endDay, t.opensAt, t.closesAt])).toEqual([
      ['baseline:0', 0, 0, '2026-01-05T00:00:00.000Z', '2026-01-06T00:00:00.000Z'],
      ['post-op:31', 31, 33, '2026-02-05T00:00:00.000Z', '2026-02-08T00:00:00.000Z'],
    ]);
  });

  it('a milestone without a date for the participant yields none of its tasks (plannedDay only informs)', () => {
    expect(planTasks(milestonePlan, utc()).map((t) => t.key)).toEqual(['baseline:0']);
    expect(planTasks(milestonePlan, utc({ milestones: { surgery: 'soon' } })).map((t) => t.key)).toEqual([
      'baseline:0',
    ]);
  });

  it('a milestone dated decades away still sorts by day', () => {
    const tasks = planTasks(milestonePlan, utc({ milestones: { surgery: '2096-01-05' } }));
    expect(tasks.map((t) => t.startDay)).toEqual([0, 25568]); // 70 years, 17 of them leap
  });

  it.each([null, '', '2026-02-30', '26-01-01'])('day zero %j: no tasks at all, even with a milestone date', (z) => {
    expect(planTasks(milestonePlan, utc({ dayZero: z, milestones: { surgery: '2026-02-04' } }))).toEqual([]);
  });
});

describe('the issue’s example: a survey daily on days 0–6, a packet on day 7', () => {
  const tasks = planTasks(
    plan({
      packets: [{ id: 'visit', name: { en: 'Visit' }, activityIds: ['vitals', 'labs'] }],
      schedules: [
        { id: 'visit-7', target: { kind: 'packet', packetId: 'visit' }, startDay: 7, endDay: 7, telehealth: true },
        { id: 'daily', target: survey, startDay: 0, endDay: 6, repeat: { kind: 'everyNDays', interval: 1 } },
      ],
    }),
    utc({ timeZone: 'Europe/Madrid', dayZero: '2026-06-01' }),
  );

  it('seven survey tasks, each open one day, then the packet', () => {
    expect(tasks.map((t) => [t.key, t.startDay, t.endDay])).toEqual([
      ...[0, 1, 2, 3, 4, 5, 6].map((d) => [`daily:${d}`, d, d]),
      ['visit-7:7', 7, 7],
    ]);
    expect(tasks[0]).toMatchObject({
      opensAt: '2026-05-31T22:00:00.000Z', // Madrid midnight in summer time (UTC+2)
      closesAt: '2026-06-01T22:00:00.000Z',
      delivery: 'scheduled',
      telehealth: false,
    });
    expect(tasks[7]).toMatchObject({ target: { kind: 'packet', packetId: 'visit' }, telehealth: true });
  });
});

describe('days are calendar days in the zone: 23 and 25 hours across DST', () => {
  const HOUR = 3_600_000;
  it.each([
    ['America/New_York', '2026-03-05', 3, 23],
    ['America/New_York', '2026-10-29', 3, 25],
    ['Europe/Madrid', '2026-03-26', 3, 23],
    ['Europe/Madrid', '2026-10-22', 3, 25],
  ])('%s from %s: day %i to the next is %i h', (timeZone, dayZero, changeDay, hours) => {
    const daily = plan({
      schedules: [{ id: 'd', target: survey, startDay: 0, endDay: 6, repeat: { kind: 'everyNDays', interval: 1 } }],
    });
    const tasks = planTasks(daily, utc({ timeZone, dayZero }));
    const opens = tasks.map((t) => Date.parse(t.opensAt));
    const gaps = opens.slice(1).map((o, i) => (o - (opens[i] as number)) / HOUR);
    expect(gaps).toEqual(gaps.map((_, i) => (i === changeDay ? hours : 24)));
    for (const t of tasks) {
      expect(dayjs(t.opensAt).tz(timeZone).format('HH:mm')).toBe('00:00');
      expect(dayjs(t.closesAt).tz(timeZone).format('HH:mm')).toBe('00:00');
      expect(dayjs(t.opensAt).tz(timeZone).format('YYYY-MM-DD')).toBe(
        dayjs(dayZero).add(t.startDay, 'day').format('YYYY-MM-DD'),
      );
      expect(t.closesAt).toBe(tasks.find((n) => n.startDay === t.startDay + 1)?.opensAt ?? t.closesAt);
    }
  });

  it.each([
    ['America/Havana', '2026-11-01', '2026-11-01T04:00:00.000Z', 'midnight happens twice: the first one'],
    ['America/Santiago', '2026-09-06', '2026-09-06T04:00:00.000Z', 'no midnight: the day starts at 01:00'],
  ])('%s %s starts at %s (%s)', (timeZone, date, instant) => {
    const tasks = planTasks(
      plan({ schedules: [{ id: 'x', target: survey, startDay: 0, endDay: 0 }] }),
      utc({ timeZone, dayZero: date }),
    );
    expect(tasks[0]?.opensAt).toBe(instant);
  });

  it.each(['Mars/Olympus', '', 'America/New_York ', '+05:00'])(
    'an unknown zone %j is UTC, without throwing',
    (timeZone) => {
      const tasks = planTasks(
        plan({ schedules: [{ id: 'x', target: survey, startDay: 1, endDay: 1 }] }),
        utc({ timeZone }),
      );
      expect(tasks[0]).toMatchObject({ opensAt: '2026-01-06T00:00:00.000Z', closesAt: '2026-01-07T00:00:00.000Z' });
    },
  );
});

// speed is measured by bench/ (the materialisation budget), never by a timed assertion here
describe('order and keys', () => {
  const big = plan({
    schedules: Array.from({ length: 20 }, (_, i) => ({
      id: `s${String(19 - i).padStart(2, '0')}`,
      target: survey,
      startDay: 0,
      endDay: 364,
      repeat: { kind: 'everyNDays' as const, interval: 1 },
    })),
  });

  it('sorted by startDay then scheduleId, keys unique', () => {
    const tasks = planTasks(big, utc({ timeZone: 'America/New_York' }));
    expect(tasks).toHaveLength(20 * 365);
    expect(new Set(tasks.map((t) => t.key)).size).toBe(tasks.length);
    expect(tasks.slice(0, 3).map((t) => t.key)).toEqual(['s00:0', 's01:0', 's02:0']);
    const sorted = [...tasks].sort((a, b) => a.startDay - b.startDay || (a.scheduleId < b.scheduleId ? -1 : 1));
    expect(tasks).toEqual(sorted);
  });
});

describe('the study day now (studyDayAt)', () => {
  it.each([
    // 03:30 UTC on 8 March is still 7 March in New York (day 2), already 8 March in Madrid (day 3)
    ['America/New_York', '2026-03-05', '2026-03-08T03:30:00Z', 2],
    ['Europe/Madrid', '2026-03-05', '2026-03-08T03:30:00Z', 3],
    ['America/New_York', '2026-03-05', '2026-03-05T04:59:00Z', -1],
    ['Not/AZone', '2026-03-05', '2026-03-05T00:00:00Z', 0],
  ])('%s, day zero %s, at %s: day %i', (zone, zero, at, day) => {
    expect(studyDayAt(zero, zone, new Date(at))).toBe(day);
  });

  it('is null before day zero is set or when it is not a date', () => {
    expect(studyDayAt(null, 'UTC')).toBeNull();
    expect(studyDayAt('2026-02-30', 'UTC')).toBeNull();
  });
});
