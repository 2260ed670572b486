/**
 * submitActivityResult (issue 11, decisions B-091 and B-group-commit). The participant, study, site and
 * environment are the token's; the activity must be a participant-facing one of their version; a task named must
 * be theirs for it, open, not answered. Every answer is checked by the domain's rules in the participant's
 * language and zone. A result is stored once per client uuid: a repeat, also a concurrent one, answers the first
 * result as `duplicate`.
 *
 * The results sent at the same moment are checked and written together by one group writer (STORE_RESULTS,
 * kernel/group-commit.ts): one read of their participants, one of their consent signatures, one claim of their
 * tasks, one insert, one audit append, one commit; every request is answered after that commit, each result by
 * its own outcome and audited in its own request's name.
 */
import { createHash } from 'node:crypto';
import {
  type ActivityResultPayload,
  type AnswerEntry,
  AnswerEntrySchema,
  addFieldRef,
  type FieldMessageRefs,
  type MessageKey,
  messageRef,
  isUuid,
  validateSubmission,
} from '@trialpath/domain';
import type { Insertable } from 'kysely';
import type { ServiceCtx } from '../../kernel/context';
import { fail, HttpError } from '../../kernel/errors';
import type { GroupedItem, GroupWork, ItemOutcome } from '../../kernel/group-commit';
import { participantsOwingConsent } from '../consent/consent-signing.service';
import { type ParticipantFacts, participantFacts } from '../participants/participants.service';
import { claimOwnOpenTasks, ownTaskOf, releaseTaskClaims } from '../schedules/schedules.service';
import { type AnswerableActivity, activityOfVersion, participantActivityOfTask, versionActivities } from './answerable';
import { type ActivityResponsesTable, findByClientUuid, insertResponses } from './responses.repository';
import { holdOf, type TaskHold } from './responses.service';

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

/**
 * The answers as canonical JSON — each entry's keys in sorted order, no spaces — stored as they are and digested
 * into the audit entry: the digest is recomputed alike from the stored jsonb (whose own key order differs).
 */
const ENTRY_KEYS = Object.keys(AnswerEntrySchema.shape).sort();
const canonicalAnswers = (results: readonly AnswerEntry[]) => JSON.stringify(results, ENTRY_KEYS);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Outcome = NonNullable<Awaited<ReturnType<typeof findByClientUuid>>>;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export type ResultAnswer = ReturnType<typeof outcomeView>;

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
function duplicateOf(ctx: ServiceCtx, first: Outcome, uuid: string): ResultAnswer {
  ctx.audit({
    action: 'participant.response.repeat',
    entityType: 'activity_response',
    entityId: first.id,
    after: { activityId: first.activity_id, taskId: first.task_id, uuidFromMobile: uuid },
  });
  return outcomeView(first, 'duplicate');
}

// ── the checks of one result ─────────────────────────────────────────────────────────────────────────

/** A checked result, ready to be written with others. */
interface CheckedResult {
  participantId: string;
  uuid: string;
  taskId: string | null;
  activity: AnswerableActivity;
  row: Insertable<ActivityResponsesTable>;
  /** The audit entry's after, but for the row id and the task claimed. */
  audited: { answerCount: number; answersSha256: string; dataChecks: string[]; completionTimeUtc: string };
  view: { score: unknown; dataChecks: unknown; warnings: unknown };
}

/** What a request hands to the writer. */
interface SentResult {
  activityId: string;
  body: ActivityResultPayload;
}

