import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnswerMap } from '../answer';
import { computeFlow } from '../branching';
import { EVERY_TYPE_ACTIVITY } from '../fixtures';
import { ActivitySchema } from '../model';
import { importQuestionnaire } from './import';
import { toQuestionnaire } from './questionnaire';
import { EXT } from './types';

const ORDINAL = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';
const WEIGHT = 'http://hl7.org/fhir/StructureDefinition/itemWeight';
const ANSWERS: [string, string, number][] = [
  ['LA6568-5', 'Not at all', 0],
  ['LA6569-3', 'Several days', 1],
  ['LA6570-1', 'More than half the days', 2],
  ['LA6571-9', 'Nearly every day', 3],
];
// the first item scores with ordinalValue on the coding (R4), the second with itemWeight on the option (SDC)
const phqOptions = (weight: boolean) =>
  ANSWERS.map(([code, display, score]) =>
    weight
      ? {
          valueCoding: { system: 'http://loinc.org', code, display },
          extension: [{ url: WEIGHT, valueDecimal: score }],
        }
      : {
          valueCoding: {
            system: 'http://loinc.org',
            code,
            display,
            extension: [{ url: ORDINAL, valueDecimal: score }],
          },
        },
  );
const PHQ = {
  resourceType: 'Questionnaire',
  status: 'active',
  name: 'PHQ-2 screen',
  title: 'Patient Health Questionnaire-2',
  description: 'Depression screening',
  language: 'en',
  item: [
    { linkId: 'intro', type: 'display', text: 'Over the last 2 weeks, how often have you been bothered by:' },
    { linkId: '/44250-9', type: 'choice', text: 'Little interest', required: true, answerOption: phqOptions(false) },
    { linkId: '/44255-8', type: 'choice', text: 'Feeling down', required: true, answerOption: phqOptions(true) },
    {
      linkId: 'about',
      type: 'group',
      text: 'About you',
      item: [
        { linkId: 'smoker', type: 'boolean', text: 'Do you smoke?', required: true },
        { linkId: 'age', type: 'integer', text: 'Age', required: true },
      ],
    },
    { linkId: 'comment', type: 'string', text: 'Comment', maxLength: 80 },
    { linkId: 'scan', type: 'attachment', text: 'Upload your last report' },
    {
      linkId: 'more',
      type: 'text',
      text: 'Tell us more',
      enableBehavior: 'any',
      enableWhen: [
        { question: '/44250-9', operator: '=', answerCoding: { code: 'LA6571-9' } },
        { question: '/44255-8', operator: '=', answerCoding: { code: 'LA6571-9' } },
      ],
    },
  ],
};
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

