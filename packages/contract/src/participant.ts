import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { OkSchema } from './common';

/** Spec 001 §3 Country (D-044; decision D-069 for countryType, countryGroupId, baseUrlWeb, havingOnlyDraftLanguage). */
export const CountrySchema = z.object({
  countryId: z.string(),
  name: z.string(),
  /** `study`: one of the study's countries; `platform`: a country of the platform's list (no study context). */
  countryType: z.enum(['study', 'platform']),
  /** The region the country belongs to (UN M49 region code), null when not known. */
  countryGroupId: z.string().nullable(),
  isoCode2: z.string(),
  isoCode3: z.string(),
  /** The participant portal's address for this study (empty without a study). */
  baseUrlWeb: z.string(),
  /** True while the study has no published version: its languages exist only in a draft. */
  havingOnlyDraftLanguage: z.boolean(),
  default: z.boolean(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
/** Spec 001 §3 Language. */
export const LanguageSchema = z.object({
  language_id: z.string(),
  language_culture: z.string(),
  display_name: z.string(),
  is_default: z.boolean(),
});
export type Country = z.infer<typeof CountrySchema>;
export type Language = z.infer<typeof LanguageSchema>;

/** A study text per language (the portal picks the participant's, falling back to the study's default). */
const TextsSchema = z.record(z.string(), z.string());

/**
 * What the study's live version sets for the portal (decision 0037): its colours, logo and header and
 * home-page texts in every study language; null while no version is live (the study colour applies).
 */
export const PortalBrandingSchema = z.object({
  primaryColor: z.string(),
  secondaryColor: z.string().nullable(),
  logoUrl: z.string().nullable(),
  siteTitle: TextsSchema,
  homepageHeading: TextsSchema,
  defaultLanguage: z.string(),
});
export type PortalBranding = z.infer<typeof PortalBrandingSchema>;

const StudyCode = z.object({ studyCode: z.string().min(1).max(60) }).strict();

export const getParticipantWebStudy = defineEndpoint({
  id: 'getParticipantWebStudy',
  method: 'GET',
  path: '/api/v1/participant-web/studies/:studyCode',
  audience: 'public',
  summary: 'Public facts of a study for its participant portal: name, countries, languages and the live branding',
  params: StudyCode,
  /** A prototype link's token (decision 0043): the draft's copy instead of the live version. */
  query: z.object({ prototype: z.string().min(20).max(100).optional() }).strict(),
  response: z.object({
    studyId: z.string(),
    studyCode: z.string(),
    name: z.string(),
    color: z.string().nullable(),
    /** The version the data space runs (live: the live version; test: the one being built); null: none yet. */
    versionId: z.string().nullable(),
    countries: z.array(CountrySchema),
    languages: z.array(LanguageSchema),
    branding: PortalBrandingSchema.nullable(),
    /** Set when a prototype link is open: the portal says so on every page. */
    prototype: z.object({ versionNumber: z.number().int(), expiresAt: z.string() }).nullable(),
  }),
});

export const ParticipantTokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  pid: z.string(),
});

/** Spec 000 §8.1: after a 419 the portal refreshes with refresh token, pid and device id. */
export const participantRefresh = defineEndpoint({
  id: 'participantRefresh',
  method: 'POST',
  path: '/api/v1/participant-auth/refresh',
  audience: 'public',
  env: 'neutral',
  auth: 'none',
  rateLimited: true,
  summary: 'Rotate participant tokens (refresh token, pid and device id must match)',
  // Session plumbing, as the staff refresh: sign-in and sign-out are the audited events.
  audit: false,
  body: z
    .object({
      refreshToken: z.string().min(1).max(500),
      pid: z.string().min(1).max(100),
      deviceId: z.string().min(1).max(100),
    })
    .strict(),
  response: ParticipantTokensSchema,
});

export const participantLogout = defineEndpoint({
  id: 'participantLogout',
  method: 'POST',
  path: '/api/v1/participant-auth/logout',
  audience: 'participant',
  env: 'neutral',
  summary: 'Participant sign-out (revokes the refresh token)',
  body: z.object({ refreshToken: z.string().max(500).optional() }).strict(),
  response: OkSchema,
});