/** Every check but the task's claim: the version's activity, the hold, the times, the answers. */
async function check(
  ctx: ServiceCtx,
  { activityId, body }: SentResult,
  p: ParticipantFacts,
  hold: TaskHold | null,
): Promise<CheckedResult> {
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
  if (hold === 'activitiesDisabled')
    throw refuse(fail('CONFLICT', undefined, { message: messageRef('activity.activitiesPaused') }));
  if (hold === 'consentRequired')
    throw refuse(fail('CONFLICT', undefined, { message: messageRef('consent.required') }));
  // no task (null, or an empty id as some devices send it): an on-demand answer
  const taskId = body.taskInstanceId || null;
  if (taskId !== null && !isUuid(taskId))
    throw refuse(unprocessable(oneField('taskInstanceId', 'activity.taskNotYours')));
  const completedAt = completionOf(body);
  const checked = validated(activity, body, p.time_zone, p.language);
  const answers = canonicalAnswers(checked.results);
  return {
    participantId: p.id,
    uuid: body.uuidFromMobile,
    taskId,
    activity,
    row: {
      participant_id: p.id,
      study_id: actor.studyId,
      version_id: p.version_id,
      site_id: actor.siteId,
      environment: actor.environment,
      activity_id: activity.activityId,
      revision_id: activity.revisionId,
      task_id: taskId,
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
    },
    audited: {
      completionTimeUtc: completedAt.toISOString(),
      answerCount: checked.results.length,
      // the stored answers, tied into the hash chain
      answersSha256: sha256(answers),
      dataChecks: checked.dataChecks.map((d) => d.id),
    },
    view: { score: checked.score, dataChecks: checked.dataChecks, warnings: checked.warnings },
  };
}

/** submitActivityResult: the result is checked and written with the others sent at the same moment. */
export function submitResult(ctx: ServiceCtx, activityId: string, body: ActivityResultPayload) {
  ctx.participant();
  return ctx.commitGrouped(STORE_RESULTS, { activityId, body });
}

// ── together, in one transaction ──────────────────────────────────────────────────────────────────────

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

/** Why a task could not be claimed for a result (it was not theirs for this activity, or not open). */
async function whyNotClaimed(ctx: ServiceCtx, r: CheckedResult, now: Date): Promise<Refusal> {
  const t = await ownTaskOf(ctx, r.participantId, r.taskId!, now);
  if (!t || !(await asksFor(ctx, t, r.activity)))
    return refuse(unprocessable(oneField('taskInstanceId', 'activity.taskNotYours')));
  const conflict = (key: MessageKey) =>
    refuse(fail('CONFLICT', undefined, { message: messageRef(key), fields: oneField('taskInstanceId', key) }));
  switch (t.seen_status) {
    case 'COMPLETED':
      return conflict('activity.taskAnswered');
    case 'SCHEDULED':
    case 'PENDING_SEND':
      return conflict('activity.taskNotOpenYet');
    default:
      return conflict('activity.taskClosed');
  }
}

type Item = GroupedItem<SentResult>;
const keyOf = (participantId: string, uuid: string) => `${participantId}|${uuid}`;

/** The batch's participants (one read) and their holds (one read of consent signatures). */
async function participantsOf(items: readonly Item[]) {
  const ctx = items[0]!.ctx;
  const ids = [...new Set(items.map((it) => it.ctx.participant().participantId))];
  const rows = await participantFacts(ctx, ids);
  const owing = await participantsOwingConsent(ctx, rows);
  return new Map(rows.map((p) => [p.id, { p, hold: holdOf(p, owing.has(p.id)) }]));
}

/** What the read stage found of each result: checked, refused (unless stored before), failed, or a twin. */
interface BatchChecks {
  checked: Map<number, CheckedResult>;
  refusals: Map<number, Refusal>;
  failures: Map<number, unknown>;
  /** The same participant and uuid twice in the batch: [this one, its first]. */
  twins: [number, number][];
}

/** The read stage: each result checked against its participant (the batch's facts read once). */
async function checkResults(items: readonly Item[]): Promise<BatchChecks> {
  const found: BatchChecks = { checked: new Map(), refusals: new Map(), failures: new Map(), twins: [] };
  const firstOf = new Map<string, number>();
  const facts = await participantsOf(items);
  for (const [i, it] of items.entries()) {
    const actor = it.ctx.participant();
    const known = facts.get(actor.participantId);
    try {
      if (!known) throw fail('UNAUTHENTICATED');
      checkOwner(it.input.body, actor, known.p);
      const key = keyOf(actor.participantId, it.input.body.uuidFromMobile);
      const first = firstOf.get(key);
      if (first !== undefined) {
        found.twins.push([i, first]);
        continue;
      }
      firstOf.set(key, i);
      found.checked.set(i, await check(it.ctx, it.input, known.p, known.hold));
    } catch (e) {
      if (e instanceof Refusal) found.refusals.set(i, e);
      else found.failures.set(i, e);
    }
  }
  return found;
}

