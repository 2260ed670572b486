import { describe, expect, it } from 'vitest';
import { activityForReader, answersForReader, readerMaySeeAnswer, unblindedOnlyIdentifiers } from './blinding';

const activity = {
  questions: [
    { identifier: 'weight', unblindedOnly: undefined },
    { identifier: 'kit', unblindedOnly: true },
    { identifier: 'notes', unblindedOnly: false },
  ],
};

describe('blinding of answers (A-117)', () => {
  it('names the questions only unblinded staff receive', () => {
    expect([...unblindedOnlyIdentifiers(activity)]).toEqual(['kit']);
  });

  it('drops their answers for a blinded reader, keeps everything for an unblinded one', () => {
    const answers = { weight: 70, kit: 'K-114', notes: 'ok' };
    expect(answersForReader(activity, answers, true)).toEqual({ weight: 70, notes: 'ok' });
    expect(answersForReader(activity, answers, false)).toEqual(answers);
    expect(answersForReader({ questions: [] }, answers, true)).toEqual(answers);
  });

  it('says per question whether a reader may see it', () => {
    expect(readerMaySeeAnswer(activity, 'kit', true)).toBe(false);
    expect(readerMaySeeAnswer(activity, 'kit', false)).toBe(true);
    expect(readerMaySeeAnswer(activity, 'weight', true)).toBe(true);
  });

  it('leaves the unblinded questions out of the activity a blinded reader sees', () => {
    expect(activityForReader(activity, true).questions.map((q) => q.identifier)).toEqual(['weight', 'notes']);
    expect(activityForReader(activity, false)).toBe(activity);
  });
});
