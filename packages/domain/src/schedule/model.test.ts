import { describe, expect, it } from 'vitest';
import { issueFieldRefs } from '../messages/validation-issues';
import { translate } from '../messages/translate';
import { SCHEDULE_MESSAGES } from '../messages/schedule-catalogue';
import '../messages/study-catalogue';
import { MAX_OCCURRENCES, SCHEDULE_ISSUES, ScheduleSchema, SchedulePlanSchema } from './model';

const name = { en: 'Surgery' };
const survey = { kind: 'activity', activityId: 'survey' } as const;

/** The refusals of a failed parse as [dotted path, message key]. */
function refusals(result: { success: boolean; error?: { issues: { path: PropertyKey[]; params?: unknown }[] } }) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((i) => [
    i.path.map(String).join('.'),
    (i.params as { messageKey?: string } | undefined)?.messageKey,
  ]);
}

describe('schedule refusals carry their field path and catalogue key', () => {
  it.each([
    [
      'window ends before it starts',
      { id: 's', target: survey, startDay: 5, endDay: 4 },
      ['endDay', SCHEDULE_ISSUES.endBeforeStart],
    ],
    [
      'a repeat with neither end day nor count',
      { id: 's', target: survey, startDay: 0, repeat: { kind: 'everyNDays', interval: 2 } },
      ['repeat.count', SCHEDULE_ISSUES.neverEnds],
    ],
    [
      'a weekday listed twice',
      { id: 's', target: survey, startDay: 0, endDay: 30, repeat: { kind: 'weekdays', weekdays: [1, 3, 1] } },
      ['repeat.weekdays', SCHEDULE_ISSUES.duplicateWeekday],
    ],
    [
      'more tasks than the cap',
      { id: 's', target: survey, startDay: -365, endDay: 3650, repeat: { kind: 'everyNDays', interval: 1 } },
      ['endDay', SCHEDULE_ISSUES.tooManyTasks],
    ],
  ])('%s', (_, input, expected) => {
    expect(refusals(ScheduleSchema.safeParse(input))).toEqual([expected]);
  });

  it('the cap is named in the too-many-tasks message', () => {
    const r = ScheduleSchema.safeParse({
      id: 's',
      target: survey,
      startDay: 0,
      endDay: 3000,
      repeat: { kind: 'everyNDays', interval: 1 },
    });
    const refs = issueFieldRefs(r.error?.issues ?? [], {});
    expect(refs.endDay).toEqual([{ key: 'schedule.tooManyTasks', params: { max: MAX_OCCURRENCES } }]);
  });

  it.each([
    [
      'an unknown milestone',
      { schedules: [{ id: 's', target: survey, startDay: 0, anchor: { kind: 'milestone', milestoneId: 'surgery' } }] },
      [['schedules.0.anchor', SCHEDULE_ISSUES.unknownMilestone]],
    ],
    [
      'an unknown packet',
      { schedules: [{ id: 's', target: { kind: 'packet', packetId: 'visit' }, startDay: 7 }] },
      [['schedules.0.target', SCHEDULE_ISSUES.unknownPacket]],
    ],
    [
      'duplicate ids, each list on its own',
      {
        milestones: [
          { id: 'm', name },
          { id: 'm', name },
        ],
        packets: [
          { id: 'p', name, activityIds: ['a'] },
          { id: 'p', name, activityIds: ['b'] },
        ],
        schedules: [
          { id: 's', target: survey, startDay: 0 },
          { id: 's', target: survey, startDay: 1 },
          { id: 'm', target: survey, startDay: 2 },
        ],
      },
      [
        ['milestones.1.id', SCHEDULE_ISSUES.duplicateId],
        ['packets.1.id', SCHEDULE_ISSUES.duplicateId],
        ['schedules.1.id', SCHEDULE_ISSUES.duplicateId],
      ],
    ],
  ])('plan: %s', (_, input, expected) => {
    expect(refusals(SchedulePlanSchema.safeParse(input))).toEqual(expected);
  });

  it('the server and the portals read the key as the field message (validation-issues)', () => {
    const input = { id: 's', target: survey, startDay: 5, endDay: 4 };
    const r = ScheduleSchema.safeParse(input);
    expect(issueFieldRefs(r.error?.issues ?? [], input)).toEqual({
      endDay: [{ key: 'schedule.endBeforeStart', params: undefined }],
    });
  });
});

describe('valid plans parse with their defaults', () => {
  it('an empty plan', () => {
    expect(SchedulePlanSchema.parse({})).toEqual({ milestones: [], packets: [], schedules: [] });
  });

  it('a schedule gets day zero, once, scheduled, not telehealth', () => {
    const plan = SchedulePlanSchema.parse({
      milestones: [{ id: 'surgery', name, plannedDay: 14 }],
      packets: [{ id: 'visit', name, activityIds: ['vitals'] }],
      schedules: [
        { id: 'a', target: survey, startDay: 0 },
        {
          id: 'b',
          target: { kind: 'packet', packetId: 'visit' },
          startDay: 0,
          anchor: { kind: 'milestone', milestoneId: 'surgery' },
        },
        { id: 'c', target: survey, startDay: 0, repeat: { kind: 'weekdays', weekdays: [1, 5], count: 4 } },
      ],
    });
    expect(plan.schedules[0]).toEqual({
      id: 'a',
      target: survey,
      startDay: 0,
      anchor: { kind: 'dayZero' },
      repeat: { kind: 'once' },
      delivery: 'scheduled',
      telehealth: false,
    });
    expect(plan.schedules[1]?.anchor).toEqual({ kind: 'milestone', milestoneId: 'surgery' });
    expect(plan.schedules[2]?.repeat).toEqual({ kind: 'weekdays', weekdays: [1, 5], count: 4 });
  });

  it('exactly the cap is allowed', () => {
    const r = ScheduleSchema.safeParse({
      id: 's',
      target: survey,
      startDay: 0,
      endDay: MAX_OCCURRENCES - 1,
      repeat: { kind: 'everyNDays', interval: 1 },
    });
    expect(r.success).toBe(true);
  });
});

describe('schedule messages (en and es)', () => {
  it('every refusal key has its own English and Spanish text in the catalogue', () => {
    for (const key of Object.values(SCHEDULE_ISSUES)) {
      expect(SCHEDULE_MESSAGES).toHaveProperty(key);
      expect(translate(key, { max: MAX_OCCURRENCES })).not.toBe(key);
      expect(translate(key, { max: MAX_OCCURRENCES }, 'es')).not.toBe(translate(key, { max: MAX_OCCURRENCES }));
    }
    expect(translate('schedule.neverEnds')).toBe('This repeat never ends: give an end day or a number of times.');
    expect(translate('schedule.tooManyTasks', { max: 1000 }, 'es')).toMatch(/más de 1000 tareas/);
  });
});
