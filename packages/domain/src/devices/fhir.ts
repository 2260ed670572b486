/**
 * FHIR R4 Bundles of Observations → normalised measurements (decision H-devices). A Bundle of type collection,
 * transaction or batch; each entry an Observation with a usable status, a LOINC coding of the catalogue, a UCUM
 * valueQuantity of that code (or, for a blood pressure panel 85354-9, its systolic and diastolic components) and
 * effective[x]. subject, device and identifier are optional. The first problem is answered with its path.
 */
import { DEVICE_TYPE_DEFS, type DeviceTypeDef, measureOfCode, type MeasureDef } from './types';
import {
  dateTimeAt,
  firstProblem,
  isRecord,
  join,
  MAX_MEASUREMENTS_PER_REQUEST,
  type NormalisedMeasurement,
  objectAt,
  optionalText,
  problem,
  textAt,
  type DeviceDataResult,
} from './measurement';
import { canonicalValue } from './quantity';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const BUNDLE_TYPES = ['collection', 'transaction', 'batch'];
const USABLE_STATUSES = ['final', 'amended', 'corrected', 'preliminary'];

/** Every LOINC code an observation may carry: the panels' and the measures'. */
const ACCEPTED_CODES = Object.values(DEVICE_TYPE_DEFS).flatMap((t) => [
  ...(t.panel ? [t.panel.loinc] : []),
  ...t.measures.map((m) => m.loinc),
]);

type Base = Omit<NormalisedMeasurement, 'type' | 'code' | 'value' | 'unit'>;

/** The catalogue's type and measure of the observation's code (the first LOINC coding the catalogue knows). */
function codeOf(resource: Record<string, unknown>, path: string) {
  const code = objectAt(resource.code, join(path, 'code'));
  const codings = Array.isArray(code.coding) ? code.coding : [];
  for (const c of codings) {
    if (!isRecord(c) || c.system !== LOINC || typeof c.code !== 'string') continue;
    const found = measureOfCode(c.code);
    if (found) return found;
  }
  return problem(join(path, 'code.coding'), 'devices.unknownCode', { codes: ACCEPTED_CODES.join(', ') });
}

/** A Quantity of the measure: UCUM code (or unit when no code is given), value in range. */
function quantityOf(measure: MeasureDef, q: unknown, path: string): { value: number; unit: string } {
  const quantity = objectAt(q, path);
  if (quantity.system !== undefined && quantity.system !== UCUM) problem(join(path, 'system'), 'devices.unitSystem');
  const unitKey = quantity.code !== undefined ? 'code' : 'unit';
  const value = canonicalValue(measure, quantity.value, quantity[unitKey], {
    value: join(path, 'value'),
    unit: join(path, unitKey),
  });
  return { value, unit: measure.unit };
}

function effectiveOf(resource: Record<string, unknown>, path: string): { at: string; end: string | null } {
  if (resource.effectiveDateTime !== undefined)
    return { at: dateTimeAt(resource.effectiveDateTime, join(path, 'effectiveDateTime')), end: null };
  if (resource.effectiveInstant !== undefined)
    return { at: dateTimeAt(resource.effectiveInstant, join(path, 'effectiveInstant')), end: null };
  if (resource.effectivePeriod !== undefined) {
    const p = join(path, 'effectivePeriod');
    const period = objectAt(resource.effectivePeriod, p);
    const at = dateTimeAt(period.start, join(p, 'start'));
    const end = period.end === undefined ? null : dateTimeAt(period.end, join(p, 'end'));
    if (end !== null && end < at) problem(join(p, 'end'), 'devices.periodOrder');
    return { at, end };
  }
  return problem(join(path, 'effectiveDateTime'), 'devices.effective');
}

