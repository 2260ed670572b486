/**
 * Does a QuestionnaireResponse fit its Questionnaire (FHIR R4 §QuestionnaireResponse, the parts a
 * JSON schema cannot see)? Every linkId declared at the place it is used, answers only on question
 * items, one answer unless the item repeats, each answer's value[x] the one of the item's type with a
 * value FHIR accepts (32-bit integers, real dates, times, strings of allowed characters), codings
 * among the item's answer options, repeated items only for repeating groups, one after the other.
 */
import type {
  FhirCoding,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
} from './types';
import { FHIR_DATE, FHIR_STRING, FHIR_TIME, isFhirDateTime, isInt32, isRealDatePart } from './values';

/** The value[x] an answer of each item type may hold. */
const VALUE_OF: Readonly<Record<string, readonly string[]>> = {
  boolean: ['valueBoolean'],
  decimal: ['valueDecimal'],
  integer: ['valueInteger'],
  date: ['valueDate'],
  dateTime: ['valueDateTime'],
  time: ['valueTime'],
  string: ['valueString'],
  text: ['valueString'],
  url: ['valueUri'],
  choice: ['valueCoding'],
  'open-choice': ['valueCoding', 'valueString'],
  attachment: ['valueAttachment'],
  reference: ['valueReference'],
  quantity: ['valueQuantity'],
};

function codingProblem(c: FhirCoding, item: QuestionnaireItem): string | null {
  if (typeof c?.code !== 'string') return 'a coding without a code';
  if (!item.answerOption) return null;
  const listed = item.answerOption.some((o) => o.valueCoding.code === c.code && o.valueCoding.system === c.system);
  return listed ? null : `code '${c.code}' is not an answer option`;
}

function valueProblem(key: string, v: unknown, item: QuestionnaireItem): string | null {
  switch (key) {
    case 'valueInteger':
      return isInt32(v) ? null : `valueInteger ${v} is not a 32-bit integer`;
    case 'valueDecimal':
      return typeof v === 'number' && Number.isFinite(v) ? null : `valueDecimal ${v} is not a finite number`;
    case 'valueDate':
      return typeof v === 'string' && FHIR_DATE.test(v) && isRealDatePart(v)
        ? null
        : `valueDate '${v}' is not a FHIR date`;
    case 'valueDateTime':
      return isFhirDateTime(v) ? null : `valueDateTime '${v}' is not a FHIR dateTime`;
    case 'valueTime':
      return typeof v === 'string' && FHIR_TIME.test(v) ? null : `valueTime '${v}' is not a FHIR time`;
    case 'valueString':
      return typeof v === 'string' && FHIR_STRING.test(v) ? null : 'valueString is not a FHIR string';
    case 'valueBoolean':
      return typeof v === 'boolean' ? null : 'valueBoolean is not a boolean';
    case 'valueCoding':
      return codingProblem(v as FhirCoding, item);
    default:
      return null;
  }
}

function answerProblems(def: QuestionnaireItem, item: QuestionnaireResponseItem, out: string[]): void {
  const answers = item.answer ?? [];
  if (answers.length === 0) return;
  const id = item.linkId;
  if (def.type === 'display' || def.type === 'group') {
    out.push(`${id}: a ${def.type} item takes no answer`);
    return;
  }
  if (answers.length > 1 && !def.repeats) out.push(`${id}: ${answers.length} answers on an item that does not repeat`);
  const allowed = VALUE_OF[def.type] ?? [];
  for (const answer of answers) {
    const keys = Object.keys(answer).filter((k) => k.startsWith('value'));
    if (keys.length !== 1) {
      out.push(`${id}: an answer holds ${keys.length} values`);
      continue;
    }
    const key = keys[0] as string;
    if (!allowed.includes(key)) {
      out.push(`${id}: ${key} does not fit an item of type ${def.type}`);
      continue;
    }
    const problem = valueProblem(key, (answer as Record<string, unknown>)[key], def);
    if (problem) out.push(`${id}: ${problem}`);
  }
}

function itemProblems(
  declared: readonly QuestionnaireItem[],
  items: readonly QuestionnaireResponseItem[],
  parent: string | null,
  out: string[],
): void {
  const byLinkId = new Map(declared.map((d) => [d.linkId, d]));
  const seen = new Set<string>();
  let previous: string | null = null;
  for (const item of items) {
    const def = byLinkId.get(item.linkId);
    if (!def) {
      out.push(
        parent === null
          ? `${item.linkId}: not declared in the Questionnaire`
          : `${parent}: nested item '${item.linkId}' is not declared`,
      );
      previous = item.linkId;
      continue;
    }
    const repeatsHere = def.type === 'group' && def.repeats === true && previous === item.linkId;
    if (seen.has(item.linkId) && !repeatsHere) out.push(`${item.linkId}: repeated, but the item does not repeat`);
    seen.add(item.linkId);
    previous = item.linkId;
    answerProblems(def, item, out);
    itemProblems(def.item ?? [], item.item ?? [], item.linkId, out);
  }
}

/** What in a QuestionnaireResponse does not fit its Questionnaire ([] when it fits). */
export function questionnaireResponseProblems(qn: Questionnaire, qr: QuestionnaireResponse): string[] {
  const out: string[] = [];
  itemProblems(qn.item ?? [], qr.item ?? [], null, out);
  return out;
}
