/**
 * The USDM building blocks the export and import share: the CDISC codes (each copied, code and decode,
 * from the USDM 4.0 example study, so none is made up), deterministic ids, Trialpath's extension
 * attributes and ISO 8601 day durations.
 */
import { countryAlpha3 } from './iso-countries';

export const USDM_VERSION = '4.0.0';
export const SYSTEM_NAME = 'Trialpath';

const CDISC = 'http://www.cdisc.org';
const CDISC_VERSION = '2024-09-27';
export const ISO_COUNTRY_SYSTEM = 'ISO 3166 1 alpha3';
const ISO_COUNTRY_VERSION = '2020-08';
/** Countries without a known ISO code keep Trialpath's own value under this (non-ISO) system. */
export const OTHER_COUNTRY_SYSTEM = 'https://trialpath.org/usdm/country';

/** [code, decode] pairs from example-observational.json. */
export const C = {
  sponsor: ['C70793', 'Clinical Study Sponsor'],
  briefTitle: ['C99905x1', 'Brief Study Title'],
  observational: ['C16084', 'Observational Study'],
  // The example's observational design model and time perspective (a prospective cohort would fit better,
  // but its codes are not in the example).
  parallel: ['C82639', 'Parallel Study'],
  crossSectional: ['C53310', 'Cross-Sectional Study'],
  inclusion: ['C25532', 'Inclusion Criteria'],
  exclusion: ['C25370', 'Exclusion Criteria'],
  approvalDate: ['C132352', 'Sponsor Approval Date'],
  global: ['C68846', 'Global'],
  visit: ['C25716', 'Visit'],
  clinic: ['C51282', 'Clinic'],
  home: ['C18002', 'Home'],
  inPerson: ['C175574', 'In Person'],
  before: ['C201357', 'Before'],
  after: ['C201356', 'After'],
  fixedReference: ['C201358', 'Fixed Reference'],
  startToStart: ['C201355', 'Start to Start'],
} as const satisfies Record<string, readonly [string, string]>;

/** Ids `<Class>_<n>`, counted per class, so the same design always gets the same ids. */
export class IdMaker {
  private readonly counts = new Map<string, number>();
  next(cls: string): string {
    const n = (this.counts.get(cls) ?? 0) + 1;
    this.counts.set(cls, n);
    return `${cls}_${n}`;
  }
}

export function code(ids: IdMaker, [value, decode]: readonly [string, string]) {
  return {
    id: ids.next('Code'),
    code: value,
    codeSystem: CDISC,
    codeSystemVersion: CDISC_VERSION,
    decode,
    instanceType: 'Code',
  };
}

/** A country as a USDM Code: ISO alpha-3 when the alpha-2 code is known, else Trialpath's own value. */
export function countryCode(ids: IdMaker, country: { code?: string; name: string }) {
  const alpha3 = country.code ? countryAlpha3(country.code) : undefined;
  return {
    id: ids.next('Code'),
    code: alpha3 ?? country.code ?? '',
    codeSystem: alpha3 ? ISO_COUNTRY_SYSTEM : OTHER_COUNTRY_SYSTEM,
    codeSystemVersion: alpha3 ? ISO_COUNTRY_VERSION : '1',
    decode: country.name,
    instanceType: 'Code',
  };
}

/** Trialpath's extension attribute URLs: what USDM has no attribute for travels as JSON in valueString. */
const BASE = 'https://trialpath.org/usdm/';
export const EXT = {
  study: `${BASE}study`,
  version: `${BASE}version`,
  site: `${BASE}site`,
  eligibility: `${BASE}eligibility`,
  criterion: `${BASE}eligibility-question`,
  activity: `${BASE}activity-definition`,
  packet: `${BASE}packet`,
  dayZero: `${BASE}day-zero`,
  milestone: `${BASE}milestone`,
  schedule: `${BASE}schedule`,
  occurrence: `${BASE}schedule-occurrence`,
} as const;
export const EXT_BASE = BASE;

export function extension(ids: IdMaker, url: string, value: unknown) {
  return {
    id: ids.next('ExtensionAttribute'),
    url,
    valueString: JSON.stringify(value),
    instanceType: 'ExtensionAttribute',
  };
}

/** `P7D` for 7 days (USDM durations are unsigned; the Timing type says before or after). */
export function days(n: number): string {
  return `P${Math.abs(n)}D`;
}

const DURATION =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * Days in an ISO 8601 duration (weeks, days, hours, minutes, seconds; a fraction for part of a day).
 * null when it is not one, or counts years or months (their length in days depends on the calendar).
 */
export function durationDays(value: unknown): number | null {
  if (typeof value !== 'string' || value.length > 40 || value === 'P' || value.endsWith('T')) return null;
  const m = DURATION.exec(value);
  if (!m || m[1] !== undefined || m[2] !== undefined) return null;
  const n = (i: number) => Number(m[i] ?? 0);
  return n(3) * 7 + n(4) + n(5) / 24 + n(6) / 1440 + n(7) / 86400;
}
