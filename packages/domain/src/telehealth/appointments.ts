/**
 * Telehealth appointments and availability (issue 15; 001 §4, §9; decision F-appointments). Rules shared by
 * the server, the staff portal and the participant portal: the visit types and how each is held, the states
 * an appointment moves through and the participant status code each answers (001 §4), and the weekly
 * availability of a staff member — windows of wall-clock time in their time zone — with the free slots
 * it leaves.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';
import { isTimeForCall, TELEHEALTH_STATUS, type TelehealthStatusCode } from '../activity/telehealth';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The visit types of 001 §9, as the calls carry them. */
export const VISIT_TYPES = ['telehealth', 'videocall', 'in-person', 'officevisit', 'homevisit', 'phonecall'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];
export type VisitMode = 'video' | 'office' | 'home' | 'phone';

const MODES: Record<VisitType, VisitMode> = {
  telehealth: 'video',
  videocall: 'video',
  'in-person': 'office',
  officevisit: 'office',
  homevisit: 'home',
  phonecall: 'phone',
};

/** How a visit type is held (F-024…F-027): telehealth and videocall by video, in-person and officevisit at the office. */
export function visitModeOf(type: unknown): VisitMode | null {
  const key = String(type ?? '')
    .trim()
    .toLowerCase() as VisitType;
  return Object.hasOwn(MODES, key) ? MODES[key] : null;
}

/** Scheduled: booked for one of the participant's telehealth tasks; unscheduled: a visit outside the schedule. */
export const APPOINTMENT_KINDS = ['SCHEDULED', 'UNSCHEDULED'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];

/**
 * The states an appointment moves through. Booking makes BOOKED; the call moves it through INITIATED (staff
 * started it), RINGING (the participant is called: "incoming call"), ARRIVED (the participant is in the call,
 * waiting), ON_CALL, ON_HOLD; it ends COMPLETE, INCOMPLETE (the call was cut short), LWBS (left without being
 * seen), NO_SHOW or CANCELLED.
 */
export const APPOINTMENT_STATES = [
  'BOOKED',
  'INITIATED',
  'RINGING',
  'ARRIVED',
  'ON_CALL',
  'ON_HOLD',
  'LWBS',
  'INCOMPLETE',
  'COMPLETE',
  'CANCELLED',
  'NO_SHOW',
] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

/** States that are over: no call can be started, the time cannot be changed. */
export const FINAL_APPOINTMENT_STATES: readonly AppointmentState[] = [
  'LWBS',
  'INCOMPLETE',
  'COMPLETE',
  'CANCELLED',
  'NO_SHOW',
];
export const isFinalAppointmentState = (s: AppointmentState) => FINAL_APPOINTMENT_STATES.includes(s);

const STATE_CODES: Record<Exclude<AppointmentState, 'BOOKED'>, TelehealthStatusCode> = {
  INITIATED: TELEHEALTH_STATUS.Initiated,
  RINGING: TELEHEALTH_STATUS.JoinCall,
  ARRIVED: TELEHEALTH_STATUS.Arrived,
  ON_CALL: TELEHEALTH_STATUS.OnCall,
  ON_HOLD: TELEHEALTH_STATUS.OnHold,
  LWBS: TELEHEALTH_STATUS.LWBS,
  INCOMPLETE: TELEHEALTH_STATUS.Incomplete,
  COMPLETE: TELEHEALTH_STATUS.Complete,
  CANCELLED: TELEHEALTH_STATUS.Cancelled,
  NO_SHOW: TELEHEALTH_STATUS.NoShow,
};

/** How early before its start an appointment is "time for your call" (the participant may join). */
export const JOIN_EARLY_MINUTES = 15;

export interface AppointmentTiming {
  state: AppointmentState;
  startsAt: string | Date;
  endsAt: string | Date;
  /** The days of study the appointment's task is open (for an unscheduled visit, the appointment's own day). */
  taskStartDay: number;
  taskEndDay: number;
}

/**
 * The participant status code of one appointment (001 §4): a booked appointment is "time for your call" only
 * while the participant's day of study lies within its task's days (F-023) and the clock is between
 * JOIN_EARLY_MINUTES before its start and its end; before that it is "video call not yet started".
 */
export function appointmentStatusCode(
  a: AppointmentTiming,
  at: { now: Date; dayOfStudy: number | null },
): TelehealthStatusCode {
  if (a.state !== 'BOOKED') return STATE_CODES[a.state];
  const from = new Date(a.startsAt).getTime() - JOIN_EARLY_MINUTES * 60_000;
  const until = new Date(a.endsAt).getTime();
  const now = at.now.getTime();
  return isTimeForCall(at.dayOfStudy, a) && now >= from && now <= until
    ? TELEHEALTH_STATUS.TimeForYourCall
    : TELEHEALTH_STATUS.VideoCallNotYetStarted;
}

/**
 * The participant's telehealth status: NoAppointments (1) without any; else the code of the appointment that
 * matters most now — a call in progress, then one due now, then the next to come, then the latest one past.
 */
