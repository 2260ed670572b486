/**
 * Picking a study text's language, apart from the text schemas (localized.ts) so that a page showing study texts
 * carries none of the sanitiser the schemas need (the participant portal's first load).
 */

/** Text per language code. May hold sanitised HTML where the field is rich text. */
export type StudyText = Record<string, string>;

/** An entry not written yet: missing or only spaces. */
export function blank(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

function baseLanguage(language: string): string {
  const cut = language.search(/[-_]/);
  return (cut < 0 ? language : language.slice(0, cut)).toLowerCase();
}

/**
 * The text to show in `language` (C-173): that language, else its base language (`es` for `es-MX`),
 * else the study's default language — a missing or failed translation shows the source text rather
 * than nothing. Blank entries count as missing. '' when the text has neither.
 */
export function pickText(text: StudyText | null | undefined, language: string, defaultLanguage: string): string {
  if (!text) return '';
  const own = (key: string) => (Object.hasOwn(text, key) && !blank(text[key]) ? text[key] : undefined);
  return own(language) ?? own(baseLanguage(language)) ?? own(defaultLanguage) ?? '';
}
