/**
 * Identifiers that are names of Object.prototype (`__proto__`, `constructor`, `toString`) are ordinary
 * keys of every record keyed by identifier, and numbers given as JS numbers are read in plain decimal
 * notation (decision B-number-text). Issue 7.
 */
import { describe, expect, it } from 'vitest';
import { answerValue } from './answer';
import { computeFlow, pruneDisabledAnswers } from './branching';
import { buildResultPayload } from './build-payload';
import { META } from './fixtures';
import { type ActivityInput, localize, parseActivity, type QuestionInput } from './model';
import { plainNumberText } from './number-text';
import { ownValue } from './records';
import { runDataEditChecks } from './data-edit-checks';
import { validateMedication } from './medication';
import { scaleLabels } from './rules/scale';
import { scoreActivity } from './scoring/scoring';
import { validateQuestion } from './validate-question';
import { validateSubmission } from './validate-submission';

const ctx = { now: '2024-06-15T14:30:00Z', timeZone: 'UTC' };
const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const activityOf = (questions: QuestionInput[], extra: Partial<ActivityInput> = {}) =>
  parseActivity({
    id: 'a',
    activityId: 'A',
    identifier: 'a',
    revisionId: 1,
    type: 'survey',
    title: { en: 'A' },
    questions,
    ...extra,
  } as ActivityInput);
const numberQ = (identifier: string, extra: Partial<QuestionInput> = {}): QuestionInput =>
  ({ id: identifier, identifier, type: 'Number', body: { en: identifier }, ...extra }) as QuestionInput;

describe('identifiers named like Object.prototype members (issue 7)', () => {
  const activity = activityOf(
    NAMES.map((n, i) =>
      numberQ(n, i === 0 ? { branching: { rules: [{ operator: 'eq', singleValue: 1, skipTo: 'valueOf' }] } } : {}),
    ),
    {
      canScoreResponses: true,
      scoringVariables: [
        { id: 'v1', name: '__proto__x', expression: '__proto__ + constructor' },
        { id: 'v2', name: 'toString_', expression: 'toString * 2' },
      ],
    },
  );
  const answers = Object.fromEntries(NAMES.map((n, i) => [n, { answer: String(i + 2) }]));

  it('validateSubmission reports every question, scores every identifier and variable', () => {
    const payload = buildResultPayload(activity, answers, META);
    expect(payload.results.map((e) => [e.questionId, e.answerText])).toEqual(NAMES.map((n, i) => [n, String(i + 2)]));
    const r = validateSubmission(activity, payload, ctx);
    expect(r.valid).toBe(true);
    expect(Object.keys(r.questions)).toEqual(NAMES);
    for (const n of NAMES) expect(r.questions[n]?.status).toBe('Completed');
    expect(Object.keys(r.score?.questions ?? {})).toEqual(NAMES);
    expect(ownValue(r.score?.questions, '__proto__')).toBe(2);
    expect(r.score?.variables).toEqual({ __proto__x: 5, toString_: 8 });
    const back = JSON.parse(JSON.stringify(r.questions));
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value.status).toBe('Completed');
  });

  it('a scoring variable may be named __proto__', () => {
    const a = activityOf([numberQ('pain')], {
      canScoreResponses: true,
      scoringVariables: [
        { id: 'v', name: '__proto__', expression: 'pain * 2' },
        { id: 'w', name: 'twice', expression: '__proto__ + 1' },
      ],
    });
    expect(scoreActivity(a, { pain: { answer: '3' } })?.variables).toEqual(JSON.parse('{"__proto__":6,"twice":7}'));
  });

  it('an answer map without an answer for `constructor` does not read Object.prototype', () => {
    const a = activityOf([numberQ('constructor'), numberQ('toString', { optional: true })]);
    const payload = buildResultPayload(a, {}, META);
    expect(payload.results.map((e) => e.isSkipped)).toEqual([true, true]);
    expect(computeFlow(a, {}).path).toEqual(['constructor', 'toString']);
    const pruned = pruneDisabledAnswers(activity, JSON.parse('{"__proto__":{"answer":"1"},"constructor":{}}'));
    expect(Object.keys(pruned)).toEqual(['__proto__']);
  });

  it('localize never returns an inherited member', () => {
    expect(localize({ en: 'Pain' }, '__proto__')).toBe('Pain');
    expect(localize({ en: 'Pain' }, 'constructor')).toBe('Pain');
    expect(localize(JSON.parse('{"__proto__":"Dolor"}'), 'es')).toBe('Dolor');
  });
});

