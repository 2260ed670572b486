/**
 * Activity result payload → FHIR R4 QuestionnaireResponse and back. Every item and answer fits the
 * activity's Questionnaire (toQuestionnaire; questionnaireResponseProblems checks it): answers are the
 * normalised typed values of the item's type (valueCoding for options, valueString for the other
 * option's text on open-choice items, valueDecimal / valueInteger, valueDate, valueTime, valueDateTime
 * with the participant's offset, valueString for text; a repeating group per medication entry), read
 * the way the engine reads the answer (`072.5` → 72.5, `05/03/2024` → 2024-03-05, `8:30 pm` → 20:30).
 * What has no typed place travels in extensions: the entry's other fields, its text as sent when the
 * typed answers do not give it back exactly (or when it is no valid answer), and entries for unknown or
 * repeated questions, with their places. So mapping back gives the payload exactly.
 */
import type { MedicationEntry } from '../answer';
import { decodeEntry } from '../answer-codec';
import type { Activity, Question } from '../model';
import { plainNumberText } from '../number-text';
import { type ActivityResultPayload, ActivityResultPayloadSchema, type AnswerEntry } from '../payload';
import { isChoiceType } from '../question-types';
import { allowsMultiple, optionsOf } from '../rules/choice';
import { parseDateInput } from '../rules/date';
import { parseNumberInput } from '../rules/number';
import { minutesToIsoTime, parseTimeInput } from '../rules/time';
import { type FhirLayout, fhirLayout, type MedicationField } from './layout';
import { fhirItemType } from './questionnaire';
import {
  EXT,
  ext,
  type FhirExtension,
  OPTION_SYSTEM,
  type QuestionnaireResponse,
  type QuestionnaireResponseAnswer,
  type QuestionnaireResponseItem,
} from './types';
import { FHIR_ID, FHIR_ZONE, fhirString, isFhirDateTime, isInt32, jsonText } from './values';

interface Sent {
  answerText: string;
  optionId: string;
}

const codingOf = (code: string): QuestionnaireResponseAnswer => ({ valueCoding: { system: OPTION_SYSTEM, code } });

/** Chosen option ids as the engine reads them (decodeEntry): comma separated, trimmed, no blanks. */
const chosenIds = (optionId: string) =>
  optionId
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function choiceAnswers(q: Question, e: AnswerEntry): QuestionnaireResponseAnswer[] {
  const known = new Set(optionsOf(q).map((o) => o.id));
  if (q.otherOptionId) known.add(q.otherOptionId);
  const open = fhirItemType(q) === 'open-choice';
  const text = e.answerText.trim() === '' ? '' : e.answerText;
  const out: QuestionnaireResponseAnswer[] = [];
  let textUsed = false;
  for (const id of chosenIds(e.optionId)) {
    if (!known.has(id)) continue;
    if (open && id === q.otherOptionId && text !== '' && !textUsed) {
      out.push({ valueString: fhirString(text) });
      textUsed = true;
    } else out.push(codingOf(id));
  }
  return allowsMultiple(q) ? out : out.slice(0, 1);
}

/** The typed answers of an entry of a question that is not a medication (none when it has no valid one). */
function answersOf(q: Question, e: AnswerEntry, offset: string): QuestionnaireResponseAnswer[] {
  const type = fhirItemType(q);
  if (type === 'choice' || type === 'open-choice') return choiceAnswers(q, e);
  const text = e.answerText;
  if (text.trim() === '') return [];
  switch (type) {
    case 'decimal': {
      const n = parseNumberInput(text);
      return n === null ? [] : [{ valueDecimal: n }];
    }
    case 'integer': {
      const n = parseNumberInput(text);
      return isInt32(n) ? [{ valueInteger: n }] : [];
    }
    case 'date': {
      const iso = q.type === 'Date' ? parseDateInput(text, q.constraints.format) : null;
      return iso ? [{ valueDate: iso }] : [];
    }
    case 'time': {
      const m = parseTimeInput(text);
      return m === null ? [] : [{ valueTime: `${minutesToIsoTime(m)}:00` }];
    }
    case 'dateTime': {
      if (q.type !== 'DateTime') return [];
      const a = decodeEntry(q, e);
      const iso = parseDateInput(a?.date, q.constraints.date.format);
      const m = parseTimeInput(a?.time);
      const value = `${iso}T${m === null ? '' : minutesToIsoTime(m)}:00${offset}`;
      return iso && m !== null && FHIR_ZONE.test(offset) && isFhirDateTime(value) ? [{ valueDateTime: value }] : [];
    }
    case 'string':
    case 'text':
      return [{ valueString: fhirString(text) }];
    default:
      return [];
  }
}

