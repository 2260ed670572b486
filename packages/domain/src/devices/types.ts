/**
 * The device catalogue's measurement types (issue 14; H-030…H-032, H-038, H-039; decision H-devices): what each
 * kind of device reports, as LOINC codes with their UCUM units. Each measure has one canonical unit, the one stored;
 * the other accepted units convert to it. Codes and units from LOINC (loinc.org) and the FHIR R4 vital-signs profiles
 * (hl7.org/fhir/R4/observation-vitalsigns.html), which use the same codes and UCUM units.
 */

export const DEVICE_TYPES = [
  'bloodPressure',
  'bodyWeight',
  'bloodGlucose',
  'oxygenSaturation',
  'heartRate',
  'steps',
  'bodyTemperature',
  'sleepDuration',
  'spirometry',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const isDeviceType = (v: unknown): v is DeviceType =>
  typeof v === 'string' && (DEVICE_TYPES as readonly string[]).includes(v);

/** A unit accepted for a measure: value × factor + offset is the value in the canonical unit. */
export interface AcceptedUnit {
  factor: number;
  offset?: number;
}

/** One LOINC-coded quantity a device reports. */
export interface MeasureDef {
  loinc: string;
  /** LOINC's display name. */
  display: string;
  /** The UCUM code stored. */
  unit: string;
  /** Every UCUM code accepted (the canonical one included), with its conversion. */
  units: Readonly<Record<string, AcceptedUnit>>;
  /** The plausible range in the canonical unit: anything outside is a device or transcription error. */
  min: number;
  max: number;
}

export interface DeviceTypeDef {
  id: DeviceType;
  /**
   * A panel (blood pressure): one observation of this LOINC code whose components carry the measures (the FHIR
   * vital-signs blood pressure profile). Null: each measure is an observation of its own code.
   */
  panel: { loinc: string; display: string } | null;
  measures: readonly MeasureDef[];
}

const same = { factor: 1 } as const;
const mmHg = { 'mm[Hg]': same } as const;

export const DEVICE_TYPE_DEFS: Readonly<Record<DeviceType, DeviceTypeDef>> = {
  bloodPressure: {
    id: 'bloodPressure',
    panel: { loinc: '85354-9', display: 'Blood pressure panel with all children optional' },
    measures: [
      { loinc: '8480-6', display: 'Systolic blood pressure', unit: 'mm[Hg]', units: mmHg, min: 40, max: 300 },
      { loinc: '8462-4', display: 'Diastolic blood pressure', unit: 'mm[Hg]', units: mmHg, min: 20, max: 200 },
    ],
  },
  bodyWeight: {
    id: 'bodyWeight',
    panel: null,
    measures: [
      {
        loinc: '29463-7',
        display: 'Body weight',
        unit: 'kg',
        units: {
          kg: same,
          g: { factor: 0.001 },
          '[lb_av]': { factor: 0.45359237 },
          '[oz_av]': { factor: 0.028349523125 },
        },
        min: 0.2,
        max: 700,
      },
    ],
  },
  bloodGlucose: {
    id: 'bloodGlucose',
    panel: null,
    measures: [
      {
        loinc: '2339-0',
        display: 'Glucose [Mass/volume] in Blood',
        unit: 'mg/dL',
        // glucose 180.156 g/mol: 1 mmol/L = 18.0156 mg/dL
        units: { 'mg/dL': same, 'mmol/L': { factor: 18.0156 } },
        min: 10,
        max: 1000,
      },
    ],
  },
  oxygenSaturation: {
    id: 'oxygenSaturation',
    panel: null,
    measures: [
      {
        loinc: '59408-5',
        display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
        unit: '%',
        units: { '%': same },
        min: 50,
        max: 100,
      },
    ],
  },
  heartRate: {
    id: 'heartRate',
    panel: null,
    measures: [{ loinc: '8867-4', display: 'Heart rate', unit: '/min', units: { '/min': same }, min: 20, max: 300 }],
  },
  steps: {
    id: 'steps',
    panel: null,
    measures: [
      {
        loinc: '55423-8',
        display: 'Number of steps in unspecified time Pedometer',
        unit: '{steps}',
        units: { '{steps}': same, '1': same },
        min: 0,
        max: 200_000,
      },
    ],
  },
  bodyTemperature: {
    id: 'bodyTemperature',
    panel: null,
    measures: [
      {
        loinc: '8310-5',
        display: 'Body temperature',
        unit: 'Cel',
        units: { Cel: same, '[degF]': { factor: 5 / 9, offset: -32 * (5 / 9) }, K: { factor: 1, offset: -273.15 } },
        min: 25,
        max: 45,
      },
    ],
  },
  sleepDuration: {
    id: 'sleepDuration',
    panel: null,
    measures: [
      {
        loinc: '93832-4',
        display: 'Sleep duration',
        unit: 'h',
        units: { h: same, min: { factor: 1 / 60 }, s: { factor: 1 / 3600 } },
        min: 0,
        max: 24,
      },
    ],
  },
  spirometry: {
    id: 'spirometry',
    panel: null,
    measures: [
      {
        loinc: '20150-9',
        display: 'FEV1',
        unit: 'L',
        units: { L: same, mL: { factor: 0.001 } },
        min: 0.1,
        max: 10,
      },
      {
        loinc: '19870-5',
        display: 'Forced vital capacity [Volume] Respiratory system by Spirometry',
        unit: 'L',
        units: { L: same, mL: { factor: 0.001 } },
        min: 0.1,
        max: 12,
      },
      {
        loinc: '19935-6',
        display: 'Maximum expiratory gas flow Respiratory system airway by Peak flow meter',
        unit: 'L/min',
        units: { 'L/min': same, 'L/s': { factor: 60 } },
        min: 30,
        max: 1000,
      },
    ],
  },
};

/** The type and measure of a LOINC code: a measure's own code, or a panel's code (measure null). */
export function measureOfCode(code: string): { type: DeviceTypeDef; measure: MeasureDef | null } | null {
  for (const type of Object.values(DEVICE_TYPE_DEFS)) {
    if (type.panel?.loinc === code) return { type, measure: null };
    const measure = type.measures.find((m) => m.loinc === code);
    if (measure) return { type, measure };
  }
  return null;
}

/** The value in the measure's canonical unit, rounded to 4 decimals (unit conversions are not exact). */
export function toCanonical(measure: MeasureDef, value: number, unit: string): number | null {
  const u = Object.hasOwn(measure.units, unit) ? measure.units[unit] : undefined;
  if (!u) return null;
  return Math.round((value * u.factor + (u.offset ?? 0)) * 10_000) / 10_000;
}
