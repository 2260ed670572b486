/**
 * Long hostile answers, one family per rule: the property tests check the engine's answer on them
 * (long-answers.test.ts) and the bench times them (`npm run bench:activity -w bench`, budget per
 * answer). Each answer is as long as a payload text may be (100,000 characters).
 */
import type { MessageKey } from '../messages/catalogue';
import { buildResultPayload } from './build-payload';
import { EVERY_TYPE_ACTIVITY_INPUT, META, VALID_ANSWERS } from './fixtures';
import type { Activity, ActivityInput } from './model';
import type { ActivityResultPayload } from './payload';

export const HOSTILE_LENGTH = 100_000;
const fill = (unit: string, length: number) => unit.repeat(Math.floor(length / unit.length));

/** The every-type activity with a Text question carrying a data edit check of every kind, and branching on text. */
export const HOSTILE_ACTIVITY_INPUT: ActivityInput = (() => {
  const input = structuredClone(EVERY_TYPE_ACTIVITY_INPUT);
  const notes = input.questions.find((q) => q.identifier === 'notes');
  if (notes) notes.branching = { rules: [{ operator: 'eq', singleValue: 'skip', skipTo: 'meds' }] };
  input.questions.push({
    id: 'h1',
    identifier: 'code',
    type: 'Text',
    body: { en: 'Code' },
    optional: true,
    dataEditChecks: [
      { id: 'h-type-decimal', check: 'SOFT', type: 'DATA_TYPE', value: 'Decimal' },
      { id: 'h-type-integer', check: 'SOFT', type: 'DATA_TYPE', value: 'Integer' },
      { id: 'h-type-alphabet', check: 'SOFT', type: 'DATA_TYPE', value: 'Alphabet' },
      { id: 'h-format', check: 'SOFT', type: 'DATA_FORMAT', value: 'xxx.yy' },
      { id: 'h-less', check: 'SOFT', type: 'LESS_THAN', value: 5 },
      { id: 'h-greater', check: 'SOFT', type: 'GREATER_THAN', value: 7 },
    ],
  });
  return input;
})();

export interface HostileAnswer {
  /** The rule the answer aims at. */
  rule: string;
  questionId: string;
  answerText?: string;
  optionId?: string;
  /** Error and warning keys the engine gives (in order). */
  errors: MessageKey[];
  warnings: MessageKey[];
}

const medication = (count: number) =>
  JSON.stringify(
    Array.from({ length: count }, () => ({
      medicationId: 'ibu',
      dosageAmount: 200,
      dosageUnit: 'mg',
      numberOfDoses: 2,
      reason: 'pain',
    })),
  );

