import { describe, expect, it } from 'vitest';
import { TELEHEALTH_STATUS } from '../activity/telehealth';
import {
  APPOINTMENT_STATES,
  type AppointmentTiming,
  appointmentStatusCode,
  AvailabilityWindowSchema,
  fitsAvailability,
  freeSlots,
  overlappingWindows,
  participantTelehealthStatus,
  visitModeOf,
} from './appointments';

const at = (iso: string) => new Date(iso);
const booked = (over: Partial<AppointmentTiming> = {}): AppointmentTiming => ({
  state: 'BOOKED',
  startsAt: '2026-06-10T14:00:00Z',
  endsAt: '2026-06-10T14:30:00Z',
  taskStartDay: 5,
  taskEndDay: 9,
  ...over,
});

describe('visit types (F-024…F-027)', () => {
  it.each([
    ['telehealth', 'video'],
    ['videocall', 'video'],
    ['in-person', 'office'],
    ['officevisit', 'office'],
    ['homevisit', 'home'],
    ['phonecall', 'phone'],
    [' VideoCall ', 'video'],
    ['teleport', null],
    [null, null],
    ['constructor', null],
  ])('%s is held by %s', (type, mode) => {
    expect(visitModeOf(type)).toBe(mode);
  });
});

describe('status code of an appointment (001 §4)', () => {
  it.each([
    ['INITIATED', TELEHEALTH_STATUS.Initiated],
    ['RINGING', TELEHEALTH_STATUS.JoinCall],
    ['ARRIVED', TELEHEALTH_STATUS.Arrived],
    ['ON_CALL', TELEHEALTH_STATUS.OnCall],
    ['ON_HOLD', TELEHEALTH_STATUS.OnHold],
    ['LWBS', TELEHEALTH_STATUS.LWBS],
    ['INCOMPLETE', TELEHEALTH_STATUS.Incomplete],
    ['COMPLETE', TELEHEALTH_STATUS.Complete],
    ['CANCELLED', TELEHEALTH_STATUS.Cancelled],
    ['NO_SHOW', TELEHEALTH_STATUS.NoShow],
  ] as const)('%s answers %i whatever the clock', (state, code) => {
    expect(appointmentStatusCode(booked({ state }), { now: at('2020-01-01T00:00:00Z'), dayOfStudy: null })).toBe(code);
  });

  it('a booked one is time for the call from 15 minutes before its start to its end, on a day of its task (F-023)', () => {
    const a = booked();
    const code = (now: string, dayOfStudy: number | null) => appointmentStatusCode(a, { now: at(now), dayOfStudy });
    expect(code('2026-06-10T13:44:59Z', 7)).toBe(TELEHEALTH_STATUS.VideoCallNotYetStarted);
    expect(code('2026-06-10T13:45:00Z', 7)).toBe(TELEHEALTH_STATUS.TimeForYourCall);
    expect(code('2026-06-10T14:30:00Z', 7)).toBe(TELEHEALTH_STATUS.TimeForYourCall);
    expect(code('2026-06-10T14:30:01Z', 7)).toBe(TELEHEALTH_STATUS.VideoCallNotYetStarted);
    // F-023: the clock is right but the day of study is outside the task's days 5–9 (or unknown)
    expect(code('2026-06-10T14:00:00Z', 4)).toBe(TELEHEALTH_STATUS.VideoCallNotYetStarted);
    expect(code('2026-06-10T14:00:00Z', 5)).toBe(TELEHEALTH_STATUS.TimeForYourCall);
    expect(code('2026-06-10T14:00:00Z', 9)).toBe(TELEHEALTH_STATUS.TimeForYourCall);
    expect(code('2026-06-10T14:00:00Z', 10)).toBe(TELEHEALTH_STATUS.VideoCallNotYetStarted);
    expect(code('2026-06-10T14:00:00Z', null)).toBe(TELEHEALTH_STATUS.VideoCallNotYetStarted);
  });

  it('every state answers a code of 1–13', () => {
    for (const state of APPOINTMENT_STATES) {
      const c = appointmentStatusCode(booked({ state }), { now: at('2026-06-10T14:00:00Z'), dayOfStudy: 7 });
      expect(c).toBeGreaterThanOrEqual(1);
      expect(c).toBeLessThanOrEqual(13);
    }
  });
});

