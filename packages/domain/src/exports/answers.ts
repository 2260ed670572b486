/**
 * One stored answer entry (activity_responses.answers, the payload's result entries) read into the values every
 * export format writes. decodeEntry reads the entry exactly as the engine does; dates and times are normalised by
 * encodeAnswer (ISO `YYYY-MM-DD`, `HH:mm`, `date`T`time`); labels are the English texts of the activity model.
 * A reader is made once per question, so reading an answer is a Map lookup and a few string operations.
 */
import { chosenOptionIds } from '../activity/answer';
import { decodeEntry, encodeAnswer } from '../activity/answer-codec';
import { localize, type Question } from '../activity/model';
import { scalarText } from '../activity/number-text';
import type { AnswerEntry } from '../activity/payload';
import { questionDisplayText } from '../activity/question-text';
import { isChoiceType } from '../activity/question-types';
import { allowsMultiple, optionsOf } from '../activity/rules/choice';

/** Labels, question texts and codes of the export are written in this language (the data dictionary's). */
export const EXPORT_LANGUAGE = 'en';

export interface ChoiceValue {
  kind: 'choice';
  codes: readonly string[];
  labels: readonly string[];
  /** The other option's text ('' when none). */
  other: string;
}
export interface ScalarValue {
  kind: 'scalar';
  value: string;
  /** The scale label of the value (NumberScale / VAS / WongBaker labels), else ''. */
  label: string;
}
export interface MedicationRow {
  /** The listed drug's id ('' for a drug typed in). */
  code: string;
  name: string;
  dose: string;
  unit: string;
  doses: string;
  reason: string;
  reasonLabel: string;
}
export interface MedicationValue {
  kind: 'medication';
  entries: readonly MedicationRow[];
}
export type AnswerValue = ChoiceValue | ScalarValue | MedicationValue;
export type AnswerKind = AnswerValue['kind'];

/** The entry fields a reader uses (a stored AnswerEntry has them). */
export type StoredEntry = Pick<AnswerEntry, 'answerText' | 'optionId' | 'isSkipped'>;

export interface QuestionReader {
  question: Question;
  kind: AnswerKind;
  /** Question text in the export language (HTML stripped). */
  text: string;
  /** Options' codes and labels in the model's order, the other option last (choice questions). */
  codes: readonly { code: string; label: string }[];
  multiple: boolean;
  /** The answer an entry carries; undefined when skipped or empty. */
  read(entry: StoredEntry): AnswerValue | undefined;
}

/** Display-only types: they carry no answer and get no column. */
const DISPLAY_ONLY = new Set<string>(['SurveyInstruction', 'Section']);
/** Stored texts already in the canonical form encodeAnswer writes (the usual case) are taken as they are. */
const CANONICAL: Readonly<Record<string, RegExp>> = {
  Date: /^\d{4}-\d{2}-\d{2}$/,
  Time: /^\d{2}:\d{2}$/,
  DateTime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
};
/** Parsed medication lists by their stored text (bounded; a pure cache: repeated lists are read once). */
const MEDICATION_CACHE_SIZE = 4096;
const SCALES = new Set<string>(['NumberScale', 'VAS', 'WongBaker']);

/** The questions whose answers are exported, in the activity's order. */
export function exportedQuestions(questions: readonly Question[]): Question[] {
  return questions.filter((q) => !DISPLAY_ONLY.has(q.type));
}

function choiceCodes(q: Question): { code: string; label: string }[] {
  const codes = optionsOf(q).map((o) => ({ code: o.id, label: localize(o.body, EXPORT_LANGUAGE) }));
  if (q.otherOptionId) {
    codes.push({ code: q.otherOptionId, label: localize(q.otherOptionBody, EXPORT_LANGUAGE) || q.otherOptionId });
  }
  return codes;
}

function medicationReader(q: Extract<Question, { type: 'Medication' }>) {
  const names = new Map(q.constraints.medications.map((m) => [m.id, localize(m.name, EXPORT_LANGUAGE)]));
  const reasons = new Map(q.constraints.reasons.map((r) => [r.id, localize(r.body, EXPORT_LANGUAGE)]));
  const cache = new Map<string, MedicationValue | undefined>();
  const read = (entry: StoredEntry): MedicationValue | undefined => {
    const list = decodeEntry(q, entry)?.medication;
    if (!list) return undefined;
    const entries = list.map((m) => {
      const code = m.medicationId ?? '';
      const reason = m.reason ?? '';
      return {
        code,
        name: names.get(code) ?? m.name ?? '',
        dose: scalarText(m.dosageAmount),
        unit: m.dosageUnit ?? '',
        doses: scalarText(m.numberOfDoses),
        reason,
        reasonLabel: reasons.get(reason) ?? '',
      };
    });
    return { kind: 'medication', entries };
  };
  return (entry: StoredEntry): MedicationValue | undefined => {
    if (entry.isSkipped) return undefined;
    const text = entry.answerText;
    if (cache.has(text)) return cache.get(text);
    const value = read(entry);
    if (cache.size >= MEDICATION_CACHE_SIZE) cache.clear();
    cache.set(text, value);
    return value;
  };
}

/** The reader of one question's stored answers. */
export function questionReader(q: Question): QuestionReader {
  const base = { question: q, text: questionDisplayText(q, EXPORT_LANGUAGE), multiple: allowsMultiple(q) };
  if (isChoiceType(q.type)) {
    const codes = choiceCodes(q);
    const labelOf = new Map(codes.map((c) => [c.code, c.label]));
    const read = (entry: StoredEntry): ChoiceValue | undefined => {
      const a = decodeEntry(q, entry);
      if (!a) return undefined;
      const chosen = chosenOptionIds(a);
      return {
        kind: 'choice',
        codes: chosen,
        labels: chosen.map((id) => labelOf.get(id) ?? id),
        other: a.otherText ?? '',
      };
    };
    return { ...base, kind: 'choice', codes, read };
  }
  if (q.type === 'Medication') return { ...base, kind: 'medication', codes: [], read: medicationReader(q) };
  const scaleLabels = SCALES.has(q.type)
    ? new Map(q.labels.map((l) => [scalarText(l.value), localize(l.text, EXPORT_LANGUAGE)]))
    : null;
  const canonical = Object.hasOwn(CANONICAL, q.type) ? (CANONICAL[q.type] as RegExp) : null;
  const read = (entry: StoredEntry): ScalarValue | undefined => {
    if (entry.isSkipped) return undefined;
    const text = entry.answerText;
    const value =
      canonical === null || canonical.test(text) ? text.trim() : encodeAnswer(q, decodeEntry(q, entry)).answerText;
    if (value === '') return undefined;
    return { kind: 'scalar', value, label: scaleLabels?.get(value) ?? '' };
  };
  return { ...base, kind: 'scalar', codes: [], read };
}

/**
 * The first entry of each question of a submission, by the question's place in `index` (other entries: unknown
 * or repeated questions, are left out). `slots` is reused between submissions: it is cleared first.
 */
export function entriesByQuestion(
  answers: readonly AnswerEntry[],
  index: ReadonlyMap<string, number>,
  slots: (AnswerEntry | undefined)[],
): (AnswerEntry | undefined)[] {
  slots.fill(undefined);
  for (let i = 0; i < answers.length; i++) {
    const e = answers[i] as AnswerEntry;
    const at = index.get(e.questionId);
    if (at !== undefined && slots[at] === undefined) slots[at] = e;
  }
  return slots;
}
