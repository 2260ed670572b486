/**
 * A participant's submitted responses for staff (E-014, E-019; decision E-queries): the list, newest first, with the
 * queries still open on each; one response with the activity as the reader may see it, its answers and the queries
 * on it, each answer as corrected by site staff (decision E-response-corrections). Who sees the participant sees their responses (`responses.view` on the route); a blinded reader receives
 * neither the unblinded questions nor their answers.
 */
import type { ResponseSummary } from '@trialpath/contract';
import {
  activityForReader,
  type ActivityType,
  answersForReader,
  correctedEntries,
  type EntryValue,
  parseActivity,
  readerMaySeeAnswer,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { revisionForAnswers } from '../activities/activities.service';
import { visibleParticipant } from '../participants/participant-access.service';
import { accessForParticipant } from '../participants/unblinding.service';
import { correctionsOfResponse } from '../responses/corrections.service';
import { countParticipantResponses, participantResponses, type ResponseListRow } from './data-queries.repository';
import { mayRaise, queryReader, queryViews } from './data-queries.service';
import { answersOfEntries } from './query-targets';

/** A result's stored entries (the corrections replace their values). */
type StoredEntries = ({ questionId: string } & EntryValue)[];

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

function summaryOf(row: ResponseListRow): ResponseSummary {
  return {
    id: row.id,
    activity: { id: row.activity_id, title: json(row.title), type: row.kind as ActivityType },
    completedAt: new Date(row.completed_at).toISOString(),
    completedLocal: row.completed_local,
    completedOffset: row.completed_offset,
    task: row.task_id && row.start_day !== null ? { id: row.task_id, startDay: row.start_day } : null,
    activeQueries: Number(row.active_queries),
  };
}

export async function responseList(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; pageNum: number; pageSize: number },
) {
  const r = await queryReader(ctx, input.studyId);
  const p = await visibleParticipant(ctx, r.access, input.participantId);
  const page = { offset: (input.pageNum - 1) * input.pageSize, limit: input.pageSize };
  const [rows, total] = await Promise.all([
    participantResponses(ctx.db, p.id, r.access.blinded, page),
    countParticipantResponses(ctx.db, p.id),
  ]);
  return { items: rows.map(summaryOf), total, page: input.pageNum, pageSize: input.pageSize };
}

export async function responseDetail(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; responseId: string },
) {
  const r = await queryReader(ctx, input.studyId);
  const p = await visibleParticipant(ctx, r.access, input.participantId);
  const blinded = (await accessForParticipant(ctx, r.access, p.id)).blinded;
  const [row] = await participantResponses(ctx.db, p.id, blinded, undefined, input.responseId);
  if (!row) throw fail('NOT_FOUND');
  const stored = await revisionForAnswers(ctx, row.activity_id, row.revision_id);
  if (!stored) throw fail('NOT_FOUND');
  const definition = parseActivity(stored.definition);
  const corrections = await correctionsOfResponse(ctx, row.id);
  const entries = correctedEntries(json<StoredEntries>(row.answers), corrections);
  const { answers, skipped } = answersOfEntries(definition, entries);
  const corrected = [...new Set(corrections.map((c) => c.item))];
  return {
    ...summaryOf(row),
    participant: { id: p.id, participantId: p.participant_code },
    language: row.language,
    activityDefinition: activityForReader(definition, blinded),
    answers: answersForReader(definition, answers, blinded),
    skipped: skipped.filter((id) => readerMaySeeAnswer(definition, id, blinded)),
    queries: await queryViews(ctx, r, { targetKind: 'response', targetId: row.id }),
    mayRaise: mayRaise(r),
    corrected: corrected.filter((id) => readerMaySeeAnswer(definition, id, blinded)),
    mayCorrect: r.actions.has('responses.enter') && !r.access.assignment?.readOnly,
  };
}