describe('importQuestionnaire: a foreign Questionnaire', () => {
  it('maps a PHQ-2-like Questionnaire and lists what it left out', () => {
    const { activity, unmapped, errors } = importQuestionnaire(PHQ);
    expect(errors).toEqual([]);
    expect(activity).not.toBeNull();
    const a = activity!;
    expect(a).toMatchObject({ identifier: 'PHQ-2_screen', type: 'survey', title: { en: PHQ.title } });
    expect(a.description).toEqual({ en: 'Depression screening' });
    expect(a.questions.map((q) => [q.identifier, q.type, q.optional])).toEqual([
      ['intro', 'SurveyInstruction', false],
      ['q44250_9', 'MultiChoice', false],
      ['q44255_8', 'MultiChoice', false],
      ['smoker', 'Boolean', false],
      ['age', 'Integer', false],
      ['comment', 'Text', true],
      ['more', 'Text', true],
    ]);
    for (const i of [1, 2]) {
      const q = a.questions[i]!;
      expect(q.options.map((o) => [o.id, o.body.en, o.score])).toEqual(ANSWERS);
      expect(q.constraints).toEqual({ subType: 'single' });
    }
    expect(a.questions[3]!.options).toEqual([]); // the domain's Yes/No (ids true/false)
    expect(a.questions[5]!.constraints).toEqual({ maxLength: 80, multiline: false });
    expect(a.questions[6]!.constraints).toEqual({ multiline: true });
    expect(a.questions.every((q) => q.branching === undefined)).toBe(true);
    expect(unmapped.map((u) => u.path)).toEqual(['item[3]', 'item[5]', 'item[6].enableWhen']);
    expect(unmapped[1]!.reason).toMatch(/attachment/);
    expect(ActivitySchema.safeParse(a).success).toBe(true);
  });

  it('open-choice, repeats, integer and string options, value sets, decimal bounds and other types', () => {
    const { activity, unmapped } = importQuestionnaire(
      {
        resourceType: 'Questionnaire',
        identifier: [{ value: '7 day recall' }],
        item: [
          { linkId: 'c', type: 'open-choice', answerOption: [{ valueString: 'other' }, { valueInteger: 4 }] },
          {
            linkId: 'm',
            type: 'choice',
            repeats: true,
            answerOption: [{ valueString: 'a' }, { valueDate: '2024-01-01' }],
          },
          { linkId: 'v', type: 'choice', answerValueSet: 'http://example.org/vs' },
          {
            linkId: 't',
            type: 'decimal',
            readOnly: true,
            prefix: '1.',
            extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/minValue', valueDecimal: 35 }],
          },
          { linkId: 'd', type: 'date', code: [{ code: 'x' }] },
          { linkId: 'h', type: 'time' },
          { linkId: 'dt', type: 'dateTime', initial: [{ valueDateTime: '2024-01-01T00:00:00Z' }] },
          { linkId: 'u', type: 'url' },
          { linkId: 'r', type: 'reference' },
          { linkId: 'qy', type: 'quantity' },
        ],
      },
      { language: 'es', type: 'epro' },
    );
    const a = activity!;
    expect(a).toMatchObject({ identifier: 'q7_day_recall', type: 'epro', title: { es: 'q7_day_recall' } });
    expect(a.questions.map((q) => q.type)).toEqual([
      'MultiChoice',
      'MultiChoice',
      'MultiChoice',
      'Decimal',
      'Date',
      'Time',
      'DateTime',
    ]);
    const [c, m, v, t] = a.questions;
    expect(c).toMatchObject({ otherOptionId: 'other_2', otherOptionContentField: true, body: { es: 'c' } });
    expect(c!.options.map((o) => o.id)).toEqual(['other', '4']);
    expect(m!.constraints).toEqual({ subType: 'multi' });
    expect(v!.options).toEqual([]);
    expect(t!.constraints).toEqual({ min: 35 });
    expect(unmapped.map((u) => u.path)).toEqual([
      'item[1].answerOption[1]',
      'item[2].answerValueSet',
      'item[3].readOnly',
      'item[3].prefix',
      'item[4].code',
      'item[6].initial',
      'item[7]',
      'item[8]',
      'item[9]',
    ]);
  });

  it('linkIds become valid, distinct identifiers', () => {
    const linkIds = ['1', '1', 'a b', '__proto__', 'END', '', 'élan', 'x'.repeat(300), 'q1_2'];
    const { activity } = importQuestionnaire({
      resourceType: 'Questionnaire',
      item: linkIds.map((linkId) => ({ linkId, type: 'string' })),
    });
    const ids = activity!.questions.map((q) => q.identifier);
    expect(ids.slice(0, 3)).toEqual(['q1', 'q1_2', 'a_b']);
    expect(ids[6]).toBe('elan');
    expect(new Set(ids).size).toBe(linkIds.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][A-Za-z0-9_]{0,63}$/);
    expect(ids).not.toContain('END');
  });
});

