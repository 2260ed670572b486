import { describe, expect, it } from 'vitest';
import type { Answer } from './answer';
import { type QuestionInput, QuestionSchema } from './model';
import { messageText } from './result';
import { validateQuestion } from './validate-question';

const Q = (input: Partial<QuestionInput> & { type: QuestionInput['type'] }) =>
  QuestionSchema.parse({ id: 'q', identifier: 'q', body: { en: 'Q' }, ...input } as QuestionInput);
const ctx = { now: '2024-06-15T10:00:00Z', timeZone: 'UTC' };
const errorsOf = (q: ReturnType<typeof Q>, a: Answer | undefined, lang = 'en') =>
  validateQuestion(q, a, ctx).errors.map((m) => messageText(m, lang));
const opts = [
  { id: 'a', body: { en: 'A' }, score: 1 },
  { id: 'b', body: { en: 'B' }, score: 2 },
];

describe('required answers and status (001 §4, §5)', () => {
  it.each([
    ['Boolean', {}, undefined],
    ['DropDown', { options: opts }, { optionId: '' }],
    ['CustomScale', { options: opts }, { optionsIds: [] }],
    ['MultiChoice', { options: opts }, undefined],
    ['ImageChoice', { options: opts }, undefined],
    ['NumberScale', {}, { answer: '' }],
    ['VAS', {}, { answer: ' ' }],
    ['Number', {}, undefined],
    ['Text', {}, { answer: '<p> </p>' }],
    ['Date', {}, { date: '' }],
    ['Time', {}, {}],
    ['DateTime', {}, {}],
    ['Medication', {}, { medication: [] }],
    ['WongBaker', {}, { skipped: true, answer: '2' }],
  ] as const)('%s empty → "Please select an answer", Incomplete', (type, extra, answer) => {
    const q = Q({ type, ...extra } as QuestionInput);
    const r = validateQuestion(q, answer as Answer | undefined, ctx);
    expect(r.status).toBe('Incomplete');
    expect(r.errors.map((m) => messageText(m))).toEqual(['Please select an answer']);
  });

  it('an optional empty answer counts as Completed, with no error', () => {
    const r = validateQuestion(Q({ type: 'Number', optional: true }), undefined, ctx);
    expect(r).toEqual({ status: 'Completed', errors: [], warnings: [], dataChecks: [] });
  });

  it.each([
    'SurveyInstruction',
    'Log',
    'ImageCapture',
    'Index',
    'GPSkin',
    'ValidatedEntry',
    'AudioRecording',
    'VideoRecording',
  ] as const)('%s always passes', (type) => {
    expect(validateQuestion(Q({ type }), undefined, ctx)).toEqual({
      status: 'Completed',
      errors: [],
      warnings: [],
      dataChecks: [],
    });
  });

  it('Spanish', () => {
    expect(errorsOf(Q({ type: 'Boolean' }), undefined, 'es')).toEqual(['Seleccione una respuesta']);
  });
});

describe('choices (001 §5)', () => {
  const single = Q({ type: 'MultiChoice', options: opts, otherOptionId: 'o', otherOptionContentField: true });
  const multi = Q({ type: 'MultiChoice', options: opts, constraints: { subType: 'multi' } });
  const img = Q({ type: 'ImageChoice', options: opts });
  const imgMulti = Q({ type: 'ImageChoice', options: opts, constraints: { allowMultiple: true } });
  it.each([
    ['Boolean default yes', Q({ type: 'Boolean' }), { optionId: 'true' }, []],
    [
      'Boolean unknown option',
      Q({ type: 'Boolean' }),
      { optionId: 'maybe' },
      ['Please select one of the answers offered.'],
    ],
    ['DropDown chosen', Q({ type: 'DropDown', options: opts }), { optionId: 'a' }, []],
    ['single exactly one', single, { optionId: 'a' }, []],
    ['single two → required', single, { optionsIds: ['a', 'b'] }, ['Please select an answer']],
    ['single other without text', single, { optionId: 'o' }, ['Please select an answer']],
    ['single other with text', single, { optionId: 'o', otherText: 'x' }, []],
    ['multi at least one', multi, { optionsIds: ['a', 'b'] }, []],
    ['multi repeated id', multi, { optionsIds: ['a', 'a'] }, ['Please select one of the answers offered.']],
    ['image one', img, { optionId: 'b' }, []],
    ['image two without allowMultiple', img, { optionsIds: ['a', 'b'] }, ['Please select an answer']],
    ['image two with allowMultiple', imgMulti, { optionsIds: ['a', 'b'] }, []],
    ['custom scale answer', Q({ type: 'CustomScale', options: opts }), { optionId: 'b' }, []],
  ])('%s', (_, q, a, expected) => expect(errorsOf(q, a)).toEqual(expected));
});

