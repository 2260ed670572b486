/**
 * Day of study (001 §3, §4; decision B-023): whole calendar days from the participant's startDate, or
 * from registrationDate when startDate is 0 (not started), counted in the participant's time zone.
 * The start date itself is day 0. A task is available from its startDay to its endDay (inclusive).
 */
import dayjs from 'dayjs';
import { type RuleContext, zonedNow } from './rules/context';

export type DateInput = Date | string | number | null | undefined;

export interface StudyDates {
  /** 0 (or empty) means the participant has not started; registrationDate is used then. */
  startDate?: DateInput;
  registrationDate?: DateInput;
}

function isUnset(d: DateInput): boolean {
  return d === null || d === undefined || d === 0 || d === '0' || d === '';
}

function zoned(d: DateInput, tz: string): dayjs.Dayjs | null {
  const x = dayjs(d as Date | string | number);
  if (!x.isValid()) return null;
  try {
    return x.tz(tz);
  } catch {
    return x.utc();
  }
}

/** The participant's day of study now, or null when neither date is known. */
export function dayOfStudy(dates: StudyDates, ctx: RuleContext = {}): number | null {
  const from = isUnset(dates.startDate) ? dates.registrationDate : dates.startDate;
  if (isUnset(from)) return null;
  const tz = ctx.timeZone || 'UTC';
  const start = zoned(from, tz);
  if (!start) return null;
  const today = zonedNow(ctx).format('YYYY-MM-DD');
  return dayjs.utc(today).diff(dayjs.utc(start.format('YYYY-MM-DD')), 'day');
}

export interface TaskWindow {
  startDay: number;
  endDay: number;
}

/** Whether a task (schedule startDay..endDay) is open on a day of study. */
export function isTaskAvailable(task: TaskWindow, day: number | null): boolean {
  return day !== null && day >= task.startDay && day <= task.endDay;
}
