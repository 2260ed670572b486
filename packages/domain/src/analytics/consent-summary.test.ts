import { describe, expect, it } from 'vitest';
import { consentSummary, quizCompletion } from './consent-summary';

const counts = (unsigned: number, participantSigned: number, piAndParticipantSigned: number) => ({
  unsigned,
  participantSigned,
  piAndParticipantSigned,
});

describe('quiz completion per site (G-047)', () => {
  it('derives total, completed, incompleted and the rounded percentage from the attempts and passes', () => {
    expect(quizCompletion({ quizQompletion: 2, quizAttempts: 3 })).toEqual({
      total: 3,
      completed: 2,
      incompleted: 1,
      percentage: 67,
    });
  });

  it('no attempt is 0 %, and a count that is not a number counts as none', () => {
    expect(quizCompletion({ quizQompletion: 0, quizAttempts: 0 })).toEqual({
      total: 0,
      completed: 0,
      incompleted: 0,
      percentage: 0,
    });
    expect(quizCompletion({ quizQompletion: Number.NaN, quizAttempts: 4 })).toMatchObject({ completed: 0, total: 4 });
  });
});

describe('the consent summary (G-049)', () => {
  it('names the site with the most signed consents of each type and its share', () => {
    const s = consentSummary([
      { site: 'Boston', econsent: counts(5, 1, 2), uploaded: counts(0, 0, 1) },
      { site: 'Madrid', econsent: counts(0, 1, 0), uploaded: counts(1, 2, 1) },
    ]);
    expect(s.mostEconsent).toEqual({ site: 'Boston', percentage: 75 });
    expect(s.mostUploaded).toEqual({ site: 'Madrid', percentage: 75 });
  });

  it('a tie goes to the name first in order; nothing signed is no leader', () => {
    const s = consentSummary([
      { site: 'Madrid', econsent: counts(0, 1, 0), uploaded: counts(3, 0, 0) },
      { site: 'Boston', econsent: counts(0, 0, 1), uploaded: counts(2, 0, 0) },
    ]);
    expect(s.mostEconsent).toEqual({ site: 'Boston', percentage: 50 });
    expect(s.mostUploaded).toBeNull();
  });
});
