/**
 * The schedule plan as the USDM main ScheduleTimeline. USDM has no repeat rules, so a schedule is
 * spelled out as one ScheduledActivityInstance per task, each placed by a Timing (P<n>D before or after
 * its anchor, its answer window as windowLower/windowUpper). Anchors are instances too: day zero (the
 * timeline's entry, a Fixed Reference) and one per milestone. Weekday schedules depend on the calendar
 * and very long ones would swamp the file: they become one instance spanning their days, described in
 * words. The schedule itself travels in an extension attribute on its first instance.
 */
import { localize } from '../activity/model';
import type { Schedule } from '../schedule/model';
import { C, code, days, EXT, extension, type IdMaker } from './codes';
import type { StudyDesignExport } from './design';
import type { ActivityRefs } from './export-activities';

/** Most instances a timeline spells out; schedules past it are summarised by one instance each. */
export const MAX_SPELLED_INSTANCES = 5000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Occurrences {
  days: number[];
  /** Days each task stays open after its own day; null: to the end of the study. */
  upper: number | null;
  summary: string;
}

function span(s: Schedule): string {
  return s.endDay === undefined ? `from day ${s.startDay}` : `from day ${s.startDay} to day ${s.endDay}`;
}

/** The days of a schedule's tasks when they can be listed within `budget`, else one spanning entry. */
function occurrences(s: Schedule, budget: number): Occurrences {
  const r = s.repeat;
  if (r.kind === 'once') {
    const upper = s.openForDays ? s.openForDays - 1 : s.endDay === undefined ? null : s.endDay - s.startDay;
    return { days: [s.startDay], upper, summary: `Once, ${span(s)}` };
  }
  const limit = r.count ?? Number.POSITIVE_INFINITY;
  if (r.kind === 'everyNDays') {
    const list: number[] = [];
    for (let d = s.startDay; (s.endDay === undefined || d <= s.endDay) && list.length < limit; d += r.interval) {
      list.push(d);
    }
    const summary = `Every ${r.interval} day(s) ${span(s)}${r.count ? `, at most ${r.count} times` : ''}`;
    if (list.length <= budget) return { days: list, upper: (s.openForDays ?? r.interval) - 1, summary };
    return { days: [s.startDay], upper: list[list.length - 1]! - s.startDay, summary };
  }
  const names = r.weekdays.map((w) => WEEKDAYS[w]).join(', ');
  const upper = s.endDay === undefined ? Math.ceil(limit / r.weekdays.length) * 7 - 1 : s.endDay - s.startDay;
  return { days: [s.startDay], upper, summary: `On ${names} ${span(s)}${r.count ? `, ${r.count} times` : ''}` };
}

export function exportTimeline(design: StudyDesignExport, ids: IdMaker, refs: ActivityRefs) {
  const lang = design.study.defaultLanguage;
  const instances: Record<string, unknown>[] = [];
  const timings: Record<string, unknown>[] = [];
  const encounters: Record<string, unknown>[] = [];

  const timing = (from: string, to: string, day: number | null, label: string, upper: number | null) => {
    const id = ids.next('Timing');
    const t = {
      id,
      name: id,
      label,
      type: code(ids, day === null ? C.fixedReference : day < 0 ? C.before : C.after),
      value: days(day ?? 0),
      valueLabel: day === null ? 'Anchor' : `Day ${day}`,
      relativeToFrom: code(ids, C.startToStart),
      relativeFromScheduledInstanceId: from,
      relativeToScheduledInstanceId: to,
      windowLower: upper === null ? null : 'P0D',
      windowUpper: upper === null ? null : days(upper),
      windowLabel: upper === null ? null : `0..${upper} days`,
      instanceType: 'Timing',
    };
    timings.push(t);
    return id;
  };
  const instance = (fields: Record<string, unknown>) => {
    instances.push({ ...fields, instanceType: 'ScheduledActivityInstance' });
  };

  const dayZero = ids.next('ScheduledActivityInstance');
  instance({
    id: dayZero,
    extensionAttributes: [extension(ids, EXT.dayZero, true)],
    name: 'DAY0',
    label: 'Day zero',
    description: "The participant's study start",
    activityIds: [],
  });
  timing(dayZero, dayZero, null, 'Day zero', null);

  const anchors = new Map<string, string>();
  design.plan.milestones.forEach((m, i) => {
    const id = ids.next('ScheduledActivityInstance');
    anchors.set(m.id, id);
    const name = localize(m.name, lang) || m.id;
    instance({
      id,
      extensionAttributes: [extension(ids, EXT.milestone, m)],
      name: `MILESTONE${i + 1}`,
      label: name,
      description: 'Milestone: staff set its date for each participant',
      activityIds: [],
    });
    if (m.plannedDay === undefined) timing(id, id, null, name, null);
    else timing(id, dayZero, m.plannedDay, name, null);
  });

  design.plan.schedules.forEach((s, k) => {
    const target =
      s.target.kind === 'activity' ? refs.activity.get(s.target.activityId) : refs.packet.get(s.target.packetId);
    const anchor = (s.anchor.kind === 'milestone' && anchors.get(s.anchor.milestoneId)) || dayZero;
    const occ = occurrences(s, MAX_SPELLED_INSTANCES - instances.length);
    const label = (target && refs.label.get(target)) || s.id;
    const visit = s.target.kind === 'packet' || s.telehealth;
    occ.days.forEach((day, i) => {
      const id = ids.next('ScheduledActivityInstance');
      const timingId = timing(id, anchor, day, `${label}, day ${day}`, occ.upper);
      const encounterId = visit ? ids.next('Encounter') : null;
      if (encounterId) {
        encounters.push({
          id: encounterId,
          name: `VISIT_S${k + 1}_D${day}`,
          label: `${label}, day ${day}`,
          description: s.telehealth ? 'Telehealth visit (video call)' : 'Site visit',
          type: code(ids, C.visit),
          environmentalSettings: [code(ids, s.telehealth ? C.home : C.clinic)],
          contactModes: s.telehealth ? [] : [code(ids, C.inPerson)],
          scheduledAtId: timingId,
          instanceType: 'Encounter',
        });
      }
      instance({
        id,
        extensionAttributes: [i === 0 ? extension(ids, EXT.schedule, s) : extension(ids, EXT.occurrence, s.id)],
        name: `S${k + 1}_D${day}`,
        label: `${label}, day ${day}`,
        description: occ.summary,
        activityIds: target ? [target] : [],
        encounterId,
      });
    });
  });

  const timeline = {
    id: ids.next('ScheduleTimeline'),
    name: 'Main Timeline',
    label: 'Main timeline',
    description: 'Study days relative to day zero and to milestones',
    mainTimeline: true,
    entryCondition: "The participant's study starts (day zero)",
    entryId: dayZero,
    exits: [],
    timings,
    instances,
    instanceType: 'ScheduleTimeline',
  };
  return { timeline, encounters };
}
