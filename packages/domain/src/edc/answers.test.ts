import { describe, expect, it } from 'vitest';
import '../messages/staff-messages';
import { parseActivity } from '../activity/model';
import { changedAnswers, changesNeedingReason, checkEntryAnswers, cleanAnswer, sameAnswer } from './answers';

const vitals = parseActivity({
  id: 'form-1',
  activityId: 'A-1',
  revisionId: '1',
  identifier: 'VITALS',
  type: 'dataCaptureForm',
  title: { en: 'Vitals' },
  questions: [
    {
      id: 'q1',
      identifier: 'smoker',
      type: 'Boolean',
      body: { en: 'Smoker?' },
      options: [
        { id: 'yes', body: { en: 'Yes' } },
        { id: 'no', body: { en: 'No' } },
      ],
      // a non-smoker skips the packs question
      branching: { rules: [{ operator: 'eq', value: 'no', skipTo: 'weight' }] },
    },
    { id: 'q2', identifier: 'packs', type: 'Integer', body: { en: 'Packs a day' }, constraints: { min: 0, max: 10 } },
    {
      id: 'q3',
      identifier: 'weight',
      type: 'Number',
      body: { en: 'Weight (kg)' },
      constraints: { min: 20, max: 300, softMax: 200 },
    },
    { id: 'q4', identifier: 'notes', type: 'Text', body: { en: 'Notes' }, optional: true },
  ],
});

describe('checking a site form save', () => {
  it('an incomplete save keeps what is entered and does not ask for the missing answers', () => {
    const r = checkEntryAnswers(vitals, { weight: { answer: '72' } }, { complete: false });
    expect(r.valid).toBe(true);
    expect(r.answers).toEqual({ weight: { answer: '72' } });
  });

  it('an incomplete save still refuses a value that breaks its type’s rule', () => {
    const r = checkEntryAnswers(vitals, { weight: { answer: '900' } }, { complete: false });
    expect(r.valid).toBe(false);
    expect(r.errors.weight?.map((e) => e.key)).toEqual(['activity.number.between']);
  });

  it('a complete save asks for every required shown answer, per question', () => {
    const r = checkEntryAnswers(vitals, { smoker: { optionId: 'yes' } }, { complete: true });
    expect(r.valid).toBe(false);
    expect(Object.keys(r.errors).sort()).toEqual(['packs', 'weight']);
    expect(r.errors.weight?.[0]?.key).toBe('activity.required');
  });

  it('a complete save passes when every shown answer is there; soft limits are warnings', () => {
    const r = checkEntryAnswers(
      vitals,
      { smoker: { optionId: 'yes' }, packs: { answer: 1 }, weight: { answer: '250' } },
      { complete: true },
    );
    expect(r.errors).toEqual({});
    expect(r.valid).toBe(true);
    expect(Object.keys(r.warnings)).toEqual(['weight']);
  });

  it('drops the answers of questions branching hides, and empty answers', () => {
    const r = checkEntryAnswers(
      vitals,
      { smoker: { optionId: 'no' }, packs: { answer: 3 }, weight: { answer: '70' }, notes: { answer: '  ' } },
      { complete: true },
    );
    expect(r.valid).toBe(true);
    expect(r.answers).toEqual({ smoker: { optionId: 'no' }, weight: { answer: '70' } });
  });

  it('refuses an answer to a question the form does not have', () => {
    const r = checkEntryAnswers(vitals, { height: { answer: '180' } }, { complete: false });
    expect(r.valid).toBe(false);
    expect(r.errors.height?.[0]?.key).toBe('edc.unknownQuestion');
  });
});

describe('changed values and the reason for change', () => {
  it('compares values, not how they are written', () => {
    expect(sameAnswer({ answer: '70', skipped: false, date: null }, { answer: '70' })).toBe(true);
    expect(sameAnswer({ answer: '70' }, { answer: '71' })).toBe(false);
    expect(sameAnswer(undefined, { answer: '' })).toBe(true);
    expect(cleanAnswer({ optionsIds: [], answer: 0 })).toEqual({ answer: 0 });
  });

  it('lists each changed value with old and new; only saved values that change need a reason', () => {
    const before = { weight: { answer: '70' }, smoker: { optionId: 'no' }, notes: { answer: 'x' } };
    const after = { weight: { answer: '72' }, smoker: { optionId: 'no' }, packs: { answer: 2 } };
    const changes = changedAnswers(before, after);
    expect(changes).toEqual([
      { item: 'notes', oldValue: { answer: 'x' }, newValue: null },
      { item: 'packs', oldValue: null, newValue: { answer: 2 } },
      { item: 'weight', oldValue: { answer: '70' }, newValue: { answer: '72' } },
    ]);
    expect(changesNeedingReason(changes).map((c) => c.item)).toEqual(['notes', 'weight']);
    expect(changesNeedingReason(changedAnswers({}, after))).toEqual([]);
  });
});
