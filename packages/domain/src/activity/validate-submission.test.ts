import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Answer, AnswerMap } from './answer';
import { decodeEntry, displayAnswerText, encodeAnswer } from './answer-codec';
import { computeFlow } from './branching';
import { buildResultPayload } from './build-payload';
import { EVERY_TYPE_ACTIVITY, EVERY_TYPE_ACTIVITY_INPUT, META, VALID_ANSWERS } from './fixtures';
import { parseActivity } from './model';
import { ActivityResultPayloadSchema, type AnswerEntry } from './payload';
import { prepareActivity } from './prepared';
import { validateQuestion } from './validate-question';
import { validateSubmission } from './validate-submission';

const ctx = { now: '2024-06-15T14:30:00Z', timeZone: 'America/New_York' };

describe('result payload (001 §3, §9)', () => {
  const p = buildResultPayload(EVERY_TYPE_ACTIVITY, VALID_ANSWERS, {
    ...META,
    times: { mood: { startTime: '2024-06-15T14:00:00Z', endTime: '2024-06-15T14:01:00Z' } },
  });
  it('has the spec fields and defaults', () => {
    expect(Object.keys(p).sort()).toEqual(
      [
        'studyId',
        'surveyId',
        'activityId',
        'participantId',
        'results',
        'deviceType',
        'uuidFromMobile',
        'deviceId',
        'imageFileNames',
        'taskInstanceId',
        'studyVersionId',
        'completionTimeUtc',
        'completionTimeLocal',
        'completionLocalOffset',
        'activitySchedulingMode',
      ].sort(),
    );
    expect(p).toMatchObject({
      deviceType: 'Web',
      activitySchedulingMode: 'both',
      surveyId: 'act-1',
      activityId: 'A-100',
      completionTimeUtc: '2024-06-15T14:30:00Z',
      completionTimeLocal: '2024-06-15T10:30:00',
      completionLocalOffset: '-04:00',
    });
    expect(
      ActivityResultPayloadSchema.parse({ ...p, deviceType: undefined, activitySchedulingMode: undefined }),
    ).toMatchObject({
      deviceType: 'Web',
      activitySchedulingMode: 'both',
    });
  });
  it('per-answer entries: spec fields, timeTaken 1, skippable types left out', () => {
    const first = p.results.find((r) => r.questionId === 'mood')!;
    expect(Object.keys(first).sort()).toEqual(
      [
        'appLanguageId',
        'displayLanguage',
        'displayAnswerText',
        'displayQuestionText',
        'questionId',
        'questionType',
        'questionText',
        'isSkipped',
        'timeTaken',
        'startTime',
        'endTime',
        'status',
        'siteId',
        'answerText',
        'optionId',
      ].sort(),
    );
    expect(first).toMatchObject({
      timeTaken: 1,
      status: 'Completed',
      optionId: 'bad',
      displayAnswerText: 'Bad',
      startTime: '2024-06-15T14:00:00Z',
    });
    expect(p.results.map((r) => r.questionType)).not.toContain('VideoRecording');
    expect(p.results.find((r) => r.questionId === 'notes')).toMatchObject({
      displayQuestionText: 'Notes',
      answerText: 'Slept well',
    });
    expect(p.results.find((r) => r.questionId === 'symptoms')).toMatchObject({
      optionId: 'cough,fever',
      displayAnswerText: 'Cough, Fever',
    });
  });
  it('Spanish display texts and Incomplete status', () => {
    const es = buildResultPayload(
      EVERY_TYPE_ACTIVITY,
      { ...VALID_ANSWERS, mood: undefined },
      { ...META, displayLanguage: 'es' },
    );
    expect(es.results.find((r) => r.questionId === 'mood')).toMatchObject({
      status: 'Incomplete',
      isSkipped: true,
      questionText: '¿Cómo se siente?',
    });
    expect(es.results.find((r) => r.questionId === 'meds')?.displayAnswerText).toBe('Ibuprofeno 200 mg x2');
    expect(es.taskInstanceId).toBe('task-9');
  });
});