/** The text a typed answer stands for, as the engine writes it. */
function answerTextOf(q: Question, answers: QuestionnaireResponseAnswer[]): Sent {
  if (isChoiceType(q.type)) {
    const ids: string[] = [];
    let text = '';
    for (const a of answers) {
      if (a.valueCoding?.code !== undefined) ids.push(a.valueCoding.code);
      else if (a.valueString !== undefined && q.otherOptionId) {
        ids.push(q.otherOptionId);
        text = a.valueString;
      }
    }
    return { answerText: text, optionId: ids.join(',') };
  }
  const a = answers[0];
  let text = '';
  if (a?.valueDecimal !== undefined) text = plainNumberText(a.valueDecimal);
  else if (a?.valueInteger !== undefined) text = String(a.valueInteger);
  else if (a?.valueTime !== undefined) text = a.valueTime.slice(0, 5);
  else if (a?.valueDateTime !== undefined) text = a.valueDateTime.slice(0, 16);
  else text = a?.valueDate ?? a?.valueString ?? '';
  return { answerText: text, optionId: '' };
}

type MedicationLayout = NonNullable<ReturnType<FhirLayout['medication']['get']>>;

/** A number the engine reads from a medication field (a number, or text read as typed numbers are). */
function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  return typeof v === 'string' ? parseNumberInput(v) : null;
}

/** The typed items of one medication entry. */
function medicationFields(
  q: Extract<Question, { type: 'Medication' }>,
  known: { medications: Set<string>; reasons: Set<string> },
  ids: MedicationLayout['linkIds'],
  e: MedicationEntry,
): QuestionnaireResponseItem[] {
  const out: QuestionnaireResponseItem[] = [];
  const add = (field: MedicationField, answer: QuestionnaireResponseAnswer) =>
    out.push({ linkId: ids[field], answer: [answer] });
  if (e.medicationId && known.medications.has(e.medicationId)) add('name', codingOf(e.medicationId));
  else if (typeof e.name === 'string' && e.name.trim() !== '' && q.constraints.allowOther) {
    add('name', { valueString: fhirString(e.name) });
  }
  const amount = numberOf(e.dosageAmount);
  if (amount !== null) add('dosageAmount', { valueDecimal: amount });
  if (typeof e.dosageUnit === 'string' && e.dosageUnit.trim() !== '') {
    add('dosageUnit', { valueString: fhirString(e.dosageUnit) });
  }
  const doses = numberOf(e.numberOfDoses);
  if (isInt32(doses)) add('numberOfDoses', { valueInteger: doses });
  if (typeof e.reason === 'string' && known.reasons.has(e.reason)) add('reason', codingOf(e.reason));
  return out;
}

/** The items of a medication answer: one repetition of the group per entry. */
function medicationItems(
  q: Extract<Question, { type: 'Medication' }>,
  e: AnswerEntry,
  layout: FhirLayout,
  linkId: string,
): QuestionnaireResponseItem[] {
  const { linkIds } = layout.medication.get(q.identifier) as MedicationLayout;
  const known = {
    medications: new Set(q.constraints.medications.map((m) => m.id)),
    reasons: new Set(q.constraints.reasons.map((r) => r.id)),
  };
  const entries = e.answerText.trim() === '' ? [] : (decodeEntry(q, e)?.medication ?? []);
  return entries.map((entry) => {
    const fields = medicationFields(q, known, linkIds, entry);
    return fields.length > 0 ? { linkId, item: fields } : { linkId };
  });
}

/** The medication list the repetitions of a group stand for ('' for one repetition without fields). */
function medicationTextOf(run: QuestionnaireResponseItem[], fieldAt: MedicationLayout['fieldAt']): string {
  if (run.length === 1 && !run[0]?.item?.length) return '';
  const entries = run.map((group) => {
    const found: Partial<Record<MedicationField, QuestionnaireResponseAnswer>> = {};
    for (const f of group.item ?? []) {
      const field = fieldAt.get(f.linkId);
      if (field && f.answer?.[0]) found[field] = f.answer[0];
    }
    // MedicationEntrySchema's order, as the portal writes an entry
    const entry: MedicationEntry = {};
    if (found.name?.valueCoding?.code !== undefined) entry.medicationId = found.name.valueCoding.code;
    if (found.name?.valueString !== undefined) entry.name = found.name.valueString;
    if (found.dosageAmount?.valueDecimal !== undefined) entry.dosageAmount = found.dosageAmount.valueDecimal;
    if (found.dosageUnit?.valueString !== undefined) entry.dosageUnit = found.dosageUnit.valueString;
    if (found.numberOfDoses?.valueInteger !== undefined) entry.numberOfDoses = found.numberOfDoses.valueInteger;
    if (found.reason?.valueCoding?.code !== undefined) entry.reason = found.reason.valueCoding.code;
    return entry;
  });
  return JSON.stringify(entries);
}