/**
 * The write stage: the checked results' tasks claimed in one statement, the results stored in one insert, each
 * audited in its own request's name. A result refused is still answered by its first result when one was stored
 * before (a retry after the answer was lost, or a concurrent twin); a twin is answered after its first.
 */
async function writeResults(items: readonly Item[], found: BatchChecks): Promise<ItemOutcome<ResultAnswer>[]> {
  const now = new Date();
  const shared = items[0]!.ctx;
  const outcomes: (ItemOutcome<ResultAnswer> | undefined)[] = items.map(() => undefined);
  const checked = new Map(found.checked);
  const refusals = new Map(found.refusals);
  for (const [i, error] of found.failures) outcomes[i] = { ok: false, error };

  // the tasks: claimed together; a claim refused, or a task that asks for another activity, refuses its result
  const withTask = [...checked].filter(([, r]) => r.taskId !== null);
  const claimed = new Map(
    (
      await claimOwnOpenTasks(
        shared,
        withTask.map(([, r]) => ({ participantId: r.participantId, taskId: r.taskId! })),
        now,
      )
    ).map((t) => [t.id, t]),
  );
  const toRelease: string[] = [];
  for (const [i, r] of withTask) {
    const ctx = items[i]!.ctx;
    const t = claimed.get(r.taskId!);
    claimed.delete(r.taskId!); // a task is claimed once, for the first result naming it
    const refusal = !t
      ? await whyNotClaimed(ctx, r, now)
      : !(await asksFor(ctx, t, r.activity))
        ? refuse(unprocessable(oneField('taskInstanceId', 'activity.taskNotYours')))
        : null;
    if (!refusal) continue;
    if (t) toRelease.push(t.id);
    checked.delete(i);
    refusals.set(i, refusal);
  }

  // the results: one insert; a key already taken (stored before, or by another process meanwhile) is a repeat
  const inserted = new Map(
    (
      await insertResponses(
        shared.db,
        [...checked.values()].map((r) => r.row),
      )
    ).map((row) => [keyOf(row.participant_id, row.client_uuid), row.id]),
  );
  for (const [i, r] of checked) {
    const ctx = items[i]!.ctx;
    const id = inserted.get(keyOf(r.participantId, r.uuid));
    if (id === undefined) {
      if (r.taskId) toRelease.push(r.taskId);
      continue;
    }
    ctx.audit({
      action: 'participant.response.submit',
      entityType: 'activity_response',
      entityId: id,
      after: {
        participantId: r.participantId,
        activityId: r.activity.activityId,
        revisionId: r.activity.revisionId,
        versionId: r.row.version_id,
        taskId: r.taskId,
        uuidFromMobile: r.uuid,
        ...r.audited,
      },
    });
    const view = { id, score: r.view.score, data_checks: r.view.dataChecks, warnings: r.view.warnings };
    outcomes[i] = { ok: true, value: outcomeView(view, 'stored') };
  }
  await releaseTaskClaims(shared, toRelease);

  // not stored now: the first result under the same uuid answers, if there is one (a twin's first is stored now)
  const firstStored = async (i: number, otherwise: () => ItemOutcome<ResultAnswer>) => {
    const { ctx, input } = items[i]!;
    const uuid = input.body.uuidFromMobile;
    const first = await findByClientUuid(ctx.db, ctx.participant().participantId, uuid);
    outcomes[i] = first ? { ok: true, value: duplicateOf(ctx, first, uuid) } : otherwise();
  };
  for (const [i] of checked) if (!outcomes[i]) await firstStored(i, () => ({ ok: false, error: fail('INTERNAL') }));
  for (const [i, refusal] of refusals) await firstStored(i, () => ({ ok: false, error: refusal.error }));
  for (const [i, first] of found.twins) await firstStored(i, () => outcomes[first]!);
  return outcomes.map((o) => o!);
}

/** The group writer of activity results (kernel/group-commit.ts). */
export const STORE_RESULTS: GroupWork<SentResult, ResultAnswer, BatchChecks> = {
  label: 'submitActivityResult',
  read: checkResults,
  write: (items, _trx, found) => writeResults(items, found),
};
