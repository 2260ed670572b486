/**
 * Data queries (E-144…E-146; decision E-queries). A monitor or data manager (queries.raise) opens a query on one
 * answer of a participant they see — a site form entry's or a submitted response's question — with a text; site staff
 * (queries.respond) respond; the monitor side (queries.close) closes it, or sends it back (reopen, queries.raise or
 * queries.close). The status is changed by a PUT carrying `status` and the status the caller saw: every change is
 * made under the query's row lock from the status it has then, so of two people acting at once one wins and the other
 * is told, with 409, what happened. A query is seen only by who sees its participant (study, sites, data access type,
 * data space), and a blinded reader never receives, opens or sees a query on a question holding unblinding data
 * . Every write is audited in the request's transaction.
 */
import type { DataQuery, DataQueryDetail, QueryListQuerySchema } from '@trialpath/contract';
import {
  ACTIONS,
  type Action,
  allowedQueryStatuses,
  can,
  type MessageKey,
  type MessageParams,
  mayCommentOnQuery,
  messageRef,
  type QueryStatus,
  type QueryTargetKind,
  queryCounts,
  queryTextProblem,
  queryTransition,
  readerMaySeeAnswer,
  statusChangeProblem,
} from '@trialpath/domain';
import type { z } from 'zod';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { participantsVisibleTo, requireStudy, rolesOf, type StudyAccess, visibleSites } from '../access/access.service';
import { visibleParticipant } from '../participants/participant-access.service';
import {
  countQueriesByStatus,
  findActiveQuery,
  findQuery,
  insertMessage,
  insertQuery,
  lockQuery,
  setQueryAssignment,
  type QueryListRow,
  type QueryOrder,
  type QuerySelection,
  queryMessages,
  queryRows,
  setQueryStatus,
  studySites,
  touchQuery,
} from './data-queries.repository';
import { findTarget } from './query-targets';

type QueryListInput = z.output<typeof QueryListQuerySchema>;

const conflict = (key: MessageKey, params?: MessageParams) =>
  fail('CONFLICT', undefined, { message: messageRef(key, params) });

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const iso = (v: Date | string) => new Date(v).toISOString();

/** Who reads or writes queries in a study, worked out once per request. */
export interface QueryReader {
  access: StudyAccess;
  /** The caller's permissions in the study (the query actions decide what each query offers). */
  actions: ReadonlySet<Action>;
}

export async function queryReader(ctx: ServiceCtx, studyId: string): Promise<QueryReader> {
  const access = await requireStudy(ctx, studyId);
  const roles = rolesOf(ctx.staff(), studyId);
  return { access, actions: new Set(ACTIONS.filter((a) => roles.some((r) => can(r, a)))) };
}

export const mayRaise = (r: QueryReader) => r.actions.has('queries.raise');

/** What a read of queries may see: the reader's participants, and no unblinded question for a blinded one. */
export function selectionFor(
  ctx: ServiceCtx,
  r: QueryReader,
  narrow: Omit<QuerySelection, 'visible' | 'blinded'> = {},
) {
  return {
    ...narrow,
    visible: participantsVisibleTo(ctx, r.access, { participant: 'p', site: 's' }),
    blinded: r.access.blinded,
  } satisfies QuerySelection;
}

export function queryView(r: QueryReader, row: QueryListRow): DataQuery {
  const last = json<{
    id: string;
    kind: DataQuery['lastMessage']['kind'];
    text: string;
    statusAfter: QueryStatus;
    author: string;
    at: string;
  }>(row.last_message);
  return {
    id: row.id,
    status: row.status,
    targetKind: row.target_kind,
    targetId: row.target_id,
    targetKey: row.target_key,
    item: row.item,
    itemText: json(row.item_text),
    activity: { id: row.activity_id, title: json(row.activity_title) },
    participant: { id: row.participant_id, participantId: row.participant_code },
    site: { id: row.current_site_id, name: row.site_name },
    openedBy: row.opened_by_name,
    openedAt: iso(row.opened_at),
    updatedAt: iso(row.updated_at),
    closedBy: row.closed_by_name,
    closedAt: row.closed_at ? iso(row.closed_at) : null,
    assignedRole: row.assigned_role,
    lastMessage: { ...last, at: iso(last.at) },
    messageCount: Number(row.message_count),
    may: { statuses: allowedQueryStatuses(row.status, r.actions), comment: mayCommentOnQuery(row.status, r.actions) },
  };
}

/** The queries a selection finds, as the reader receives them. */
export async function queryViews(ctx: ServiceCtx, r: QueryReader, narrow: Omit<QuerySelection, 'visible' | 'blinded'>) {
  return (await queryRows(ctx.db, selectionFor(ctx, r, narrow))).map((row) => queryView(r, row));
}

async function detail(ctx: ServiceCtx, r: QueryReader, queryId: string): Promise<DataQueryDetail> {
  const [row] = await queryRows(ctx.db, selectionFor(ctx, r, { queryId }));
  if (!row) throw r.access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  const messages = await queryMessages(ctx.db, queryId);
  return {
    ...queryView(r, row),
    messages: messages.map((m) => ({
      id: m.id,
      kind: m.kind,
      text: m.text,
      statusAfter: m.status_after,
      author: m.author,
      at: iso(m.created_at),
    })),
  };
}