describe('the participant’s telehealth status', () => {
  const now = { now: at('2026-06-10T14:05:00Z'), dayOfStudy: 7 };
  it('1 NoAppointments without any', () => {
    expect(participantTelehealthStatus([], now)).toBe(TELEHEALTH_STATUS.NoAppointments);
  });
  it('a call in progress wins, then one due now, then the next to come, then the latest past', () => {
    const due = booked();
    const next = booked({ startsAt: '2026-06-11T14:00:00Z', endsAt: '2026-06-11T14:30:00Z' });
    const past = booked({ state: 'NO_SHOW', startsAt: '2026-06-01T14:00:00Z', endsAt: '2026-06-01T14:30:00Z' });
    const older = booked({ state: 'COMPLETE', startsAt: '2026-05-01T14:00:00Z', endsAt: '2026-05-01T14:30:00Z' });
    const ringing = booked({ state: 'RINGING', startsAt: '2026-06-12T14:00:00Z', endsAt: '2026-06-12T14:30:00Z' });
    expect(participantTelehealthStatus([past, next, due, ringing], now)).toBe(TELEHEALTH_STATUS.JoinCall);
    expect(participantTelehealthStatus([past, next, due], now)).toBe(TELEHEALTH_STATUS.TimeForYourCall);
    expect(participantTelehealthStatus([past, next], now)).toBe(TELEHEALTH_STATUS.VideoCallNotYetStarted);
    expect(participantTelehealthStatus([older, past], now)).toBe(TELEHEALTH_STATUS.NoShow);
  });
});

describe('weekly availability', () => {
  it('a window is HH:MM to a later HH:MM on an ISO weekday', () => {
    expect(AvailabilityWindowSchema.safeParse({ weekday: 1, start: '09:00', end: '17:00' }).success).toBe(true);
    for (const bad of [
      { weekday: 0, start: '09:00', end: '17:00' },
      { weekday: 8, start: '09:00', end: '17:00' },
      { weekday: 1, start: '9:00', end: '17:00' },
      { weekday: 1, start: '09:00', end: '24:00' },
      { weekday: 1, start: '17:00', end: '09:00' },
      { weekday: 1, start: '09:00', end: '09:00' },
    ])
      expect(AvailabilityWindowSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('overlapping windows of one day are found (the later of each pair); touching ones and other days are not', () => {
    expect(
      overlappingWindows([
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '12:00', end: '15:00' },
        { weekday: 2, start: '10:00', end: '11:00' },
        { weekday: 1, start: '14:30', end: '16:00' },
        { weekday: 1, start: '08:00', end: '20:00' },
      ]),
    ).toEqual([3, 4]);
    expect(overlappingWindows([])).toEqual([]);
  });

  it('a time fits when it lies wholly in one window, read in the windows’ zone', () => {
    const w = [{ weekday: 3, start: '09:00', end: '12:00' }];
    // Wednesday 2026-06-10, New York is UTC−4 in summer
    const fits = (startsAt: string, endsAt: string, zone = 'America/New_York') =>
      fitsAvailability(w, zone, { startsAt, endsAt });
    expect(fits('2026-06-10T13:00:00Z', '2026-06-10T13:30:00Z')).toBe(true);
    expect(fits('2026-06-10T15:30:00Z', '2026-06-10T16:00:00Z')).toBe(true);
    expect(fits('2026-06-10T15:30:00Z', '2026-06-10T16:01:00Z')).toBe(false);
    expect(fits('2026-06-10T12:59:00Z', '2026-06-10T13:30:00Z')).toBe(false);
    expect(fits('2026-06-10T09:00:00Z', '2026-06-10T09:30:00Z', 'UTC')).toBe(true);
    // Thursday
    expect(fits('2026-06-11T13:00:00Z', '2026-06-11T13:30:00Z')).toBe(false);
    // a window to midnight holds a visit ending at 00:00
    const late = [{ weekday: 3, start: '23:00', end: '23:59' }];
    expect(fitsAvailability(late, 'UTC', { startsAt: '2026-06-10T23:00:00Z', endsAt: '2026-06-10T23:30:00Z' })).toBe(
      true,
    );
  });

  it('free slots stay at the same wall-clock time across a daylight-saving change', () => {
    // New York moves its clocks forward on Sunday 2026-03-08: 09:00 is 14:00Z on Saturday, 13:00Z on Monday
    const slots = freeSlots({
      windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })),
      timeZone: 'America/New_York',
      fromDate: '2026-03-07',
      toDate: '2026-03-09',
      minutes: 30,
      booked: [],
      now: at('2026-01-01T00:00:00Z'),
    });
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-07T14:30:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-08T13:30:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-09T13:30:00.000Z',
    ]);
    expect(slots.every((s) => s.endsAt.getTime() - s.startsAt.getTime() === 30 * 60_000)).toBe(true);
  });

  it('free slots leave out the booked and the begun ones, and days without a window', () => {
    const slots = freeSlots({
      windows: [{ weekday: 3, start: '09:00', end: '11:00' }],
      timeZone: 'UTC',
      fromDate: '2026-06-09',
      toDate: '2026-06-11',
      minutes: 30,
      booked: [{ startsAt: at('2026-06-10T09:45:00Z'), endsAt: at('2026-06-10T10:15:00Z') }],
      now: at('2026-06-10T09:10:00Z'),
    });
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual(['2026-06-10T10:30:00.000Z']);
  });
});
