import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Answer, AnswerMap } from './answer';
import { computeFlow, disabledQuestions, matchingRules, pruneDisabledAnswers, ruleMatches } from './branching';
import { type ActivityInput, type QuestionInput, parseActivity } from './model';
import { firstQuestionId, navButton, nextQuestionId, previousQuestionId } from './navigation';
import { translate } from '../messages/translate';
import { NAV_BUTTON_KEYS } from './navigation';

const opts = (...ids: string[]) => ids.map((id, i) => ({ id, body: { en: id }, score: i + 1 }));
const plain = (identifier: string, extra: Partial<QuestionInput> = {}): QuestionInput =>
  ({ id: identifier, identifier, type: 'Text', body: { en: identifier }, optional: true, ...extra }) as QuestionInput;
const activity = (questions: QuestionInput[]) =>
  parseActivity({
    id: 'a',
    activityId: 'a',
    identifier: 'a',
    revisionId: 1,
    type: 'survey',
    title: { en: 'A' },
    questions,
  } as ActivityInput);

// q1 (single choice): yes → q4, no → END; ot → q3
const normal = activity([
  plain('q1', {
    type: 'MultiChoice',
    options: opts('yes', 'no', 'maybe'),
    branching: {
      rules: [
        { operator: 'eq', value: 'yes', skipTo: 'q4' },
        { operator: 'eq', value: 'no', skipTo: 'END' },
        { operator: 'ot', skipTo: 'q3' },
      ],
    },
  }),
  plain('q2'),
  plain('q3'),
  plain('q4'),
  plain('q5', {
    type: 'Integer',
    branching: { rules: [{ operator: 'between', startValue: 1, endValue: 5, skipTo: 'q7' }] },
  }),
  plain('q6'),
  plain('video', { type: 'VideoRecording' }),
  plain('q7'),
]);
const dis = (answers: AnswerMap) => [...disabledQuestions(normal, answers)];

describe('branching (001 §4, decisions B-020, B-022)', () => {
  it.each([
    ['no answer: nothing disabled', {}, []],
    ['eq yes → q4: q2, q3 disabled', { q1: { optionId: 'yes' } }, ['q2', 'q3']],
    ['eq no → END: everything after disabled', { q1: { optionId: 'no' } }, ['q2', 'q3', 'q4', 'q5', 'q6', 'q7']],
    ['ot (otherwise) → q3: q2 disabled', { q1: { optionId: 'maybe' } }, ['q2']],
    ['between 1..5 → q7', { q5: { answer: '3' } }, ['q6']],
    ['between bounds inclusive', { q5: { answer: '5' } }, ['q6']],
    ['outside between', { q5: { answer: '6' } }, []],
    [
      'rules of disabled questions do not apply',
      { q1: { optionId: 'no' }, q5: { answer: '3' } },
      ['q2', 'q3', 'q4', 'q5', 'q6', 'q7'],
    ],
  ] as const)('%s', (_, answers, expected) => expect(dis(answers as AnswerMap)).toEqual(expected));

  it('changing the answer re-enables the questions', () => {
    expect(dis({ q1: { optionId: 'yes' } })).toEqual(['q2', 'q3']);
    expect(dis({ q1: { optionId: 'maybe' } })).toEqual(['q2']);
    expect(dis({ q1: { optionId: undefined } })).toEqual([]);
  });

  it('skippable types are out of the flow; a skip target on one goes to the next flow question', () => {
    const a = activity([
      plain('a1', { type: 'Boolean', branching: { rules: [{ operator: 'eq', value: 'true', skipTo: 'log' }] } }),
      plain('a2'),
      plain('log', { type: 'Log' }),
      plain('a3'),
    ]);
    expect(computeFlow(a, { a1: { optionId: 'true' } })).toEqual({ path: ['a1', 'a3'], disabled: new Set(['a2']) });
  });

  it.each([
    [
      'eq on a number (numeric equality)',
      { type: 'Number' },
      { operator: 'eq', singleValue: '2.0' },
      { answer: '2' },
      true,
    ],
    ['eq on text ignores case', {}, { operator: 'eq', singleValue: 'Yes' }, { answer: 'yes ' }, true],
    [
      'eq on a date',
      { type: 'Date', constraints: { format: 'dd/mm/yyyy' } },
      { operator: 'eq', singleValue: '2024-01-05' },
      { date: '05/01/2024' },
      true,
    ],
    [
      'between dates',
      { type: 'Date' },
      { operator: 'between', startValue: '2024-01-01', endValue: '2024-01-31' },
      { date: '2024-01-15' },
      true,
    ],
    ['between text never matches', {}, { operator: 'between', startValue: 'a', endValue: 'z' }, { answer: 'm' }, false],
    [
      'between on choice uses option scores',
      { type: 'CustomScale', options: opts('a', 'b', 'c') },
      { operator: 'between', startValue: 2, endValue: 3 },
      { optionId: 'c' },
      true,
    ],
    [
      'between on choice outside',
      { type: 'CustomScale', options: opts('a', 'b', 'c') },
      { operator: 'between', startValue: 2, endValue: 3 },
      { optionId: 'a' },
      false,
    ],
    [
      'eq on the other option',
      { type: 'MultiChoice', options: opts('a'), otherOptionId: 'oth', otherScore: 9 },
      { operator: 'between', startValue: 9, endValue: 9 },
      { optionId: 'oth' },
      true,
    ],
    [
      'eq with singleValue on a choice',
      { type: 'DropDown', options: opts('a') },
      { operator: 'eq', singleValue: 'a' },
      { optionId: 'a' },
      true,
    ],
    ['ot alone is decided by matchingRules', {}, { operator: 'ot' }, { answer: 'x' }, false],
    ['empty answer never matches', {}, { operator: 'eq', singleValue: '' }, { answer: '' }, false],
  ] as const)('ruleMatches: %s', (_, extra, rule, answer, expected) => {
    const a = activity([
      plain('x', { ...(extra as object), branching: { rules: [{ ...rule, skipTo: 'END' }] } } as QuestionInput),
    ]);
    const q = a.questions[0]!;
    expect(ruleMatches(q, answer as Answer, q.branching!.rules[0]!)).toBe(expected);
  });

  it('matchingRules: normal takes the first match, ot only when nothing else matched', () => {
    const q = normal.questions[0]!;
    expect(matchingRules(q, { optionId: 'yes' }).map((r) => r.skipTo)).toEqual(['q4']);
    expect(matchingRules(q, { optionId: 'maybe' }).map((r) => r.operator)).toEqual(['ot']);
    expect(matchingRules(q, undefined)).toEqual([]);
  });
});

