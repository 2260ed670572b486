/**
 * What device data become once validated (decision H-devices): normalised measurements, one per LOINC-coded value in
 * its canonical UCUM unit — whatever standard they arrived in — or the first problem, with the path of the failing
 * field in the request body (`entry[2].resource.valueQuantity.unit`).
 */
import type { DEVICE_MESSAGES } from '../messages/devices-catalogue';
import type { MessageParams } from '../messages/translate';
import type { DeviceType } from './types';

export const SOURCE_FORMATS = ['FHIR', 'OMH'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

/** At most this many observations or data points in one request (the JSON body is at most 1 MiB anyway). */
export const MAX_MEASUREMENTS_PER_REQUEST = 1000;

export interface NormalisedMeasurement {
  type: DeviceType;
  /** LOINC code of the value (a blood pressure gives two: 8480-6 and 8462-4). */
  code: string;
  value: number;
  /** The canonical UCUM unit of the code. */
  unit: string;
  /** ISO 8601 UTC: when it was measured (the start of a period). */
  effectiveAt: string;
  /** The end of a period (steps, sleep), else null. */
  effectiveEnd: string | null;
  /**
   * The sender's identifier of the observation or data point (`system|value`, the bundle entry's fullUrl, the OMH
   * header uuid): the same identifier is stored once. Null: none was given.
   */
  identifier: string | null;
  /** Where the data come from (OMH acquisition provenance source_name; FHIR meta.source). */
  sourceName: string | null;
  /** The device as the sender names it (FHIR device.display or reference). */
  deviceName: string | null;
  /** Path of the observation or data point in the body, e.g. `entry[2]`, `[0]` (where a later refusal points). */
  path: string;
  /** The observation or data point as received. */
  raw: unknown;
}

export type DeviceMessageKey = keyof typeof DEVICE_MESSAGES;

export interface DeviceDataProblem {
  /** The failing field's path in the body ('' for the body itself). */
  path: string;
  key: DeviceMessageKey;
  params?: MessageParams;
}

export type DeviceDataResult =
  | { ok: true; format: SourceFormat; measurements: NormalisedMeasurement[] }
  | { ok: false; problem: DeviceDataProblem };

/** Thrown inside a parser to stop at the first problem; caught by its entry point, never escapes. */
export class ProblemAt extends Error {
  constructor(readonly problem: DeviceDataProblem) {
    super(problem.key);
  }
}

export const problem = (path: string, key: DeviceMessageKey, params?: MessageParams): never => {
  throw new ProblemAt(params ? { path, key, params } : { path, key });
};

export const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `value` at `path` must be an object. */
export function objectAt(v: unknown, path: string): Record<string, unknown> {
  if (!isRecord(v)) problem(path, 'devices.object');
  return v as Record<string, unknown>;
}

/** `value` at `path` must be a non-empty string. */
export function textAt(v: unknown, path: string): string {
  if (typeof v !== 'string' || v.trim() === '') problem(path, 'devices.text');
  return v as string;
}

/** An optional non-empty string (null when absent). */
export function optionalText(v: unknown, path: string): string | null {
  return v === undefined || v === null ? null : textAt(v, path).trim();
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date and time with a zone, as a UTC ISO string. */
export function dateTimeAt(v: unknown, path: string): string {
  if (typeof v !== 'string' || !DATE_TIME.test(v)) problem(path, 'devices.dateTime');
  const ms = Date.parse(v as string);
  if (!Number.isFinite(ms)) problem(path, 'devices.dateTime');
  return new Date(ms).toISOString();
}

/** A finite number. */
export function numberAt(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) problem(path, 'devices.value');
  return v as number;
}

/** Run a parser; its first problem becomes the result. Anything else unexpected is a problem at the body. */
export function firstProblem<T>(work: () => T): { ok: true; value: T } | { ok: false; problem: DeviceDataProblem } {
  try {
    return { ok: true, value: work() };
  } catch (e) {
    if (e instanceof ProblemAt) return { ok: false, problem: e.problem };
    return { ok: false, problem: { path: '', key: 'devices.notDeviceData' } };
  }
}
