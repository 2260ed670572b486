import { describe, expect, it } from 'vitest';
import * as C from './constants';

const ALL: Record<string, unknown> = { ...C };

describe('constants', () => {
  it.each([
    ['DEFAULT_PAGE_SIZE', 15],
    ['SMALL_PAGE_SIZE', 10],
    ['MAX_PAGE_SIZE', 100],
    ['DEFAULT_LANGUAGE', 'en'],
    ['DEFAULT_COUNTRY', 'US'],
    ['CHUNK_LOAD_TIMEOUT_MS', 120000],
    ['REQUEST_TIMEOUT_MS', 120000],
    ['IDLE_TIMEOUT_SECONDS', 90000],
    ['IDLE_TIMEOUT_MS', 90000000],
    ['IDLE_CHECK_INTERVAL_MS', 1000],
    ['TOAST_DURATION_MS', 2000],
    ['TOAST_TRANSITION_MS', 500],
    ['TOAST_POSITION', 'bottom-center'],
    ['MOBILE_BREAKPOINT_PX', 767],
    ['STORAGE_PREFIX', 'trialpath.'],
    ['COOKIE_CONSENT_MAX_AGE_DAYS', 365],
    ['TEXT_SHORTEN_DEFAULT', 40],
  ] as const)('%s = %j', (name, value) => {
    expect(ALL[name]).toBe(value);
  });

  it('has the date formats, sort modes and storage keys', () => {
    expect(C.DATE_FORMATS.MONTH_YEAR).toBe('MMM YYYY');
    expect(C.DATE_FORMATS.DATE).toBe('MM/DD/YYYY');
    expect(C.DATE_FORMATS.DATE_TIME).toBe('DD MMM YYYY hh:mm A');
    expect(C.DATE_FORMATS.DAY_MONTH_YEAR).toBe('DD MMM YYYY');
    expect(C.SORT_MODES).toEqual(['asc', 'desc', 'none']);
    expect(Object.keys(C.STORAGE_KEYS)).toEqual([
      'token',
      'refreshToken',
      'studyTokens',
      'lastActivity',
      'clientId',
      'studySummary',
      'studyDetails',
      'formDraft',
      'signature',
      'studyFeatures',
      'language',
      'country',
      'participant',
      'deviceId',
      'study',
      'version',
      'studyName',
      'user',
      'roles',
    ]);
    expect(C.IDLE_RESET_EVENTS).toEqual(['click', 'keydown', 'scroll', 'storage']);
  });

  it.each([
    ['asc', 'desc'],
    ['desc', 'none'],
    ['none', 'asc'],
  ] as const)('sort %s → %s', (a, b) => expect(C.nextSortMode(a)).toBe(b));

  it.each([
    [undefined, 15],
    [null, 15],
    ['', 15],
    ['abc', 15],
    [0, 15],
    [-5, 15],
    [Number.NaN, 15],
    [10, 10],
    ['25', 25],
    [12.7, 12],
    [1000, 100],
  ])('clampPageSize(%j) = %i', (v, out) => expect(C.clampPageSize(v)).toBe(out));

  it('clampPageSize takes a fallback', () => expect(C.clampPageSize(undefined, C.SMALL_PAGE_SIZE)).toBe(10));
});