describe('importQuestionnaire: enableWhen', () => {
  const yesNo = { linkId: 'smokes', type: 'boolean', required: true };
  const when = (question: string, extra: object) => [{ question, ...extra }];
  const choiceItem = {
    linkId: 'freq',
    type: 'choice',
    required: true,
    answerOption: ['daily', 'weekly'].map((code) => ({ valueCoding: { code } })),
  };

  it('a condition on the answer right before becomes a skip rule that hides the same questions', () => {
    const { activity, unmapped } = importQuestionnaire({
      resourceType: 'Questionnaire',
      item: [
        yesNo,
        { linkId: 'packs', type: 'integer', enableWhen: when('smokes', { operator: '=', answerBoolean: true }) },
        { linkId: 'brand', type: 'string', enableWhen: when('smokes', { operator: '=', answerBoolean: true }) },
        choiceItem,
        {
          linkId: 'g',
          type: 'group',
          enableWhen: when('freq', { operator: '=', answerCoding: { code: 'daily' } }),
          item: [{ linkId: 'why', type: 'text' }],
        },
      ],
    });
    expect(unmapped).toEqual([]);
    const a = activity!;
    expect(a.questions[0]!.branching?.rules).toEqual([
      { operator: 'eq', value: 'true', skipTo: 'packs' },
      { operator: 'ot', skipTo: 'freq' },
    ]);
    expect(a.questions[3]!.branching?.rules).toEqual([
      { operator: 'eq', value: 'daily', skipTo: 'why' },
      { operator: 'ot', skipTo: 'END' },
    ]);
    const disabled = (answers: AnswerMap) => [...computeFlow(a, answers).disabled];
    expect(disabled({ smokes: { optionId: 'false' }, freq: { optionId: 'weekly' } })).toEqual([
      'packs',
      'brand',
      'why',
    ]);
    expect(disabled({ smokes: { optionId: 'true' }, freq: { optionId: 'daily' } })).toEqual([]);
  });

  it('conditions branching cannot say are listed, not guessed', () => {
    const { activity, unmapped } = importQuestionnaire({
      resourceType: 'Questionnaire',
      item: [
        { ...yesNo, required: false },
        { linkId: 'a', type: 'string', enableWhen: when('smokes', { operator: '=', answerBoolean: true }) },
        { ...choiceItem },
        { linkId: 'gap', type: 'string' },
        { linkId: 'b', type: 'string', enableWhen: when('freq', { operator: '=', answerCoding: { code: 'daily' } }) },
        { linkId: 'c', type: 'string', enableWhen: when('later', { operator: '=', answerString: 'x' }) },
        { linkId: 'd', type: 'string', enableWhen: when('gap', { operator: '=', answerString: 'x' }) },
        { linkId: 'e', type: 'string', enableWhen: when('d', { operator: '>', answerString: 'x' }) },
        { linkId: 'later', type: 'string' },
      ],
    });
    expect(activity!.questions.every((q) => q.branching === undefined)).toBe(true);
    expect(unmapped.map((u) => u.path)).toEqual([
      'item[1].enableWhen[0]',
      'item[4].enableWhen[0]',
      'item[5].enableWhen[0]',
      'item[6].enableWhen[0]',
      'item[7].enableWhen[0]',
    ]);
    expect(unmapped[0]!.reason).toMatch(/optional/);
  });
});

