import { describe, expect, it } from 'vitest';
import { correctedEntries, entryValueOf, sameEntryValue } from './corrections';
import { QuestionSchema } from './model';

const weight = QuestionSchema.parse({ id: 'w', identifier: 'WEIGHT', type: 'Number', body: { en: 'Weight' } });
const smoker = QuestionSchema.parse({
  id: 's',
  identifier: 'SMOKER',
  type: 'Boolean',
  body: { en: 'Smoker?' },
  options: [
    { id: 'yes', body: { en: 'Yes' } },
    { id: 'no', body: { en: 'No' } },
  ],
});

describe('corrections of participant-reported answers', () => {
  it('gives the stored form of an answer, with its display text', () => {
    expect(entryValueOf(weight, { answer: '72' })).toEqual({
      answerText: '72',
      optionId: '',
      isSkipped: false,
      displayAnswerText: '72',
    });
    expect(entryValueOf(smoker, { optionId: 'no' })).toMatchObject({ optionId: 'no', displayAnswerText: 'No' });
    expect(entryValueOf(weight, undefined)).toMatchObject({ isSkipped: true, answerText: '' });
  });

  it('compares stored forms by what they hold', () => {
    expect(sameEntryValue(entryValueOf(weight, { answer: '72' }), entryValueOf(weight, { answer: '72' }))).toBe(true);
    expect(sameEntryValue(entryValueOf(weight, { answer: '72' }), entryValueOf(weight, { answer: '27' }))).toBe(false);
  });

  it('reads each entry as its latest correction, marked; the others as given', () => {
    const entries = [
      { questionId: 'WEIGHT', ...entryValueOf(weight, { answer: '27' }) },
      { questionId: 'SMOKER', ...entryValueOf(smoker, { optionId: 'yes' }) },
    ];
    const out = correctedEntries(entries, [
      { item: 'WEIGHT', value: entryValueOf(weight, { answer: '70' }) },
      { item: 'WEIGHT', value: entryValueOf(weight, { answer: '72' }) },
    ]);
    expect(out.map((e) => [e.questionId, e.answerText, e.corrected])).toEqual([
      ['WEIGHT', '72', true],
      ['SMOKER', '', false],
    ]);
    expect(out[1]!.optionId).toBe('yes');
  });
});
