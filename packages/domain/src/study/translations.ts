/**
 * Study translations (C-172, C-174; decision 0035): every text of a version's content, named by a stable
 * id — its section path, list items by their own id, never by position (`welcomeScreens.screens.welcome.title`)
 * — so a translation file made from one draft still fits it after items move. The missing-translations
 * report lists which texts lack which study language; a translation file's targets are put back in place
 * by the same ids. Pure: the XLIFF file itself is read and written by the API.
 */
import { isPlainObject } from '../plain-object';
import { stripUnsafeMarkup } from '../sanitize';
import { STUDY_CONTENT_SECTIONS, type StudyContent, type StudyContentSection, sectionTitleKey } from './content';
import { LANGUAGE_CODE_PATTERN, missingLanguages, pickText, type StudyText } from './localized';

/** One text of a version's content. */
export interface StudyTextEntry {
  /** Stable id: the section and the path inside it, list items by their id (`.`-separated, an XML NMTOKEN). */
  id: string;
  section: StudyContentSection;
  /** Where the text is inside the section (array positions as numbers). */
  path: (string | number)[];
  text: StudyText;
}

function isText(v: unknown): v is StudyText {
  return (
    isPlainObject(v) &&
    Object.keys(v).length > 0 &&
    Object.entries(v).every(([k, t]) => LANGUAGE_CODE_PATTERN.test(k) && typeof t === 'string')
  );
}

function walk(
  value: unknown,
  section: StudyContentSection,
  id: string,
  path: (string | number)[],
  out: StudyTextEntry[],
) {
  if (isText(value)) {
    out.push({ id, section, path, text: value });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const itemId = isPlainObject(item) && typeof item.id === 'string' ? item.id : String(index);
      walk(item, section, `${id}.${itemId}`, [...path, index], out);
    });
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, v] of Object.entries(value)) walk(v, section, `${id}.${key}`, [...path, key], out);
  }
}

/** Every written text of the content (at least one language), in the study build's order. */
export function studyTextEntries(content: StudyContent): StudyTextEntry[] {
  const out: StudyTextEntry[] = [];
  for (const section of STUDY_CONTENT_SECTIONS) walk(content[section], section, section, [], out);
  return out;
}

export interface TranslationLanguages {
  /** The source language (the study's first language). */
  defaultLanguage: string;
  languages: readonly string[];
}

export interface MissingTranslation {
  id: string;
  section: StudyContentSection;
  /** Catalogue key of the section's title. */
  titleKey: string;
  /** The text in the source language (or the first language it has). */
  source: string;
  /** The study languages it has no text in. */
  missing: string[];
}

export interface MissingTranslationsReport {
  sourceLanguage: string;
  languages: string[];
  /** How many texts the content has. */
  textCount: number;
  /** Per study language: how many texts lack it. */
  missingByLanguage: Record<string, number>;
  items: MissingTranslation[];
}

/** ★ Which texts lack which study language (C-172). */
export function missingTranslations(content: StudyContent, rules: TranslationLanguages): MissingTranslationsReport {
  const entries = studyTextEntries(content).filter((e) => Object.values(e.text).some((t) => t.trim() !== ''));
  const items: MissingTranslation[] = [];
  const missingByLanguage = Object.fromEntries(rules.languages.map((l) => [l, 0]));
  for (const e of entries) {
    const missing = missingLanguages(e.text, rules.languages);
    if (missing.length === 0) continue;
    for (const l of missing) missingByLanguage[l] = (missingByLanguage[l] ?? 0) + 1;
    const first = Object.values(e.text).find((t) => t.trim() !== '') ?? '';
    items.push({
      id: e.id,
      section: e.section,
      titleKey: sectionTitleKey(e.section),
      source: pickText(e.text, rules.defaultLanguage, rules.defaultLanguage) || first,
      missing,
    });
  }
  return {
    sourceLanguage: rules.defaultLanguage,
    languages: [...rules.languages],
    textCount: entries.length,
    missingByLanguage,
    items,
  };
}

/** One translated unit of a translation file. */
export interface TranslationUnit {
  id: string;
  target: string;
}

export type TranslationProblemKey = 'translations.unknownId' | 'translations.duplicateId';

export interface TranslationOutcome {
  content: StudyContent;
  /** Texts whose target language changed. */
  changed: string[];
  /** Units whose target had unsafe markup removed. */
  sanitised: string[];
  /** Sections with a changed text. */
  sections: StudyContentSection[];
  problems: { id: string; messageKey: TranslationProblemKey }[];
}

function setAt(root: unknown, path: readonly (string | number)[], language: string, value: string): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path) node = node[key] as Record<string | number, unknown>;
  (node as StudyText)[language] = value;
}

/**
 * Put a file's targets in `language` into a copy of the content, by id. Unknown or repeated ids are
 * problems (the caller applies nothing then); every target has unsafe markup removed; an empty target
 * leaves the text as it is (not translated yet).
 */
export function applyTranslations(
  content: StudyContent,
  language: string,
  units: readonly TranslationUnit[],
): TranslationOutcome {
  const copy = structuredClone(content) as StudyContent;
  const entries = new Map(studyTextEntries(copy).map((e) => [e.id, e]));
  const seen = new Set<string>();
  const out: TranslationOutcome = { content: copy, changed: [], sanitised: [], sections: [], problems: [] };
  for (const unit of units) {
    if (seen.has(unit.id)) {
      out.problems.push({ id: unit.id, messageKey: 'translations.duplicateId' });
      continue;
    }
    seen.add(unit.id);
    const entry = entries.get(unit.id);
    if (!entry) {
      out.problems.push({ id: unit.id, messageKey: 'translations.unknownId' });
      continue;
    }
    if (unit.target.trim() === '') continue;
    const safe = stripUnsafeMarkup(unit.target);
    if (safe !== unit.target) out.sanitised.push(unit.id);
    const old = Object.hasOwn(entry.text, language) ? entry.text[language] : undefined;
    if (old === safe) continue;
    setAt(copy[entry.section], entry.path, language, safe);
    out.changed.push(unit.id);
    if (!out.sections.includes(entry.section)) out.sections.push(entry.section);
  }
  return out;
}
