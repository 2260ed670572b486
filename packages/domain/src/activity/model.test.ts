import { describe, expect, it } from 'vitest';
import { EVERY_TYPE_ACTIVITY, EVERY_TYPE_ACTIVITY_INPUT } from './fixtures';
import { ActivitySchema, localize, QuestionSchema } from './model';
import {
  ALWAYS_PASS_TYPES,
  isBranchingCapable,
  isQuestionType,
  QUESTION_TYPES,
  SKIPPABLE_TYPES,
} from './question-types';
import { isAnswerEmpty } from './rules/required';

describe('model (001 §3, 000 §3, decision B-003)', () => {
  it('the fixture holds every question type', () => {
    expect([...new Set(EVERY_TYPE_ACTIVITY.questions.map((q) => q.type))].sort()).toEqual([...QUESTION_TYPES].sort());
  });

  it('fills defaults: schemaVersion, flags, constraints', () => {
    const a = ActivitySchema.parse({
      id: 'a',
      activityId: 'a',
      identifier: 'a',
      revisionId: 7,
      type: 'survey',
      title: { en: 'A' },
      questions: [{ id: 'q', identifier: 'q', type: 'DateTime', body: { en: 'Q' } }],
    });
    expect(a.schemaVersion).toBe(1);
    expect(a.revisionId).toBe('7');
    expect(a.allowDataEditChecks).toBe(false);
    expect(a.canScoreResponses).toBe(false);
    expect(a.questions[0]).toMatchObject({
      optional: false,
      options: [],
      dataEditChecks: [],
      constraints: { date: { format: 'mm/dd/yyyy' }, time: { format: '24' } },
    });
  });

  it('data edit check: SOFT or hard', () => {
    const q = QuestionSchema.parse({
      id: 'q',
      identifier: 'q',
      type: 'Text',
      body: { en: 'Q' },
      dataEditChecks: [
        { id: '1', check: 'soft', type: 'NOT_BLANK' },
        { id: '2', check: 'hard', type: 'NOT_BLANK' },
        { id: '3', check: 'Error', type: 'NOT_BLANK' },
      ],
    });
    expect(q.dataEditChecks.map((d) => d.check)).toEqual(['SOFT', 'HARD', 'HARD']);
  });

  it.each([
    [
      'duplicate identifier',
      (i: typeof EVERY_TYPE_ACTIVITY_INPUT) => i.questions.push({ ...i.questions[1]!, id: 'dup' }),
    ],
    [
      'duplicate option id',
      (i: typeof EVERY_TYPE_ACTIVITY_INPUT) =>
        i.questions.push({
          id: 'x',
          identifier: 'x',
          type: 'DropDown',
          body: {},
          options: [
            { id: 'a', body: {} },
            { id: 'a', body: {} },
          ],
        }),
    ],
    [
      'backward skip target',
      (i: typeof EVERY_TYPE_ACTIVITY_INPUT) =>
        i.questions.push({
          id: 'x',
          identifier: 'x',
          type: 'Text',
          body: {},
          branching: { rules: [{ operator: 'eq', skipTo: 'mood' }] },
        }),
    ],
    [
      'unknown rejoin',
      (i: typeof EVERY_TYPE_ACTIVITY_INPUT) =>
        i.questions.push({
          id: 'x',
          identifier: 'x',
          type: 'Text',
          body: {},
          branching: { rejoinAt: 'nowhere', rules: [] },
        }),
    ],
    [
      'variable named like a question',
      (i: typeof EVERY_TYPE_ACTIVITY_INPUT) => i.scoringVariables?.push({ id: 'z', name: 'pain', expression: '1' }),
    ],
  ])('refuses %s', (_, mutate) => {
    const input = structuredClone(EVERY_TYPE_ACTIVITY_INPUT);
    mutate(input);
    expect(ActivitySchema.safeParse(input).success).toBe(false);
  });

  it('skip to END is allowed', () => {
    const input = structuredClone(EVERY_TYPE_ACTIVITY_INPUT);
    input.questions.push({
      id: 'x',
      identifier: 'x',
      type: 'Text',
      body: {},
      branching: { rules: [{ operator: 'ot', skipTo: 'END' }] },
    });
    expect(ActivitySchema.safeParse(input).success).toBe(true);
  });

  it('localize falls back to the base language, English, then any', () => {
    expect(localize({ en: 'Pain', es: 'Dolor' }, 'es-MX')).toBe('Dolor');
    expect(localize({ en: 'Pain', es: 'Dolor' }, 'fr')).toBe('Pain');
    expect(localize({ de: 'Schmerz' }, 'fr')).toBe('Schmerz');
    expect(localize(undefined)).toBe('');
    expect(localize({})).toBe('');
  });

  it('type lists (001 §4, §5)', () => {
    expect(SKIPPABLE_TYPES).toEqual([
      'VideoRecording',
      'AudioRecording',
      'Measurements',
      'Index',
      'Log',
      'ImageCapture',
      'Section',
      'GPSkin',
      'ValidatedEntry',
      'SkinAnalyser',
    ]);
    expect(ALWAYS_PASS_TYPES).toEqual([
      'SurveyInstruction',
      'Log',
      'ImageCapture',
      'Index',
      'GPSkin',
      'ValidatedEntry',
      'AudioRecording',
      'VideoRecording',
    ]);
    expect(isQuestionType('VAS')).toBe(true);
    expect(isQuestionType('Vas')).toBe(false);
    expect(isBranchingCapable('Date')).toBe(true);
    expect(isBranchingCapable('Medication')).toBe(false);
  });

  it('an always-pass type is never empty', () => {
    expect(isAnswerEmpty(EVERY_TYPE_ACTIVITY.questions.find((q) => q.type === 'Log')!, undefined)).toBe(false);
  });
});