describe('scales (001 §5)', () => {
  it.each([
    [{ type: 'NumberScale' }, '7', []],
    [{ type: 'NumberScale' }, '11', ['Please select an answer']],
    [{ type: 'NumberScale' }, '2.5', ['Please select an answer']],
    [{ type: 'NumberScale', constraints: { min: 0, max: 5, step: 0.5 } }, '2.5', []],
    [{ type: 'NumberScale' }, 'abc', ['Please select an answer']],
    [{ type: 'VAS' }, '100', []],
    [{ type: 'VAS' }, '101', ['Please select an answer']],
    [{ type: 'WongBaker' }, '4', []],
    [{ type: 'WongBaker' }, '10', []],
    [{ type: 'WongBaker' }, '5', ['Please select correct answer.']],
    [{ type: 'WongBaker' }, '12', ['Please select correct answer.']],
  ] as const)('%j answer %s', (input, answer, expected) => {
    expect(errorsOf(Q(input as QuestionInput), { answer })).toEqual(expected);
  });
  it('Spanish WongBaker', () => {
    expect(errorsOf(Q({ type: 'WongBaker' }), { answer: 3 }, 'es')).toEqual(['Seleccione una respuesta correcta.']);
  });
});

describe('numbers (001 §5)', () => {
  it.each([
    ['Number', {}, 'abc', ['Answer should be a valid number']],
    ['Number', {}, '1e5', ['Answer should be a valid number']],
    ['Number', {}, '-1', ['Negative value not allowed']],
    ['Number', { min: -10 }, '-1', []],
    ['Number', { allowNegative: true }, '-1.25', []],
    ['Integer', {}, '1.5', ['Decimals not allowed']],
    ['Integer', {}, '2.0', []],
    ['Number', { decimals: 0 }, '1.5', ['Decimals not allowed']],
    ['Decimal', {}, '1.234', ['Up to 2 decimals are allowed.']],
    ['Decimal', { decimals: 3 }, '1.234', []],
    ['Number', { min: 1, max: 10 }, '11', ['Please enter a number that is between 1 (Min) and 10 (Max).']],
    ['Number', { min: 1, max: 10 }, '0', ['Please enter a number that is between 1 (Min) and 10 (Max).']],
    ['Number', { min: 1, max: 10 }, '10', []],
    ['Number', { min: 5 }, '4', ['Please enter a number that is greater than 5 (Min).']],
    ['Number', { max: 5 }, '6', ['Please enter a number that is less than 5 (Max).']],
    ['Number', { softMin: 5 }, '4', []],
  ] as const)('%s %j %s', (type, constraints, answer, expected) => {
    expect(errorsOf(Q({ type, constraints } as QuestionInput), { answer })).toEqual(expected);
  });
  it('soft min and max warn and pass', () => {
    const q = Q({ type: 'Number', constraints: { softMin: 5, softMax: 8 } });
    const low = validateQuestion(q, { answer: 4 }, ctx);
    expect(low.errors).toEqual([]);
    expect(low.warnings.map((m) => messageText(m))).toEqual([
      'This value is below the expected minimum of 5. Please check your answer.',
    ]);
    expect(validateQuestion(q, { answer: '9' }, ctx).warnings.map((m) => messageText(m, 'es'))).toEqual([
      'Este valor es superior al máximo esperado de 8. Revise su respuesta.',
    ]);
  });
  it('Spanish', () => {
    const q = Q({ type: 'Number', constraints: { min: 1, max: 10 } });
    expect(errorsOf(q, { answer: '20' }, 'es')).toEqual(['Introduzca un número entre 1 (mín.) y 10 (máx.).']);
    expect(errorsOf(q, { answer: 'x' }, 'es')).toEqual(['La respuesta debe ser un número válido']);
  });
});

