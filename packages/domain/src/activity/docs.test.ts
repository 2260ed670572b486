import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QuestionSchema } from './model';
import { QUESTION_TYPES } from './question-types';

const doc = readFileSync(resolve(import.meta.dirname, '../../../../docs/activity-model.md'), 'utf8');
const blocks = [...doc.matchAll(/```json question\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1] as string));

describe('docs/activity-model.md', () => {
  it('shows one complete, valid JSON example per question type', () => {
    for (const b of blocks) expect(QuestionSchema.safeParse(b).success).toBe(true);
    expect([...new Set(blocks.map((b) => b.type))].sort()).toEqual([...QUESTION_TYPES].sort());
  });
});
