/**
 * Telehealth appointments and availability (issue 15; 000 §2.4 telehealth/appointments and /availability; 001 §4,
 * §7; 002 §3; decision F-appointments). Staff with the telehealth permission keep the weekly availability of their
 * site's telehealth team, book a participant's visit — for one of the participant's telehealth tasks (scheduled)
 * or outside the schedule (unscheduled) — at a free time of its host, change it with a reason, cancel it with a
 * reason and record how it ended. The participant sees their appointments with the status codes of 001 §4.
 * Times travel as ISO instants; each side shows them in its own time zone and the participant's.
 */
import {
  APPOINTMENT_KINDS,
  APPOINTMENT_MINUTES,
  APPOINTMENT_STATES,
  AvailabilityWindowSchema,
  VISIT_TYPES,
} from '@trialpath/domain';
import { z } from 'zod';
import { withReason } from './common';
import { defineEndpoint } from './endpoint';

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const AppointmentParams = z.object({ studyId: z.string().uuid(), appointmentId: z.string().uuid() }).strict();
const PersonSchema = z.object({ id: z.string(), name: z.string() });
const says = (messageKey: string) => ({ params: { messageKey } });
const Instant = z.string().datetime({ offset: true });
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** F-030, F-038: a telehealth team member of a study's site (raters and roles without telehealth left out). */
export const TelehealthMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userRole: z.string(),
  siteIds: z.array(z.string()),
  /** F-030: in the running call of the appointment asked about (started it or invited); false without one. */
  invitedInTelehealthVisit: z.boolean(),
  /** F-038: the realm of the member's role assignment (null: none). */
  realmOfPermission: z.string().nullable(),
});
export type TelehealthMember = z.infer<typeof TelehealthMemberSchema>;

export const listTelehealthTeam = defineEndpoint({
  id: 'listTelehealthTeam',
  method: 'GET',
  path: '/api/v1/studies/:studyId/telehealth/team',
  audience: 'staff',
  permission: 'telehealth.call',
  summary:
    "The telehealth team of the study's sites the caller may see (the roles of 002 §6; raters never), optionally of one site; with an appointment, who is in its running call (F-103)",
  params: StudyParams,
  query: z.object({ siteId: z.string().uuid().optional(), appointmentId: z.string().uuid().optional() }).strict(),
  response: z.object({ items: z.array(TelehealthMemberSchema) }),
});

export const AvailabilitySchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  member: PersonSchema,
  /** The IANA time zone the windows are read in (the member's, chosen when saved). */
  timeZone: z.string(),
  windows: z.array(AvailabilityWindowSchema),
  updatedAt: z.string().nullable(),
  updatedBy: PersonSchema.nullable(),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

export const listTelehealthAvailability = defineEndpoint({
  id: 'listTelehealthAvailability',
  method: 'GET',
  path: '/api/v1/studies/:studyId/telehealth/availability',
  audience: 'staff',
  permission: 'telehealth.call',
  summary:
    'The weekly availability of each telehealth team member per site the caller may see (members without windows included, empty)',
  params: StudyParams,
  query: z.object({ siteId: z.string().uuid().optional(), userId: z.string().uuid().optional() }).strict(),
  response: z.object({ items: z.array(AvailabilitySchema) }),
});

export const saveTelehealthAvailability = defineEndpoint({
  id: 'saveTelehealthAvailability',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/telehealth/availability/:siteId/:userId',
  audience: 'staff',
  permission: 'telehealth.call',
  summary:
    "Replace a team member's weekly availability at a site: windows of wall-clock time in a time zone; appointments already booked stay",
  params: z.object({ studyId: z.string().uuid(), siteId: z.string().uuid(), userId: z.string().uuid() }).strict(),
  body: z
    .object({
      timeZone: z.string().min(1).max(64),
      windows: z.array(AvailabilityWindowSchema).max(50),
    })
    .strict(),
  response: AvailabilitySchema,
});

