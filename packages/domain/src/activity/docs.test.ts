import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Answer } from './answer';
import { buildResultPayload } from './build-payload';
import { EVERY_TYPE_ACTIVITY, META, VALID_ANSWERS } from './fixtures';
import { QuestionSchema } from './model';
import { QUESTION_TYPES } from './question-types';
import { validateQuestion } from './validate-question';

const doc = readFileSync(resolve(import.meta.dirname, '../../../../docs/activity-model.md'), 'utf8');
const examples = [...doc.matchAll(/```json question\n([\s\S]*?)\n```\n(?:\nAnswer: `([^`\n]*)`)?/g)].map((m) => ({
  question: JSON.parse(m[1] as string),
  answer: m[2] === undefined ? undefined : (JSON.parse(m[2]) as Answer),
}));
const payloadBlock = /```json payload\n([\s\S]*?)\n```\n\n\((\d+) of the (\d+) entries shown\)/.exec(doc);

describe('docs/activity-model.md', () => {
  it('shows one complete, valid JSON example per question type', () => {
    for (const { question } of examples) expect(QuestionSchema.safeParse(question).success).toBe(true);
    expect([...new Set(examples.map((e) => e.question.type))].sort()).toEqual([...QUESTION_TYPES].sort());
  });

  it("each example answer is the fixture's answer to that question, and valid", () => {
    const answered = examples.filter((e) => e.answer !== undefined);
    expect(answered.map((e) => e.question.identifier).sort()).toEqual(Object.keys(VALID_ANSWERS).sort());
    for (const { question, answer } of answered) {
      expect(answer, question.identifier).toEqual(VALID_ANSWERS[question.identifier]);
      const r = validateQuestion(QuestionSchema.parse(question), answer, { now: '2024-06-15T14:30:00Z' });
      expect(r.errors, question.identifier).toEqual([]);
    }
  });

  it('the example payload is what buildResultPayload makes of the examples (their answers, META)', () => {
    expect(payloadBlock).not.toBeNull();
    const [, json, shownCount, totalCount] = payloadBlock as RegExpExecArray;
    const shown = JSON.parse(json as string);
    const real = JSON.parse(JSON.stringify(buildResultPayload(EVERY_TYPE_ACTIVITY, VALID_ANSWERS, META)));
    const ids = new Set(shown.results.map((e: { questionId: string }) => e.questionId));
    expect(shown).toEqual({
      ...real,
      results: real.results.filter((e: { questionId: string }) => ids.has(e.questionId)),
    });
    expect(Number(shownCount)).toBe(shown.results.length);
    expect(Number(totalCount)).toBe(real.results.length);
  });
});
