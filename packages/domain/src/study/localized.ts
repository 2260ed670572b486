/**
 * Study texts per language (000 §1: "text of a study … is translated per language"): a map from a
 * language code to the text, e.g. `{ en: 'Welcome', es: 'Bienvenido' }`. A required text must hold the
 * study's default language; an empty string is a text not written yet. Which languages a study has is
 * known only with the study, so the schemas are made for a set of rules (`TextRules`): the contract
 * checks the shape (a required text holds some language), the server checks the study's own languages.
 */
import { z } from 'zod';
import { stripUnsafeMarkup } from '../sanitize';
import { blank, type StudyText } from './pick-text';

export { pickText } from './pick-text';
export type { StudyText };

/** A language code: `en`, `es`, `pt-BR`, `zh-Hant` (BCP 47 language with optional subtags). */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/;
export const LanguageCodeSchema = z.string().regex(LANGUAGE_CODE_PATTERN);

/** What a study's texts are checked against; empty rules check the shape only. */
export interface TextRules {
  /** The study's default language: a required text must hold it. */
  defaultLanguage?: string;
  /** The study's languages: a text may hold only these. */
  languages?: readonly string[];
}

export interface TextOptions {
  /** Longest text per language, in characters. */
  max: number;
  /** Must hold a text (in the default language when the rules name one). */
  required?: boolean;
  /** HTML from a rich text editor: unsafe markup is removed whoever writes it. */
  rich?: boolean;
}

/** Longest plain text (titles, labels), rich text (bodies) and a document (a consent form) per language. */
export const TEXT_LIMITS = { label: 100, title: 200, short: 1000, rich: 20_000, document: 200_000 } as const;

/** A study text's schema under the given rules. */
export function studyText(options: TextOptions, rules: TextRules = {}) {
  const value = options.rich ? z.string().max(options.max).overwrite(stripUnsafeMarkup) : z.string().max(options.max);
  const schema = z.record(LanguageCodeSchema, value);
  const allowed = rules.languages ? new Set(rules.languages) : null;
  if (!allowed && !options.required) return schema;
  return schema.superRefine((text, ctx) => {
    if (allowed) {
      for (const language of Object.keys(text)) {
        if (!allowed.has(language)) {
          ctx.addIssue({
            code: 'custom',
            path: [language],
            message: `The study has no language ${language}`,
            params: { messageKey: 'studyContent.languageNotInStudy', messageParams: { language } },
          });
        }
      }
    }
    if (!options.required) return;
    const language = rules.defaultLanguage;
    if (language === undefined) {
      if (Object.values(text).every((t) => blank(t))) {
        ctx.addIssue({ code: 'custom', message: 'Required', params: { messageKey: 'errors.required' } });
      }
    } else if (blank(Object.hasOwn(text, language) ? text[language] : undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [language],
        message: `Required in ${language}`,
        params: { messageKey: 'studyContent.textRequiredIn', messageParams: { language } },
      });
    }
  });
}

/** The study languages a text has no (non-blank) entry for. */
export function missingLanguages(text: StudyText | null | undefined, languages: readonly string[]): string[] {
  return languages.filter((l) => !text || !Object.hasOwn(text, l) || blank(text[l]));
}
