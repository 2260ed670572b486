/**
 * Corrections of participant-reported answers (decision E-response-corrections). The stored result is the source
 * record and never changes; a correction of one answer is a record of its own, made by site staff who enter data
 * (responses.enter: a monitor queries but never corrects), checked by the question's rules, with a reason, under
 * the response's row lock, and audited with the old and the new value. A blinded person can neither read nor
 * correct an answer that unblinds.
 */
import {
  type Answer,
  type EntryValue,
  entryValueOf,
  messageRef,
  readerMaySeeAnswer,
  sameEntryValue,
  validateQuestion,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { requireStudy } from '../access/access.service';
import { requireParticipantManager, visibleParticipant } from '../participants/participant-access.service';
import { accessForParticipant } from '../participants/unblinding.service';
import { revisionActivity } from './answerable';
import { correctionsOf, insertCorrection, lockResponse } from './corrections.repository';

type ResponseRef = { studyId: string; participantId: string; responseId: string };

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const nameOf = (r: { first_name: string | null; last_name: string | null; username: string | null }) =>
  `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username || '';

/** The response's corrections as the reader may see them (none on an answer that unblinds, for a blinded reader). */
async function correctionsView(ctx: ServiceCtx, responseId: string, maySee: (item: string) => boolean) {
  const rows = await correctionsOf(ctx.db, responseId);
  return {
    items: rows
      .filter((r) => maySee(r.item))
      .map((r) => ({
        id: r.id,
        item: r.item,
        oldValue: json<EntryValue>(r.old_value),
        newValue: json<EntryValue>(r.new_value),
        reason: r.reason,
        queryId: r.query_id,
        correctedBy: nameOf(r),
        correctedAt: r.corrected_at.toISOString(),
      })),
  };
}

/** The response, its activity as answered and the reader's blinding; a response of another participant is not found. */
async function responseFor(ctx: ServiceCtx, input: ResponseRef, write: boolean) {
  const studyAccess = write
    ? await requireParticipantManager(ctx, input.studyId)
    : await requireStudy(ctx, input.studyId);
  const p = await visibleParticipant(ctx, studyAccess, input.participantId);
  const access = await accessForParticipant(ctx, studyAccess, p.id);
  const response = await lockResponse(ctx.db, {
    responseId: input.responseId,
    participantId: p.id,
    environment: ctx.env,
  });
  if (!response) throw fail('NOT_FOUND');
  const activity = await revisionActivity(ctx, response.activity_id, response.revision_id);
  if (!activity) throw fail('NOT_FOUND');
  const maySee = (item: string) => readerMaySeeAnswer(activity.definition, item, access.blinded);
  return { access, response, activity, maySee };
}

/** The corrections of a response as entry values, oldest first: what a reader of the response applies. */
export async function correctionsOfResponse(ctx: ServiceCtx, responseId: string) {
  const rows = await correctionsOf(ctx.db, responseId);
  return rows.map((r) => ({ item: r.item, value: json<EntryValue>(r.new_value) }));
}

export async function responseCorrections(ctx: ServiceCtx, input: ResponseRef) {
  const { response, maySee } = await responseFor(ctx, input, false);
  return correctionsView(ctx, response.id, maySee);
}

export async function correctAnswer(
  ctx: ServiceCtx,
  input: ResponseRef & { item: string; answer?: Answer; queryId?: string },
) {
  const { response, activity, maySee } = await responseFor(ctx, input, true);
  const question = activity.definition.questions.find((q) => q.identifier === input.item);
  if (!question)
    throw fieldProblem('VALIDATION_FAILED', 'item', 'participants.correction.unknownItem', { item: input.item });
  if (!maySee(question.identifier)) throw fail('FORBIDDEN');
  const checked = validateQuestion(question, input.answer, { language: response.language });
  if (checked.errors.length > 0) {
    const first = checked.errors[0]!;
    throw fail('VALIDATION_FAILED', undefined, {
      message: messageRef(first.key, first.params),
      fields: { answer: checked.errors.map((e) => messageRef(e.key, e.params)) },
    });
  }
  const before = await currentValue(ctx, response, question.identifier);
  const after = entryValueOf(question, input.answer, response.language);
  if (sameEntryValue(before, after)) {
    ctx.unchanged();
    return correctionsView(ctx, response.id, maySee);
  }
  const reason = ctx.reason ?? '';
  const made = await insertCorrection(ctx.db, {
    response_id: response.id,
    participant_id: response.participant_id,
    study_id: response.study_id,
    environment: response.environment,
    item: question.identifier,
    old_value: before,
    new_value: after,
    reason,
    query_id: input.queryId ?? null,
    corrected_by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'participant.response.correct',
    entityType: 'activity_response',
    entityId: response.id,
    after: { correctionId: made.id, item: question.identifier, queryId: input.queryId ?? null },
    items: [{ item: question.identifier, oldValue: before.displayAnswerText, newValue: after.displayAnswerText }],
    reason,
  });
  return correctionsView(ctx, response.id, maySee);
}

/** The answer as it stands: the latest correction's value, else the submitted entry's. */
async function currentValue(
  ctx: ServiceCtx,
  response: { id: string; answers: unknown },
  item: string,
): Promise<EntryValue> {
  const corrections = await correctionsOf(ctx.db, response.id);
  const last = corrections.filter((c) => c.item === item).at(-1);
  if (last) return json<EntryValue>(last.new_value);
  const entry = json<(EntryValue & { questionId: string })[]>(response.answers).find((e) => e.questionId === item);
  return entry
    ? {
        answerText: entry.answerText,
        optionId: entry.optionId,
        isSkipped: entry.isSkipped,
        displayAnswerText: entry.displayAnswerText,
      }
    : { answerText: '', optionId: '', isSkipped: true, displayAnswerText: '' };
}