describe('numbers given as JS numbers (decision B-number-text)', () => {
  it.each([
    [1e-7, '0.0000001'],
    [1.5e-7, '0.00000015'],
    [-2.5e-8, '-0.000000025'],
    [1e21, '1000000000000000000000'],
    [-1.25e22, '-12500000000000000000000'],
    [123.45, '123.45'],
    [0, '0'],
    [-0, '0'],
    [5e-324, `0.${'0'.repeat(323)}5`],
  ])('%s is written %s', (n, text) => {
    expect(plainNumberText(n)).toBe(text);
    expect(Number(text)).toBe(n === 0 ? 0 : n);
    expect(answerValue({ answer: n })).toBe(text);
  });

  it('a Number answer 1e-7 is a valid number; a Decimal one has too many decimals', () => {
    const q = activityOf([numberQ('n'), numberQ('d', { type: 'Decimal' })]).questions;
    expect(validateQuestion(q[0]!, { answer: 1e-7 }, ctx).errors).toEqual([]);
    expect(validateQuestion(q[1]!, { answer: 1e-7 }, ctx).errors.map((m) => m.key)).toEqual([
      'activity.number.decimals',
    ]);
    expect(validateQuestion(q[0]!, { answer: 1e21 }, ctx).errors).toEqual([]);
    expect(validateQuestion(q[0]!, { answer: Number.NaN }, ctx).errors.map((m) => m.key)).toEqual([
      'activity.number.invalid',
    ]);
  });

  it('bounds and limits given as tiny or huge numbers are shown and compared without exponent', () => {
    const [q, scale] = activityOf([
      numberQ('n', {
        constraints: { min: 1e-8, max: 1e21 },
        dataEditChecks: [{ id: 'c', check: 'SOFT', type: 'LESS_THAN', value: 1e-7 }],
      }),
      {
        id: 's',
        identifier: 's',
        type: 'NumberScale',
        body: { en: 's' },
        constraints: { min: 0, max: 3e-7, step: 1.5e-7 },
      },
    ]).questions;
    const low = validateQuestion(q!, { answer: '0.000000001' }, ctx);
    expect(low.errors.map((m) => m.params)).toEqual([{ min: '0.00000001', max: '1000000000000000000000' }]);
    const high = validateQuestion(q!, { answer: '0.0000002' }, { ...ctx, allowDataEditChecks: true });
    expect(high.warnings.map((m) => [m.key, m.params])).toEqual([['activity.dec.greaterSoft', { n: '0.0000001' }]]);
    expect(high.dataChecks[0]?.message).toBe('This field should be less than 0.0000001.');
    expect(runDataEditChecks(q!, { answer: '0.00000005' }).warnings).toEqual([]);
    expect(scaleLabels((scale as { constraints: { min: number; max: number; step: number } }).constraints)).toEqual([
      '0.00000000',
      '0.00000015',
      '0.00000030',
    ]);
  });

  it('branching values given as tiny numbers match the same number typed', () => {
    const a = activityOf([
      numberQ('n', { branching: { rules: [{ operator: 'eq', singleValue: 1e-7, skipTo: 'last' }] } }),
      numberQ('middle'),
      numberQ('last'),
    ]);
    expect([...computeFlow(a, { n: { answer: '0.0000001' } }).disabled]).toEqual(['middle']);
  });

  it('medication amounts and doses given as numbers', () => {
    const [meds] = activityOf([
      { id: 'm', identifier: 'm', type: 'Medication', body: { en: 'm' }, constraints: { units: ['mg'] } },
    ]).questions;
    const entry = { name: 'Aspirin', dosageUnit: 'mg', numberOfDoses: 2 };
    expect(validateMedication(meds as never, { medication: [{ ...entry, dosageAmount: 1e-7 }] })).toEqual([]);
    expect(
      validateMedication(meds as never, { medication: [{ ...entry, dosageAmount: 2, numberOfDoses: 1e21 }] }).map(
        (m) => m.key,
      ),
    ).toEqual(['activity.medication.dosesDigits']);
    expect(
      validateMedication(meds as never, { medication: [{ ...entry, dosageAmount: `9${'0'.repeat(400)}` }] }).map(
        (m) => m.key,
      ),
    ).toEqual(['activity.medication.dosageAmountInvalid']);
  });
});
