/**
 * The one entry point of device data (decision H-devices): a body is a FHIR Bundle when it names a resourceType,
 * Open mHealth when it (or its first item) has a header; anything else is refused at the body. Then each measurement
 * must be of a type the study collects.
 */
import { parseFhirBundle } from './fhir';
import { type DeviceDataProblem, type DeviceDataResult, isRecord, type NormalisedMeasurement } from './measurement';
import { looksLikeOmh, parseOmhDataPoints } from './omh';
import type { DeviceType } from './types';

/** FHIR or Open mHealth, told apart by resourceType / header.schema_id. Never throws. */
export function parseDeviceData(body: unknown): DeviceDataResult {
  if (isRecord(body) && 'resourceType' in body) return parseFhirBundle(body);
  if (looksLikeOmh(body)) return parseOmhDataPoints(body);
  return { ok: false, problem: { path: '', key: 'devices.notDeviceData' } };
}

/** The first measurement of a type the study does not collect, as a problem at its observation or data point. */
export function typeNotEnabled(
  measurements: readonly NormalisedMeasurement[],
  enabled: readonly DeviceType[],
): DeviceDataProblem | null {
  const off = measurements.find((m) => !enabled.includes(m.type));
  return off ? { path: off.path, key: 'devices.typeNotEnabled', params: { type: off.type } } : null;
}