/** `system|value` of the first identifier, checked; else the entry's fullUrl; else null. */
function identifierOf(resource: Record<string, unknown>, entry: Record<string, unknown>, path: string): string | null {
  if (resource.identifier !== undefined) {
    const list = Array.isArray(resource.identifier)
      ? resource.identifier
      : problem(join(path, 'identifier'), 'devices.object');
    if (list.length > 0) {
      const first = objectAt(list[0], join(path, 'identifier[0]'));
      const value = textAt(first.value, join(path, 'identifier[0].value'));
      const system = optionalText(first.system, join(path, 'identifier[0].system'));
      return system ? `${system}|${value}` : value;
    }
  }
  return typeof entry.fullUrl === 'string' && entry.fullUrl.trim() !== '' ? entry.fullUrl.trim() : null;
}

/** A Reference's display or reference (device), checked to be a Reference when present. */
function referenceName(v: unknown, path: string): string | null {
  if (v === undefined) return null;
  const ref = objectAt(v, path);
  return optionalText(ref.display, join(path, 'display')) ?? optionalText(ref.reference, join(path, 'reference'));
}

function panelMeasures(type: DeviceTypeDef, resource: Record<string, unknown>, path: string, base: Base) {
  const components = Array.isArray(resource.component) ? resource.component : [];
  return type.measures.map((measure) => {
    const index = components.findIndex(
      (c) =>
        isRecord(c) &&
        isRecord(c.code) &&
        Array.isArray(c.code.coding) &&
        c.code.coding.some((x) => isRecord(x) && x.system === LOINC && x.code === measure.loinc),
    );
    if (index < 0) problem(join(path, 'component'), 'devices.components');
    const q = quantityOf(
      measure,
      (components[index] as Record<string, unknown>).valueQuantity,
      join(path, `component[${index}].valueQuantity`),
    );
    return { ...base, type: type.id, code: measure.loinc, ...q };
  });
}

function observation(entry: unknown, path: string): NormalisedMeasurement[] {
  const e = objectAt(entry, path);
  const rPath = join(path, 'resource');
  const resource = objectAt(e.resource, rPath);
  if (resource.resourceType !== 'Observation') problem(join(rPath, 'resourceType'), 'devices.notObservation');
  if (typeof resource.status !== 'string' || !USABLE_STATUSES.includes(resource.status))
    problem(join(rPath, 'status'), 'devices.status');
  const { type, measure } = codeOf(resource, rPath);
  const effective = effectiveOf(resource, rPath);
  if (resource.subject !== undefined) objectAt(resource.subject, join(rPath, 'subject'));
  const meta = isRecord(resource.meta) ? resource.meta : {};
  const base: Base = {
    effectiveAt: effective.at,
    effectiveEnd: effective.end,
    identifier: identifierOf(resource, e, rPath),
    sourceName: typeof meta.source === 'string' && meta.source.trim() ? meta.source.trim() : null,
    deviceName: referenceName(resource.device, join(rPath, 'device')),
    path,
    raw: resource,
  };
  if (!measure) return panelMeasures(type, resource, rPath, base);
  const q = quantityOf(measure, resource.valueQuantity, join(rPath, 'valueQuantity'));
  return [{ ...base, type: type.id, code: measure.loinc, ...q }];
}

/** A FHIR R4 Bundle of Observations as normalised measurements, or its first problem. Never throws. */
export function parseFhirBundle(body: unknown): DeviceDataResult {
  const r = firstProblem(() => {
    const bundle = objectAt(body, '');
    if (bundle.resourceType !== 'Bundle')
      problem('resourceType', 'devices.notBundle', { resourceType: String(bundle.resourceType) });
    if (typeof bundle.type !== 'string' || !BUNDLE_TYPES.includes(bundle.type)) problem('type', 'devices.bundleType');
    const entries = Array.isArray(bundle.entry) ? bundle.entry : [];
    if (entries.length === 0) problem('entry', 'devices.empty');
    if (entries.length > MAX_MEASUREMENTS_PER_REQUEST)
      problem('entry', 'devices.tooMany', { max: MAX_MEASUREMENTS_PER_REQUEST });
    return entries.flatMap((entry, i) => observation(entry, `entry[${i}]`));
  });
  return r.ok ? { ok: true, format: 'FHIR', measurements: r.value } : r;
}
