/**
 * Translations of a study version's texts (C-172, C-174; decision 0035): the missing-translations report,
 * the export of the texts as an XLIFF 2.0 file (source = the study's first language, one unit per text,
 * its id the text's section path) and the import of a translated file into the draft — checked whole,
 * all or nothing, with a report. The draft is one record in both data spaces: environment-neutral.
 * The file travels as text inside JSON (the staff portal reads and saves it as a file).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const VersionParams = z.object({ studyId: z.string().uuid(), versionId: z.string().uuid() }).strict();
const LanguageSchema = z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/);

export const MissingTranslationSchema = z.object({
  id: z.string(),
  section: z.string(),
  titleKey: z.string(),
  source: z.string(),
  missing: z.array(z.string()),
});

export const missingTranslationsReport = defineEndpoint({
  id: 'missingTranslationsReport',
  method: 'GET',
  path: '/api/v1/studies/:studyId/versions/:versionId/translations/missing',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: "★ Which of the version's texts lack which of the study's languages (C-172)",
  params: VersionParams,
  response: z.object({
    versionId: z.string(),
    sourceLanguage: z.string(),
    languages: z.array(z.string()),
    textCount: z.number().int(),
    missingByLanguage: z.record(z.string(), z.number().int()),
    items: z.array(MissingTranslationSchema),
  }),
});

export const exportTranslations = defineEndpoint({
  id: 'exportTranslations',
  method: 'GET',
  path: '/api/v1/studies/:studyId/versions/:versionId/translations/xliff',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    "The version's texts as an XLIFF 2.0 file from the study's first language into `language` (one unit per text, id = its section path; existing translations as targets)",
  params: VersionParams,
  query: z.object({ language: LanguageSchema }).strict(),
  response: z.object({
    fileName: z.string(),
    sourceLanguage: z.string(),
    targetLanguage: z.string(),
    unitCount: z.number().int(),
    xliff: z.string(),
  }),
});

/** Largest translation file accepted, in characters. */
export const MAX_XLIFF_CHARS = 2_000_000;

export const importTranslations = defineEndpoint({
  id: 'importTranslations',
  method: 'POST',
  path: '/api/v1/studies/:studyId/versions/:versionId/translations/xliff',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    "Import a translated XLIFF 2.0 file into the draft: checked whole (unknown ids, source and target language, the texts' rules), unsafe markup removed, all or nothing; audited",
  params: VersionParams,
  body: z.object({ xliff: z.string().min(1).max(MAX_XLIFF_CHARS) }).strict(),
  response: z.object({
    language: z.string(),
    unitCount: z.number().int(),
    /** Ids of the texts whose translation changed. */
    changed: z.array(z.string()),
    /** Ids of the units whose unsafe markup was removed. */
    sanitised: z.array(z.string()),
  }),
});
