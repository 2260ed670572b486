/**
 * Activity → FHIR R4 Questionnaire and back. Native fields (linkId, text, type, required, repeats,
 * maxLength, answerOption with ordinalValue scores, enableWhen for the branching rules FHIR can say)
 * are written for other systems; the Trialpath definition of each question travels in the
 * question-definition extension, so mapping back loses nothing. Item types say exactly which answers
 * a response may carry (questionnaireResponseProblems checks it): a choice with an other option is
 * `open-choice` (R4 lets only that type carry the other text), an Integer question whose bounds fit
 * 32 bits is `integer` (else `decimal`), a medication entry is a repeating group of typed items.
 */
import type { NumberConstraints } from '../model';
import { type Activity, type Question, QuestionSchema, SKIP_TO_END, localize, parseActivity } from '../model';
import { scalarText } from '../number-text';
import { isChoiceType } from '../question-types';
import { allowsMultiple, optionsOf } from '../rules/choice';
import { type FhirLayout, fhirLayout } from './layout';
import { EXT, ext, type FhirEnableWhen, OPTION_SYSTEM, type Questionnaire, type QuestionnaireItem } from './types';
import { FHIR_ID, INT32_MAX, INT32_MIN, fhirString, jsonText } from './values';

const FHIR_TYPE: Readonly<Record<string, string>> = {
  NumberScale: 'decimal',
  VAS: 'decimal',
  WongBaker: 'integer',
  Date: 'date',
  Time: 'time',
  DateTime: 'dateTime',
  Number: 'decimal',
  Decimal: 'decimal',
  Medication: 'group',
};

/** Whether every value an Integer question accepts fits a FHIR integer (32 bits). */
function integerFits(c: NumberConstraints): boolean {
  const negatives = c.allowNegative ?? (c.min !== undefined && c.min < 0);
  const low = c.min !== undefined ? c.min >= INT32_MIN : !negatives;
  return low && c.max !== undefined && c.max <= INT32_MAX;
}

/** The FHIR item type of a question. */
export function fhirItemType(q: Question): string {
  if (isChoiceType(q.type)) return q.otherOptionId ? 'open-choice' : 'choice';
  if (q.type === 'Text') return q.constraints.multiline ? 'text' : 'string';
  if (q.type === 'Integer') return integerFits(q.constraints) ? 'integer' : 'decimal';
  return Object.hasOwn(FHIR_TYPE, q.type) ? (FHIR_TYPE[q.type] as string) : 'display';
}

/** enableWhen for items disabled only by normal eq rules on single-answer choices (FHIR can say "!="). */
function enableWhens(activity: Activity, layout: FhirLayout): Map<string, FhirEnableWhen[] | null> {
  const out = new Map<string, FhirEnableWhen[] | null>();
  const ids = activity.questions.map((q) => q.identifier);
  const position = new Map(ids.map((id, i) => [id, i]));
  activity.questions.forEach((q, i) => {
    for (const r of q.branching?.rules ?? []) {
      const end = r.skipTo === SKIP_TO_END ? ids.length : (position.get(r.skipTo) ?? i);
      const expressible =
        q.branching?.mode === 'normal' && r.operator === 'eq' && isChoiceType(q.type) && !allowsMultiple(q);
      for (let j = i + 1; j < end; j++) {
        const id = ids[j] as string;
        const prev = out.get(id);
        if (!expressible || prev === null) {
          out.set(id, null);
          continue;
        }
        const when: FhirEnableWhen = {
          question: layout.linkIdOf.get(q.identifier) as string,
          operator: '!=',
          answerCoding: { system: OPTION_SYSTEM, code: scalarText(r.value ?? r.singleValue) },
        };
        if (prev) prev.push(when);
        else out.set(id, [when]);
      }
    }
  });
  return out;
}

const coding = (code: string, display: string) => ({
  valueCoding: { system: OPTION_SYSTEM, code, display: fhirString(display) || fhirString(code) },
});