/**
 * A query the reader may see, for a write: of the study's data space, its participant visible to them, not on an
 * unblinded question for a blinded reader. Otherwise the same answer as a missing one.
 */
async function visibleQuery(ctx: ServiceCtx, r: QueryReader, queryId: string) {
  const q = await findQuery(ctx.db, r.access.studyId, ctx.env, queryId);
  const refuse = () => (r.access.global ? fail('NOT_FOUND') : fail('FORBIDDEN'));
  if (!q || (r.access.blinded && q.unblinded_only)) throw refuse();
  await visibleParticipant(ctx, r.access, q.participant_id);
  return q;
}

// ── reads ─────────────────────────────────────────────────────────────────────────────────────────────

export async function studyQueries(ctx: ServiceCtx, input: { studyId: string } & QueryListInput) {
  const r = await queryReader(ctx, input.studyId);
  const filters = {
    siteId: input.siteId,
    participantId: input.participantId,
    targetKind: input.targetKind,
    assignedRole: input.assignedRole,
  };
  const status = input.status === 'ALL' ? undefined : (input.status as QueryStatus);
  const sel = selectionFor(ctx, r, { ...filters, status });
  const order: QueryOrder = { sort: input.sort, order: input.order };
  const [rows, counted, sites] = await Promise.all([
    queryRows(ctx.db, sel, order, { offset: (input.pageNum - 1) * input.pageSize, limit: input.pageSize }),
    countQueriesByStatus(ctx.db, selectionFor(ctx, r, filters)),
    visibleStudySites(ctx, r),
  ]);
  const counts = queryCounts(counted);
  return {
    items: rows.map((row) => queryView(r, row)),
    total: status ? counts[status] : counts.OPEN + counts.RESPONDED + counts.CLOSED,
    page: input.pageNum,
    pageSize: input.pageSize,
    counts,
    sites,
  };
}

async function visibleStudySites(ctx: ServiceCtx, r: QueryReader) {
  const sites = await studySites(ctx.db, r.access.studyId);
  return visibleSites(ctx, r.access, sites).map((s) => ({ id: s.id, name: s.name }));
}

export async function queryDetail(ctx: ServiceCtx, input: { studyId: string; queryId: string }) {
  const r = await queryReader(ctx, input.studyId);
  return detail(ctx, r, input.queryId);
}

export async function participantQueries(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const r = await queryReader(ctx, input.studyId);
  const p = await visibleParticipant(ctx, r.access, input.participantId);
  const items = await queryViews(ctx, r, { participantId: p.id });
  return { items, counts: queryCounts(items.map((q) => ({ status: q.status, n: 1 }))) };
}

export async function targetQueries(
  ctx: ServiceCtx,
  input: { studyId: string; targetKind: QueryTargetKind; targetId: string },
) {
  const r = await queryReader(ctx, input.studyId);
  const target = await findTarget(ctx, input.studyId, input.targetKind, input.targetId);
  if (!target) throw r.access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  await visibleParticipant(ctx, r.access, target.participantId);
  const items = await queryViews(ctx, r, { targetKind: input.targetKind, targetId: target.id });
  return { items, mayRaise: mayRaise(r) };
}

// ── writes ────────────────────────────────────────────────────────────────────────────────────────────

function checkedText(text: string, required: boolean) {
  const problem = queryTextProblem(text, required);
  if (problem) throw fieldProblem('VALIDATION_FAILED', 'text', problem);
  return text.trim();
}

/** Opens a query on one answer of a participant the caller sees, with its first message. */
export async function openQuery(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    targetKind: QueryTargetKind;
    targetId: string;
    item: string;
    text: string;
    assignedRole?: string;
  },
) {
  const r = await queryReader(ctx, input.studyId);
  const text = checkedText(input.text, true);
  const target = await findTarget(ctx, input.studyId, input.targetKind, input.targetId);
  if (!target) throw fieldProblem('NOT_FOUND', 'targetId', 'queries.target.notFound');
  const participant = await visibleParticipant(ctx, r.access, target.participantId);
  const question = target.definition?.questions.find((q) => q.identifier === input.item);
  if (!target.definition || !question)
    throw fieldProblem('VALIDATION_FAILED', 'item', 'queries.item.unknown', { item: input.item });
  if (!readerMaySeeAnswer(target.definition, question.identifier, r.access.blinded))
    throw fail('FORBIDDEN', undefined, { message: messageRef('queries.item.blinded') });
  const targetRef = { kind: input.targetKind, id: target.id, item: question.identifier };
  if (await findActiveQuery(ctx.db, targetRef)) throw conflict('queries.alreadyActive');
  const me = ctx.staff().userId;
  const at = new Date();
  const made = await insertQuery(ctx.db, {
    studyId: input.studyId,
    siteId: participant.site_id,
    environment: ctx.env,
    participantId: participant.id,
    targetKind: input.targetKind,
    targetId: target.id,
    item: question.identifier,
    activityId: target.activityId,
    activityTitle: target.definition.title,
    itemText: question.body,
    unblindedOnly: question.unblindedOnly === true,
    assignedRole: input.assignedRole ?? null,
    by: me,
    at,
  }).catch((e: unknown) => {
    // two monitors raising the same point at once: the partial unique index keeps one
    if (isUniqueViolation(e)) throw conflict('queries.alreadyActive');
    throw e;
  });
  await insertMessage(ctx.db, { queryId: made.id, kind: 'OPEN', text, statusAfter: 'OPEN', by: me, at });
  ctx.audit({
    action: 'query.open',
    entityType: 'data_query',
    entityId: made.id,
    after: {
      status: 'OPEN',
      participantId: participant.id,
      targetKind: input.targetKind,
      targetId: target.id,
      item: question.identifier,
      text,
      assignedRole: input.assignedRole ?? null,
    },
  });
  return detail(ctx, r, made.id);
}

