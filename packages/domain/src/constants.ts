/**
 * Business constants shared by the API server and both portals (spec 000 §9, 001 §9, 002 §9).
 * Decisions: docs/decisions/A-220-storage-prefix.md, A-231-constant-10.md, A-234-second-120000.md,
 * A-242-page-sizes.md.
 */

/** Default page size of every paged list (participants, users, studies, audit trail…). */
export const DEFAULT_PAGE_SIZE = 15;
/**
 * The spec's "another constant 10" (000 §9). Decision A-231: the page size of small lists —
 * pickers, suggestion/autocomplete lists, team-member and site pickers, dashboard drill-downs.
 */
export const SMALL_PAGE_SIZE = 10;
/** Largest page size a caller may ask for; the server clamps larger values. */
export const MAX_PAGE_SIZE = 100;
/** Allowed page sizes offered by list footers. */
export const PAGE_SIZE_OPTIONS = [10, 15, 25, 50, 100] as const;

/** Clamp a caller-supplied page size into 1..MAX_PAGE_SIZE, defaulting to DEFAULT_PAGE_SIZE. */
export function clampPageSize(value: unknown, fallback: number = DEFAULT_PAGE_SIZE): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return fallback;
  const i = Math.trunc(n);
  if (i < 1) return fallback;
  return Math.min(i, MAX_PAGE_SIZE);
}

export const DEFAULT_LANGUAGE = 'en';
export const SUPPORTED_STAFF_LANGUAGES = ['en', 'es'] as const;
export const DEFAULT_COUNTRY = 'US';

/** Chunk-loading timeout: a lazily loaded route chunk that takes longer reports a loading error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/**
 * The spec's "second constant with the same value" (000 §9). Decision A-234: the HTTP request
 * timeout of the portals' client (long uploads/exports are jobs, so two minutes is a hard ceiling).
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Idle timeout: 90000 seconds (25 hours). */
export const IDLE_TIMEOUT_SECONDS = 90_000;
export const IDLE_TIMEOUT_MS = IDLE_TIMEOUT_SECONDS * 1000;
/** Idle state is checked every second. */
export const IDLE_CHECK_INTERVAL_MS = 1_000;
/** Browser events that reset the idle timer. */
export const IDLE_RESET_EVENTS = ['click', 'keydown', 'scroll', 'storage'] as const;

export const TOAST_DURATION_MS = 2_000;
export const TOAST_TRANSITION_MS = 500;
export const TOAST_POSITION = 'bottom-center' as const;

/** Widths at or below this use the mobile version of some screens. */
export const MOBILE_BREAKPOINT_PX = 767;

/** Product prefix of every local-storage key. */
export const STORAGE_PREFIX = 'trialpath.';
/** Local-storage item names (prefix them with `storageKey`). */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  studyTokens: 'studyTokens',
  lastActivity: 'lastActivity',
  clientId: 'clientId',
  studySummary: 'studySummary',
  studyDetails: 'studyDetails',
  formDraft: 'formDraft',
  signature: 'signature',
  studyFeatures: 'studyFeatures',
  language: 'language',
  country: 'country',
  participant: 'participant',
  deviceId: 'deviceId',
  /** The participant portal's last-opened study: its code, its running version, its name (001 §9; decision D-133). */
  study: 'study',
  version: 'version',
  studyName: 'studyName',
  /** The signed-in staff user (profile and per-study role, 000 §6). */
  user: 'user',
  /** Platform and site-team roles loaded after sign-in (000 §6). */
  roles: 'roles',
} as const;
export type StorageKeyName = keyof typeof STORAGE_KEYS;

export const SORT_MODES = ['asc', 'desc', 'none'] as const;
export type SortMode = (typeof SORT_MODES)[number];
/** Next sort mode when a column header is clicked: asc → desc → none → asc. */
export function nextSortMode(mode: SortMode): SortMode {
  return mode === 'asc' ? 'desc' : mode === 'desc' ? 'none' : 'asc';
}

/** Display formats (dayjs tokens). Zoned variants end in `z` (zone abbreviation). */
export const DATE_FORMATS = {
  MONTH_YEAR: 'MMM YYYY',
  DATE: 'MM/DD/YYYY',
  DATE_TIME: 'DD MMM YYYY hh:mm A',
  /** Participant portal date-time (001 §5). */
  DATE_TIME_ZONE: 'DD MMM YYYY hh:mm A z',
  DATE_UTC: 'MM/DD/YYYY [UTC]',
  DATE_TIME_UTC: 'DD MMM YYYY hh:mm A [UTC]',
  DATE_EST: 'MM/DD/YYYY z',
  DATE_TIME_EST: 'DD MMM YYYY hh:mm A z',
  DATE_PACIFIC: 'MM/DD/YYYY z',
  DATE_TIME_PACIFIC: 'DD MMM YYYY hh:mm A z',
  /** Shown in upper case (002 §9), e.g. "05 MAR 2024". */
  DAY_MONTH_YEAR: 'DD MMM YYYY',
  /** CSV export file-name timestamp: day month year hour minute second (002 §9). */
  EXPORT_TIMESTAMP: 'DDMMYYYYHHmmss',
  /** Duration display (002 §9). */
  DURATION: 'HH:mm:ss',
} as const;

/** Cookie-consent flag cookies last one year. */
export const COOKIE_CONSENT_MAX_AGE_DAYS = 365;
/** Default length for text shortening. */
export const TEXT_SHORTEN_DEFAULT = 40;