/** What the items of one question stand for, from their typed answers alone. */
function sentOf(q: Question, run: QuestionnaireResponseItem[], layout: FhirLayout): Sent {
  if (q.type === 'Medication') {
    const { fieldAt } = layout.medication.get(q.identifier) as MedicationLayout;
    return { answerText: medicationTextOf(run, fieldAt), optionId: '' };
  }
  return answerTextOf(q, run[0]?.answer ?? []);
}

/** The items of one entry: its typed answers, and what they cannot say in extensions. */
function itemsOf(q: Question, e: AnswerEntry, layout: FhirLayout, offset: string): QuestionnaireResponseItem[] {
  const { answerText, optionId, questionId: _id, ...entryFields } = e;
  const linkId = layout.linkIdOf.get(q.identifier) as string;
  let run: QuestionnaireResponseItem[];
  if (q.type === 'Medication') run = medicationItems(q, e, layout, linkId);
  else {
    const answers = answersOf(q, e, offset);
    run = [answers.length > 0 ? { linkId, answer: answers } : { linkId }];
  }
  if (run.length === 0) run = [{ linkId }];
  const extension: FhirExtension[] = [{ url: EXT.entry, valueString: jsonText(entryFields) }];
  const back = sentOf(q, run, layout);
  if (back.answerText !== answerText || back.optionId !== optionId) {
    extension.push({ url: EXT.answerText, valueString: jsonText({ answerText, optionId }) });
  }
  const [{ linkId: _same, ...first }, ...others] = run as [QuestionnaireResponseItem, ...QuestionnaireResponseItem[]];
  return [{ linkId, text: fhirString(e.questionText) || linkId, extension, ...first }, ...others];
}

/** The QuestionnaireResponse of a submission to an activity. */
export function toQuestionnaireResponse(activity: Activity, payload: ActivityResultPayload): QuestionnaireResponse {
  const layout = fhirLayout(activity);
  const byId = new Map(activity.questions.map((q) => [q.identifier, q]));
  const { results, ...submission } = payload;
  const items: QuestionnaireResponseItem[] = [];
  const others: { index: number; entry: AnswerEntry }[] = [];
  const seen = new Set<string>();
  results.forEach((e, index) => {
    const q = byId.get(e.questionId);
    if (!q || seen.has(q.identifier)) {
      others.push({ index, entry: e });
      return;
    }
    seen.add(q.identifier);
    items.push(...itemsOf(q, e, layout, payload.completionLocalOffset));
  });
  const extension: FhirExtension[] = [{ url: EXT.submission, valueString: jsonText(submission) }];
  if (others.length > 0) extension.push({ url: EXT.otherEntries, valueString: jsonText(others) });
  const qr: QuestionnaireResponse = {
    resourceType: 'QuestionnaireResponse',
    status: 'completed',
    subject: { identifier: { value: fhirString(payload.participantId) } },
    extension,
    item: items,
  };
  const id = payload.uuidFromMobile.replace(/[^A-Za-z0-9\-.]/g, '-').slice(0, 64);
  if (id) qr.id = id;
  if (FHIR_ID.test(activity.id)) qr.questionnaire = `Questionnaire/${activity.id}`;
  if (isFhirDateTime(payload.completionTimeUtc)) qr.authored = payload.completionTimeUtc;
  return qr;
}

/** The submission a QuestionnaireResponse written by toQuestionnaireResponse stands for. */
export function fromQuestionnaireResponse(activity: Activity, qr: QuestionnaireResponse): ActivityResultPayload {
  const layout = fhirLayout(activity);
  const submission = JSON.parse(ext(qr.extension, EXT.submission)?.valueString ?? '{}');
  const results: AnswerEntry[] = [];
  const items = qr.item ?? [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as QuestionnaireResponseItem;
    const q = layout.questionAt.get(item.linkId);
    const run = [item];
    // the next items with the same linkId and no entry extension are further repetitions of this group
    while (i + 1 < items.length && items[i + 1]?.linkId === item.linkId && !ext(items[i + 1]?.extension, EXT.entry)) {
      run.push(items[++i] as QuestionnaireResponseItem);
    }
    const entryFields = JSON.parse(ext(item.extension, EXT.entry)?.valueString ?? '{}');
    const raw = ext(item.extension, EXT.answerText)?.valueString;
    const sent: Sent = raw ? JSON.parse(raw) : q ? sentOf(q, run, layout) : { answerText: '', optionId: '' };
    results.push({ ...entryFields, questionId: q?.identifier ?? item.linkId, ...sent });
  }
  const others: { index: number; entry: AnswerEntry }[] = JSON.parse(
    ext(qr.extension, EXT.otherEntries)?.valueString ?? '[]',
  );
  for (const { index, entry } of others) results.splice(index, 0, entry);
  return ActivityResultPayloadSchema.parse({ ...submission, results });
}
