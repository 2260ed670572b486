/**
 * The schedule model (issue 10, decision 0044): what a study version says about when each activity or
 * packet is done. A schedule places one activity or packet on study days relative to day zero or to a
 * milestone; the schedule engine (engine.ts) turns it into each participant's dated tasks.
 *
 * Days are whole calendar days in the participant's time zone; day zero is the day the participant's
 * study starts (E-125). A milestone (e.g. "Surgery") gets a date per participant (E-122); schedules
 * anchored to it move when that date moves.
 */
import { z } from 'zod';
import { LocalizedTextSchema } from '../activity/model';

const Id = z.string().min(1).max(200);
/** Study days are bounded so a typo cannot plan a century of tasks. */
export const MAX_STUDY_DAY = 3650;
export const MIN_STUDY_DAY = -365;
/** One schedule never yields more tasks than this per participant. */
export const MAX_OCCURRENCES = 1000;
const StudyDay = z.number().int().min(MIN_STUDY_DAY).max(MAX_STUDY_DAY);

/**
 * How a task reaches the participant: `scheduled` (on its days), `justInTime` (planned, but shown only
 * once staff send it, E-126/E-127), `onDemand` (open all through its window, done when the participant
 * wants, E-129), `preScreened` (done before enrolment, E-128).
 */
export const SCHEDULE_DELIVERIES = ['scheduled', 'justInTime', 'onDemand', 'preScreened'] as const;
export type ScheduleDelivery = (typeof SCHEDULE_DELIVERIES)[number];

export const MilestoneSchema = z.object({
  id: Id,
  name: LocalizedTextSchema,
  /** The day (after day zero) the milestone is expected; staff set each participant's actual date. */
  plannedDay: StudyDay.optional(),
});
export type Milestone = z.infer<typeof MilestoneSchema>;

export const ScheduleTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('activity'), activityId: Id }),
  z.object({ kind: z.literal('packet'), packetId: Id }),
]);
export type ScheduleTarget = z.infer<typeof ScheduleTargetSchema>;

export const ScheduleAnchorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dayZero') }),
  z.object({ kind: z.literal('milestone'), milestoneId: Id }),
]);
export type ScheduleAnchor = z.infer<typeof ScheduleAnchorSchema>;

/** 0 = Sunday … 6 = Saturday, as dayjs and Date count them. */
export const WeekdaySchema = z.number().int().min(0).max(6);

export const ScheduleRepeatSchema = z.discriminatedUnion('kind', [
  /** One task, open from startDay to endDay (or to the end of the study when endDay is not set). */
  z.object({ kind: z.literal('once') }),
  /** A task every `interval` days from startDay, up to endDay or `count` tasks, whichever comes first. */
  z.object({
    kind: z.literal('everyNDays'),
    interval: z.number().int().min(1).max(365),
    count: z.number().int().min(1).max(MAX_OCCURRENCES).optional(),
  }),
  /** A task on each listed weekday from startDay, up to endDay or `count` tasks. */
  z.object({
    kind: z.literal('weekdays'),
    weekdays: z.array(WeekdaySchema).min(1).max(7),
    count: z.number().int().min(1).max(MAX_OCCURRENCES).optional(),
  }),
]);
export type ScheduleRepeat = z.infer<typeof ScheduleRepeatSchema>;

const ScheduleBase = z.object({
  id: Id,
  target: ScheduleTargetSchema,
  anchor: ScheduleAnchorSchema.prefault({ kind: 'dayZero' }),
  /** First day, relative to the anchor (day zero itself is 0). */
  startDay: StudyDay,
  /** Last day of the schedule's window, relative to the anchor; not set: open-ended (once only). */
  endDay: StudyDay.optional(),
  repeat: ScheduleRepeatSchema.prefault({ kind: 'once' }),
  /**
   * How many days each task can be answered, from its own day; not set: a repeated task until the next
   * one's day (weekdays: its own day), a single task until endDay. Past that it is expired.
   */
  openForDays: z.number().int().min(1).max(MAX_STUDY_DAY).optional(),
  delivery: z.enum(SCHEDULE_DELIVERIES).default('scheduled'),
  /** The task is a telehealth visit (its activity is done during a video call). */
  telehealth: z.boolean().default(false),
});