function medicationItems(q: Extract<Question, { type: 'Medication' }>, lang: string, layout: FhirLayout) {
  const { linkIds } = layout.medication.get(q.identifier) as NonNullable<ReturnType<FhirLayout['medication']['get']>>;
  const c = q.constraints;
  const name: QuestionnaireItem = {
    linkId: linkIds.name,
    text: 'Medication',
    type: c.allowOther ? 'open-choice' : 'choice',
    required: true,
  };
  if (c.medications.length > 0) name.answerOption = c.medications.map((m) => coding(m.id, localize(m.name, lang)));
  const items: QuestionnaireItem[] = [
    name,
    { linkId: linkIds.dosageAmount, text: 'Dosage amount', type: 'decimal' },
    { linkId: linkIds.dosageUnit, text: 'Dosage unit', type: 'string', required: true },
    { linkId: linkIds.numberOfDoses, text: 'Number of doses', type: 'integer', required: true },
  ];
  if (c.reasons.length > 0) {
    items.push({
      linkId: linkIds.reason,
      text: 'Reason for use',
      type: 'choice',
      required: true,
      answerOption: c.reasons.map((r) => coding(r.id, localize(r.body, lang))),
    });
  }
  return items;
}

function toItem(
  q: Question,
  lang: string,
  layout: FhirLayout,
  when: FhirEnableWhen[] | null | undefined,
): QuestionnaireItem {
  const { type, ...definition } = q;
  const linkId = layout.linkIdOf.get(q.identifier) as string;
  const item: QuestionnaireItem = {
    linkId,
    text: fhirString(localize(q.body, lang)) || linkId,
    type: fhirItemType(q),
    extension: [
      { url: EXT.questionType, valueCode: type },
      { url: EXT.question, valueString: jsonText(definition) },
    ],
  };
  if (item.type !== 'display') item.required = !q.optional;
  if (isChoiceType(q.type)) {
    if (allowsMultiple(q)) item.repeats = true;
    const opts = optionsOf(q).map((o) => ({ id: o.id, body: o.body, score: o.score }));
    if (q.otherOptionId)
      opts.push({ id: q.otherOptionId, body: q.otherOptionBody ?? { en: 'Other' }, score: q.otherScore });
    if (opts.length > 0) {
      item.answerOption = opts.map((o) => {
        const { valueCoding } = coding(o.id, localize(o.body, lang));
        return {
          valueCoding: {
            ...valueCoding,
            ...(o.score !== undefined ? { extension: [{ url: EXT.ordinalValue, valueDecimal: o.score }] } : {}),
          },
        };
      });
    }
  }
  if (q.type === 'Text' && q.constraints.maxLength) item.maxLength = q.constraints.maxLength;
  if (q.type === 'Medication') {
    item.repeats = true;
    item.item = medicationItems(q, lang, layout);
  }
  if (when && when.length > 0) {
    item.enableWhen = when;
    if (when.length > 1) item.enableBehavior = 'all';
  }
  return item;
}

/** The Questionnaire of an activity; texts in `lang` (all languages stay in the extensions). */
export function toQuestionnaire(activity: Activity, lang = 'en'): Questionnaire {
  const { questions, ...rest } = activity;
  const layout = fhirLayout(activity);
  const when = enableWhens(activity, layout);
  const qn: Questionnaire = {
    resourceType: 'Questionnaire',
    identifier: [{ system: 'https://trialpath.dev/fhir/activity', value: fhirString(activity.identifier) }],
    status: 'active',
    language: lang,
    // the definition as it is (id, identifier and revision included: the native fields are written to
    // FHIR's rules and may differ)
    extension: [{ url: EXT.activity, valueString: jsonText(rest) }],
    item: questions.map((q) => toItem(q, lang, layout, when.get(q.identifier))),
  };
  if (FHIR_ID.test(activity.id)) qn.id = activity.id;
  const version = fhirString(activity.revisionId);
  if (version) qn.version = version;
  const title = fhirString(localize(activity.title, lang));
  if (title) qn.title = title;
  const description = fhirString(localize(activity.description, lang));
  if (description) qn.description = description;
  return qn;
}

function fromItem(item: QuestionnaireItem): Question {
  const type = ext(item.extension, EXT.questionType)?.valueCode;
  const def = JSON.parse(ext(item.extension, EXT.question)?.valueString ?? '{}');
  return QuestionSchema.parse({
    identifier: item.linkId,
    ...def,
    type,
    optional: item.type === 'display' ? (def.optional ?? false) : !item.required,
  });
}

/** The activity a Questionnaire written by toQuestionnaire stands for (throws when it is not one). */
export function fromQuestionnaire(qn: Questionnaire): Activity {
  const rest = JSON.parse(ext(qn.extension, EXT.activity)?.valueString ?? '{}');
  return parseActivity({
    id: qn.id,
    identifier: qn.identifier?.[0]?.value,
    revisionId: qn.version,
    ...rest,
    questions: (qn.item ?? []).map(fromItem),
  });
}