// Advance branching: "which symptoms?" cough → c1..c2, fever → f1, rash → r1; rejoin at end1
const advanceQuestions = (recursiveLoop: boolean): QuestionInput[] => [
  plain('sym', {
    type: 'MultiChoice',
    constraints: { subType: 'multi' },
    options: opts('cough', 'fever', 'rash', 'none'),
    branching: {
      mode: 'advance',
      recursiveLoop,
      rejoinAt: 'end1',
      rules: [
        { operator: 'eq', value: 'cough', skipTo: 'c1' },
        { operator: 'eq', value: 'fever', skipTo: 'f1' },
        { operator: 'eq', value: 'rash', skipTo: 'r1' },
        { operator: 'eq', value: 'none', skipTo: 'end1' },
      ],
    },
  }),
  plain('general'),
  plain('c1', { type: 'Boolean', branching: { rules: [{ operator: 'eq', value: 'true', skipTo: 'end2' }] } }),
  plain('c2'),
  plain('f1'),
  plain('r1'),
  plain('end1'),
  plain('end2'),
];
const advance = activity(advanceQuestions(false));
const loop = activity(advanceQuestions(true));

describe('advance branching and recursive loop mode (decision B-020)', () => {
  it.each([
    ['cough only', { sym: { optionsIds: ['cough'] } }, ['sym', 'c1', 'c2', 'end1', 'end2']],
    ['cough and rash', { sym: { optionsIds: ['rash', 'cough'] } }, ['sym', 'c1', 'c2', 'r1', 'end1', 'end2']],
    ['fever and rash', { sym: { optionsIds: ['fever', 'rash'] } }, ['sym', 'f1', 'r1', 'end1', 'end2']],
    ['none', { sym: { optionsIds: ['none'] } }, ['sym', 'end1', 'end2']],
    ['unanswered: everything', {}, ['sym', 'general', 'c1', 'c2', 'f1', 'r1', 'end1', 'end2']],
  ] as const)('%s', (_, answers, path) => {
    expect(computeFlow(advance, answers as AnswerMap).path).toEqual(path);
    expect(computeFlow(loop, answers as AnswerMap).path).toEqual(path);
  });

  it('a jump out of a branch leaves the block without loop mode, comes back for the next branch with it', () => {
    const answers = { sym: { optionsIds: ['cough', 'fever'] }, c1: { optionId: 'true' } };
    expect(computeFlow(advance, answers).path).toEqual(['sym', 'c1', 'end2']);
    expect(computeFlow(loop, answers).path).toEqual(['sym', 'c1', 'f1', 'end1', 'end2']);
  });

  it('normal mode on a multi-choice takes the first rule only', () => {
    const qs = advanceQuestions(false);
    const first = qs[0] as { branching: { mode: string } };
    first.branching.mode = 'normal';
    const a = activity(qs);
    expect(computeFlow(a, { sym: { optionsIds: ['fever', 'cough'] } }).path).toEqual([
      'sym',
      'c1',
      'c2',
      'f1',
      'r1',
      'end1',
      'end2',
    ]);
  });

  it('without rejoinAt the last branch runs to the end', () => {
    const qs = advanceQuestions(false);
    delete (qs[0] as { branching: { rejoinAt?: string } }).branching.rejoinAt;
    const a = activity(qs);
    expect(computeFlow(a, { sym: { optionsIds: ['fever'] } }).path).toEqual(['sym', 'f1']);
    expect(computeFlow(a, { sym: { optionsIds: ['none'] } }).path).toEqual(['sym', 'end1', 'end2']);
  });

  it('pruneDisabledAnswers drops answers of disabled questions', () => {
    expect(pruneDisabledAnswers(normal, { q1: { optionId: 'yes' }, q2: { answer: 'x' }, q4: { answer: 'y' } })).toEqual(
      {
        q1: { optionId: 'yes' },
        q4: { answer: 'y' },
      },
    );
  });
});

