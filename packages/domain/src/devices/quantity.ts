/** One measure's value and unit checked against the catalogue, and converted to its canonical unit. */
import { type MeasureDef, toCanonical } from './types';
import { numberAt, problem } from './measurement';

/** The value in the canonical unit, or the problem at the unit's or the value's path. */
export function canonicalValue(
  measure: MeasureDef,
  value: unknown,
  unit: unknown,
  paths: { value: string; unit: string },
): number {
  const units = Object.keys(measure.units);
  if (typeof unit !== 'string' || !units.includes(unit))
    problem(paths.unit, 'devices.unit', { code: measure.loinc, units: units.join(', ') });
  const n = numberAt(value, paths.value);
  const canonical = toCanonical(measure, n, unit as string)!;
  if (canonical < measure.min || canonical > measure.max)
    problem(paths.value, 'devices.range', {
      value: canonical,
      unit: measure.unit,
      code: measure.loinc,
      min: measure.min,
      max: measure.max,
    });
  return canonical;
}