describe('answer codec', () => {
  const q = (id: string) => EVERY_TYPE_ACTIVITY.questions.find((x) => x.identifier === id)!;
  it.each([
    ['mood', { optionId: 'mood-other', otherText: 'Tired' }, { answerText: 'Tired', optionId: 'mood-other' }, 'Tired'],
    ['mood', { optionId: 'mood-other' }, { answerText: '', optionId: 'mood-other' }, 'Other'],
    ['visitDate', { date: '05/03/2024' }, { answerText: '2024-03-05', optionId: '' }, '05/03/2024'],
    ['visitDate', { date: '99/99/2024' }, { answerText: '99/99/2024', optionId: '' }, '99/99/2024'],
    ['doseTime', { time: '8:05 pm' }, { answerText: '20:05', optionId: '' }, '08:05 PM'],
    ['doseTime', { time: 'noon' }, { answerText: 'noon', optionId: '' }, 'noon'],
    [
      'onset',
      { date: '2024/03/01', time: '14:15' },
      { answerText: '2024-03-01T14:15', optionId: '' },
      '2024/03/01 14:15',
    ],
    ['onset', { date: 'x', time: 'y' }, { answerText: 'xTy', optionId: '' }, 'x y'],
    ['weight', { answer: 72.5 }, { answerText: '72.5', optionId: '' }, '72.5'],
    [
      'meds',
      { medication: [{ name: 'Aspirin', dosageAmount: '5', dosageUnit: 'mg' }] },
      { answerText: '[{"name":"Aspirin","dosageAmount":"5","dosageUnit":"mg"}]', optionId: '' },
      'Aspirin 5 mg',
    ],
    ['weight', { skipped: true, answer: '1' }, { answerText: '', optionId: '' }, ''],
  ] as const)('%s %j', (id, a, encoded, display) => {
    expect(encodeAnswer(q(id), a as Answer)).toEqual(encoded);
    expect(displayAnswerText(q(id), a as Answer)).toBe(display);
  });
  it('decodes entries', () => {
    const e = (answerText: string, optionId = '', isSkipped = false) => ({ answerText, optionId, isSkipped });
    expect(decodeEntry(q('mood'), e('', ''))).toBeUndefined();
    expect(decodeEntry(q('mood'), e('x', 'a, b'))).toEqual({ optionsIds: ['a', 'b'], otherText: 'x' });
    expect(decodeEntry(q('onset'), e('2024-01-01'))).toEqual({ date: '2024-01-01', time: '' });
    expect(decodeEntry(q('onset'), e('2024-01-01 10:00'))).toEqual({ date: '2024-01-01', time: '10:00' });
    expect(decodeEntry(q('meds'), e('not json'))).toEqual({ medication: [{}] });
    expect(decodeEntry(q('meds'), e('[{"name":5}]'))).toEqual({ medication: [{}] });
    expect(decodeEntry(q('weight'), e('1', '', true))).toBeUndefined();
    expect(displayAnswerText(q('weight'), undefined)).toBe('');
    expect(displayAnswerText(q('country'), { optionId: 'zz' })).toBe('zz');
    expect(displayAnswerText(q('onset'), { date: '2024-01-01' })).toBe('2024/01/01');
  });
});