describe('importQuestionnaire: our own Questionnaires and bad input', () => {
  it('reads back an activity written by toQuestionnaire unchanged', () => {
    for (const lang of ['en', 'es']) {
      const qn = JSON.parse(JSON.stringify(toQuestionnaire(EVERY_TYPE_ACTIVITY, lang)));
      expect(importQuestionnaire(qn)).toEqual({ activity: EVERY_TYPE_ACTIVITY, unmapped: [], errors: [] });
    }
    const renamed = importQuestionnaire(toQuestionnaire(EVERY_TYPE_ACTIVITY), { identifier: 'copy-1', type: 'survey' });
    expect(renamed.activity).toEqual({ ...EVERY_TYPE_ACTIVITY, identifier: 'copy-1', type: 'survey' });
  });

  it('an unreadable Trialpath definition falls back to the FHIR fields', () => {
    const qn = JSON.parse(JSON.stringify(toQuestionnaire(EVERY_TYPE_ACTIVITY)));
    qn.extension[0].valueString = '{not json';
    const { activity, unmapped } = importQuestionnaire(qn);
    expect(activity?.questions.length).toBeGreaterThan(20);
    expect(unmapped[0]?.path).toBe('extension');
  });

  it('gives errors, never throws, for anything that is not a usable Questionnaire', () => {
    let deep: object = { linkId: 'leaf', type: 'string' };
    for (let i = 0; i < 10_000; i++) deep = { linkId: `g${i}`, type: 'group', item: [deep] };
    const throwing = { resourceType: 'Questionnaire' };
    Object.defineProperty(throwing, 'item', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    const inputs: unknown[] = [
      null,
      42,
      'x',
      [],
      {},
      { resourceType: 'Patient', item: [{ linkId: 'a', type: 'string' }] },
      { resourceType: 'Questionnaire', item: 'x' },
      { resourceType: 'Questionnaire', item: [] },
      { resourceType: 'Questionnaire', item: [null, 1, { type: 'attachment' }] },
      { resourceType: 'Questionnaire', item: [deep] },
      { resourceType: 'Questionnaire', item: Array.from({ length: 100_000 }, () => ({ linkId: 'a', type: 'string' })) },
      {
        resourceType: 'Questionnaire',
        item: [{ type: 'group', item: Array(600).fill({ linkId: 'a', type: 'string' }) }],
      },
      { resourceType: 'Questionnaire', extension: [{ url: EXT.activity, valueString: '{' }], item: [{}] },
      throwing,
    ];
    for (const input of inputs) {
      const r = importQuestionnaire(input);
      expect(r.activity).toBeNull();
      expect(r.errors.length).toBeGreaterThan(0);
    }
  });

  it('__proto__ keys stay data', () => {
    const qn = JSON.parse(
      '{"resourceType":"Questionnaire","__proto__":{"item":[]},"language":"__proto__",' +
        '"item":[{"linkId":"__proto__","type":"string","text":"T","__proto__":{"required":true}}]}',
    );
    const { activity } = importQuestionnaire(qn, { language: 'constructor' });
    expect(activity!.questions[0]).toMatchObject({ identifier: 'proto', optional: true, body: { en: 'T' } });
    expect(({} as Record<string, unknown>).required).toBeUndefined();
  });

  const check = (qn: unknown) => {
    const r = importQuestionnaire(qn);
    expect(r.activity === null).toBe(r.errors.length > 0);
    if (r.activity) {
      expect(ActivitySchema.safeParse(r.activity).success).toBe(true);
      expect(r.activity.identifier).toMatch(IDENTIFIER);
      toQuestionnaire(r.activity);
    }
  };

  it('never throws on arbitrary JSON items, and any activity it gives is valid', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (item) => check({ resourceType: 'Questionnaire', item })),
      { numRuns: 300 },
    );
  });

  it('never throws on Questionnaire-shaped items, and any activity it gives is valid', () => {
    const linkId = fc.constantFrom('a', 'b', 'c', '1', 'END', '__proto__');
    const value = fc.oneof(
      fc.record({ valueCoding: fc.record({ code: fc.constantFrom('x', 'y', 'true') }, { requiredKeys: [] }) }),
      fc.record({ valueString: fc.string() }),
      fc.record({ valueInteger: fc.integer() }),
      fc.jsonValue(),
    );
    const condition = fc.record(
      {
        question: linkId,
        operator: fc.constantFrom('=', '!=', 'exists', '>'),
        answerBoolean: fc.boolean(),
        answerCoding: fc.record({ code: fc.constantFrom('x', 'y') }),
      },
      { requiredKeys: ['question', 'operator'] },
    );
    const types = ['group', 'display', 'boolean', 'decimal', 'integer', 'date', 'time', 'dateTime', 'string'];
    const fields = {
      linkId,
      type: fc.constantFrom(...types, 'text', 'choice', 'open-choice', 'attachment', 'x'),
      text: fc.string(),
      required: fc.boolean(),
      repeats: fc.boolean(),
      maxLength: fc.integer({ min: -5, max: 500 }),
      answerOption: fc.array(value, { maxLength: 4 }),
      enableWhen: fc.array(condition, { maxLength: 2 }),
    };
    const leaf = fc.record(fields, { requiredKeys: ['linkId', 'type'] });
    const node = (child: fc.Arbitrary<object>) =>
      fc.record({ ...fields, item: fc.array(child, { maxLength: 3 }) }, { requiredKeys: ['linkId', 'type'] });
    const item = fc.oneof(leaf, node(leaf), node(node(leaf)));
    // a required yes/no and items shown on its answer: the shape that becomes branching
    const block = fc
      .tuple(
        fc.nat(3),
        fc.constantFrom('=', '!=', 'exists'),
        fc.boolean(),
        fc.array(leaf, { minLength: 1, maxLength: 3 }),
      )
      .map(([k, operator, answerBoolean, deps]) => [
        { linkId: `ctl${k}`, type: 'boolean', required: true },
        ...deps.map((d) => ({ ...d, enableWhen: [{ question: `ctl${k}`, operator, answerBoolean }] })),
      ]);
    const parts = fc.array(
      fc.oneof(
        item.map((i) => [i]),
        block,
      ),
      { minLength: 1, maxLength: 8 },
    );
    fc.assert(
      fc.property(parts, (p) => check({ resourceType: 'Questionnaire', item: p.flat() })),
      { numRuns: 300 },
    );
  });
});