/** The catalogue keys of the refusals below (schedule-catalogue.ts holds their texts). */
export const SCHEDULE_ISSUES = {
  endBeforeStart: 'schedule.endBeforeStart',
  neverEnds: 'schedule.neverEnds',
  tooManyTasks: 'schedule.tooManyTasks',
  duplicateWeekday: 'schedule.duplicateWeekday',
  duplicateId: 'schedule.duplicateId',
  unknownMilestone: 'schedule.unknownMilestone',
  unknownPacket: 'schedule.unknownPacket',
  /** For the server: a packet or schedule names an activity the version does not have. */
  unknownActivity: 'schedule.unknownActivity',
} as const;
export type ScheduleIssueKey = (typeof SCHEDULE_ISSUES)[keyof typeof SCHEDULE_ISSUES];

/** The minimal refinement context (zod's superRefine ctx), so the helper needs no zod type import. */
interface IssueSink {
  addIssue(issue: {
    code: 'custom';
    path: PropertyKey[];
    message: string;
    params: { messageKey: string; messageParams?: Record<string, number> };
  }): void;
}

/** A refusal as the rest of the code base words one: the catalogue key in params (validation-issues.ts). */
function refuse(ctx: IssueSink, path: PropertyKey[], key: ScheduleIssueKey, messageParams?: Record<string, number>) {
  ctx.addIssue({
    code: 'custom',
    path,
    message: key,
    params: { messageKey: key, ...(messageParams && { messageParams }) },
  });
}

export const ScheduleSchema = ScheduleBase.superRefine((s, ctx) => {
  if (s.endDay !== undefined && s.endDay < s.startDay) {
    refuse(ctx, ['endDay'], SCHEDULE_ISSUES.endBeforeStart);
  }
  if (s.repeat.kind !== 'once' && s.endDay === undefined && s.repeat.count === undefined) {
    refuse(ctx, ['repeat', 'count'], SCHEDULE_ISSUES.neverEnds);
  }
  if (s.repeat.kind === 'weekdays' && new Set(s.repeat.weekdays).size !== s.repeat.weekdays.length) {
    refuse(ctx, ['repeat', 'weekdays'], SCHEDULE_ISSUES.duplicateWeekday);
  }
  if (s.repeat.kind === 'everyNDays' && s.endDay !== undefined && s.repeat.count === undefined) {
    const n = Math.floor((s.endDay - s.startDay) / s.repeat.interval) + 1;
    if (n > MAX_OCCURRENCES) {
      refuse(ctx, ['endDay'], SCHEDULE_ISSUES.tooManyTasks, { max: MAX_OCCURRENCES });
    }
  }
});
export type Schedule = z.infer<typeof ScheduleSchema>;
export type ScheduleInput = z.input<typeof ScheduleSchema>;

/**
 * A packet: data capture forms that site staff fill at one visit (000 §2.4 schedule-packet, show-packet).
 * Its forms are activities of the study of type dataCaptureForm.
 */
export const PacketSchema = z.object({
  id: Id,
  name: LocalizedTextSchema,
  activityIds: z.array(Id).min(1).max(100),
});
export type Packet = z.infer<typeof PacketSchema>;

/** A version's schedule plan: milestones, packets and schedules, checked against each other. */
export const SchedulePlanSchema = z
  .object({
    milestones: z.array(MilestoneSchema).max(100).default([]),
    packets: z.array(PacketSchema).max(500).default([]),
    schedules: z.array(ScheduleSchema).max(2000).default([]),
  })
  .superRefine((plan, ctx) => {
    const unique = (items: { id: string }[], key: 'milestones' | 'packets' | 'schedules') => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.id)) refuse(ctx, [key, i, 'id'], SCHEDULE_ISSUES.duplicateId);
        seen.add(item.id);
      });
    };
    unique(plan.milestones, 'milestones');
    unique(plan.packets, 'packets');
    unique(plan.schedules, 'schedules');
    const milestones = new Set(plan.milestones.map((m) => m.id));
    const packets = new Set(plan.packets.map((p) => p.id));
    plan.schedules.forEach((s, i) => {
      if (s.anchor.kind === 'milestone' && !milestones.has(s.anchor.milestoneId)) {
        refuse(ctx, ['schedules', i, 'anchor'], SCHEDULE_ISSUES.unknownMilestone);
      }
      if (s.target.kind === 'packet' && !packets.has(s.target.packetId)) {
        refuse(ctx, ['schedules', i, 'target'], SCHEDULE_ISSUES.unknownPacket);
      }
    });
  });
export type SchedulePlan = z.infer<typeof SchedulePlanSchema>;
export type SchedulePlanInput = z.input<typeof SchedulePlanSchema>;
