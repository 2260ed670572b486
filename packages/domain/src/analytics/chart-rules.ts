/**
 * Chart rules of the analytics dashboards (issue 13; 002 §9; checklist G-060…G-066, G-072; decision G-chart-rules).
 * Pure: the server shapes chart data with them and both browsers draw with them, so a bar has the same place, the
 * same rounding and the same group on every screen.
 */
import type { AnalyticsMessageKey } from '../messages/analytics-catalogue';
import type { SCREEN_FAILURE_REASONS } from '../participants/status';

/** G-060: bars shown before the chart scrolls. */
export const VISIBLE_PLOTS = 20;
/** G-061: screen-failure bars shown (the five groups of G-072 fit exactly). */
export const SCREEN_FAILURE_VISIBLE_PLOTS = 5;
/** G-062: per-country or per-site stacks shown. */
export const STACK_VISIBLE_PLOTS = 4;
/** G-065: items of a dashboard top list (Top 5 Country, Top 5 Site). */
export const DASHBOARD_TOP = 5;
/** G-066: withdrawal reasons of Top 10 Withdrawal. */
export const TOP_WITHDRAWAL_REASONS = 10;

/**
 * Name order independent of the reader's locale (server and browsers must agree): case-insensitive first
 * (`toLowerCase` uses no locale), then by UTF-16 code units so that "a" and "A" still have one fixed order.
 */
export function compareNames(a: string | null | undefined, b: string | null | undefined): number {
  const x = String(a ?? '');
  const y = String(b ?? '');
  const lx = x.toLowerCase();
  const ly = y.toLowerCase();
  if (lx !== ly) return lx < ly ? -1 : 1;
  if (x !== y) return x < y ? -1 : 1;
  return 0;
}

/** A value a bar can be sized by; anything else (null, NaN, Infinity, text) is "no value". */
const barValue = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * G-063: bars descending by value, then by name (compareNames). Rows without a value go last. A new array: the
 * input is not touched; equal rows keep their input order (Array.prototype.sort is stable).
 */
export function sortBars<T>(
  rows: readonly T[],
  value: (row: T) => number | null | undefined,
  name: (row: T) => string | null | undefined,
): T[] {
  if (!Array.isArray(rows)) return [];
  return [...rows].sort((a, b) => {
    const va = barValue(value(a));
    const vb = barValue(value(b));
    if (va !== vb) {
      if (va === null) return 1;
      if (vb === null) return -1;
      return vb - va;
    }
    return compareNames(name(a), name(b));
  });
}

/** The first `n` bars in chart order (G-065: DASHBOARD_TOP; G-066: TOP_WITHDRAWAL_REASONS). A bad `n` gives none. */
export function topN<T>(
  rows: readonly T[],
  n: number,
  value: (row: T) => number | null | undefined,
  name: (row: T) => string | null | undefined,
): T[] {
  if (typeof n !== 'number' || !(n > 0)) return [];
  return sortBars(rows, value, name).slice(0, Math.floor(n));
}

/**
 * G-064: an average of days or of completion shown as a whole number, half away from zero (2.5 → 3, −2.5 → −3:
 * what people expect, and what a spreadsheet's ROUND does; banker's rounding would show 2.5 as 2). Not a finite
 * number → null (nothing to show, never "NaN").
 */
export function roundAverage(x: number | null | undefined): number | null {
  if (typeof x !== 'number' || !Number.isFinite(x)) return null;
  const rounded = Math.sign(x) * Math.round(Math.abs(x));
  return rounded === 0 ? 0 : rounded; // no "-0"
}

/** The rounded average of the finite values; none → null (G-064). */
export function roundedMean(values: readonly (number | null | undefined)[]): number | null {
  if (!Array.isArray(values)) return null;
  const finite = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (finite.length === 0) return null;
  return roundAverage(finite.reduce((sum, v) => sum + v, 0) / finite.length);
}

/** G-072: the screen-failure groups, in the spec's order. */
export const SCREEN_FAILURE_GROUPS = [
  'SCREEN_FAILURE',
  'INCLUSION',
  'EXCLUSION',
  'CONSENT_WITHDRAWN',
  'OTHER',
] as const;
export type ScreenFailureGroup = (typeof SCREEN_FAILURE_GROUPS)[number];

/** Each group's label (the spec's text: 'Screen Failure', 'Failure to meet Inclusion Criteria', …). */
export const SCREEN_FAILURE_GROUP_KEYS: Readonly<Record<ScreenFailureGroup, AnalyticsMessageKey>> = {
  SCREEN_FAILURE: 'analytics.screenFailure.screenFailure',
  INCLUSION: 'analytics.screenFailure.inclusion',
  EXCLUSION: 'analytics.screenFailure.exclusion',
  CONSENT_WITHDRAWN: 'analytics.screenFailure.consentWithdrawn',
  OTHER: 'analytics.screenFailure.other',
};

/**
 * Our reason codes (SCREEN_FAILURE_REASONS) onto the spec's groups. A reason the spec has no group for (lost before
 * screening ended, the investigator's decision) counts as the general 'Screen Failure', not as 'Other': 'Other' is
 * what the person recording the failure chose as such.
 */
export const SCREEN_FAILURE_REASON_GROUP: Readonly<
  Record<(typeof SCREEN_FAILURE_REASONS)[number], ScreenFailureGroup>
> = {
  INCLUSION_NOT_MET: 'INCLUSION',
  EXCLUSION_MET: 'EXCLUSION',
  CONSENT_NOT_GIVEN: 'CONSENT_WITHDRAWN',
  LOST_BEFORE_SCREENING_ENDED: 'SCREEN_FAILURE',
  INVESTIGATOR_DECISION: 'SCREEN_FAILURE',
  OTHER: 'OTHER',
};

/** The group of a reason code; none or unknown (a failure recorded before reason codes existed) → 'Screen Failure'. */
export function screenFailureGroupOf(reason: unknown): ScreenFailureGroup {
  if (typeof reason !== 'string' || !Object.hasOwn(SCREEN_FAILURE_REASON_GROUP, reason)) return 'SCREEN_FAILURE';
  return SCREEN_FAILURE_REASON_GROUP[reason as keyof typeof SCREEN_FAILURE_REASON_GROUP];
}

export interface ScreenFailureReasonCount {
  reason?: string | null;
  /** A database count may arrive as text (bigint). */
  count: number | string;
}

export interface ScreenFailureGroupCount {
  group: ScreenFailureGroup;
  key: AnalyticsMessageKey;
  count: number;
}

/** A count as a number: a whole number ≥ 0, else 0 (a bad row adds nothing rather than poisoning the total). */
function countOf(v: unknown): number {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/** G-072: the counts per reason summed per group; every group, in the spec's order, zero counts included. */
export function groupScreenFailureReasons(counts: readonly ScreenFailureReasonCount[]): ScreenFailureGroupCount[] {
  const sums = new Map<ScreenFailureGroup, number>(SCREEN_FAILURE_GROUPS.map((g) => [g, 0]));
  for (const row of Array.isArray(counts) ? counts : []) {
    if (!row || typeof row !== 'object') continue;
    const group = screenFailureGroupOf(row.reason);
    sums.set(group, (sums.get(group) ?? 0) + countOf(row.count));
  }
  return SCREEN_FAILURE_GROUPS.map((group) => ({
    group,
    key: SCREEN_FAILURE_GROUP_KEYS[group],
    count: sums.get(group) ?? 0,
  }));
}
