/**
 * Telehealth status codes (001 §4): 1–13, missed = Cancelled or NoShow, incoming call = JoinCall,
 * time for call = the day of study inside the appointment's task start day and end day.
 */
export const TELEHEALTH_STATUS = {
  NoAppointments: 1,
  VideoCallNotYetStarted: 2,
  TimeForYourCall: 3,
  Arrived: 4,
  OnCall: 5,
  OnHold: 6,
  LWBS: 7,
  Incomplete: 8,
  Complete: 9,
  Cancelled: 10,
  NoShow: 11,
  JoinCall: 12,
  Initiated: 13,
} as const;
export type TelehealthStatusName = keyof typeof TELEHEALTH_STATUS;
export type TelehealthStatusCode = (typeof TELEHEALTH_STATUS)[TelehealthStatusName];

const BY_CODE = new Map<number, TelehealthStatusName>(
  Object.entries(TELEHEALTH_STATUS).map(([k, v]) => [v, k as TelehealthStatusName]),
);

/** The name of a status code, or null when unknown. */
export function telehealthStatusName(code: unknown): TelehealthStatusName | null {
  return BY_CODE.get(Number(code)) ?? null;
}

export function isMissedCall(code: unknown): boolean {
  const n = Number(code);
  return n === TELEHEALTH_STATUS.Cancelled || n === TELEHEALTH_STATUS.NoShow;
}

export function isIncomingCall(code: unknown): boolean {
  return Number(code) === TELEHEALTH_STATUS.JoinCall;
}

/** Time for the call: the day of study lies within taskStartDay..taskEndDay (inclusive). */
export function isTimeForCall(day: number | null, appointment: { taskStartDay: number; taskEndDay: number }): boolean {
  return day !== null && day >= appointment.taskStartDay && day <= appointment.taskEndDay;
}
