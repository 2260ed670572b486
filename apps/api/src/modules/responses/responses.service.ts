/**
 * The participant's own tasks and their activity results (issue 11, decision B-091). A participant sees and
 * answers only participant-facing activities (surveys, ePRO, eDRO; a data capture form is the site's), in the
 * revision their study version pins. A result is checked again on the server by the domain's rules against that
 * revision (prepared once, answerable.ts), stored once per client uuid (a repeat, also a concurrent one, answers
 * the first result as `duplicate`), completes its task and is audited in the same transaction.
 */
import { createHash } from 'node:crypto';
import type { MyTask, TASK_HOLDS } from '@trialpath/contract';
import {
  type ActivityResultPayload,
  type AnswerEntry,
  AnswerEntrySchema,
  addFieldRef,
  type FieldMessageRefs,
  type MessageKey,
  messageRef,
  studyDayAt,
  validateSubmission,
} from '@trialpath/domain';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, HttpError } from '../../kernel/errors';
import { consentOutstanding } from '../consent/consent-signing.service';
import { participantById, participantSchedule } from '../participants/participants.service';
import { claimOwnOpenTask, ownTaskList, ownTaskOf, releaseTaskClaim, taskView } from '../schedules/schedules.service';
import {
  type AnswerableActivity,
  activityOfVersion,
  participantActivityOfTask,
  type VersionActivities,
  versionActivities,
} from './answerable';
import { findByClientUuid, insertResponse } from './responses.repository';

