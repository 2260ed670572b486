/**
 * No rule throws on an answer the model accepts (validateSubmission catches everything, so a throw there
 * would read as 'not in the expected format' instead of the rule's answer). Issue 7.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { Answer, AnswerMap } from './answer';
import { displayAnswerText, encodeAnswer } from './answer-codec';
import { computeFlow } from './branching';
import { buildResultPayload } from './build-payload';
import { META } from './fixtures';
import { HOSTILE_ACTIVITY_INPUT } from './hostile-answers';
import { parseActivity } from './model';
import { scoreActivity } from './scoring/scoring';
import { validateQuestion } from './validate-question';

const activity = parseActivity(HOSTILE_ACTIVITY_INPUT);
const text = fc.oneof(fc.string(), fc.constantFrom('1e400', '-0', '  ', '12:00 PM', '2024-02-30', 'NaN', '__proto__'));
const scalar = fc.oneof(text, fc.double(), fc.integer());
const orNull = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const entry = fc.record(
  {
    medicationId: orNull(text),
    name: orNull(text),
    isOther: orNull(fc.boolean()),
    dosageAmount: orNull(scalar),
    dosageUnit: orNull(text),
    numberOfDoses: orNull(scalar),
    reason: orNull(text),
  },
  { requiredKeys: [] },
);
const answer: fc.Arbitrary<Answer> = fc.record(
  {
    answer: orNull(scalar),
    optionId: orNull(text),
    optionsIds: orNull(fc.array(text, { maxLength: 4 })),
    otherText: orNull(text),
    date: orNull(text),
    time: orNull(text),
    medication: orNull(fc.array(entry, { maxLength: 3 })),
    skipped: orNull(fc.boolean()),
  },
  { requiredKeys: [] },
);
const answers = fc.dictionary(
  fc.constantFrom(...activity.questions.map((q) => q.identifier)),
  answer,
) as fc.Arbitrary<AnswerMap>;

describe('rules never throw (property)', () => {
  it('on any answer the answer schema accepts, in any language', () => {
    fc.assert(
      fc.property(answers, fc.constantFrom('en', 'es', 'es-MX', '__proto__', ''), (map, language) => {
        for (const q of activity.questions) {
          const a = map[q.identifier];
          validateQuestion(q, a, { now: '2024-06-15T14:30:00Z', allowDataEditChecks: true, language });
          encodeAnswer(q, a);
          displayAnswerText(q, a, language);
        }
        computeFlow(activity, map);
        scoreActivity(activity, map);
        buildResultPayload(activity, map, { ...META, displayLanguage: language });
      }),
      { numRuns: 400 },
    );
  }, 60_000);
});
