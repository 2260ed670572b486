/**
 * Rows of the database read into the export generators' inputs (issue 14; packages/domain/src/exports/types.ts):
 * submissions (participants' results with their corrections applied, site forms as entries), audit entries, and
 * the forms they are laid out by — with the blinded reader's view applied (A-117: a blinded export holds neither
 * the unblinded questions nor their answers).
 */
import {
  type Activity,
  type AnswerEntry,
  activityForReader,
  type Answer,
  encodeAnswer,
  type ExportAuditEntry,
  type ExportForm,
  type ExportSubmission,
  parseActivity,
  type Question,
} from '@trialpath/domain';
import type { Db } from '../../db/database';
import {
  auditRows,
  correctionRows,
  latestRevisionIds,
  responseRows,
  responseRowsWhole,
  revisionRows,
  siteFormRows,
} from './export-data.repository';

export interface SubmissionKey {
  id: string;
  source: 'participant' | 'site';
  activity_id: string;
  revision_id: string | null;
  code: string;
}

/** The forms of an export: each revision a submission used, and the newest of every exported activity. */
export async function loadForms(
  db: Db,
  keys: readonly SubmissionKey[],
  activityIds: readonly string[],
  blinded: boolean,
): Promise<{ forms: ExportForm[]; revisionOf: (key: SubmissionKey) => string | undefined }> {
  const latest = await latestRevisionIds(db, activityIds);
  const revisionOf = (k: SubmissionKey) => k.revision_id ?? latest.get(k.activity_id);
  const ids = new Set<string>(latest.values());
  for (const k of keys) {
    const r = revisionOf(k);
    if (r) ids.add(r);
  }
  const rows = await revisionRows(db, [...ids]);
  const forms = rows.map((r) => ({
    activityId: r.activity_id,
    revisionId: r.id,
    revisionNumber: r.number,
    activity: activityForReader(parseActivity(r.definition), blinded),
  }));
  return { forms, revisionOf };
}

const ENTRY_DEFAULTS = {
  appLanguageId: 'en',
  displayLanguage: 'en',
  displayAnswerText: '',
  displayQuestionText: '',
  questionText: '',
  timeTaken: 0,
  startTime: '',
  endTime: '',
  status: 'Completed' as const,
  siteId: '',
};

function entryOf(q: Question, answer: Answer): AnswerEntry {
  const { answerText, optionId } = encodeAnswer(q, answer);
  return { ...ENTRY_DEFAULTS, questionId: q.identifier, questionType: q.type, isSkipped: false, answerText, optionId };
}

/**
 * A response's answers from the per-field arrays the repository reads (display defaults filled in), or null when
 * they cannot stand for the stored answers: an entry lacks a field (the arrays would not line up) or answers a
 * question the form does not hold (written with its own type and texts, which only the whole answer has).
 */
function entriesOf(r: Awaited<ReturnType<typeof responseRows>>[number], questions: Map<string, Question>) {
  const n = r.answer_count;
  const { a_questionId: ids, a_isSkipped: skipped, a_answerText: texts, a_optionId: options } = r;
  if (ids.length !== n || skipped.length !== n || texts.length !== n || options.length !== n) return null;
  const out: AnswerEntry[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const q = questions.get(ids[i] as string);
    if (!q) return null;
    // every field written out (one object shape for all): the display defaults are the stored ones
    out[i] = {
      appLanguageId: 'en',
      displayLanguage: 'en',
      displayAnswerText: '',
      displayQuestionText: '',
      questionId: q.identifier,
      questionType: q.type,
      questionText: '',
      isSkipped: skipped[i] === true,
      timeTaken: 0,
      startTime: '',
      endTime: '',
      status: 'Completed',
      siteId: '',
      answerText: textOf(texts[i]),
      optionId: textOf(options[i]),
    };
  }
  return out;
}

/**
 * Stored answers read whole. `asStored`: exactly as stored (a format that carries every field); otherwise each
 * with the fields the tables read made text (a field missing in an older payload is empty, never undefined).
 */
