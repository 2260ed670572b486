/** The study days a plan yields for a sample participant (decision 0044's engine), for the editor's preview. */
import { type PlannedTask, planTasks, type SchedulePlan } from '@trialpath/domain';

/** `YYYY-MM-DD` plus some days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The tasks of the plan's schedules for a participant whose day zero is `dayZero` (UTC days) and whose
 * milestones fall on their planned days (a milestone without one: its schedules yield nothing here).
 */
export function previewTasks(plan: SchedulePlan, dayZero: string): PlannedTask[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dayZero)) return [];
  const milestones = Object.fromEntries(
    plan.milestones.flatMap((m) => (m.plannedDay === undefined ? [] : [[m.id, addDays(dayZero, m.plannedDay)]])),
  );
  return planTasks(plan, { timeZone: 'UTC', dayZero, milestones });
}

/** A `YYYY-MM-DD` date in a language's medium style. */
export function formatDate(date: string, lang: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(y!, m! - 1, d!));
}