describe('validateSubmission', () => {
  const payload = buildResultPayload(EVERY_TYPE_ACTIVITY, VALID_ANSWERS, META);

  it('accepts a valid submission and returns the score and data checks', () => {
    const r = validateSubmission(EVERY_TYPE_ACTIVITY_INPUT, payload, ctx);
    expect(r.errors).toEqual([]);
    expect(r.valid).toBe(true);
    expect(r.score?.variables.painTotal).toBe(12);
    expect(Object.keys(r.questions)).toHaveLength(18);
    expect(r.dataChecks).toEqual([]);
  });

  it('reports per-question errors, warnings and data checks as the browser showed them', () => {
    const bad = buildResultPayload(
      EVERY_TYPE_ACTIVITY,
      { ...VALID_ANSWERS, wong: { answer: '5' }, weight: { answer: '320' } },
      META,
    );
    const r = validateSubmission(EVERY_TYPE_ACTIVITY, bad, { ...ctx, language: 'es' });
    expect(r.valid).toBe(false);
    expect(r.questions.wong?.errors.map((m) => m.text)).toEqual(['Seleccione una respuesta correcta.']);
    expect(r.questions.weight?.errors.map((m) => m.text)).toEqual([
      'Introduzca un número entre 20 (mín.) y 300 (máx.).',
    ]);
    const soft = buildResultPayload(EVERY_TYPE_ACTIVITY, { ...VALID_ANSWERS, weight: { answer: '255' } }, META);
    const s = validateSubmission(EVERY_TYPE_ACTIVITY, soft, ctx);
    expect(s.questions.weight?.errors).toEqual([]);
    expect(s.dataChecks).toEqual([
      {
        id: 'dc1',
        type: 'LESS_THAN',
        message: 'This field should be less than 250.',
        messageKey: 'activity.dec.shouldBeLess',
        params: { n: '250' },
      },
    ]);
  });

  it('refuses answers to questions disabled by branching', () => {
    const input = structuredClone(EVERY_TYPE_ACTIVITY_INPUT);
    input.questions[1]!.branching = { rules: [{ operator: 'eq', value: 'good', skipTo: 'pain' }] };
    const a = parseActivity(input);
    const p = buildResultPayload(a, { ...VALID_ANSWERS, mood: { optionId: 'good' } }, META);
    expect(validateSubmission(a, p, ctx).valid).toBe(true);
    const forged = structuredClone(p);
    const entry = forged.results.find((e) => e.questionId === 'country')!;
    Object.assign(entry, { isSkipped: false, optionId: 'us' });
    const r = validateSubmission(a, forged, ctx);
    expect(r.valid).toBe(false);
    expect(r.questions.country).toMatchObject({ disabled: true });
    expect(r.questions.country?.errors.map((m) => m.text)).toEqual([
      'This question was skipped by the answers given earlier, so it cannot be answered.',
    ]);
  });

  it.each([
    ['not an activity', 42, payload, 'The activity definition is not valid.'],
    ['bad activity', { id: 1 }, payload, 'The activity definition is not valid.'],
    [
      'bad payload',
      EVERY_TYPE_ACTIVITY,
      { ...payload, deviceType: 'iOS' },
      'The submission is not in the expected format.',
    ],
    ['null payload', EVERY_TYPE_ACTIVITY, null, 'The submission is not in the expected format.'],
  ])('%s', (_, a, p, text) => {
    const r = validateSubmission(a, p, ctx);
    expect(r.valid).toBe(false);
    expect(r.errors.map((m) => m.text)).toEqual([text]);
  });

  it('unknown, repeated, mistyped and out-of-flow entries are refused, each with its own message', () => {
    const p = structuredClone(payload);
    const [intro, mood, symptoms] = p.results as [AnswerEntry, AnswerEntry, AnswerEntry];
    symptoms.questionType = 'Text';
    p.results.push(
      { ...intro, questionId: 'ghost' },
      { ...mood },
      // a Section sent as Text with a value, and a recording: neither is in the participant flow
      { ...intro, questionId: 'section2', questionType: 'Text', isSkipped: false, answerText: 'hello' },
      { ...intro, questionId: 'video', questionType: 'VideoRecording', isSkipped: true },
    );
    const r = validateSubmission(EVERY_TYPE_ACTIVITY, p, ctx);
    expect(r.valid).toBe(false);
    expect(r.errors.map((m) => [m.key, m.field, m.text])).toEqual([
      ['activity.unknownQuestion', 'ghost', 'This question is not part of the activity.'],
      ['activity.repeatedQuestion', 'mood', 'This question is answered more than once in the submission.'],
      [
        'activity.notInFlow',
        'section2',
        'This question is not part of the participant flow, so it cannot be answered.',
      ],
      ['activity.notInFlow', 'video', 'This question is not part of the participant flow, so it cannot be answered.'],
    ]);
    expect(r.questions.symptoms?.errors.map((m) => m.text)).toEqual([
      'This answer was sent for a Text question, but the question is of type MultiChoice.',
    ]);
    expect(r.questions.section2).toBeUndefined();
    const es = validateSubmission(EVERY_TYPE_ACTIVITY, p, { ...ctx, language: 'es' });
    expect(es.questions.symptoms?.errors.map((m) => m.text)).toEqual([
      'Esta respuesta se envió para una pregunta de tipo Text, pero la pregunta es de tipo MultiChoice.',
    ]);
  });

  it('an answer to a question that takes none (SurveyInstruction) is refused', () => {
    const p = structuredClone(payload);
    Object.assign(p.results[0] as AnswerEntry, { answerText: 'typed', optionId: '' });
    const r = validateSubmission(EVERY_TYPE_ACTIVITY, p, ctx);
    expect(r.valid).toBe(false);
    expect(r.questions.intro?.errors.map((m) => m.text)).toEqual(['This question takes no answer.']);
    Object.assign(p.results[0] as AnswerEntry, { answerText: '', optionId: 'x' });
    expect(validateSubmission(EVERY_TYPE_ACTIVITY, p, ctx).valid).toBe(false);
  });

  it('an entry marked as skipped that carries a value is refused', () => {
    const p = structuredClone(payload);
    Object.assign(p.results.find((e) => e.questionId === 'notes') as AnswerEntry, { isSkipped: true });
    const r = validateSubmission(EVERY_TYPE_ACTIVITY, p, ctx);
    expect(r.valid).toBe(false);
    expect(r.questions.notes?.errors.map((m) => m.text)).toEqual(['An answer marked as skipped cannot carry a value.']);
    Object.assign(p.results.find((e) => e.questionId === 'notes') as AnswerEntry, { answerText: ' ' });
    expect(validateSubmission(EVERY_TYPE_ACTIVITY, p, ctx).valid).toBe(true);
  });

  it('survives a context that is not an object, and hostile getters', () => {
    expect(validateSubmission(EVERY_TYPE_ACTIVITY, payload, null as never).valid).toBe(true);
    const hostile = {
      get id() {
        throw new Error('boom');
      },
    };
    expect(validateSubmission(hostile, payload).valid).toBe(false);
    const hostilePayload = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    );
    expect(validateSubmission(EVERY_TYPE_ACTIVITY, hostilePayload).valid).toBe(false);
  });
});