export function participantTelehealthStatus(
  appointments: readonly AppointmentTiming[],
  at: { now: Date; dayOfStudy: number | null },
): TelehealthStatusCode {
  if (appointments.length === 0) return TELEHEALTH_STATUS.NoAppointments;
  const live = appointments.find((a) => ['INITIATED', 'RINGING', 'ARRIVED', 'ON_CALL', 'ON_HOLD'].includes(a.state));
  if (live) return appointmentStatusCode(live, at);
  const codes = appointments.map((a) => ({ a, code: appointmentStatusCode(a, at) }));
  const due = codes.find((c) => c.code === TELEHEALTH_STATUS.TimeForYourCall);
  if (due) return due.code;
  const upcoming = codes
    .filter((c) => c.a.state === 'BOOKED' && new Date(c.a.endsAt).getTime() > at.now.getTime())
    .sort((x, y) => new Date(x.a.startsAt).getTime() - new Date(y.a.startsAt).getTime());
  if (upcoming[0]) return upcoming[0].code;
  const latest = [...codes].sort((x, y) => new Date(y.a.startsAt).getTime() - new Date(x.a.startsAt).getTime());
  return latest[0]!.code;
}

/** Appointment lengths offered when booking, in minutes. */
export const APPOINTMENT_MINUTES = [15, 30, 45, 60, 90] as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A weekly window of availability: ISO weekday (1 = Monday … 7 = Sunday), from and to in wall-clock time. */
export const AvailabilityWindowSchema = z
  .object({
    weekday: z.number().int().min(1).max(7),
    start: z.string().refine((v) => HHMM.test(v), { params: { messageKey: 'telehealth.timeFormat' } }),
    end: z.string().refine((v) => HHMM.test(v), { params: { messageKey: 'telehealth.timeFormat' } }),
  })
  .strict()
  .refine((w) => !HHMM.test(w.start) || !HHMM.test(w.end) || minutesOf(w.start) < minutesOf(w.end), {
    params: { messageKey: 'telehealth.windowOrder' },
    path: ['end'],
  });
export type AvailabilityWindow = z.infer<typeof AvailabilityWindowSchema>;

/** Windows of one weekday that overlap (the second of each overlapping pair), for a clear refusal. */
export function overlappingWindows(windows: readonly AvailabilityWindow[]): number[] {
  const out: number[] = [];
  windows.forEach((w, i) => {
    const clash = windows.some(
      (o, j) =>
        j < i &&
        o.weekday === w.weekday &&
        minutesOf(o.start) < minutesOf(w.end) &&
        minutesOf(w.start) < minutesOf(o.end),
    );
    if (clash) out.push(i);
  });
  return out;
}

export interface BookedRange {
  startsAt: Date;
  endsAt: Date;
}

/** Whether a time lies wholly within one window of the weekly availability, read in its time zone. */
export function fitsAvailability(
  windows: readonly AvailabilityWindow[],
  timeZone: string,
  range: { startsAt: Date | string; endsAt: Date | string },
): boolean {
  const start = dayjs(range.startsAt).tz(timeZone);
  const end = dayjs(range.endsAt).tz(timeZone);
  if (start.format('YYYY-MM-DD') !== end.format('YYYY-MM-DD') && end.format('HH:mm') !== '00:00') return false;
  const weekday = ((start.day() + 6) % 7) + 1;
  const from = start.hour() * 60 + start.minute();
  const to = end.format('YYYY-MM-DD') === start.format('YYYY-MM-DD') ? end.hour() * 60 + end.minute() : 24 * 60;
  return windows.some((w) => w.weekday === weekday && minutesOf(w.start) <= from && to <= minutesOf(w.end));
}

const overlaps = (a: BookedRange, b: BookedRange) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/**
 * The free slots of a weekly availability between two dates (inclusive, in its time zone): each window cut
 * into slots of the length asked, without those that overlap a booked appointment or have begun.
 */
export function freeSlots(input: {
  windows: readonly AvailabilityWindow[];
  timeZone: string;
  fromDate: string;
  toDate: string;
  minutes: number;
  booked: readonly BookedRange[];
  now: Date;
}): BookedRange[] {
  const out: BookedRange[] = [];
  const last = dayjs.tz(input.toDate, input.timeZone);
  for (let day = dayjs.tz(input.fromDate, input.timeZone); !day.isAfter(last, 'day'); day = day.add(1, 'day')) {
    const weekday = ((day.day() + 6) % 7) + 1;
    const date = day.format('YYYY-MM-DD');
    for (const w of input.windows.filter((x) => x.weekday === weekday)) {
      for (let m = minutesOf(w.start); m + input.minutes <= minutesOf(w.end); m += input.minutes) {
        const startsAt = dayjs
          .tz(
            `${date} ${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
            input.timeZone,
          )
          .toDate();
        const slot = { startsAt, endsAt: new Date(startsAt.getTime() + input.minutes * 60_000) };
        if (slot.startsAt > input.now && !input.booked.some((b) => overlaps(b, slot))) out.push(slot);
      }
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Whether two appointments of one person overlap (a staff member cannot be in two visits at once). */
export const rangesOverlap = overlaps;