describe('navigation (001 §4)', () => {
  it('forward and back skip the disabled set; Start / Next / Submit', () => {
    const answers = { q1: { optionId: 'yes' } };
    expect(firstQuestionId(normal, answers)).toBe('q1');
    expect(nextQuestionId(normal, answers, 'q1')).toBe('q4');
    expect(previousQuestionId(normal, answers, 'q4')).toBe('q1');
    expect(nextQuestionId(normal, answers, 'q6')).toBe('q7');
    expect(nextQuestionId(normal, answers, 'q7')).toBeNull();
    expect(previousQuestionId(normal, answers, 'q1')).toBeNull();
    expect(navButton(normal, answers, 'q1')).toBe('Start');
    expect(navButton(normal, answers, 'q4')).toBe('Next');
    expect(navButton(normal, answers, 'q7')).toBe('Submit');
    expect(navButton(normal, { q1: { optionId: 'no' } }, 'q1')).toBe('Submit');
  });
  it('from a question that became disabled, go to the nearest enabled one', () => {
    const answers = { q1: { optionId: 'yes' } };
    expect(nextQuestionId(normal, answers, 'q2')).toBe('q4');
    expect(previousQuestionId(normal, answers, 'q3')).toBe('q1');
    expect(nextQuestionId(normal, { q1: { optionId: 'no' } }, 'q3')).toBeNull();
  });
  it('labels come from the catalogue', () => {
    expect(Object.values(NAV_BUTTON_KEYS).map((k) => translate(k))).toEqual(['Start', 'Next', 'Submit']);
    expect(Object.values(NAV_BUTTON_KEYS).map((k) => translate(k, undefined, 'es'))).toEqual([
      'Comenzar',
      'Siguiente',
      'Enviar',
    ]);
  });
  it('an empty flow has no first question', () => {
    expect(firstQuestionId(activity([plain('v', { type: 'Section' })]), {})).toBeNull();
  });
});

// ── properties ───────────────────────────────────────────────────────────────────────────────
const choiceAnswer = fc.record({
  optionsIds: fc.subarray(['cough', 'fever', 'rash', 'none', 'yes', 'no', 'maybe', 'true', 'false']),
});
const anyAnswer: fc.Arbitrary<Answer> = fc.oneof(
  choiceAnswer,
  fc.record({ answer: fc.oneof(fc.string(), fc.integer({ min: -5, max: 10 }).map(String)) }),
  fc.record({ optionId: fc.constantFrom('yes', 'no', 'maybe', 'true', 'false', 'x') }),
  fc.constant({ skipped: true }),
);
const answersFor = (ids: string[]) => fc.dictionary(fc.constantFrom(...ids), anyAnswer);

describe('branching properties', () => {
  const activities = [normal, advance, loop];
  const ids = (a: typeof normal) => a.questions.map((q) => q.identifier);

  it('never throws, and path + disabled partition the flow', () => {
    for (const a of activities) {
      fc.assert(
        fc.property(answersFor(ids(a)), (answers) => {
          const { path, disabled } = computeFlow(a, answers);
          const flow = a.questions.filter((q) => q.type !== 'VideoRecording').map((q) => q.identifier);
          expect([...path, ...disabled].sort()).toEqual([...flow].sort());
          expect(path[0]).toBe(flow[0]);
        }),
      );
    }
  });

  it('re-enabling after an answer change restores exactly the questions enabled before', () => {
    for (const a of activities) {
      fc.assert(
        fc.property(answersFor(ids(a)), fc.constantFrom(...ids(a)), anyAnswer, (answers, id, other) => {
          const before = computeFlow(a, answers);
          const changed = computeFlow(a, { ...answers, [id]: other });
          const back = computeFlow(a, { ...answers, [id]: answers[id] });
          expect(back).toEqual(before);
          // a question disabled only by the changed answer comes back
          expect(changed.path.length + changed.disabled.size).toBe(before.path.length + before.disabled.size);
        }),
      );
    }
  });
});

describe('clearing an answer re-enables what its rules disabled', () => {
  it('equals the flow of the same activity without that question’s branching', () => {
    for (const [a, qs] of [
      [advance, advanceQuestions(false)],
      [loop, advanceQuestions(true)],
    ] as const) {
      fc.assert(
        fc.property(
          answersFor(a.questions.map((q) => q.identifier)),
          fc.integer({ min: 0, max: qs.length - 1 }),
          (answers, i) => {
            const id = qs[i]!.identifier;
            const without = activity(qs.map((q, j) => (j === i ? { ...q, branching: undefined } : q)));
            expect(computeFlow(a, { ...answers, [id]: undefined })).toEqual(
              computeFlow(without, { ...answers, [id]: undefined }),
            );
          },
        ),
      );
    }
  });
});
