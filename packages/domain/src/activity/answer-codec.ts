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

function parseMedication(text: string): MedicationEntry[] | null {
  try {
    const r = MedicationList.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** The answer an entry carries (undefined when skipped or empty). */
export function decodeEntry(
  q: Question,
  e: { answerText: string; optionId: string; isSkipped: boolean },
): Answer | undefined {
  if (e.isSkipped) return undefined;
  const text = e.answerText;
  if (isChoiceType(q.type)) {
    const ids = e.optionId
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0 && text.trim() === '') return undefined;
    const a: Answer = { optionsIds: ids };
    if (text.trim() !== '') a.otherText = text;
    return a;
  }
  if (text.trim() === '') return undefined;
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
