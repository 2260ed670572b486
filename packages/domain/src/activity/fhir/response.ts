/**
 * Activity result payload → FHIR R4 QuestionnaireResponse and back. Answers are native FHIR values
 * (valueCoding for options, valueDecimal/valueInteger, valueString, valueDate, valueTime,
 * valueDateTime with the participant's offset, a repeated group per medication entry); what FHIR has
 * no place for (device, site, display texts, times, status) travels in extensions.
 */
import type { MedicationEntry } from '../answer';
import { decodeEntry, encodeAnswer } from '../answer-codec';
import type { Activity, Question } from '../model';
import { type ActivityResultPayload, ActivityResultPayloadSchema, type AnswerEntry } from '../payload';
import { isChoiceType } from '../question-types';
import { parseNumberInput } from '../rules/number';
import {
  EXT,
  ext,
  OPTION_SYSTEM,
  type QuestionnaireResponse,
  type QuestionnaireResponseAnswer,
  type QuestionnaireResponseItem,
} from './types';

const MED_FIELDS = [
  'medicationId',
  'name',
  'isOther',
  'dosageAmount',
  'dosageUnit',
  'numberOfDoses',
  'reason',
] as const;

function scalarAnswer(v: unknown): QuestionnaireResponseAnswer {
  if (typeof v === 'boolean') return { valueBoolean: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { valueInteger: v } : { valueDecimal: v };
  return { valueString: String(v) };
}
function scalarOf(a: QuestionnaireResponseAnswer | undefined): unknown {
  if (!a) return undefined;
  return a.valueBoolean ?? a.valueInteger ?? a.valueDecimal ?? a.valueString ?? a.valueCoding?.code;
}

function medicationGroups(q: Question, entries: MedicationEntry[]): QuestionnaireResponseItem[] {
  return entries.map((e) => ({
    linkId: q.identifier,
    item: MED_FIELDS.filter((f) => e[f] !== undefined && e[f] !== null).map((f) => ({
      linkId: `${q.identifier}.${f}`,
      answer: [
        f === 'medicationId' || f === 'reason'
          ? { valueCoding: { system: OPTION_SYSTEM, code: String(e[f]) } }
          : scalarAnswer(e[f]),
      ],
    })),
  }));
}

function answersOf(q: Question, e: AnswerEntry, offset: string): QuestionnaireResponseAnswer[] {
  const text = e.answerText;
  if (isChoiceType(q.type)) {
    const ids = e.optionId.split(',').filter(Boolean);
    const out: QuestionnaireResponseAnswer[] = ids.map((code) => ({ valueCoding: { system: OPTION_SYSTEM, code } }));
    if (text !== '') out.push({ valueString: text });
    return out;
  }
  if (text === '') return [];
  const n = parseNumberInput(text);
  switch (q.type) {
    case 'Integer':
    case 'WongBaker':
      return n !== null && Number.isInteger(n) && String(n) === text ? [{ valueInteger: n }] : [{ valueString: text }];
    case 'Number':
    case 'Decimal':
    case 'NumberScale':
    case 'VAS':
      return n !== null && String(n) === text ? [{ valueDecimal: n }] : [{ valueString: text }];
    case 'Date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? [{ valueDate: text }] : [{ valueString: text }];
    case 'Time':
      return /^\d{2}:\d{2}$/.test(text) ? [{ valueTime: `${text}:00` }] : [{ valueString: text }];
    case 'DateTime':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) && /^[+-]\d{2}:\d{2}$/.test(offset)
        ? [{ valueDateTime: `${text}:00${offset}` }]
        : [{ valueString: text }];
    default:
      return [{ valueString: text }];
  }
}

