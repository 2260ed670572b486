import { describe, expect, it } from 'vitest';
import type { Answer } from './answer';
import { formatPatternRegExp, runDataEditChecks } from './data-edit-checks';
import { type QuestionInput, QuestionSchema } from './model';
import { messageText } from './result';
import { validateQuestion } from './validate-question';

const Q = (
  type: QuestionInput['type'],
  check: 'SOFT' | 'HARD' | 'hard',
  checkType: string,
  value?: string | number,
  extra = {},
) =>
  QuestionSchema.parse({
    id: 'q',
    identifier: 'q',
    type,
    body: { en: 'Q' },
    optional: true,
    dataEditChecks: [{ id: 'dc-1', check, type: checkType, value }],
    ...extra,
  } as QuestionInput);

const run = (q: ReturnType<typeof Q>, a: Answer | undefined, lang = 'en') => {
  const r = runDataEditChecks(q, a, lang);
  return {
    errors: r.errors.map((m) => messageText(m, lang)),
    warnings: r.warnings.map((m) => messageText(m, lang)),
    recorded: r.dataChecks.map((d) => `${d.id}|${d.type}|${d.message}`),
  };
};

describe('data edit checks (001 §5, decision B-074)', () => {
  it.each([
    // type, check, checkType, value, answer, errors, warnings, recorded
    ['Text', 'HARD', 'NOT_BLANK', undefined, undefined, ['This field is required.'], [], []],
    [
      'Text',
      'SOFT',
      'NOT_BLANK',
      undefined,
      { answer: '' },
      [],
      ['Please enter a response.'],
      ['dc-1|NOT_BLANK|This field is required.'],
    ],
    ['Text', 'SOFT', 'NOT_BLANK', undefined, { answer: 'x' }, [], [], []],
    [
      'Text',
      'SOFT',
      'DATA_TYPE',
      'Numeric',
      { answer: 'abc' },
      [],
      ['Your response is not in the expected format: Numeric. Please review your response.'],
      ['dc-1|DATA_TYPE|Please enter a response with format: Numeric.'],
    ],
    [
      'Text',
      'HARD',
      'DATA_TYPE',
      'Alphabet',
      { answer: 'abc1' },
      ['Please enter a response with format: Alphabet.'],
      [],
      [],
    ],
    ['Text', 'HARD', 'DATA_TYPE', 'Alphanumeric', { answer: 'abc1' }, [], [], []],
    [
      'Number',
      'HARD',
      'DATA_TYPE',
      'Integer',
      { answer: '1.5' },
      ['Please enter a response with format: Integer.'],
      [],
      [],
    ],
    ['Number', 'HARD', 'DATA_TYPE', 'Decimal', { answer: '1.5' }, [], [], []],
    ['Date', 'HARD', 'DATA_TYPE', 'Date', { date: '2024-01-01' }, [], [], []],
    [
      'Text',
      'HARD',
      'DATA_TYPE',
      'Date',
      { answer: '2024-13-01' },
      ['Please enter a response with format: Date.'],
      [],
      [],
    ],
    ['Text', 'HARD', 'DATA_TYPE', 'Unknown', { answer: 'x' }, [], [], []],
    ['Decimal', 'hard', 'DATA_FORMAT', 'xx.y', { answer: '36.6' }, [], [], []],
    [
      'Decimal',
      'hard',
      'DATA_FORMAT',
      'xx.y',
      { answer: '136.6' },
      ['Please enter a response with format: xx.y.'],
      [],
      [],
    ],
    [
      'Decimal',
      'SOFT',
      'DATA_FORMAT',
      'xx.y',
      { answer: '36.66' },
      [],
      ['Your response is not in the expected format: xx.y. Please review your response.'],
      ['dc-1|DATA_FORMAT|Please enter a response with format: xx.y.'],
    ],
    [
      'Number',
      'SOFT',
      'LESS_THAN',
      100,
      { answer: '100' },
      [],
      ['Your response is greater than the expected range 100. Please review your response.'],
      ['dc-1|LESS_THAN|This field should be less than 100.'],
    ],
    ['Number', 'HARD', 'LESS_THAN', 100, { answer: '150' }, ['Please enter a response less than 100.'], [], []],
    ['Number', 'HARD', 'LESS_THAN', 100, { answer: '99' }, [], [], []],
    [
      'Number',
      'SOFT',
      'GREATER_THAN',
      10,
      { answer: '10' },
      [],
      ['Your response is less than the expected range 10. Please review your response.'],
      ['dc-1|GREATER_THAN|This field should be greater than 10.'],
    ],
    ['Number', 'HARD', 'GREATER_THAN', 10, { answer: '5' }, ['Please enter a response greater than 10.'], [], []],
    ['Number', 'HARD', 'GREATER_THAN', 10, { answer: '11' }, [], [], []],
    [
      'Date',
      'HARD',
      'GREATER_THAN',
      '2024-01-01',
      { date: '2023-12-31' },
      ['Please enter a response greater than 2024-01-01.'],
      [],
      [],
    ],
    ['Time', 'HARD', 'GREATER_THAN', 'abc', { time: '10:00' }, [], [], []],
    ['Number', 'HARD', 'LESS_THAN', 10, undefined, [], [], []],
  ] as const)('%s %s %s %s %j', (type, check, checkType, value, answer, errors, warnings, recorded) => {
    expect(run(Q(type, check, checkType, value), answer)).toEqual({ errors, warnings, recorded });
  });

  it('checks look at chosen options and date-time dates', () => {
    const choice = Q('DropDown', 'HARD', 'DATA_TYPE', 'Numeric', { options: [{ id: 'x1', body: { en: 'X' } }] });
    expect(run(choice, { optionId: 'x1' }).errors).toEqual(['Please enter a response with format: Numeric.']);
    const dt = Q('DateTime', 'HARD', 'LESS_THAN', '2024-01-01');
    expect(run(dt, { date: '2024-02-01', time: '10:00' }).errors).toEqual([
      'Please enter a response less than 2024-01-01.',
    ]);
    const dt2 = Q('DateTime', 'HARD', 'LESS_THAN', '2024-01-01');
    expect(run(dt2, { date: 'garbage', time: '10:00' }).errors).toEqual([]);
  });

  it('a soft check keeps the answer valid; a hard one makes it invalid (through validateQuestion)', () => {
    const soft = Q('Number', 'SOFT', 'LESS_THAN', 10);
    const r = validateQuestion(soft, { answer: '12' }, { allowDataEditChecks: true });
    expect(r.errors).toEqual([]);
    expect(r.dataChecks).toHaveLength(1);
    expect(validateQuestion(soft, { answer: '12' }, { allowDataEditChecks: false }).warnings).toEqual([]);
    const hard = Q('Number', 'HARD', 'LESS_THAN', 10);
    const h = validateQuestion(hard, { answer: '12' }, { allowDataEditChecks: true });
    expect(h.errors).toHaveLength(1);
    expect(h.warnings).toEqual([]);
  });

  it('Spanish (warnings, errors and recorded messages)', () => {
    expect(run(Q('Number', 'SOFT', 'LESS_THAN', 5), { answer: '6' }, 'es')).toEqual({
      errors: [],
      warnings: ['Su respuesta es mayor que el intervalo esperado 5. Revise su respuesta.'],
      recorded: ['dc-1|LESS_THAN|Este campo debe ser menor que 5.'],
    });
    expect(run(Q('Text', 'HARD', 'NOT_BLANK'), undefined, 'es').errors).toEqual(['Este campo es obligatorio.']);
    expect(run(Q('Text', 'HARD', 'DATA_TYPE', 'Numeric'), { answer: 'a' }, 'es').errors).toEqual([
      'Introduzca una respuesta con el formato: Numeric.',
    ]);
  });

  it.each([
    ['xxx.yy', '123.45', true],
    ['xxx.yy', '1.4', true],
    ['xxx.yy', '1234', false],
    ['xxx.yy', '12.345', false],
    ['xx', '12', true],
    ['xx', '1.2', false],
    ['x.y', '-1.2', true],
    ['', '5', true],
  ])('format pattern %s: x = integer digit, y = decimal digit (%s → %s)', (p, v, ok) => {
    expect(formatPatternRegExp(p).test(v)).toBe(ok);
  });
});
