/**
 * A schedule in one sentence (decision 0044): "Every day from day 0 to day 6, open 1 day". Pure: the
 * words come from the schedules namespace through `t`, weekday names from the language's calendar.
 */
import type { Schedule, ScheduleInput } from '@trialpath/domain';
import type { TFunction } from 'i18next';

/** The weekday's name in a language (0 = Sunday): 1 January 2023 was a Sunday. */
export function weekdayName(day: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + day));
}

/** A schedule as it is being edited: the days may still be missing. */
export type ScheduleDraft = Omit<ScheduleInput, 'startDay'> & { startDay?: number | undefined };

export function scheduleSummary(
  s: ScheduleDraft | Schedule,
  t: TFunction,
  lang: string,
  milestoneName: (id: string) => string = (id) => id,
): string {
  const anchor = s.anchor ?? { kind: 'dayZero' };
  const day = (n: number | undefined) =>
    n === undefined
      ? t('summary.noDay')
      : anchor.kind === 'milestone'
        ? t('summary.milestoneDay', { day: n, milestone: milestoneName(anchor.milestoneId) })
        : t('summary.day', { day: n });
  const r = s.repeat ?? { kind: 'once' };
  const parts: string[] = [];
  if (r.kind === 'once') {
    parts.push(
      s.endDay === undefined
        ? t('summary.once', { day: day(s.startDay) })
        : t('summary.onceWindow', { start: day(s.startDay), end: day(s.endDay) }),
    );
  } else {
    const every =
      r.kind === 'everyNDays'
        ? r.interval === 1
          ? t('summary.everyDay')
          : t('summary.everyNDays', { interval: r.interval })
        : t('summary.weekdays', {
            days: new Intl.ListFormat(lang, { type: 'conjunction' }).format(
              [...r.weekdays].sort((a, b) => a - b).map((w) => weekdayName(w, lang)),
            ),
          });
    parts.push(
      s.endDay === undefined
        ? t('summary.from', { repeat: every, start: day(s.startDay) })
        : t('summary.fromTo', { repeat: every, start: day(s.startDay), end: day(s.endDay) }),
    );
    if (r.count !== undefined) parts.push(t('summary.times', { count: r.count }));
  }
  if (s.openForDays !== undefined) parts.push(t('summary.open', { count: s.openForDays }));
  if (s.delivery && s.delivery !== 'scheduled') parts.push(t(`summary.delivery_${s.delivery}`));
  if (s.telehealth) parts.push(t('summary.telehealth'));
  return parts.join(', ');
}
