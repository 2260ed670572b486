import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueFieldRefs } from '../messages/validation-issues';
import { missingLanguages, pickText, studyText, TEXT_LIMITS } from './localized';

/** The field messages of a text held in a form's field `text`. */
const refsOf = (schema: ReturnType<typeof studyText>, value: unknown) => {
  const r = z.object({ text: schema }).safeParse({ text: value });
  return r.success ? {} : issueFieldRefs(r.error.issues, { text: value });
};

describe('study texts per language', () => {
  it('accept a map of language codes to texts, regional codes too', () => {
    const text = studyText({ max: 20 });
    expect(text.parse({ en: 'Welcome', es: 'Bienvenido', 'pt-BR': 'Bem-vindo' })).toEqual({
      en: 'Welcome',
      es: 'Bienvenido',
      'pt-BR': 'Bem-vindo',
    });
    expect(text.parse({})).toEqual({});
  });

  it.each([
    [{ EN: 'x' }, 'text.EN', 'errors.invalidValue'],
    [{ english: 'x' }, 'text.english', 'errors.invalidValue'],
    [{ en: 'x'.repeat(21) }, 'text.en', 'errors.tooLong'],
    [{ en: 3 }, 'text.en', 'errors.invalidValue'],
  ])('refuse %j on %s', (value, field, key) => {
    expect(refsOf(studyText({ max: 20 }), value)[field]?.[0]?.key).toBe(key);
  });

  it('a required text needs some language when the study is not known (the contract)', () => {
    const text = studyText({ max: 20, required: true });
    expect(refsOf(text, {})).toEqual({ text: [{ key: 'errors.required' }] });
    expect(refsOf(text, { en: '  ', es: '' })).toEqual({ text: [{ key: 'errors.required' }] });
    expect(text.parse({ es: 'Hola' })).toEqual({ es: 'Hola' });
  });

  it("a required text needs the study's default language; other study languages may wait", () => {
    const text = studyText({ max: 20, required: true }, { defaultLanguage: 'en', languages: ['en', 'es'] });
    expect(refsOf(text, { es: 'Hola' })).toEqual({
      'text.en': [{ key: 'studyContent.textRequiredIn', params: { language: 'en' } }],
    });
    expect(refsOf(text, { en: ' ', es: 'Hola' })['text.en']?.[0]?.key).toBe('studyContent.textRequiredIn');
    expect(text.parse({ en: 'Hello' })).toEqual({ en: 'Hello' });
  });

  it("a text may hold only the study's languages", () => {
    const text = studyText({ max: 20 }, { defaultLanguage: 'en', languages: ['en', 'es'] });
    expect(refsOf(text, { en: 'Hello', fr: 'Bonjour' })).toEqual({
      'text.fr': [{ key: 'studyContent.languageNotInStudy', params: { language: 'fr' } }],
    });
    expect(text.parse({ es: '' })).toEqual({ es: '' });
  });

  it('rich text loses unsafe markup, keeps the rest and its encoded ampersands', () => {
    const text = studyText({ max: TEXT_LIMITS.rich, rich: true });
    expect(
      text.parse({
        en: '<p onclick="steal()">Hi &amp; welcome</p><script>steal()</script><a href="javascript:x()">y</a>',
      }),
    ).toEqual({ en: '<p>Hi &amp; welcome</p><a href="x()">y</a>' });
    // plain text is shown as text, never as markup: kept as typed
    expect(studyText({ max: 100 }).parse({ en: '<b>bold</b> & co' })).toEqual({ en: '<b>bold</b> & co' });
  });
});

describe('pickText (C-173: a missing translation falls back to the source language)', () => {
  const text = { en: 'Welcome', es: 'Bienvenido', 'pt-BR': 'Bem-vindo', fr: '  ' };
  it.each([
    ['es', 'Bienvenido'],
    ['es-MX', 'Bienvenido'],
    ['pt-BR', 'Bem-vindo'],
    ['de', 'Welcome'],
    ['fr', 'Welcome'],
  ])('%s → %s', (language, out) => {
    expect(pickText(text, language, 'en')).toBe(out);
  });

  it('is empty when neither the language nor the default has a text', () => {
    expect(pickText({ es: 'Hola' }, 'de', 'en')).toBe('');
    expect(pickText(undefined, 'en', 'en')).toBe('');
    expect(pickText({ es: 'Hola' }, 'de', 'es')).toBe('Hola');
  });
});

describe('missingLanguages', () => {
  it('lists the study languages without a text', () => {
    expect(missingLanguages({ en: 'x', es: ' ' }, ['en', 'es', 'de'])).toEqual(['es', 'de']);
    expect(missingLanguages(null, ['en'])).toEqual(['en']);
  });
});
