/**
 * Site form answers (EDC; decision E-edc): what a save keeps and refuses, and which saved values it changes. Staff
 * see the whole form on one page, so a save carries every shown answer at once. Answers to questions branching hides
 * are not kept; empty answers are not kept (an entry holds only values). An incomplete save skips the required-answer
 * checks but never keeps a value that breaks a rule of its question's type; a complete save runs validateSubmission,
 * the same check a participant's submission gets.
 */
import type { Answer, AnswerMap } from '../activity/answer';
import { computeFlow, flowIndex } from '../activity/branching';
import { buildResultPayload } from '../activity/build-payload';
import type { Activity } from '../activity/model';
import { isAlwaysPassType } from '../activity/question-types';
import { msg, type RuleMessage } from '../activity/result';
import type { RuleContext } from '../activity/rules/context';
import { isAnswerEmpty } from '../activity/rules/required';
import { validateQuestion } from '../activity/validate-question';
import { validateSubmission } from '../activity/validate-submission';

/** Messages that only say an answer is still missing: an incomplete save does not hold them against the entry. */
const COMPLETENESS_KEYS: ReadonlySet<string> = new Set(['activity.required', 'activity.dateTime.both']);

export interface EntryCheck {
  /** The answers to keep: shown questions only, empty ones left out, each cleaned. */
  answers: Record<string, Answer>;
  /** Per question identifier: why its answer cannot be kept (or, for a complete save, why the form is not complete). */
  errors: Record<string, RuleMessage[]>;
  /** Soft warnings per question identifier (kept answers that look unusual). */
  warnings: Record<string, RuleMessage[]>;
  valid: boolean;
}

/** The answer without empty fields, its keys in order: one form per value, so equal values compare equal. */
export function cleanAnswer(a: Answer): Answer {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(a).sort()) {
    const v = (a as Record<string, unknown>)[key];
    if (v === null || v === undefined || v === '' || v === false) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[key] = v;
  }
  return out as Answer;
}

/** Whether two stored answers hold the same value (missing = empty). */
export function sameAnswer(a: Answer | undefined | null, b: Answer | undefined | null): boolean {
  const text = (x: Answer | undefined | null) => JSON.stringify(x ? cleanAnswer(x) : {});
  return text(a) === text(b);
}

const push = (into: Record<string, RuleMessage[]>, id: string, m: RuleMessage) => {
  if (!Object.hasOwn(into, id)) into[id] = [];
  into[id]!.push(m);
};

/** Check a save of the answers of a site form: `complete` asks for every required answer and runs validateSubmission. */
export function checkEntryAnswers(
  activity: Activity,
  given: AnswerMap,
  options: { complete: boolean; context?: RuleContext },
): EntryCheck {
  const context = options.context ?? {};
  const errors: Record<string, RuleMessage[]> = {};
  const warnings: Record<string, RuleMessage[]> = {};
  const { flow } = flowIndex(activity);
  const inFlow = new Map(flow.map((q) => [q.identifier, q]));
  for (const id of Object.keys(given)) if (!inFlow.has(id)) push(errors, id, msg('edc.unknownQuestion'));

  const { disabled } = computeFlow(activity, given);
  const answers: Record<string, Answer> = {};
  for (const q of flow) {
    const a = Object.hasOwn(given, q.identifier) ? given[q.identifier] : undefined;
    if (!a || disabled.has(q.identifier) || isAlwaysPassType(q.type) || isAnswerEmpty(q, a)) continue;
    answers[q.identifier] = cleanAnswer(a);
  }

  const rules = { ...context, allowDataEditChecks: activity.allowDataEditChecks };
  if (options.complete) {
    const payload = buildResultPayload(activity, answers, {
      // the payload's identity is not checked here: only its answers are
      studyId: 'edc',
      participantId: 'edc',
      deviceId: 'edc',
      uuidFromMobile: 'edc',
      studyVersionId: '',
      siteId: '',
      appLanguageId: context.language ?? 'en',
      displayLanguage: context.language ?? 'en',
      completedAt: context.now,
      timeZone: context.timeZone,
    });
    const r = validateSubmission(activity, payload, context);
    for (const e of r.errors) push(errors, e.field ?? '', e);
    for (const [id, q] of Object.entries(r.questions)) {
      for (const e of q.errors) push(errors, id, e);
      for (const w of q.warnings) push(warnings, id, w);
    }
  } else {
    for (const [id, a] of Object.entries(answers)) {
      const r = validateQuestion(inFlow.get(id)!, a, rules);
      for (const e of r.errors) if (!COMPLETENESS_KEYS.has(e.key)) push(errors, id, e);
      for (const w of r.warnings) push(warnings, id, w);
    }
  }
  return { answers, errors, warnings, valid: Object.keys(errors).length === 0 };
}

/** One changed value of an entry: the question identifier, its value before (null: none) and after (null: cleared). */
export interface AnswerChange {
  item: string;
  oldValue: Answer | null;
  newValue: Answer | null;
}

/** The values a save changes, by question identifier in a stable order (the audit trail's items). */
export function changedAnswers(before: AnswerMap, after: AnswerMap): AnswerChange[] {
  const ids = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const out: AnswerChange[] = [];
  for (const id of ids) {
    const a = Object.hasOwn(before, id) ? before[id] : undefined;
    const b = Object.hasOwn(after, id) ? after[id] : undefined;
    if (!sameAnswer(a, b))
      out.push({ item: id, oldValue: a ? cleanAnswer(a) : null, newValue: b ? cleanAnswer(b) : null });
  }
  return out;
}

/**
 * The changes that need a reason for change (ICH E6(R3), 21 CFR 11.10(e)): a value that had been saved and is now
 * different or cleared. A first entry of a value needs none.
 */
export function changesNeedingReason(changes: readonly AnswerChange[]): AnswerChange[] {
  return changes.filter((c) => c.oldValue !== null);
}
