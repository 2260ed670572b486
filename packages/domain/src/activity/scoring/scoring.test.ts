import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVERY_TYPE_ACTIVITY, EVERY_TYPE_ACTIVITY_INPUT, VALID_ANSWERS } from '../fixtures';
import { parseActivity } from '../model';
import { evaluateExpression, expressionIdentifiers, parseExpression, SCORING_FUNCTIONS } from './evaluator';
import { questionScore, scoreActivity } from './scoring';

const scope = (vars: Record<string, number | null>) => (n: string) => vars[n];

describe('safe expression evaluator (decision B-scoring-evaluator)', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 / 4', 2.5],
    ['10 % 4', 2],
    ['-a + +b', 1],
    ['a / 0', null],
    ['a + missing', null],
    ['sum(a, missing, b)', 5],
    ['avg(a, b)', 2.5],
    ['avg(missing)', null],
    ['min(a, b) + max(a, b)', 5],
    ['min()', null],
    ['max()', null],
    ['count(a, missing)', 1],
    ['abs(-a)', 2],
    ['abs(missing)', null],
    ['round(2.345, 2)', 2.35],
    ['round(2.5)', 3],
    ['round(missing)', null],
    ['floor(2.7) + ceil(2.1)', 5],
    ['floor(missing)', null],
    ['ceil(missing)', null],
    ['coalesce(missing, 7)', 7],
    ['coalesce(missing)', null],
    ['if(a > 1, 10, 20)', 10],
    ['if(a < 1, 10)', null],
    ['if(missing, 1, 2)', null],
    ['a >= 2 && b <= 3', 1],
    ['a == 3 || b != 3', 0],
    ['missing && 1', null],
    ['0 && missing', 0],
    ['1 || missing', 1],
    ['0 || 5', 1],
    ['!a', 0],
    ['!missing', null],
    ['a > 1 ? 100 : 200', 100],
    ['missing ? 1 : 2', null],
    ['true + false', 1],
    ['2 ** 3', null],
    ['a.b', null],
    ['this', null],
    ['[1, 2]', null],
    ['"text"', null],
    ['foo(1)', null],
    ['constructor(1)', null],
    ['a; b', null],
    ['1 +', null],
    ['~a', null],
    [`${'('.repeat(100)}1${')'.repeat(100)}`, 1],
    [`${'- '.repeat(100)}1`, null],
    ['1e308 * 10', null],
  ])('%s → %s', (expr, expected) => {
    expect(evaluateExpression(expr, scope({ a: 2, b: 3, missing: null }))).toBe(expected);
  });

  it('rejects long expressions and non-strings', () => {
    expect(evaluateExpression(`${'1+'.repeat(1500)}1`, () => 1)).toBeNull();
    expect(evaluateExpression(42 as unknown as string, () => 1)).toBeNull();
  });

  it('lists identifiers and functions', () => {
    expect([...expressionIdentifiers(parseExpression('sum(a, b) + (c ? d : -e)'))]).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(SCORING_FUNCTIONS).toContain('sum');
  });

  it('never throws and never reaches globals (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const v = evaluateExpression(s, () => 1);
        expect(v === null || typeof v === 'number').toBe(true);
      }),
    );
  });
});

describe('scoring (decision B-086)', () => {
  it('option scores, other score, number and scale values', () => {
    const q = (id: string) => EVERY_TYPE_ACTIVITY.questions.find((x) => x.identifier === id)!;
    expect(questionScore(q('mood'), { optionId: 'bad' })).toBe(2);
    expect(questionScore(q('mood'), { optionId: 'mood-other', otherText: 'meh' })).toBe(1);
    expect(questionScore(q('symptoms'), { optionsIds: ['cough', 'fever'] })).toBe(2);
    expect(questionScore(q('country'), { optionId: 'us' })).toBeNull();
    expect(questionScore(q('pain'), { answer: '7' })).toBe(7);
    expect(questionScore(q('pain'), { answer: 'x' })).toBeNull();
    expect(questionScore(q('notes'), { answer: '5' })).toBeNull();
    expect(questionScore(q('pain'), { answer: '7', skipped: true })).toBeNull();
    expect(questionScore(q('pain'), undefined)).toBeNull();
  });

  it('variables and total', () => {
    const s = scoreActivity(EVERY_TYPE_ACTIVITY, VALID_ANSWERS)!;
    expect(s.variables).toEqual({ painTotal: 4 + 2 + 6 });
    expect(s.questions.severity).toBe(1);
    expect(s.total).toBe(2 + 2 + 1 + 4 + 55 + 6 + 72.5 + 8000 + 36.8);
  });

  it('nothing is scored unless canScoreResponses', () => {
    expect(
      scoreActivity(parseActivity({ ...EVERY_TYPE_ACTIVITY_INPUT, canScoreResponses: false }), VALID_ANSWERS),
    ).toBeNull();
  });

  it('a bad expression gives null; variables can use earlier variables', () => {
    // the schema refuses a bad formula; a stored one from before that rule must still score without throwing
    const a = parseActivity({
      ...EVERY_TYPE_ACTIVITY_INPUT,
      scoringVariables: [
        { id: '1', name: 'bad', expression: 'pain' },
        { id: '2', name: 'double', expression: 'pain * 2' },
        { id: '3', name: 'quad', expression: 'double * 2' },
      ],
    });
    a.scoringVariables[0]!.expression = 'pain +';
    expect(scoreActivity(a, VALID_ANSWERS)!.variables).toEqual({ bad: null, double: 8, quad: 16 });
    expect(scoreActivity(a, {})!.total).toBeNull();
  });
});