// ── properties ───────────────────────────────────────────────────────────────────────────────
const POOLS: Record<string, Answer[]> = {
  mood: [
    { optionId: 'good' },
    { optionId: 'bad' },
    { optionId: 'mood-other' },
    { optionId: 'mood-other', otherText: 'x' },
    { optionId: 'zz' },
  ],
  symptoms: [
    { optionsIds: [] },
    { optionsIds: ['cough'] },
    { optionsIds: ['cough', 'fever'] },
    { optionsIds: ['flu'] },
  ],
  smoker: [{ optionId: 'true' }, { optionId: 'false' }, { optionId: 'x' }],
  severity: [{ optionId: 'mild' }, { optionsIds: ['mild', 'severe'] }],
  country: [{ optionId: 'us' }, { optionId: 'es' }],
  skin: [{ optionsIds: ['img-a', 'img-b'] }, { optionsIds: [] }],
  pain: [{ answer: '0' }, { answer: '10' }, { answer: '11' }, { answer: '2.5' }],
  vas: [{ answer: 55 }, { answer: '-1' }],
  wong: [{ answer: '2' }, { answer: '3' }],
  visitDate: [
    { date: '05/03/2024' },
    { date: '2024-03-05' },
    { date: '2025-01-01' },
    { date: '31/02/2024' },
    { date: '' },
  ],
  doseTime: [{ time: '08:30' }, { time: '11:00 PM' }, { time: '05:00' }, { time: '25:00' }],
  onset: [{ date: '2024-03-01', time: '14:15' }, { date: '2024-03-01' }, { date: '2024/13/01', time: '10:00' }],
  weight: [
    { answer: '72.5' },
    { answer: '72.55' },
    { answer: '255' },
    { answer: '10' },
    { answer: 'abc' },
    { answer: '-5' },
  ],
  steps: [{ answer: '100' }, { answer: '1.5' }, { answer: '100001' }],
  temp: [{ answer: '36.6' }, { answer: '36.66' }, { answer: '50' }],
  notes: [{ answer: '' }, { answer: 'ok 1' }, { answer: 'bad!' }, { answer: '<b>x</b>' }],
  meds: [
    VALID_ANSWERS.meds as Answer,
    { medication: [{ name: 'Aspirin', dosageAmount: '5', dosageUnit: 'mg', numberOfDoses: 1, reason: 'pain' }] },
    { medication: [{ medicationId: 'ibu', numberOfDoses: 100 }] },
    { medication: [] },
  ],
};
const pick = (id: string) => fc.option(fc.constantFrom(...(POOLS[id] as Answer[])), { nil: undefined });
const answersArb = fc.record(
  Object.fromEntries(Object.keys(POOLS).map((id) => [id, pick(id)])),
) as fc.Arbitrary<AnswerMap>;

