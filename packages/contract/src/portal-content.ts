/**
 * The participant portal's content calls (001 §7; decision D-069): static and study strings, countries and
 * languages, the global elements, and the portal data — signed addresses of the version's content files
 * (JSON, HTML, PDF, agreements), its images and icons — which the portal then fetches directly.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { CountrySchema, LanguageSchema } from './participant';

const Uuid = z.string().uuid();
const LanguageId = z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/);

/** D-070: the shared catalogue's texts in one language (the messages both portals and the server show). */
export const getStaticStrings = defineEndpoint({
  id: 'getStaticStrings',
  method: 'GET',
  path: '/api/v1/participant-web/languages/:languageId/strings',
  audience: 'public',
  env: 'neutral',
  summary: 'Static interface strings in one language: resourceKey and resourceValue (English where untranslated)',
  params: z.object({ languageId: LanguageId }).strict(),
  response: z.object({ data: z.array(z.object({ resourceKey: z.string(), resourceValue: z.string() })) }),
});

/** D-071: the live version's texts per culture, each keyed by its stable id with its value in `v`. */
export const getStudyTranslations = defineEndpoint({
  id: 'getStudyTranslations',
  method: 'GET',
  path: '/api/v1/participant-web/studies/:studyId/languages/:languageId/translations',
  audience: 'public',
  summary: "The running version's study texts in one culture: { culture: { key: { v } } }",
  params: z.object({ studyId: Uuid, languageId: LanguageId }).strict(),
  response: z.object({ data: z.record(z.string(), z.record(z.string(), z.object({ v: z.string() }))) }),
});

const CountriesAndLanguages = z.object({ countries: z.array(CountrySchema), languages: z.array(LanguageSchema) });

/** D-076: a study's countries and languages for one of its versions (its number or id). */
export const getStudyCountriesAndLanguages = defineEndpoint({
  id: 'getStudyCountriesAndLanguages',
  method: 'GET',
  path: '/api/v1/participant-web/studies/:studyId/versions/:version/countries-languages',
  audience: 'public',
  summary: "A study's countries and languages as one of its published versions offers them (data.data)",
  params: z.object({ studyId: Uuid, version: z.union([Uuid, z.coerce.number().int().min(1).max(100_000)]) }).strict(),
  response: z.object({ data: CountriesAndLanguages }),
});

/** D-077, D-078: the platform's countries and languages, before any study is known. */
export const getCountries = defineEndpoint({
  id: 'getCountries',
  method: 'GET',
  path: '/api/v1/participant-web/countries',
  audience: 'public',
  env: 'neutral',
  summary: 'Every active country of the platform, US first (no study context)',
  response: z.object({ data: z.array(CountrySchema) }),
});

export const getLanguages = defineEndpoint({
  id: 'getLanguages',
  method: 'GET',
  path: '/api/v1/participant-web/languages',
  audience: 'public',
  env: 'neutral',
  summary: 'Every language of the platform, English first (no study context)',
  response: z.object({ data: z.array(LanguageSchema) }),
});

const Texts = z.record(z.string(), z.string());

/** D-079: the web pages' global elements of the running version (data.data). */
export const getGlobalElements = defineEndpoint({
  id: 'getGlobalElements',
  method: 'GET',
  path: '/api/v1/participant-web/studies/:studyId/global-elements',
  audience: 'public',
  summary: "The running version's global web elements: site title, header, footer, links, support e-mail",
  params: z.object({ studyId: Uuid }).strict(),
  response: z.object({
    data: z.object({
      versionId: z.string().nullable(),
      siteTitle: Texts,
      header: Texts,
      footer: Texts,
      privacyPolicyUrl: z.string().nullable(),
      termsUrl: z.string().nullable(),
      supportEmail: z.string().nullable(),
    }),
  }),
});

const SignedFile = z.object({ name: z.string(), url: z.string() });

/** D-081: the portal data body; every address is signed for a limited time (decision D-069). */
export const PortalDataSchema = z.object({
  versionId: z.string(),
  /** When the signatures stop working: the portal asks again after this. */
  expiresAt: z.string(),
  listOfSignedHTMLURL: z.array(SignedFile),
  listOfSignedJSONURL: z.array(SignedFile),
  listOfSignedPDFURL: z.array(SignedFile),
  listOfSignedAgreementsURL: z.array(SignedFile),
  listOfImages: z.array(SignedFile),
  icons: z.array(SignedFile),
});
export type PortalData = z.infer<typeof PortalDataSchema>;

/** D-080: a published version named by its id (an id with hyphens: no participant needed). */
export const getPortalData = defineEndpoint({
  id: 'getPortalData',
  method: 'GET',
  path: '/api/v1/participant-web/studies/:studyId/versions/:versionId/portal-data',
  audience: 'public',
  summary: "Signed addresses of a published version's content files (no participant)",
  params: z.object({ studyId: Uuid, versionId: Uuid }).strict(),
  response: PortalDataSchema,
});

/** D-080: the signed-in participant's own version, with their tasks in tasks_and_schedules. */
export const getMyPortalData = defineEndpoint({
  id: 'getMyPortalData',
  method: 'GET',
  path: '/api/v1/participant/portal-data',
  audience: 'participant',
  summary: "Signed addresses of the participant's version's content files, their tasks and adherence included",
  query: z.object({ participantId: Uuid.optional() }).strict(),
  response: PortalDataSchema,
});

/** D-093, D-094: one content file by its signed address; an unknown, altered or expired address is a 404. */
export const getPortalFile = defineEndpoint({
  id: 'getPortalFile',
  method: 'GET',
  path: '/api/v1/participant-web/content/:token/:name',
  audience: 'public',
  env: 'neutral',
  summary: 'A content file of the portal data (JSON, HTML, PDF or image) by its signed address',
  params: z.object({ token: z.string().min(20).max(100), name: z.string().min(1).max(120) }).strict(),
  response: z.any(),
});
