/**
 * The participant's own tasks (issue 11, decision B-091). A participant sees and answers only participant-facing
 * activities (surveys, ePRO, eDRO; a data capture form is the site's), in the revision their study version pins
 * (prepared once, answerable.ts). Their results are submitted through submission.service.ts.
 */
import type { MyTask, TASK_HOLDS } from '@trialpath/contract';
import { studyDayAt } from '@trialpath/domain';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { consentOutstanding } from '../consent/consent-signing.service';
import { type ParticipantRow, participantSchedule } from '../participants/participants.service';
import { ownTaskList, ownTaskOf, taskView } from '../schedules/schedules.service';
import {
  type AnswerableActivity,
  activityOfVersion,
  participantActivityOfTask,
  type VersionActivities,
  versionActivities,
} from './answerable';

export type TaskHold = (typeof TASK_HOLDS)[number];

/** What deciding a hold needs of the participant: their id, or their whole row when it is at hand. */
export type HoldFacts = { id: string; activities_disabled: boolean } | ParticipantRow;

/**
 * Why the participant may not start tasks now, or null: staff turned their activities off (E-135), or a consent
 * waits to be signed, or signed again after a version changed it (re-consent).
 */
export function holdOf(p: { activities_disabled: boolean }, owesConsent: boolean): TaskHold | null {
  if (p.activities_disabled) return 'activitiesDisabled';
  return owesConsent ? 'consentRequired' : null;
}

/** The participant's hold (holdOf), its consent part read when it matters. */
export async function taskHold(ctx: DbCtx, participant: HoldFacts): Promise<TaskHold | null> {
  if (participant.activities_disabled) return 'activitiesDisabled';
  return holdOf(participant, await consentOutstanding(ctx, 'cohort_id' in participant ? participant : participant.id));
}

type TaskRow = NonNullable<Awaited<ReturnType<typeof ownTaskOf>>>;
type ScheduleFacts = NonNullable<Awaited<ReturnType<typeof participantSchedule>>>;

function myTaskView(t: TaskRow, activity: AnswerableActivity, answerable: boolean, hold: TaskHold | null): MyTask {
  return {
    ...taskView(t),
    title: activity.definition.title,
    kind: activity.kind,
    activityId: activity.activityId,
    canAnswer: answerable && t.seen_status === 'AVAILABLE' && hold === null,
  };
}

/** The signed-in participant's schedule facts (their token names them, so the row exists). */
async function me(ctx: ServiceCtx) {
  const p = await participantSchedule(ctx, ctx.participant().participantId);
  if (!p) throw fail('UNAUTHENTICATED');
  return p;
}

/**
 * The participant-facing activity a task asks for, in the revision the participant's version pins (answerable);
 * else as the version the task was made from had it (a task of an earlier version, shown but not answered
 * there: the schedule job moves or withdraws it). Undefined when it asks for none (a site's form).
 */
async function taskActivity(
  ctx: ServiceCtx,
  p: ScheduleFacts,
  t: TaskRow,
  versions: Map<string, VersionActivities | undefined>,
) {
  const versionOf = async (id: string) => {
    if (!versions.has(id)) versions.set(id, await versionActivities(ctx, p.study_id, id));
    return versions.get(id);
  };
  for (const versionId of p.version_id ? [p.version_id, t.version_id] : [t.version_id]) {
    const version = await versionOf(versionId);
    const activity = version && (await participantActivityOfTask(ctx, version, t));
    if (activity) return { activity, versionId, answerable: versionId === p.version_id };
  }
  return undefined;
}

/** listMyTasks: today's tasks (open now, or answered today in the participant's zone) or all, by study day. */
export async function myTasks(ctx: ServiceCtx, scope: 'today' | 'all') {
  const p = await me(ctx);
  const [rows, hold] = await Promise.all([ownTaskList(ctx, p, scope), taskHold(ctx, p)]);
  const versions = new Map<string, VersionActivities | undefined>();
  const items: MyTask[] = [];
  for (const t of rows) {
    const found = await taskActivity(ctx, p, t, versions);
    if (found) items.push(myTaskView(t, found.activity, found.answerable, hold));
  }
  return {
    participantCurrentDay: studyDayAt(p.day_zero, p.time_zone),
    timeZone: p.time_zone,
    hold,
    items,
  };
}

/** getMyTask: one of the participant's own tasks, with the definition to answer (404 for anyone else's). */
export async function myTask(ctx: ServiceCtx, taskId: string) {
  const actor = ctx.participant();
  const p = await me(ctx);
  const t = await ownTaskOf(ctx, p.id, taskId);
  const found = t && (await taskActivity(ctx, p, t, new Map()));
  if (!t || !found) throw fail('NOT_FOUND');
  return {
    task: myTaskView(t, found.activity, found.answerable, await taskHold(ctx, p)),
    activity: found.activity.definition,
    revisionId: found.activity.revisionId,
    studyId: p.study_id,
    studyVersionId: found.versionId,
    participantId: p.id,
    siteId: actor.siteId,
  };
}

/**
 * EDC (decision E-edc): the activities a study version pins, and one of them as answered (prepared definition);
 * undefined when the version is not the study's or does not use the activity.
 */
export async function versionActivityIds(ctx: DbCtx, studyId: string, versionId: string): Promise<string[]> {
  // read from the database, not memory: a list must be the version's as stored (a rolled-back publishing may have left
  // another content under the same id in memory — answerable.ts)
  const version = await versionActivities(ctx, studyId, versionId, true);
  return version ? [...version.revisionOf.keys()] : [];
}

export async function activityOfStudyVersion(
  ctx: DbCtx,
  studyId: string,
  versionId: string,
  activityId: string,
): Promise<AnswerableActivity | undefined> {
  const version = await versionActivities(ctx, studyId, versionId);
  return version && activityOfVersion(ctx, version, activityId);
}
