/**
 * Activity → FHIR R4 Questionnaire and back. Native fields (linkId, text, type, required, repeats,
 * maxLength, answerOption with ordinalValue scores, enableWhen for the branching rules FHIR can say)
 * are written for other systems; the Trialpath definition of each question travels in the
 * question-definition extension, so mapping back loses nothing.
 */
import { type Activity, type Question, QuestionSchema, SKIP_TO_END, localize, parseActivity } from '../model';
import { isChoiceType } from '../question-types';
import { allowsMultiple, optionsOf } from '../rules/choice';
import { EXT, ext, type FhirEnableWhen, OPTION_SYSTEM, type Questionnaire, type QuestionnaireItem } from './types';

const FHIR_TYPE: Record<string, string> = {
  NumberScale: 'decimal',
  VAS: 'decimal',
  WongBaker: 'integer',
  Date: 'date',
  Time: 'time',
  DateTime: 'dateTime',
  Number: 'decimal',
  Integer: 'integer',
  Decimal: 'decimal',
  Medication: 'group',
  SurveyInstruction: 'display',
};

/** The FHIR item type of a question. */
export function fhirItemType(q: Question): string {
  if (isChoiceType(q.type)) return 'choice';
  if (q.type === 'Text') return q.constraints.multiline ? 'text' : 'string';
  return FHIR_TYPE[q.type] ?? 'display';
}

/** enableWhen for items disabled only by normal eq rules on single-answer choices (FHIR can say "!="). */
function enableWhens(activity: Activity): Map<string, FhirEnableWhen[] | null> {
  const out = new Map<string, FhirEnableWhen[] | null>();
  const ids = activity.questions.map((q) => q.identifier);
  activity.questions.forEach((q, i) => {
    for (const r of q.branching?.rules ?? []) {
      const end = r.skipTo === SKIP_TO_END ? ids.length : ids.indexOf(r.skipTo);
      const expressible =
        q.branching?.mode === 'normal' && r.operator === 'eq' && isChoiceType(q.type) && !allowsMultiple(q);
      for (let j = i + 1; j < end; j++) {
        const id = ids[j] as string;
        const prev = out.get(id);
        if (!expressible || prev === null) {
          out.set(id, null);
          continue;
        }
        const code = String(r.value ?? r.singleValue ?? '');
        out.set(id, [
          ...(prev ?? []),
          { question: q.identifier, operator: '!=', answerCoding: { system: OPTION_SYSTEM, code } },
        ]);
      }
    }
  });
  return out;
}

function medicationItems(q: Extract<Question, { type: 'Medication' }>, lang: string): QuestionnaireItem[] {
  const id = q.identifier;
  const coding = (code: string, display: string) => ({ valueCoding: { system: OPTION_SYSTEM, code, display } });
  const items: QuestionnaireItem[] = [
    {
      linkId: `${id}.name`,
      text: 'Medication',
      type: q.constraints.allowOther ? 'open-choice' : 'choice',
      required: true,
      answerOption: q.constraints.medications.map((m) => coding(m.id, localize(m.name, lang))),
    },
    { linkId: `${id}.dosageAmount`, text: 'Dosage amount', type: 'string' },
    { linkId: `${id}.dosageUnit`, text: 'Dosage unit', type: 'string', required: true },
    { linkId: `${id}.numberOfDoses`, text: 'Number of doses', type: 'string', required: true },
  ];
  if (q.constraints.reasons.length > 0) {
    items.push({
      linkId: `${id}.reason`,
      text: 'Reason for use',
      type: 'choice',
      required: true,
      answerOption: q.constraints.reasons.map((r) => coding(r.id, localize(r.body, lang))),
    });
  }
  return items;
}

function toItem(q: Question, lang: string, when: FhirEnableWhen[] | null | undefined): QuestionnaireItem {
  const { identifier, type, ...rest } = q;
  const item: QuestionnaireItem = {
    linkId: identifier,
    text: localize(q.body, lang) || identifier,
    type: fhirItemType(q),
    extension: [
      { url: EXT.questionType, valueCode: type },
      { url: EXT.question, valueString: JSON.stringify(rest) },
    ],
  };
  if (item.type !== 'display') item.required = !q.optional;
  if (isChoiceType(q.type)) {
    if (allowsMultiple(q)) item.repeats = true;
    const opts = optionsOf(q).map((o) => ({ id: o.id, body: o.body, score: o.score }));
    if (q.otherOptionId)
      opts.push({ id: q.otherOptionId, body: q.otherOptionBody ?? { en: 'Other' }, score: q.otherScore });
    item.answerOption = opts.map((o) => ({
      valueCoding: {
        system: OPTION_SYSTEM,
        code: o.id,
        display: localize(o.body, lang) || o.id,
        ...(o.score !== undefined ? { extension: [{ url: EXT.ordinalValue, valueDecimal: o.score }] } : {}),
      },
    }));
  }
  if (q.type === 'Text' && q.constraints.maxLength) item.maxLength = q.constraints.maxLength;
  if (q.type === 'Medication') {
    item.repeats = true;
    item.item = medicationItems(q, lang);
  }
  if (when && when.length > 0) {
    item.enableWhen = when;
    if (when.length > 1) item.enableBehavior = 'all';
  }
  return item;
}

/** The Questionnaire of an activity; texts in `lang` (all languages stay in the extensions). */
export function toQuestionnaire(activity: Activity, lang = 'en'): Questionnaire {
  const { questions, id, identifier, revisionId, ...rest } = activity;
  const when = enableWhens(activity);
  const qn: Questionnaire = {
    resourceType: 'Questionnaire',
    id,
    identifier: [{ system: 'https://trialpath.dev/fhir/activity', value: identifier }],
    version: revisionId,
    title: localize(activity.title, lang),
    status: 'active',
    language: lang,
    extension: [{ url: EXT.activity, valueString: JSON.stringify(rest) }],
    item: questions.map((q) => toItem(q, lang, when.get(q.identifier))),
  };
  const description = localize(activity.description, lang);
  if (description) qn.description = description;
  return qn;
}

function fromItem(item: QuestionnaireItem): Question {
  const type = ext(item.extension, EXT.questionType)?.valueCode;
  const def = JSON.parse(ext(item.extension, EXT.question)?.valueString ?? '{}');
  return QuestionSchema.parse({
    ...def,
    identifier: item.linkId,
    type,
    optional: item.type === 'display' ? (def.optional ?? false) : !item.required,
  });
}

/** The activity a Questionnaire written by toQuestionnaire stands for (throws when it is not one). */
export function fromQuestionnaire(qn: Questionnaire): Activity {
  const rest = JSON.parse(ext(qn.extension, EXT.activity)?.valueString ?? '{}');
  return parseActivity({
    ...rest,
    id: qn.id,
    identifier: qn.identifier?.[0]?.value,
    revisionId: qn.version,
    questions: (qn.item ?? []).map(fromItem),
  });
}