describe('text (001 §5)', () => {
  it.each([
    [{}, '<b>Hello</b>', []],
    [{ maxLength: 5 }, '<i>abcdef</i>', ['Character limit cannot exceed 5.']],
    [{ maxLength: 5 }, 'abcde', []],
    [{ dataType: 'Alphabet' }, 'José María Ñandú Ελένη 李', []],
    [{ dataType: 'Alphabet' }, 'abc1', ['Only letters and spaces are allowed.']],
    [{ dataType: 'Alphanumeric' }, 'Room 12b', []],
    [{ dataType: 'Alphanumeric' }, 'a-b', ['Only letters, numbers and spaces are allowed.']],
    [{ dataType: 'Numeric' }, '0123', []],
    [{ dataType: 'Numeric' }, '12.5', ['Only numbers are allowed.']],
    [{}, 'a &amp; b &nbsp;', []],
  ] as const)('%j %s', (constraints, answer, expected) => {
    expect(errorsOf(Q({ type: 'Text', constraints } as QuestionInput), { answer })).toEqual(expected);
  });
  it('Spanish', () => {
    expect(errorsOf(Q({ type: 'Text', constraints: { maxLength: 2 } }), { answer: 'abc' }, 'es')).toEqual([
      'El número de caracteres no puede superar 2.',
    ]);
  });
});

describe('date (001 §5)', () => {
  const D = (constraints: object) => Q({ type: 'Date', constraints } as QuestionInput);
  it.each([
    [{ format: 'dd/mm/yyyy' }, '31/12/2024', []],
    [{ format: 'dd/mm/yyyy' }, '31/02/2024', ['Enter a valid date (dd/mm/yyyy).']],
    [{ format: 'mm/dd/yyyy' }, '12/31/2024', []],
    [{ format: 'mm/dd/yyyy' }, '31/12/2024', ['Enter a valid date (mm/dd/yyyy).']],
    [{ format: 'yyyy/mm/dd' }, '2024/02/29', []],
    [{ format: 'yyyy/mm/dd' }, '2023/02/29', ['Enter a valid date (yyyy/mm/dd).']],
    [{}, '2024-01-05', []],
    [{}, 'yesterday', ['Enter a valid date (mm/dd/yyyy).']],
    [
      { format: 'dd/mm/yyyy', range: { kind: 'fixed', start: '2024-01-01', end: '2024-01-31' } },
      '01/02/2024',
      ['Enter a date in the range of 01/01/2024 - 31/01/2024.'],
    ],
    [
      { range: { kind: 'fixed', start: '2024-01-10' } },
      '2024-01-09',
      ['Enter a Date that begins 01/10/2024 or later.'],
    ],
    [{ range: { kind: 'fixed', end: 'current' } }, '2024-06-16', ['Enter a Date no later than 06/15/2024.']],
    [{ range: { kind: 'fixed', end: 'current' } }, '2024-06-15', []],
    [{ range: { kind: 'fixed', start: 'current' } }, '2024-06-14', ['Enter a Date that begins 06/15/2024 or later.']],
    [
      { range: { kind: 'deviation', target: '2024-03-10', daysBefore: 2, daysAfter: 3 } },
      '2024-03-14',
      ['Enter a date in the range of 03/08/2024 - 03/13/2024.'],
    ],
    [{ range: { kind: 'deviation', target: 'current', daysBefore: 1, daysAfter: 0 } }, '2024-06-14', []],
  ] as const)('%j %s', (c, date, expected) => expect(errorsOf(D(c), { date })).toEqual(expected));

  it('current date is today in the participant time zone', () => {
    const q = D({ range: { kind: 'fixed', end: 'current' } });
    const late = { now: '2024-06-15T02:00:00Z', timeZone: 'America/Los_Angeles' };
    expect(validateQuestion(q, { date: '2024-06-15' }, late).errors.map((m) => messageText(m))).toEqual([
      'Enter a Date no later than 06/14/2024.',
    ]);
  });
  it('Spanish', () => {
    const q = D({ range: { kind: 'fixed', start: '2024-01-01', end: '2024-01-31' } });
    expect(errorsOf(q, { date: '2024-02-01' }, 'es')).toEqual([
      'Introduzca una fecha en el intervalo 01/01/2024 - 01/31/2024.',
    ]);
    expect(errorsOf(D({ range: { kind: 'fixed', start: '2024-01-10' } }), { date: '2024-01-01' }, 'es')).toEqual([
      'Introduzca una fecha a partir del 01/10/2024.',
    ]);
    expect(errorsOf(D({ range: { kind: 'fixed', end: '2024-01-10' } }), { date: '2024-02-01' }, 'es')).toEqual([
      'Introduzca una fecha no posterior al 01/10/2024.',
    ]);
  });
});