const AUDIT_OF = { RESPONSE: 'query.respond', CLOSE: 'query.close', REOPEN: 'query.reopen' } as const;

/** E-144: respond, close or reopen, from the status the caller saw. */
export async function changeQueryStatus(
  ctx: ServiceCtx,
  input: { studyId: string; queryId: string; status: QueryStatus; expectedStatus: QueryStatus; text: string },
) {
  const r = await queryReader(ctx, input.studyId);
  const seen = await visibleQuery(ctx, r, input.queryId);
  const q = await lockQuery(ctx.db, seen.id);
  if (q.status !== input.expectedStatus) throw conflict('queries.status.changedMeanwhile', { status: q.status });
  const problem = statusChangeProblem(q.status, input.status, r.actions);
  if (problem?.kind === 'permission') throw fail('FORBIDDEN', undefined, { message: messageRef(problem.key) });
  if (problem) throw conflict(problem.key);
  const change = queryTransition(q.status, input.status)!;
  const text = checkedText(input.text, change.textRequired);
  if (change.kind === 'REOPEN') {
    const other = await findActiveQuery(ctx.db, { kind: q.target_kind, id: q.target_id, item: q.item });
    if (other && other.id !== q.id) throw conflict('queries.reopenWhileActive');
  }
  const me = ctx.staff().userId;
  const at = new Date();
  await setQueryStatus(ctx.db, q.id, { status: input.status, by: me, at }).catch((e: unknown) => {
    if (isUniqueViolation(e)) throw conflict('queries.reopenWhileActive');
    throw e;
  });
  await insertMessage(ctx.db, { queryId: q.id, kind: change.kind, text, statusAfter: input.status, by: me, at });
  ctx.audit({
    action: AUDIT_OF[change.kind],
    entityType: 'data_query',
    entityId: q.id,
    before: { status: q.status },
    after: { status: input.status, ...(text ? { text } : {}) },
  });
  return detail(ctx, r, q.id);
}

/** A note in the thread of a query that is not closed, by anyone taking part in queries. */
export async function commentOnQuery(ctx: ServiceCtx, input: { studyId: string; queryId: string; text: string }) {
  const r = await queryReader(ctx, input.studyId);
  const seen = await visibleQuery(ctx, r, input.queryId);
  const q = await lockQuery(ctx.db, seen.id);
  if (!mayCommentOnQuery(q.status, r.actions)) {
    if (q.status === 'CLOSED') throw conflict('queries.comment.closed');
    throw fail('FORBIDDEN', undefined, { message: messageRef('queries.comment.mayNot') });
  }
  const text = checkedText(input.text, true);
  const me = ctx.staff().userId;
  const at = new Date();
  await touchQuery(ctx.db, q.id, at);
  await insertMessage(ctx.db, { queryId: q.id, kind: 'COMMENT', text, statusAfter: q.status, by: me, at });
  ctx.audit({ action: 'query.comment', entityType: 'data_query', entityId: q.id, after: { status: q.status, text } });
  return detail(ctx, r, q.id);
}

/** Who is to answer a query that is not closed: a role of the participant's site team, or the whole team (null). */
export async function assignQuery(
  ctx: ServiceCtx,
  input: { studyId: string; queryId: string; assignedRole: string | null },
) {
  const r = await queryReader(ctx, input.studyId);
  const seen = await visibleQuery(ctx, r, input.queryId);
  const q = await lockQuery(ctx.db, seen.id);
  if (q.status === 'CLOSED') throw conflict('queries.assign.closed');
  if (q.assigned_role === input.assignedRole) {
    ctx.unchanged();
    return detail(ctx, r, q.id);
  }
  await setQueryAssignment(ctx.db, q.id, input.assignedRole, new Date());
  ctx.audit({
    action: 'query.assign',
    entityType: 'data_query',
    entityId: q.id,
    before: { assignedRole: q.assigned_role },
    after: { assignedRole: input.assignedRole },
  });
  return detail(ctx, r, q.id);
}