export const listTelehealthSlots = defineEndpoint({
  id: 'listTelehealthSlots',
  method: 'GET',
  path: '/api/v1/studies/:studyId/telehealth/slots',
  audience: 'staff',
  permission: 'telehealth.call',
  summary:
    "A host's free times at a site between two dates (at most 62 days), cut to the length asked: their windows without their booked appointments or times passed",
  params: StudyParams,
  query: z
    .object({
      siteId: z.string().uuid(),
      hostId: z.string().uuid(),
      from: Day,
      to: Day,
      minutes: z.coerce
        .number()
        .int()
        .refine((m) => (APPOINTMENT_MINUTES as readonly number[]).includes(m), says('errors.invalidValue')),
    })
    .strict(),
  response: z.object({
    timeZone: z.string(),
    items: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })),
  }),
});

export const AppointmentSchema = z.object({
  id: z.string(),
  studyId: z.string(),
  siteId: z.string(),
  siteName: z.string(),
  participantId: z.string(),
  participantCode: z.string(),
  /** The participant's IANA time zone: both sides see the time in theirs and the other's. */
  participantTimeZone: z.string(),
  host: PersonSchema,
  visitType: z.enum(VISIT_TYPES),
  visitMode: z.enum(['video', 'office', 'home', 'phone']),
  kind: z.enum(APPOINTMENT_KINDS),
  /** SCHEDULED: the participant's telehealth task it is booked for, with the days of study it is open. */
  taskId: z.string().nullable(),
  taskName: z.string().nullable(),
  taskStartDay: z.number().int(),
  taskEndDay: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(APPOINTMENT_STATES),
  /** The participant status code of 001 §4 now. */
  statusCode: z.number().int(),
  note: z.string().nullable(),
  /** F-037: this visit may be recorded, where the study and the participant's country allow recording. */
  allowRecording: z.boolean(),
  createdBy: PersonSchema,
  createdAt: z.string(),
  endedReason: z.string().nullable(),
  /** Recordings of the visit ready to play (decision F-recording). */
  recordingCount: z.number().int(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

export const listAppointments = defineEndpoint({
  id: 'listAppointments',
  method: 'GET',
  path: '/api/v1/studies/:studyId/telehealth/appointments',
  audience: 'staff',
  permission: 'telehealth.call',
  summary:
    'The appointments of the sites the caller may see, by start time, filtered by site, participant, host, state and dates',
  params: StudyParams,
  query: z
    .object({
      siteId: z.string().uuid().optional(),
      participantId: z.string().uuid().optional(),
      hostId: z.string().uuid().optional(),
      state: z.enum(APPOINTMENT_STATES).optional(),
      from: Day.optional(),
      to: Day.optional(),
      pageNum: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    })
    .strict(),
  response: z.object({
    items: z.array(AppointmentSchema),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  }),
});

const Booking = {
  hostId: z.string().uuid(),
  visitType: z.enum(VISIT_TYPES),
  startsAt: Instant,
  minutes: z
    .number()
    .int()
    .refine((m) => (APPOINTMENT_MINUTES as readonly number[]).includes(m), says('errors.invalidValue')),
  note: z.string().trim().max(500).optional(),
  /** F-037: whether the visit may be recorded (yes unless said); kept as it was when a change leaves it out. */
  allowRecording: z.boolean().optional(),
};

export const bookAppointment = defineEndpoint({
  id: 'bookAppointment',
  method: 'POST',
  path: '/api/v1/studies/:studyId/telehealth/appointments',
  audience: 'staff',
  permission: 'telehealth.call',
  summary:
    "Book a participant's visit at a free time of its host: for one of their telehealth tasks (inside its days) or unscheduled; the participant is told by e-mail",
  params: StudyParams,
  body: z.object({ participantId: z.string().uuid(), taskId: z.string().uuid().optional(), ...Booking }).strict(),
  response: AppointmentSchema,
});

/** F-114: the visit detail. */
export const getAppointment = defineEndpoint({
  id: 'getAppointment',
  method: 'GET',
  path: '/api/v1/studies/:studyId/telehealth/appointments/:appointmentId',
  audience: 'staff',
  permission: 'telehealth.call',
  summary: 'One appointment (the visit detail): when, with whom, its state, and whether it may be recorded',
  params: AppointmentParams,
  response: AppointmentSchema,
});

/** F-112: 002 §3's country features of telehealth. */
export const TelehealthCountryFeaturesSchema = z.object({
  countryId: z.string().nullable(),
  /** The study records video visits (its telehealthRecording feature). */
  studyTelehealthRecordingEnabled: z.boolean(),
  /** A visit in this country may be recorded (the study's feature, not switched off for the country). */
  visitTelehealthRecordingEnabled: z.boolean(),
});
export type TelehealthCountryFeatures = z.infer<typeof TelehealthCountryFeaturesSchema>;

export const getTelehealthCountryFeatures = defineEndpoint({
  id: 'getTelehealthCountryFeatures',
  method: 'GET',
  path: '/api/v1/studies/:studyId/telehealth/country-features',
  audience: 'staff',
  permission: 'telehealth.call',
  summary:
    "The study's telehealth features in a country: whether it records video visits, and whether a visit there may be recorded (the country given, or a participant's — theirs, else their site's)",
  params: StudyParams,
  query: z
    .object({ countryId: z.string().trim().min(1).max(64).optional(), participantId: z.string().uuid().optional() })
    .strict(),
  response: TelehealthCountryFeaturesSchema,
});

export const rescheduleAppointment = defineEndpoint({
  id: 'rescheduleAppointment',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/telehealth/appointments/:appointmentId',
  audience: 'staff',
  permission: 'telehealth.call',
  reasonRequired: true,
  summary: 'Change a booked appointment’s time, host, visit type or note, with a reason; the participant is told',
  params: AppointmentParams,
  body: withReason(Booking),
  response: AppointmentSchema,
});

export const cancelAppointment = defineEndpoint({
  id: 'cancelAppointment',
  method: 'POST',
  path: '/api/v1/studies/:studyId/telehealth/appointments/:appointmentId/cancel',
  audience: 'staff',
  permission: 'telehealth.call',
  reasonRequired: true,
  summary: 'Cancel an appointment that has not ended, with a reason; the participant is told',
  params: AppointmentParams,
  body: withReason({}),
  response: AppointmentSchema,
});

/** How a visit ended when it was not a video call that ended by itself. */
export const APPOINTMENT_OUTCOMES = ['COMPLETE', 'INCOMPLETE', 'NO_SHOW', 'LWBS'] as const;

export const recordAppointmentOutcome = defineEndpoint({
  id: 'recordAppointmentOutcome',
  method: 'POST',
  path: '/api/v1/studies/:studyId/telehealth/appointments/:appointmentId/outcome',
  audience: 'staff',
  permission: 'telehealth.call',
  reasonRequired: true,
  summary: 'Record how a visit ended (complete, incomplete, no-show, left without being seen), with a reason',
  params: AppointmentParams,
  body: withReason({ outcome: z.enum(APPOINTMENT_OUTCOMES) }),
  response: AppointmentSchema,
});

export const TelehealthTaskSchema = z.object({
  taskId: z.string(),
  name: z.string(),
  startDay: z.number().int(),
  endDay: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string().nullable(),
  /** The appointment already booked for it (not cancelled), if any. */
  appointmentId: z.string().nullable(),
});

export const listParticipantTelehealthTasks = defineEndpoint({
  id: 'listParticipantTelehealthTasks',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/telehealth-tasks',
  audience: 'staff',
  permission: 'telehealth.call',
  summary:
    "The participant's telehealth tasks that are still to come or open (what a scheduled visit is booked for), and their time zone (the booking shows each free time in it)",
  params: z.object({ studyId: z.string().uuid(), participantId: z.string().uuid() }).strict(),
  response: z.object({ items: z.array(TelehealthTaskSchema), participantTimeZone: z.string() }),
});

/** F-028: the participant's own appointments, each with its status code, and the status of all (001 §4). */
export const MyAppointmentSchema = AppointmentSchema.pick({
  id: true,
  visitType: true,
  visitMode: true,
  kind: true,
  taskName: true,
  taskStartDay: true,
  taskEndDay: true,
  startsAt: true,
  endsAt: true,
  state: true,
  statusCode: true,
  participantTimeZone: true,
}).extend({ hostName: z.string(), siteName: z.string() });
export type MyAppointment = z.infer<typeof MyAppointmentSchema>;

export const listMyAppointments = defineEndpoint({
  id: 'listMyAppointments',
  method: 'GET',
  path: '/api/v1/participant/appointments',
  audience: 'participant',
  summary:
    "The signed-in participant's appointments (001 §7 get participant appointments: data is the list), upcoming first, with the status codes of 001 §4",
  response: z.object({ data: z.array(MyAppointmentSchema), statusCode: z.number().int() }),
});