/** The QuestionnaireResponse of a submission to an activity. */
export function toQuestionnaireResponse(activity: Activity, payload: ActivityResultPayload): QuestionnaireResponse {
  const byId = new Map(activity.questions.map((q) => [q.identifier, q]));
  const { results, ...meta } = payload;
  const items: QuestionnaireResponseItem[] = [];
  for (const e of results) {
    const q = byId.get(e.questionId);
    const { answerText, optionId, questionId, ...entryMeta } = e;
    const item: QuestionnaireResponseItem = {
      linkId: questionId,
      text: e.questionText || questionId,
      extension: [{ url: EXT.entry, valueString: JSON.stringify(entryMeta) }],
    };
    if (q?.type === 'Medication') {
      const a = decodeEntry(q, e);
      const raw = answerText !== '' && a?.medication && encodeAnswer(q, a).answerText === answerText;
      if (raw && a?.medication) {
        // a repeating group: one item per entry, the first one carrying the entry's extension
        const [first, ...others] = medicationGroups(q, a.medication);
        items.push({ ...item, item: first?.item ?? [] }, ...others);
        continue;
      }
      if (answerText !== '') item.answer = [{ valueString: answerText }];
    } else if (q) {
      const answers = answersOf(q, e, payload.completionLocalOffset);
      if (answers.length) item.answer = answers;
    } else if (answerText !== '' || optionId !== '') {
      item.answer = [{ valueString: JSON.stringify({ answerText, optionId }) }];
    }
    items.push(item);
  }
  return {
    resourceType: 'QuestionnaireResponse',
    id: payload.uuidFromMobile.replace(/[^A-Za-z0-9\-.]/g, '-').slice(0, 64) || undefined,
    questionnaire: `Questionnaire/${activity.id}`,
    status: 'completed',
    authored: payload.completionTimeUtc,
    subject: { identifier: { value: payload.participantId } },
    extension: [{ url: EXT.submission, valueString: JSON.stringify(meta) }],
    item: items,
  };
}

function answerTextOf(
  q: Question | undefined,
  item: QuestionnaireResponseItem,
): { answerText: string; optionId: string } {
  const answers = item.answer ?? [];
  if (!q) {
    const v = answers[0]?.valueString;
    return v ? JSON.parse(v) : { answerText: '', optionId: '' };
  }
  if (q.type === 'Medication') {
    if (!item.item) return { answerText: answers[0]?.valueString ?? '', optionId: '' };
    return { answerText: '', optionId: '' };
  }
  if (isChoiceType(q.type)) {
    return {
      optionId: answers.flatMap((a) => (a.valueCoding?.code ? [a.valueCoding.code] : [])).join(','),
      answerText: answers.find((a) => a.valueString !== undefined)?.valueString ?? '',
    };
  }
  const a = answers[0];
  if (!a) return { answerText: '', optionId: '' };
  if (a.valueTime !== undefined) return { answerText: a.valueTime.slice(0, 5), optionId: '' };
  if (a.valueDateTime !== undefined) return { answerText: a.valueDateTime.slice(0, 16), optionId: '' };
  return { answerText: String(a.valueDate ?? a.valueInteger ?? a.valueDecimal ?? a.valueString ?? ''), optionId: '' };
}

/** The submission a QuestionnaireResponse written by toQuestionnaireResponse stands for. */
export function fromQuestionnaireResponse(activity: Activity, qr: QuestionnaireResponse): ActivityResultPayload {
  const byId = new Map(activity.questions.map((q) => [q.identifier, q]));
  const meta = JSON.parse(ext(qr.extension, EXT.submission)?.valueString ?? '{}');
  const results: AnswerEntry[] = [];
  const items = qr.item ?? [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as QuestionnaireResponseItem;
    const q = byId.get(item.linkId);
    const entryMeta = JSON.parse(ext(item.extension, EXT.entry)?.valueString ?? '{}');
    let { answerText, optionId } = answerTextOf(q, item);
    if (q?.type === 'Medication' && item.item) {
      const entries: MedicationEntry[] = [];
      const groups = [item];
      // following items with the same linkId and no entry extension are further entries of this answer
      while (i + 1 < items.length && items[i + 1]?.linkId === item.linkId && !ext(items[i + 1]?.extension, EXT.entry)) {
        groups.push(items[++i] as QuestionnaireResponseItem);
      }
      for (const g of groups) {
        const entry: Record<string, unknown> = {};
        for (const f of g.item ?? []) entry[f.linkId.slice(item.linkId.length + 1)] = scalarOf(f.answer?.[0]);
        entries.push(entry as MedicationEntry);
      }
      answerText = entries.length ? JSON.stringify(entries) : '';
      optionId = '';
    }
    results.push({ ...entryMeta, questionId: item.linkId, answerText, optionId });
  }
  return ActivityResultPayloadSchema.parse({ ...meta, results });
}