const branched = (() => {
  const input = structuredClone(EVERY_TYPE_ACTIVITY_INPUT);
  input.questions[1]!.branching = {
    rules: [
      { operator: 'eq', value: 'good', skipTo: 'pain' },
      { operator: 'ot', skipTo: 'severity' },
    ],
  };
  input.questions[13]!.branching = { rules: [{ operator: 'between', startValue: 0, endValue: 50, skipTo: 'notes' }] };
  return parseActivity(input);
})();

describe('validateSubmission properties', () => {
  it('accepts exactly what the per-question rules accept, with the same messages', () => {
    for (const activity of [EVERY_TYPE_ACTIVITY, branched]) {
      // prepared as the server holds it: parsing the definition on every run is not what is tested here
      const prepared = prepareActivity(activity);
      fc.assert(
        fc.property(answersArb, (answers) => {
          const payload = buildResultPayload(prepared, answers, META);
          const r = validateSubmission(prepared, payload, ctx);
          const { disabled } = computeFlow(activity, answers);
          let expected = true;
          for (const q of activity.questions) {
            if (!r.questions[q.identifier]) continue;
            if (disabled.has(q.identifier)) {
              expect(r.questions[q.identifier]?.disabled).toBe(true);
              continue;
            }
            const own = validateQuestion(q, answers[q.identifier], {
              ...ctx,
              allowDataEditChecks: activity.allowDataEditChecks,
            });
            expect(r.questions[q.identifier]?.errors.map((m) => m.key)).toEqual(own.errors.map((m) => m.key));
            expect(r.questions[q.identifier]?.warnings.map((m) => m.key)).toEqual(own.warnings.map((m) => m.key));
            expect(r.questions[q.identifier]?.status).toBe(own.status);
            if (own.errors.length) expected = false;
          }
          expect(r.valid).toBe(expected);
        }),
        { numRuns: 300 },
      );
    }
    // 600 payloads built and validated: a limit for a busy two-core machine, not a budget (bench/ has that)
  }, 30_000);

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (a, p, c) => {
        const r = validateSubmission(a, p, c as never);
        expect(typeof r.valid).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });

  const entryArb = fc.record({
    appLanguageId: fc.oneof(fc.string(), fc.integer()),
    displayLanguage: fc.string(),
    displayAnswerText: fc.string(),
    displayQuestionText: fc.string(),
    questionId: fc.oneof(
      fc.constantFrom(...EVERY_TYPE_ACTIVITY.questions.map((q) => q.identifier)),
      fc.string({ minLength: 1 }),
    ),
    questionType: fc.constantFrom(...EVERY_TYPE_ACTIVITY.questions.map((q) => q.type)),
    questionText: fc.string(),
    isSkipped: fc.boolean(),
    timeTaken: fc.constant(1),
    startTime: fc.string(),
    endTime: fc.string(),
    status: fc.constantFrom('Completed', 'Incomplete'),
    siteId: fc.string(),
    answerText: fc.oneof(
      fc.string(),
      fc.json(),
      fc.constantFrom('[{}]', '[{"medicationId":"ibu"}]', '2024-01-01T10:00', '1e400'),
    ),
    optionId: fc.oneof(fc.string(), fc.constantFrom('good', 'cough,fever', 'true', ',,')),
  });

  it('never throws on arbitrary well-formed payloads, against activities with branching', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 25 }),
        // plain definitions (parsed on every call) and prepared ones (plans kept)
        fc.constantFrom(EVERY_TYPE_ACTIVITY, branched, prepareActivity(EVERY_TYPE_ACTIVITY), prepareActivity(branched)),
        (results, activity) => {
          const payload = { ...buildResultPayload(activity, {}, META), results };
          const r = validateSubmission(activity, payload, ctx);
          expect(typeof r.valid).toBe('boolean');
        },
      ),
      { numRuns: 500 },
    );
    // a limit for a busy two-core machine under coverage, not a budget (bench/ has that)
  }, 30_000);
});