export type TaskHold = (typeof TASK_HOLDS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What deciding a hold needs of the participant. */
export interface HoldFacts {
  id: string;
  activities_disabled: boolean;
}

/**
 * Why the participant may not start tasks now, or null. Staff turned their activities off (E-135); a consent
 * waiting to be (re)signed is to be added here (`consentRequired`).
 */
export async function taskHold(ctx: DbCtx, participant: HoldFacts): Promise<TaskHold | null> {
  if (participant.activities_disabled) return 'activitiesDisabled';
  // a consent waiting to be signed, or signed again after a version changed it (re-consent)
  if (await consentOutstanding(ctx, participant.id)) return 'consentRequired';
  return null;
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

// ── submitting a result ──────────────────────────────────────────────────────────────────────────

/** 422 VALIDATION_FAILED: the request is well formed, but what it says cannot be accepted (B-091). */
function unprocessable(fields: FieldMessageRefs): HttpError {
  return new HttpError(422, fail('VALIDATION_FAILED', undefined, { fields }).body);
}

const oneField = (field: string, key: MessageKey) => {
  const fields: FieldMessageRefs = {};
  addFieldRef(fields, field, messageRef(key));
  return fields;
};

/** A refusal that a repeat of an already stored result never gets: the first result answers it instead. */
class Refusal extends Error {
  constructor(readonly error: HttpError) {
    super(error.message);
  }
}
const refuse = (error: HttpError) => new Refusal(error);

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

/** The completion instant, or the fields whose times are not well formed. */
function completionOf(body: ActivityResultPayload): Date {
  const fields: FieldMessageRefs = {};
  const at = ISO_UTC.test(body.completionTimeUtc) ? new Date(body.completionTimeUtc) : null;
  if (!at || Number.isNaN(at.getTime()))
    addFieldRef(fields, 'completionTimeUtc', messageRef('activity.completionTimeInvalid'));
  if (!LOCAL.test(body.completionTimeLocal) || Number.isNaN(Date.parse(`${body.completionTimeLocal}Z`)))
    addFieldRef(fields, 'completionTimeLocal', messageRef('activity.completionTimeInvalid'));
  if (!OFFSET.test(body.completionLocalOffset))
    addFieldRef(fields, 'completionLocalOffset', messageRef('activity.completionTimeInvalid'));
  if (Object.keys(fields).length > 0) throw refuse(unprocessable(fields));
  return at!;
}

/** Whose result it is: the body must name the signed-in participant (their id or code), study and site. */
function checkOwner(
  body: ActivityResultPayload,
  actor: { studyId: string; siteId: string },
  p: { id: string; participant_code: string },
) {
  const fields: FieldMessageRefs = {};
  if (body.studyId !== actor.studyId) addFieldRef(fields, 'studyId', messageRef('activity.otherParticipant'));
  if (body.participantId !== p.id && body.participantId !== p.participant_code)
    addFieldRef(fields, 'participantId', messageRef('activity.otherParticipant'));
  body.results.forEach((e, i) => {
    if (e.siteId !== '' && e.siteId !== actor.siteId)
      addFieldRef(fields, `results.${i}.siteId`, messageRef('activity.otherSite'));
  });
  if (Object.keys(fields).length > 0)
    throw fail('FORBIDDEN', undefined, { fields, message: messageRef('activity.otherParticipant') });
}

/** The domain's verdict on the answers: any error refuses the result, per question identifier. */
function validated(activity: AnswerableActivity, body: ActivityResultPayload, timeZone: string, language: string) {
  const r = validateSubmission(activity.definition, body, { now: Date.now(), timeZone, language });
  if (!r.valid) {
    const fields: FieldMessageRefs = {};
    for (const e of r.errors) addFieldRef(fields, e.field ?? 'results', messageRef(e.key, e.params));
    for (const [id, q] of Object.entries(r.questions))
      for (const e of q.errors) addFieldRef(fields, id, messageRef(e.key, e.params));
    throw refuse(unprocessable(fields));
  }
  const warnings: Record<string, string[]> = {};
  for (const [id, q] of Object.entries(r.questions))
    if (q.warnings.length) warnings[id] = q.warnings.map((w) => w.text);
  return { score: r.score, dataChecks: r.dataChecks, warnings, results: r.payload?.results ?? body.results };
}

/** Whether a task asks for this activity (its own, or one of its packet's in the version it was made from). */
async function asksFor(
  ctx: ServiceCtx,
  t: { target_kind: 'activity' | 'packet'; target_id: string; version_id: string },
  activity: AnswerableActivity,
) {
  if (t.target_kind === 'activity') return t.target_id === activity.activityId;
  const version = await versionActivities(ctx, ctx.participant().studyId, t.version_id);
  const asked = version && (await participantActivityOfTask(ctx, version, t));
  return asked?.activityId === activity.activityId;
}

/**
 * The task the result answers — the participant's, for this activity, open now and not answered — claimed for it
 * (marked answered in this transaction, which a refusal rolls back). A task that cannot be claimed says why.
 */
async function claimTask(
  ctx: ServiceCtx,
  participantId: string,
  taskId: string,
  activity: AnswerableActivity,
  claims: string[],
) {
  const notYours = () => refuse(unprocessable(oneField('taskInstanceId', 'activity.taskNotYours')));
  if (!UUID.test(taskId)) throw notYours();
  const now = new Date();
  // one statement: a concurrent claim of the same task waits for the first to finish and then sees it answered
  const claimed = await claimOwnOpenTask(ctx, participantId, taskId, now);
  if (claimed) {
    claims.push(claimed.id);
    if (!(await asksFor(ctx, claimed, activity))) throw notYours();
    return claimed;
  }
  const t = await ownTaskOf(ctx, participantId, taskId, now);
  if (!t || !(await asksFor(ctx, t, activity))) throw notYours();
  const conflict = (key: MessageKey) =>
    refuse(fail('CONFLICT', undefined, { message: messageRef(key), fields: oneField('taskInstanceId', key) }));
  switch (t.seen_status) {
    case 'COMPLETED':
      throw conflict('activity.taskAnswered');
    case 'SCHEDULED':
    case 'PENDING_SEND':
      throw conflict('activity.taskNotOpenYet');
    default:
      throw conflict('activity.taskClosed');
  }
}

/**
 * The answers as canonical JSON — each entry's keys in sorted order, no spaces — stored as they are and digested
 * into the audit entry: the digest is recomputed alike from the stored jsonb (whose own key order differs).
 */
const ENTRY_KEYS = Object.keys(AnswerEntrySchema.shape).sort();
const canonicalAnswers = (results: readonly AnswerEntry[]) => JSON.stringify(results, ENTRY_KEYS);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Outcome = NonNullable<Awaited<ReturnType<typeof findByClientUuid>>>;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

function outcomeView(row: Pick<Outcome, 'id' | 'score' | 'data_checks' | 'warnings'>, status: 'stored' | 'duplicate') {
  return {
    responseId: row.id,
    status,
    score: json<unknown>(row.score) ?? null,
    dataChecks: json<{ id: string; type: string; message: string }[]>(row.data_checks),
    warnings: json<Record<string, string[]>>(row.warnings),
  };
}

/** The result stored first under this client uuid answers a repeat (audited: the device sent it again). */
function duplicateOf(ctx: ServiceCtx, first: Outcome, uuid: string) {
  ctx.audit({
    action: 'participant.response.repeat',
    entityType: 'activity_response',
    entityId: first.id,
    after: { activityId: first.activity_id, taskId: first.task_id, uuidFromMobile: uuid },
  });
  return outcomeView(first, 'duplicate');
}

/**
 * submitActivityResult: the participant, study, site and environment are the token's; the activity must be a
 * participant-facing one of their version; a task named must be theirs for it, open, not answered. Every answer
 * is checked by the domain's rules in the participant's language and zone. Stored once per client uuid.
 */
export async function submitResult(ctx: ServiceCtx, activityId: string, body: ActivityResultPayload) {
  const actor = ctx.participant();
  const p = await participantById(ctx, actor.participantId);
  if (!p) throw fail('UNAUTHENTICATED');
  checkOwner(body, actor, p);
  // the task claimed for this result, if any: given back when a repeat answers instead
  const claims: string[] = [];
  try {
    return await store(ctx, activityId, body, p, claims);
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    // refused now, but perhaps stored before (a retry after the answer was lost, or a concurrent twin)
    const first = await findByClientUuid(ctx.db, p.id, body.uuidFromMobile);
    if (!first) throw e.error;
    for (const id of claims) await releaseTaskClaim(ctx, id);
    return duplicateOf(ctx, first, body.uuidFromMobile);
  }
}

type ParticipantRow = NonNullable<Awaited<ReturnType<typeof participantById>>>;

async function store(
  ctx: ServiceCtx,
  activityId: string,
  body: ActivityResultPayload,
  p: ParticipantRow,
  claims: string[],
) {
  const actor = ctx.participant();
  if (body.activityId !== activityId) throw refuse(unprocessable(oneField('activityId', 'activity.otherActivity')));
  const notYours = () => refuse(fail('NOT_FOUND', undefined, { message: messageRef('activity.notYours') }));
  if (!p.version_id) throw notYours();
  if (body.studyVersionId !== '' && body.studyVersionId !== p.version_id)
    throw refuse(
      fail('CONFLICT', undefined, {
        message: messageRef('activity.versionChanged'),
        fields: oneField('studyVersionId', 'activity.versionChanged'),
      }),
    );
  const version = await versionActivities(ctx, actor.studyId, p.version_id);
  const activity = version && (await activityOfVersion(ctx, version, activityId));
  if (activity?.facing !== 'participant') throw notYours();
  const hold = await taskHold(ctx, p);
  if (hold === 'activitiesDisabled')
    throw refuse(fail('CONFLICT', undefined, { message: messageRef('activity.activitiesPaused') }));
  if (hold === 'consentRequired')
    throw refuse(fail('CONFLICT', undefined, { message: messageRef('consent.required') }));
  // no task (null, or an empty id as some devices send it): an on-demand answer
  const task = body.taskInstanceId ? await claimTask(ctx, p.id, body.taskInstanceId, activity, claims) : null;
  const completedAt = completionOf(body);
  const checked = validated(activity, body, p.time_zone, p.language);

  const answers = canonicalAnswers(checked.results);
  const row = await insertResponse(ctx.db, {
    participant_id: p.id,
    study_id: actor.studyId,
    version_id: p.version_id,
    site_id: actor.siteId,
    environment: actor.environment,
    activity_id: activity.activityId,
    revision_id: activity.revisionId,
    task_id: task?.id ?? null,
    client_uuid: body.uuidFromMobile,
    device_id: body.deviceId,
    language: p.language,
    answers,
    score: checked.score === null ? null : JSON.stringify(checked.score),
    data_checks: JSON.stringify(checked.dataChecks),
    warnings: JSON.stringify(checked.warnings),
    completed_at: completedAt,
    completed_local: body.completionTimeLocal,
    completed_offset: body.completionLocalOffset,
  });
  if (!row) {
    // stored first by a concurrent twin (this insert waited for it to commit), or earlier without this task
    const first = await findByClientUuid(ctx.db, p.id, body.uuidFromMobile);
    if (!first) throw fail('INTERNAL');
    for (const id of claims) await releaseTaskClaim(ctx, id);
    return duplicateOf(ctx, first, body.uuidFromMobile);
  }
  ctx.audit({
    action: 'participant.response.submit',
    entityType: 'activity_response',
    entityId: row.id,
    after: {
      participantId: p.id,
      activityId: activity.activityId,
      revisionId: activity.revisionId,
      versionId: p.version_id,
      taskId: task?.id ?? null,
      uuidFromMobile: body.uuidFromMobile,
      completionTimeUtc: completedAt.toISOString(),
      answerCount: checked.results.length,
      // the stored answers, tied into the hash chain
      answersSha256: sha256(answers),
      dataChecks: checked.dataChecks.map((d) => d.id),
    },
  });
  return outcomeView(
    { id: row.id, score: checked.score, data_checks: checked.dataChecks, warnings: checked.warnings },
    'stored',
  );
}
