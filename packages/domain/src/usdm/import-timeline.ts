/**
 * The main ScheduleTimeline back to milestones and schedules. Trialpath's own instances carry their
 * milestone or schedule in an extension attribute. Another system's instances become one-off schedules:
 * each instance's day is found by following its Timing to the instance it is relative to, down to a
 * Fixed Reference (read as day zero); its window (windowLower/windowUpper) gives the first and last day.
 */
import {
  MAX_STUDY_DAY,
  MIN_STUDY_DAY,
  type Milestone,
  MilestoneSchema,
  type Schedule,
  ScheduleSchema,
  type ScheduleTarget,
} from '../schedule/model';
import { C, durationDays, EXT } from './codes';
import { codeOf, extensionValue, type ImportReport, type Obj, str } from './import-read';

export interface ImportedTimeline {
  milestones: Milestone[];
  schedules: Schedule[];
  /** Encounters Trialpath's own export made from its schedules (not reported as unmapped). */
  ownEncounters: Set<string>;
}

/** Most timing links followed from one instance to its anchor. */
const MAX_CHAIN = 100;
/** A plan holds at most this many schedules (SchedulePlanSchema). */
const MAX_SCHEDULES = 2000;
const INSTANCE_HANDLED = ['activityIds', 'encounterId', 'defaultConditionId', 'epochId', 'timelineExitId'];
const TIMELINE_HANDLED = ['mainTimeline', 'entryCondition', 'entryId', 'exits', 'timings', 'instances'];

type Place = { day: number } | { problem: string };

export function importTimeline(
  design: Obj,
  path: string,
  targets: Map<string, ScheduleTarget>,
  packets: ReadonlySet<string>,
  report: ImportReport,
): ImportedTimeline {
  const activities = new Set([...targets.values()].flatMap((t) => (t.kind === 'activity' ? [t.activityId] : [])));
  const own: [Schedule, string][] = [];
  const out: ImportedTimeline = { milestones: [], schedules: [], ownEncounters: new Set() };
  const timelines = report.list(design.scheduleTimelines, `${path}.scheduleTimelines`);
  const main = timelines.find(([t]) => t.mainTimeline === true) ?? timelines[0];
  for (const entry of timelines) if (entry !== main) report.skip(entry[1], 'only the main timeline is imported');
  if (!main) return out;
  const [timeline, at] = main;
  report.leftovers(timeline, at, TIMELINE_HANDLED);

  const timingOf = new Map<string, [Obj, string]>();
  for (const [t, tp] of report.list(timeline.timings, `${at}.timings`)) {
    const from = str(t.relativeFromScheduledInstanceId);
    if (from && !timingOf.has(from)) timingOf.set(from, [t, tp]);
  }
  const dayZero = new Set<string>();
  const foreign: [Obj, string][] = [];
  for (const [inst, ip] of report.list(timeline.instances, `${at}.instances`)) {
    const id = str(inst.id) ?? '';
    const encounter = str(inst.encounterId);
    const milestone = MilestoneSchema.safeParse(extensionValue(inst, EXT.milestone));
    const schedule = ScheduleSchema.safeParse(extensionValue(inst, EXT.schedule));
    if (extensionValue(inst, EXT.dayZero) === true) dayZero.add(id);
    else if (milestone.success) out.milestones.push(milestone.data);
    else if (schedule.success) own.push([schedule.data, ip]);
    else if (typeof extensionValue(inst, EXT.occurrence) !== 'string') {
      foreign.push([inst, ip]);
      continue;
    }
    if (encounter) out.ownEncounters.add(encounter);
  }

  const places = new Map<string, Place>();
  const rounded = new Set<string>();
  const placeOf = (id: string, depth: number): Place => {
    const known = places.get(id);
    if (known) return known;
    if (dayZero.has(id)) return { day: 0 };
    if (depth > MAX_CHAIN) return { problem: 'its timings form a loop or a chain too long to follow' };
    const found = timingOf.get(id);
    if (!found) return { problem: 'no timing places it' };
    const [t, tp] = found;
    const type = codeOf(t.type);
    if (type === C.fixedReference[0]) return { day: 0 };
    const offset = durationDays(t.value);
    if (offset === null)
      return { problem: `timing value ${String(t.value)} is not a duration in weeks, days or hours` };
    const sign = type === C.before[0] ? -1 : type === C.after[0] ? 1 : 0;
    if (sign === 0)
      return { problem: `timing type ${type ?? '(none)'} is neither before, after nor a fixed reference` };
    const to = str(t.relativeToScheduledInstanceId);
    if (!to || to === id) return { problem: 'its timing is relative to no other instance' };
    if (!Number.isInteger(offset)) rounded.add(tp);
    const base = placeOf(to, depth + 1);
    const place = 'day' in base ? { day: base.day + sign * offset } : base;
    places.set(id, place);
    return place;
  };

  for (const [inst, ip] of foreign) {
    if (inst.instanceType === 'ScheduledDecisionInstance') {
      report.skip(ip, 'decisions (conditional branches of the timeline) are not imported');
      continue;
    }
    report.leftovers(inst, ip, INSTANCE_HANDLED);
    const activityIds = Array.isArray(inst.activityIds) ? inst.activityIds : [];
    if (activityIds.length === 0) continue;
    const place = placeOf(str(inst.id) ?? '', 0);
    if ('problem' in place) {
      report.skip(ip, `not scheduled: ${place.problem}`);
      continue;
    }
    const timing = timingOf.get(str(inst.id) ?? '')?.[0];
    const lower = durationDays(timing?.windowLower) ?? 0;
    const upper = durationDays(timing?.windowUpper) ?? 0;
    // `+ 0` turns a rounded -0 into 0.
    const startDay = Math.round(place.day - lower) + 0;
    const endDay = Math.round(place.day + upper) + 0;
    if (startDay < MIN_STUDY_DAY || endDay > MAX_STUDY_DAY) {
      report.skip(ip, `not scheduled: days ${startDay} to ${endDay} are outside the study days Trialpath plans`);
      continue;
    }
    activityIds.forEach((a, i) => {
      const target = typeof a === 'string' ? targets.get(a) : undefined;
      if (!target) {
        report.skip(`${ip}.activityIds[${i}]`, 'not an imported activity');
        return;
      }
      if (own.length + out.schedules.length >= MAX_SCHEDULES) {
        report.skip(`${ip}.activityIds[${i}]`, `not scheduled: a plan holds at most ${MAX_SCHEDULES} schedules`);
        return;
      }
      const id = `${str(inst.id)}-${i + 1}`;
      const parsed = ScheduleSchema.safeParse({ id, target, startDay, endDay });
      if (parsed.success) out.schedules.push(parsed.data);
      else report.skip(`${ip}.activityIds[${i}]`, 'not a valid schedule');
    });
  }
  // Trialpath's own schedules come first, as they were; each must still find its activity, packet and milestone.
  const milestones = new Set(out.milestones.map((m) => m.id));
  const mine = own.filter(([s, ip]) => {
    const known =
      (s.target.kind === 'activity' ? activities.has(s.target.activityId) : packets.has(s.target.packetId)) &&
      (s.anchor.kind === 'dayZero' || milestones.has(s.anchor.milestoneId));
    if (!known) report.skip(ip, `schedule ${s.id} refers to an activity, packet or milestone that was not imported`);
    return known;
  });
  out.schedules.unshift(...mine.map(([s]) => s));
  for (const tp of rounded) report.skip(`${tp}.value`, 'part of a day; rounded to whole study days');
  return out;
}