describe('time and date-time (001 §5)', () => {
  const T = (constraints: object) => Q({ type: 'Time', constraints } as QuestionInput);
  it.each([
    [{ format: '12' }, '12:59 PM', []],
    [{ format: '12' }, '13:00 PM', ['Enter a valid time (hh:mm AM/PM).']],
    [{ format: '12' }, '00:30 AM', ['Enter a valid time (hh:mm AM/PM).']],
    [{ format: '24' }, '23:59', []],
    [{ format: '24' }, '24:00', ['Enter a valid time (HH:mm).']],
    [{ format: '24' }, '10:60', ['Enter a valid time (HH:mm).']],
    [
      { range: { kind: 'fixed', start: '08:00', end: '17:00' } },
      '07:59',
      ['Enter a time in the range of 08:00 - 17:00.'],
    ],
    [
      { format: '12', range: { kind: 'fixed', start: '08:00', end: '17:00' } },
      '5:01 pm',
      ['Enter a time in the range of 08:00 AM - 05:00 PM.'],
    ],
    [{ range: { kind: 'fixed', start: '22:00', end: '06:00' } }, '23:30', []],
    [
      { range: { kind: 'fixed', start: '22:00', end: '06:00' } },
      '12:00',
      ['Enter a time in the range of 22:00 - 06:00.'],
    ],
    [
      { range: { kind: 'deviation', target: '12:00', hoursBefore: 1, hoursAfter: 2 } },
      '14:01',
      ['Enter a time in the range of 11:00 - 14:00.'],
    ],
    [{ range: { kind: 'deviation', target: '01:00', hoursBefore: 3, hoursAfter: 20 } }, '00:00', []],
    [
      { range: { kind: 'deviation', target: '23:00', hoursBefore: 0, hoursAfter: 5 } },
      '10:00',
      ['Enter a time in the range of 23:00 - 23:59.'],
    ],
    [{ range: { kind: 'fixed', start: 'current' } }, '09:59', ['Enter a time in the range of 10:00 - 23:59.']],
  ] as const)('%j %s', (c, time, expected) => expect(errorsOf(T(c), { time })).toEqual(expected));

  const DT = Q({ type: 'DateTime', constraints: { date: { range: { kind: 'fixed', end: '2024-01-01' } } } });
  it.each([
    [{ date: '2024-01-01', time: '10:00' }, []],
    [{ date: '2024-01-01' }, ['Enter both a date and a time.']],
    [{ time: '10:00' }, ['Enter both a date and a time.']],
    [{ date: '2024-01-02', time: '25:00' }, ['Enter a Date no later than 01/01/2024.', 'Enter a valid time (HH:mm).']],
  ])('DateTime %j', (a, expected) => expect(errorsOf(DT, a)).toEqual(expected));
  it('Spanish', () => {
    expect(errorsOf(T({ range: { kind: 'fixed', start: '08:00', end: '09:00' } }), { time: '10:00' }, 'es')).toEqual([
      'Introduzca una hora en el intervalo 08:00 - 09:00.',
    ]);
    expect(errorsOf(DT, { date: '2024-01-01' }, 'es')).toEqual(['Introduzca una fecha y una hora.']);
  });
});
