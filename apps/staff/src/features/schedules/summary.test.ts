import '../../app/features';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { scheduleSummary } from './summary';

let t: TFunction;
beforeAll(async () => {
  await i18n.loadNamespaces('schedules');
  t = i18n.getFixedT('en', 'schedules');
});

const base = { id: 's', target: { kind: 'activity' as const, activityId: 'a' } };
const say = (s: Parameters<typeof scheduleSummary>[0]) => scheduleSummary(s, t, 'en', () => 'Surgery');

describe('a schedule in one sentence (decision 0044)', () => {
  it('says a daily window with how long each task stays open', () => {
    expect(say({ ...base, startDay: 0, endDay: 6, repeat: { kind: 'everyNDays', interval: 1 }, openForDays: 1 })).toBe(
      'Every day from day 0 to day 6, open 1 day',
    );
  });

  it('says a single task, with or without its window', () => {
    expect(say({ ...base, startDay: 7 })).toBe('Once on day 7');
    expect(say({ ...base, startDay: 7, endDay: 9, openForDays: 3 })).toBe('Once, from day 7 to day 9, open 3 days');
  });

  it('says every N days a number of times, counted from a milestone', () => {
    expect(
      say({
        ...base,
        anchor: { kind: 'milestone', milestoneId: 'm' },
        startDay: 1,
        repeat: { kind: 'everyNDays', interval: 7, count: 4 },
      }),
    ).toBe('Every 7 days from Surgery day 1, 4 times');
  });

  it('names the weekdays in calendar order, the delivery and telehealth', () => {
    expect(
      say({
        ...base,
        startDay: 0,
        endDay: 27,
        repeat: { kind: 'weekdays', weekdays: [5, 1] },
        delivery: 'justInTime',
        telehealth: true,
      }),
    ).toBe('Every Monday and Friday from day 0 to day 27, sent by staff just in time, telehealth visit');
  });
});