/** The answers, each `length` characters long at most. */
export function hostileAnswers(N = HOSTILE_LENGTH): HostileAnswer[] {
  return [
    {
      rule: 'number: digits then a letter',
      questionId: 'weight',
      answerText: `${fill('1', N - 1)}a`,
      errors: ['activity.number.invalid'],
      warnings: [],
    },
    {
      rule: 'number: leading zeros',
      questionId: 'weight',
      answerText: `${fill('0', N - 4)}72.5`,
      errors: [],
      warnings: [],
    },
    {
      rule: 'number: digits, a point, digits then a letter',
      questionId: 'steps',
      answerText: `1.${fill('0', N - 3)}x`,
      errors: ['activity.number.invalid'],
      warnings: [],
    },
    {
      rule: 'number: too many decimals, data format',
      questionId: 'temp',
      answerText: `36.${fill('8', N - 3)}`,
      errors: ['activity.number.decimals', 'activity.dec.formatHard'],
      warnings: [],
    },
    {
      rule: 'scale: digits then a letter',
      questionId: 'vas',
      answerText: `${fill('5', N - 1)}x`,
      errors: ['activity.required'],
      warnings: [],
    },
    {
      rule: 'scale: leading zeros',
      questionId: 'pain',
      answerText: `${fill('0', N - 1)}4`,
      errors: [],
      warnings: [],
    },
    {
      rule: 'WongBaker: leading zeros',
      questionId: 'wong',
      answerText: `${fill('0', N - 1)}4`,
      errors: [],
      warnings: [],
    },
    {
      rule: 'text: `<` without `>`',
      questionId: 'notes',
      answerText: fill('<', N),
      errors: ['activity.text.limit', 'activity.text.alphanumeric'],
      warnings: [],
    },
    {
      rule: 'text: unclosed script tags',
      questionId: 'notes',
      answerText: fill('<script>', N),
      errors: [],
      warnings: [],
    },
    {
      rule: 'text: unclosed style tags without `>`',
      questionId: 'notes',
      answerText: fill('<style ', N),
      errors: ['activity.text.limit', 'activity.text.alphanumeric'],
      warnings: [],
    },
    {
      rule: 'text: tags around a word',
      questionId: 'notes',
      answerText: `${fill('<b>', N - 10)}Slept well`,
      errors: [],
      warnings: [],
    },
    {
      rule: 'data edit checks: digits then a letter',
      questionId: 'code',
      answerText: `${fill('1', N - 1)}a`,
      errors: [],
      warnings: [
        'activity.dec.formatSoft',
        'activity.dec.formatSoft',
        'activity.dec.formatSoft',
        'activity.dec.formatSoft',
      ],
    },
    {
      rule: 'data edit checks: a long number',
      questionId: 'code',
      answerText: `${fill('0', N - 1)}6`,
      errors: [],
      warnings: [
        'activity.dec.formatSoft',
        'activity.dec.formatSoft',
        'activity.dec.greaterSoft',
        'activity.dec.lessSoft',
      ],
    },
    {
      rule: 'date: digits',
      questionId: 'visitDate',
      answerText: fill('1', N),
      errors: ['activity.date.invalid'],
      warnings: [],
    },
    {
      rule: 'time: spaces before AM/PM',
      questionId: 'doseTime',
      answerText: `8:30${fill(' ', N - 6)}PM`,
      errors: [],
      warnings: [],
    },
    {
      rule: 'time: digits',
      questionId: 'doseTime',
      answerText: `${fill('1', N - 3)}:00`,
      errors: ['activity.time.invalid'],
      warnings: [],
    },
    {
      rule: 'date-time: long time part',
      questionId: 'onset',
      answerText: `2024-03-01T${fill('1', N - 11)}`,
      errors: ['activity.time.invalid'],
      warnings: [],
    },
    {
      rule: 'choice: one option repeated',
      questionId: 'mood',
      optionId: fill('good,', N),
      errors: ['activity.invalidOption'],
      warnings: [],
    },
    {
      rule: 'choice: commas only',
      questionId: 'symptoms',
      optionId: fill(',', N),
      errors: [],
      warnings: [],
    },
    {
      rule: 'choice: a long other text',
      questionId: 'mood',
      optionId: 'mood-other',
      answerText: fill('x', N),
      errors: [],
      warnings: [],
    },
    {
      rule: 'medication: many entries',
      questionId: 'meds',
      answerText: medication(Math.floor(N / 100)),
      errors: [],
      warnings: [],
    },
    {
      rule: 'medication: not JSON',
      questionId: 'meds',
      answerText: fill('[{', N),
      errors: [
        'activity.medication.name',
        'activity.medication.dosageAmount',
        'activity.medication.dosageUnit',
        'activity.medication.dosesRequired',
        'activity.medication.reason',
      ],
      warnings: [],
    },
  ];
}

/** The valid submission of the fixture with one entry replaced by a hostile answer. */
export function hostilePayload(activity: Activity, h: HostileAnswer): ActivityResultPayload {
  const payload = buildResultPayload(activity, VALID_ANSWERS, META);
  const entry = payload.results.find((e) => e.questionId === h.questionId);
  if (!entry) throw new Error(`no entry for ${h.questionId}`);
  entry.isSkipped = false;
  entry.answerText = h.answerText ?? '';
  entry.optionId = h.optionId ?? '';
  return payload;
}
