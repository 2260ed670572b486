/**
 * Answer ↔ payload entry (answerText + optionId), and the display texts of an answer.
 */
import type { Answer, MedicationEntry } from './answer';
import { answerValue, chosenOptionIds } from './answer';
import { MedicationEntrySchema } from './answer';
import { localize, type Question } from './model';
import { isChoiceType } from './question-types';
import { optionsOf } from './rules/choice';
import { formatDateInput, parseDateInput } from './rules/date';
import { formatTime, minutesToIsoTime, parseTimeInput } from './rules/time';
import { z } from 'zod';

const isoTime = (t: string | null | undefined) => {
  const m = parseTimeInput(t);
  return m === null ? (t ?? '').trim() : minutesToIsoTime(m);
};

/** answerText and optionId of an answer. */
export function encodeAnswer(q: Question, a: Answer | undefined): { answerText: string; optionId: string } {
  if (!a || a.skipped) return { answerText: '', optionId: '' };
  if (isChoiceType(q.type)) return { answerText: (a.otherText ?? '').trim(), optionId: chosenOptionIds(a).join(',') };
  switch (q.type) {
    case 'Date':
      return { answerText: parseDateInput(a.date, q.constraints.format) ?? (a.date ?? '').trim(), optionId: '' };
    case 'Time':
      return { answerText: isoTime(a.time), optionId: '' };
    case 'DateTime': {
      const d = parseDateInput(a.date, q.constraints.date.format) ?? (a.date ?? '').trim();
      const t = isoTime(a.time);
      return { answerText: d || t ? `${d}T${t}` : '', optionId: '' };
    }
    case 'Medication':
      return { answerText: a.medication?.length ? JSON.stringify(a.medication) : '', optionId: '' };
    default:
      return { answerText: answerValue(a), optionId: '' };
  }
}

const MedicationList = z.array(MedicationEntrySchema);

/** MedicationEntrySchema's fields in its order, with the JSON types each accepts (besides null). */
const MEDICATION_FIELDS = [
  ['medicationId', 'string'],
  ['name', 'string'],
  ['isOther', 'boolean'],
  ['dosageAmount', 'string|number'],
  ['dosageUnit', 'string'],
  ['numberOfDoses', 'string|number'],
  ['reason', 'string'],
] as const;

function fieldOk(v: unknown, kind: (typeof MEDICATION_FIELDS)[number][1]): boolean {
  if (v === null || typeof v === 'string') return v === null || kind !== 'boolean';
  if (typeof v === 'boolean') return kind === 'boolean';
  return typeof v === 'number' && Number.isFinite(v) && kind === 'string|number';
}

/**
 * The medication list of the usual answer without zod: entries that are objects whose known fields
 * all have their type are copied as zod returns them (known fields only, in the schema's order).
 * Anything else gives null and zod decides, so the schema stays the one definition.
 */
function plainMedicationList(list: unknown): MedicationEntry[] | null {
  if (!Array.isArray(list)) return null;
  const out: MedicationEntry[] = [];
  for (const e of list) {
    if (typeof e !== 'object' || e === null || Array.isArray(e)) return null;
    const entry: Record<string, unknown> = {};
    for (const [k, kind] of MEDICATION_FIELDS) {
      if (!Object.hasOwn(e, k)) continue;
      const v = (e as Record<string, unknown>)[k];
      if (!fieldOk(v, kind)) return null;
      entry[k] = v;
    }
    out.push(entry as MedicationEntry);
  }
  return out;
}

function parseMedication(text: string): MedicationEntry[] | null {
  try {
    const json: unknown = JSON.parse(text);
    const quick = plainMedicationList(json);
    if (quick) return quick;
    const r = MedicationList.safeParse(json);
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** Comma-separated option ids, trimmed, blanks left out (one id, the usual case, without split). */
function splitOptionIds(optionId: string): string[] {
  if (!optionId.includes(',')) {
    const id = optionId.trim();
    return id === '' ? [] : [id];
  }
  // a scan rather than split: a text of 100,000 commas makes no array of 100,000 blanks
  const ids: string[] = [];
  let from = 0;
  while (from <= optionId.length) {
    const comma = optionId.indexOf(',', from);
    const end = comma < 0 ? optionId.length : comma;
    if (end > from) {
      const id = optionId.slice(from, end).trim();
      if (id !== '') ids.push(id);
    }
    from = end + 1;
  }
  return ids;
}

/** The answer an entry carries (undefined when skipped or empty). */
export function decodeEntry(
  q: Question,
  e: { answerText: string; optionId: string; isSkipped: boolean },
): Answer | undefined {
  if (e.isSkipped) return undefined;
  const text = e.answerText;
  const blank = text.trim() === '';
  if (isChoiceType(q.type)) {
    const ids = splitOptionIds(e.optionId);
    if (ids.length === 0 && blank) return undefined;
    const a: Answer = { optionsIds: ids };
    if (!blank) a.otherText = text;
    return a;
  }
  if (blank) return undefined;
  switch (q.type) {
    case 'Date':
      return { date: text };
    case 'Time':
      return { time: text };
    case 'DateTime': {
      const i = text.search(/[T ]/);
      return i < 0 ? { date: text, time: '' } : { date: text.slice(0, i), time: text.slice(i + 1) };
    }
    case 'Medication': {
      const list = parseMedication(text);
      // an unreadable list is kept as one empty entry so every medication rule reports on it
      return { medication: list ?? [{}] };
    }
    default:
      return { answer: text };
  }
}

/** The answer as the participant saw it, in a language (option texts, display formats). */
export function displayAnswerText(q: Question, a: Answer | undefined, lang = 'en'): string {
  if (!a || a.skipped) return '';
  if (isChoiceType(q.type)) {
    const byId = new Map(optionsOf(q).map((o) => [o.id, localize(o.body, lang)]));
    return chosenOptionIds(a)
      .map((id) =>
        id === q.otherOptionId ? a.otherText?.trim() || localize(q.otherOptionBody, lang) || id : (byId.get(id) ?? id),
      )
      .join(', ');
  }
  switch (q.type) {
    case 'Date': {
      const iso = parseDateInput(a.date, q.constraints.format);
      return iso ? formatDateInput(iso, q.constraints.format) : (a.date ?? '');
    }
    case 'Time': {
      const m = parseTimeInput(a.time);
      return m === null ? (a.time ?? '') : formatTime(m, q.constraints.format);
    }
    case 'DateTime': {
      const iso = parseDateInput(a.date, q.constraints.date.format);
      const m = parseTimeInput(a.time);
      const d = iso ? formatDateInput(iso, q.constraints.date.format) : (a.date ?? '');
      const t = m === null ? (a.time ?? '') : formatTime(m, q.constraints.time.format);
      return `${d} ${t}`.trim();
    }
    case 'Medication':
      return (a.medication ?? [])
        .map((e) => {
          const listed = q.constraints.medications.find((m) => m.id === e.medicationId);
          const name = listed ? localize(listed.name, lang) : (e.name ?? '');
          const doses = e.numberOfDoses != null && e.numberOfDoses !== '' ? ` x${e.numberOfDoses}` : '';
          return `${name} ${e.dosageAmount ?? ''} ${e.dosageUnit ?? ''}`.replace(/\s+/g, ' ').trim() + doses;
        })
        .join('; ');
    default:
      return answerValue(a);
  }
}
