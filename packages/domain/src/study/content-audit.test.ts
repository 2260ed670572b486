import { describe, expect, it } from 'vitest';
import { contentAuditItems, keyedView, ORDER_KEY } from './content-audit';

const screen = (id: string, en: string, es?: string) => ({
  id,
  title: es === undefined ? { en } : { en, es },
  body: {},
  imageFileId: null,
});

describe('item-level audit of study content, keyed by item id (decision 0015)', () => {
  it('names a changed text by the item id and the language', () => {
    const before = { screens: [screen('w1', 'Hello'), screen('w2', 'Bye')] };
    const after = { screens: [screen('w1', 'Hello'), screen('w2', 'Bye', 'Adiós')] };
    expect(contentAuditItems('welcomeScreens', before, after)).toEqual([
      { item: 'welcomeScreens.screens.w2.title.es', oldValue: null, newValue: 'Adiós' },
    ]);
  });

  it('a move is one order change, not a change of every item after it', () => {
    const before = { screens: [screen('w1', 'A'), screen('w2', 'B'), screen('w3', 'C')] };
    const after = { screens: [screen('w3', 'C'), screen('w1', 'A'), screen('w2', 'B')] };
    expect(contentAuditItems('welcomeScreens', before, after)).toEqual([
      { item: `welcomeScreens.screens.${ORDER_KEY}`, oldValue: ['w1', 'w2', 'w3'], newValue: ['w3', 'w1', 'w2'] },
    ]);
  });

  it('an added or removed item is one entry with the whole item, the first and the last included', () => {
    const one = { screens: [screen('w1', 'A')] };
    expect(contentAuditItems('welcomeScreens', { screens: [] }, one)).toEqual([
      { item: 'welcomeScreens.screens.$order', oldValue: [], newValue: ['w1'] },
      {
        item: 'welcomeScreens.screens.w1',
        oldValue: null,
        newValue: { title: { en: 'A' }, body: {}, imageFileId: null },
      },
    ]);
    expect(contentAuditItems('welcomeScreens', one, { screens: [] })).toEqual([
      { item: 'welcomeScreens.screens.$order', oldValue: ['w1'], newValue: [] },
      {
        item: 'welcomeScreens.screens.w1',
        oldValue: { title: { en: 'A' }, body: {}, imageFileId: null },
        newValue: null,
      },
    ]);
  });

  it('nested lists are keyed too; lists of plain values compare whole; fields by name', () => {
    const q = (correct: string, texts: string[]) => ({
      quiz: [{ id: 'q1', options: texts.map((t, i) => ({ id: `o${i}`, text: { en: t } })), correctOptionId: correct }],
      enabled: true,
      steps: ['a', 'b'],
    });
    expect(
      contentAuditItems('feedback', q('o0', ['Yes', 'No']), { ...q('o1', ['Yes', 'Nope']), steps: ['b', 'a'] }),
    ).toEqual([
      { item: 'feedback.quiz.q1.correctOptionId', oldValue: 'o0', newValue: 'o1' },
      { item: 'feedback.quiz.q1.options.o1.text.en', oldValue: 'No', newValue: 'Nope' },
      { item: 'feedback.steps', oldValue: ['a', 'b'], newValue: ['b', 'a'] },
    ]);
  });

  it('nothing changed, nothing recorded; a field only on one side is recorded whole', () => {
    const v = { screens: [screen('w1', 'A')] };
    expect(contentAuditItems('welcomeScreens', v, structuredClone(v))).toEqual([]);
    expect(
      contentAuditItems('branding', { primaryColor: '#000000' }, { primaryColor: '#000000', extra: [{ id: 'x' }] }),
    ).toEqual([{ item: 'branding.extra', oldValue: null, newValue: { x: {}, $order: ['x'] } }]);
  });

  it('keyedView leaves plain values and lists without ids alone', () => {
    expect(keyedView([1, 2])).toEqual([1, 2]);
    expect(keyedView([])).toEqual([]);
    expect(keyedView('x')).toBe('x');
    expect(keyedView({ a: [{ id: 'k', v: 1 }] })).toEqual({ a: { k: { v: 1 }, $order: ['k'] } });
  });
});