function storedEntries(stored: unknown[] | undefined, asStored: boolean): AnswerEntry[] {
  if (asStored) return (stored ?? []) as AnswerEntry[];
  return (stored ?? []).map((raw) => {
    const e = (raw ?? {}) as Record<string, unknown>;
    return {
      ...ENTRY_DEFAULTS,
      questionId: textOf(e.questionId),
      questionType: textOf(e.questionType) as AnswerEntry['questionType'],
      questionText: textOf(e.questionText),
      displayAnswerText: textOf(e.displayAnswerText),
      isSkipped: e.isSkipped === true,
      answerText: textOf(e.answerText),
      optionId: textOf(e.optionId),
    };
  });
}

const textOf = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

const questionsOf = (activity: Activity) => new Map(activity.questions.map((q) => [q.identifier, q]));

/** Only the entries of questions the form (as the reader sees it) has, when the reader is blinded. */
function visibleEntries(entries: readonly AnswerEntry[], questions: Map<string, Question>, blinded: boolean) {
  return blinded ? entries.filter((e) => questions.has(e.questionId)) : entries;
}

/**
 * The submissions of these keys, in the keys' order, read in one round per kind. `whole`: each answer as stored,
 * every field (the FHIR bundle); otherwise the fields the tables read, picked out by the database.
 */
export async function loadSubmissions(
  db: Db,
  keys: readonly SubmissionKey[],
  forms: ReadonlyMap<string, ExportForm>,
  revisionOf: (key: SubmissionKey) => string | undefined,
  siteCodes: ReadonlyMap<string, string>,
  options: { blinded: boolean; whole: boolean },
): Promise<{ form: ExportForm; submission: ExportSubmission }[]> {
  const { blinded } = options;
  const responseIds = keys.filter((k) => k.source === 'participant').map((k) => k.id);
  const siteIds = keys.filter((k) => k.source === 'site').map((k) => k.id);
  const [picked, whole, corrections, siteForms] = await Promise.all([
    responseIds.length && !options.whole ? responseRows(db, responseIds) : [],
    responseIds.length && options.whole ? responseRowsWhole(db, responseIds) : [],
    responseIds.length ? correctionRows(db, responseIds) : [],
    siteIds.length ? siteFormRows(db, siteIds) : [],
  ]);
  const correctionsOf = new Map<string, { item: string; new_value: unknown }[]>();
  for (const c of corrections) {
    const list = correctionsOf.get(c.response_id) ?? [];
    list.push(c);
    correctionsOf.set(c.response_id, list);
  }
  const out = new Map<string, { form: ExportForm; submission: ExportSubmission }>();
  const questionMaps = new Map<string, Map<string, Question>>();
  const questionsFor = (form: ExportForm) => {
    const known = questionMaps.get(form.revisionId);
    if (known) return known;
    const made = questionsOf(form.activity);
    questionMaps.set(form.revisionId, made);
    return made;
  };
  const keyOf = new Map(keys.map((k) => [k.id, k]));
  const formOf = (id: string) => forms.get(revisionOf(keyOf.get(id)!) ?? '');
  const entries = new Map<string, AnswerEntry[] | null>(
    picked.map((r) => {
      const form = formOf(r.id);
      return [r.id, form ? entriesOf(r, questionsFor(form)) : null];
    }),
  );
  // a response the arrays cannot stand for is read again whole (rare: older payloads, retired questions)
  const uneven = picked.filter((r) => entries.get(r.id) === null).map((r) => r.id);
  const responses = [...whole, ...(uneven.length ? await responseRowsWhole(db, uneven) : [])];
  for (const r of responses) entries.set(r.id, storedEntries(r.answers, options.whole));
  const rows = [...picked.filter((r) => entries.get(r.id) !== null), ...responses];
  for (const r of rows) {
    const form = formOf(r.id);
    if (!form) continue;
    const questions = questionsFor(form);
    let answers = entries.get(r.id) ?? [];
    const changes = correctionsOf.get(r.id);
    if (changes) {
      // the newest correction of an answer is its value now (the original stays in the audit trail)
      const replaced = new Map<string, AnswerEntry>();
      for (const c of changes) {
        const q = questions.get(c.item);
        if (q) replaced.set(c.item, entryOf(q, c.new_value as Answer));
      }
      answers = answers.map((e) => replaced.get(e.questionId) ?? e);
      for (const [item, e] of replaced) if (!answers.some((a) => a.questionId === item)) answers.push(e);
    }
    out.set(r.id, {
      form,
      submission: {
        submissionId: r.id,
        participantCode: keyOf.get(r.id)!.code,
        siteCode: siteCodes.get(r.site_id) ?? '',
        activityId: r.activity_id,
        revisionId: form.revisionId,
        completedAt: r.completed_at.toISOString(),
        completedLocal: r.completed_local,
        source: 'participant',
        answers: visibleEntries(answers, questions, blinded),
        signature: null,
      },
    });
  }
  for (const e of siteForms) {
    const form = forms.get(revisionOf(keyOf.get(e.id)!) ?? '');
    if (!form) continue;
    const questions = questionsFor(form);
    const answers: AnswerEntry[] = [];
    for (const q of form.activity.questions) {
      const a = (e.answers as Record<string, Answer | undefined>)[q.identifier];
      if (a) answers.push(entryOf(q, a));
    }
    out.set(e.id, {
      form,
      submission: {
        submissionId: e.id,
        participantCode: e.participant_code,
        siteCode: e.site_code,
        activityId: e.activity_id,
        revisionId: form.revisionId,
        completedAt: e.created_at.toISOString(),
        completedLocal: e.created_at.toISOString().slice(0, 19),
        source: 'site',
        enteredBy: e.created_by,
        answers: visibleEntries(answers, questions, blinded),
        signature:
          e.signed_by && e.signed_at
            ? { signedBy: e.signed_by, signedAt: e.signed_at.toISOString(), meaning: e.signature_meaning ?? '' }
            : null,
      },
    });
  }
  return keys.flatMap((k) => out.get(k.id) ?? []);
}

