/**
 * Open mHealth data points → normalised measurements (decision H-devices). A data point is
 * `{ header: { uuid, schema_id: { namespace: 'omh', name, version }, creation_date_time, acquisition_provenance? },
 * body }`, its body as the omh schema of that name says (openmhealth.org schema library): a unit-value per measure and
 * an effective_time_frame (`date_time`, or `time_interval` with start_date_time and/or end_date_time). One data point
 * or an array of them. OMH's unit spellings map to UCUM here.
 */
import { OMH_SCHEMA_NAMES, OMH_SCHEMAS, type OmhSchemaName } from './catalogue';
import {
  dateTimeAt,
  firstProblem,
  join,
  MAX_MEASUREMENTS_PER_REQUEST,
  type NormalisedMeasurement,
  numberAt,
  objectAt,
  optionalText,
  problem,
  textAt,
  type DeviceDataResult,
} from './measurement';
import { canonicalValue } from './quantity';
import { DEVICE_TYPE_DEFS, type MeasureDef } from './types';

/** OMH unit spellings → UCUM codes (unknown spellings pass through, so a UCUM code is accepted as well). */
const OMH_UNITS: Readonly<Record<string, string>> = {
  mmHg: 'mm[Hg]',
  lb: '[lb_av]',
  oz: '[oz_av]',
  'beats/min': '/min',
  steps: '{steps}',
  C: 'Cel',
  F: '[degF]',
  sec: 's',
};

/** Per schema: the body field of each measure, in the order of the type's measures. */
const BODY_FIELDS: Readonly<Record<OmhSchemaName, readonly string[]>> = {
  'blood-pressure': ['systolic_blood_pressure', 'diastolic_blood_pressure'],
  'body-weight': ['body_weight'],
  'heart-rate': ['heart_rate'],
  'step-count': ['step_count'],
  'body-temperature': ['body_temperature'],
  'oxygen-saturation': ['oxygen_saturation'],
  'blood-glucose': ['blood_glucose'],
  'sleep-duration': ['sleep_duration'],
};

function timeFrame(body: Record<string, unknown>, path: string): { at: string; end: string | null } {
  const p = join(path, 'effective_time_frame');
  const frame = objectAt(body.effective_time_frame, p);
  if (frame.date_time !== undefined) return { at: dateTimeAt(frame.date_time, join(p, 'date_time')), end: null };
  const ip = join(p, 'time_interval');
  const interval = objectAt(frame.time_interval, ip);
  const start =
    interval.start_date_time === undefined ? null : dateTimeAt(interval.start_date_time, join(ip, 'start_date_time'));
  const end =
    interval.end_date_time === undefined ? null : dateTimeAt(interval.end_date_time, join(ip, 'end_date_time'));
  if (start === null && end === null) return problem(join(ip, 'start_date_time'), 'devices.dateTime');
  if (start !== null && end !== null && end < start) problem(join(ip, 'end_date_time'), 'devices.periodOrder');
  return start === null ? { at: end!, end: null } : { at: start, end };
}

/** A unit-value of the measure; step-count 1.0 gives a bare number of steps. */
function unitValue(measure: MeasureDef, v: unknown, path: string): number {
  if (typeof v === 'number') return canonicalValue(measure, numberAt(v, path), '{steps}', { value: path, unit: path });
  const uv = objectAt(v, path);
  const unit = typeof uv.unit === 'string' ? (OMH_UNITS[uv.unit] ?? uv.unit) : uv.unit;
  return canonicalValue(measure, uv.value, unit, { value: join(path, 'value'), unit: join(path, 'unit') });
}

function dataPoint(point: unknown, path: string): NormalisedMeasurement[] {
  const dp = objectAt(point, path);
  const hp = join(path, 'header');
  const header = objectAt(dp.header, hp);
  const uuid = textAt(header.uuid, join(hp, 'uuid'));
  const sp = join(hp, 'schema_id');
  const schema = objectAt(header.schema_id, sp);
  if (schema.namespace !== 'omh') problem(join(sp, 'namespace'), 'devices.omhNamespace');
  const name = schema.name;
  if (typeof name !== 'string' || !Object.hasOwn(OMH_SCHEMAS, name))
    problem(join(sp, 'name'), 'devices.omhSchema', { name: String(name), names: OMH_SCHEMA_NAMES.join(', ') });
  if (typeof schema.version !== 'string' || !/^\d+\.\d+$/.test(schema.version))
    problem(join(sp, 'version'), 'devices.omhVersion');
  dateTimeAt(header.creation_date_time, join(hp, 'creation_date_time'));
  const provenance =
    header.acquisition_provenance === undefined
      ? {}
      : objectAt(header.acquisition_provenance, join(hp, 'acquisition_provenance'));
  const sourceName = optionalText(provenance.source_name, join(hp, 'acquisition_provenance.source_name'));
  const schemaName = name as OmhSchemaName;
  const type = DEVICE_TYPE_DEFS[OMH_SCHEMAS[schemaName]];
  const bp = join(path, 'body');
  const body = objectAt(dp.body, bp);
  const when = timeFrame(body, bp);
  return BODY_FIELDS[schemaName].map((field, i) => {
    const measure = type.measures[i]!;
    return {
      type: type.id,
      code: measure.loinc,
      value: unitValue(measure, body[field], join(bp, field)),
      unit: measure.unit,
      effectiveAt: when.at,
      effectiveEnd: when.end,
      identifier: uuid.trim(),
      sourceName,
      deviceName: null,
      path,
      raw: dp,
    };
  });
}

/** Whether a body looks like Open mHealth data (a data point, or an array whose first item is one). */
export function looksLikeOmh(body: unknown): boolean {
  const first = Array.isArray(body) ? body[0] : body;
  return typeof first === 'object' && first !== null && 'header' in first;
}

/** One Open mHealth data point or an array of them, as normalised measurements, or the first problem. Never throws. */
export function parseOmhDataPoints(body: unknown): DeviceDataResult {
  const r = firstProblem(() => {
    if (!Array.isArray(body)) return dataPoint(body, '');
    if (body.length === 0) problem('', 'devices.empty');
    if (body.length > MAX_MEASUREMENTS_PER_REQUEST)
      problem('', 'devices.tooMany', { max: MAX_MEASUREMENTS_PER_REQUEST });
    return body.flatMap((point, i) => dataPoint(point, `[${i}]`));
  });
  return r.ok ? { ok: true, format: 'OMH', measurements: r.value } : r;
}
