import '@trialpath/domain/staff-messages';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import '../../app/features';
import '../../i18n';
import { ruleSentence } from './branching-text';

const yesNo = {
  identifier: 'Q3',
  type: 'Boolean',
  options: [
    { id: 'yes', body: { en: 'Yes', es: 'Sí' } },
    { id: 'no', body: { en: 'No', es: 'No' } },
  ],
};

describe('branching rules as sentences (C-031)', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces('activities');
    await i18n.loadLanguages('es');
  });
  const en = () => i18n.getFixedT('en', 'activities');
  const es = () => i18n.getFixedT('es', 'activities');

  it('names the chosen option by its text and the target by its identifier', () => {
    expect(ruleSentence(en(), yesNo, { operator: 'eq', value: 'yes', skipTo: 'Q7' }, 'en')).toBe(
      'If Q3 = Yes, skip to Q7',
    );
    expect(ruleSentence(es(), yesNo, { operator: 'eq', value: 'yes', skipTo: 'Q7' }, 'es')).toBe(
      'Si Q3 = Sí, saltar a Q7',
    );
  });

  it('reads the default Yes/No of a Boolean without options, and the other option', () => {
    expect(
      ruleSentence(en(), { identifier: 'B', type: 'Boolean' }, { operator: 'eq', value: 'true', skipTo: 'END' }, 'en'),
    ).toBe('If B = Yes, skip to the end');
    const withOther = { ...yesNo, otherOptionId: 'other', otherOptionBody: { en: 'Something else' } };
    expect(ruleSentence(en(), withOther, { operator: 'eq', value: 'other', skipTo: 'Q9' }, 'en')).toBe(
      'If Q3 = Something else, skip to Q9',
    );
  });

  it('says between for numbers, a score between for choices, and otherwise', () => {
    const n = { identifier: 'AGE', type: 'Integer' };
    expect(ruleSentence(en(), n, { operator: 'between', startValue: 18, endValue: 65, skipTo: 'Q5' }, 'en')).toBe(
      'If AGE is between 18 and 65, skip to Q5',
    );
    expect(ruleSentence(en(), n, { operator: 'eq', singleValue: '40', skipTo: 'Q5' }, 'en')).toBe(
      'If AGE = 40, skip to Q5',
    );
    expect(ruleSentence(en(), yesNo, { operator: 'between', startValue: 1, endValue: 2, skipTo: 'Q5' }, 'en')).toBe(
      'If the score of Q3 is between 1 and 2, skip to Q5',
    );
    expect(ruleSentence(en(), n, { operator: 'ot', skipTo: 'END' }, 'en')).toBe(
      'Otherwise, if AGE is answered, skip to the end',
    );
  });

  it('marks what is not chosen yet', () => {
    expect(ruleSentence(en(), yesNo, { operator: 'eq', skipTo: '' }, 'en')).toBe('If Q3 = …, skip to …');
  });
});
