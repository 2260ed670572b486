import { DRAFT_SECTION_ENDPOINTS } from '@trialpath/contract';
import { defaultStudyContent, ITEM_ID_PATTERN } from '@trialpath/domain';
import { describe, expect, it } from 'vitest';
import { newItem } from './fields';
import { CUSTOMIZE_SCREENS } from './screen-list';
import { SCREEN_SECTIONS, SECTION_FIELDS, screenOfSection, sectionCompleteness, sectionTexts } from './screens';

describe('customize screens (decision 0034)', () => {
  it('every section a screen edits has its fields, and every section with fields has one screen', () => {
    const edited = CUSTOMIZE_SCREENS.flatMap((s) => SCREEN_SECTIONS[s.id] as readonly string[]);
    expect(new Set(edited).size).toBe(edited.length);
    for (const section of edited) expect(SECTION_FIELDS[section as keyof typeof SECTION_FIELDS]).toBeDefined();
    for (const section of Object.keys(SECTION_FIELDS)) expect(edited).toContain(section);
    expect(screenOfSection('learnMore')?.path).toBe('customize/engagement-content');
    expect(screenOfSection('branding')?.path).toBe('customize/branding');
  });

  it('a new list item passes its section’s save schema once its required texts are written', () => {
    const welcome = SECTION_FIELDS.welcomeScreens![0]!;
    if (welcome.kind !== 'list') throw new Error('a list');
    const item = newItem(welcome);
    expect(String(item.id)).toMatch(ITEM_ID_PATTERN);
    const body = (screens: unknown[]) => ({ revision: 0, value: { screens } });
    expect(DRAFT_SECTION_ENDPOINTS.welcomeScreens.body!.safeParse(body([item])).success).toBe(false);
    item.title = { en: 'Hello' };
    expect(DRAFT_SECTION_ENDPOINTS.welcomeScreens.body!.safeParse(body([item])).success).toBe(true);
  });

  it('a new quiz question has its two options and the first is the correct one', () => {
    const quiz = SECTION_FIELDS.feedback!.find((f) => f.name === 'quiz')!;
    if (quiz.kind !== 'list') throw new Error('a list');
    const q = newItem(quiz) as { options: { id: string }[]; correctOptionId: string };
    expect(q.options).toHaveLength(2);
    expect(q.correctOptionId).toBe(q.options[0]!.id);
  });

  it('counts, per language, the written texts of a section, list items included', () => {
    const value = {
      ...defaultStudyContent().learnMore,
      sections: [
        { id: 'a', title: { en: 'One', es: 'Uno' }, body: { en: '<p>x</p>' }, icon: 'heart' as const },
        { id: 'b', title: { en: 'Two', es: ' ' }, body: {}, icon: null },
      ] as { id: string; title: Record<string, string>; body: Record<string, string>; icon: 'heart' | null }[],
    };
    const texts = sectionTexts('learnMore', value);
    expect(texts).toHaveLength(4);
    expect(sectionCompleteness(texts, ['en', 'es'])).toEqual({ texts: 3, perLanguage: { en: 3, es: 1 } });
  });
});