/** Changes to answers are values a blinded reader may not see: the entry keeps who, when, what and why only. */
const ANSWER_ENTITIES = new Set(['activity_response', 'site_form_entry']);

function itemOf(value: unknown): string | null {
  const item = (value as { item?: unknown } | null)?.item;
  return typeof item === 'string' ? item : null;
}

/** Audit entries by id, with the participant and submission they are about. */
export async function loadAudits(
  db: Db,
  ids: readonly number[],
  codeOfParticipant: ReadonlyMap<string, string>,
  codeOfSubmission: ReadonlyMap<string, string>,
  blinded: boolean,
): Promise<ExportAuditEntry[]> {
  const rows = await auditRows(db, ids);
  return rows.map((r) => {
    const entityId = r.entity_id ?? '';
    const submission = ANSWER_ENTITIES.has(r.entity_type) ? entityId : null;
    const hide = blinded && submission !== null;
    return {
      id: String(r.id),
      at: r.at.toISOString(),
      actorId: r.actor_id,
      actorType: r.actor_type === 'staff' ? 'user' : r.actor_type === 'participant' ? 'participant' : 'system',
      actorName: r.actor_name ?? r.actor_type,
      action: r.action,
      entityType: r.entity_type,
      entityId,
      participantCode:
        r.entity_type === 'participant'
          ? (codeOfParticipant.get(entityId) ?? null)
          : submission
            ? (codeOfSubmission.get(submission) ?? null)
            : null,
      submissionId: submission,
      itemKey: itemOf(r.after) ?? itemOf(r.before),
      before: hide ? null : r.before,
      after: hide ? null : r.after,
      reason: r.reason,
    };
  });
}
