/**
 * The device catalogue (H-030…H-032; decision H-devices): medical devices and wearable sources a study can choose.
 * Real, marketed products, named as their makers name them, each with the measurement types it reports and how its
 * data reaches us — by Bluetooth to the participant's phone (an app or gateway forwards it), or from the maker's
 * cloud. This is our own list, the part of an aggregator such as Validic a study needs (which devices, which data);
 * no outside service is asked. Ids are stable: studies store them.
 */
import type { DeviceType } from './types';

export const DEVICE_CONNECTIONS = ['bluetooth', 'cloud'] as const;
export type DeviceConnection = (typeof DEVICE_CONNECTIONS)[number];

export interface CatalogueDevice {
  id: string;
  manufacturer: string;
  model: string;
  types: readonly DeviceType[];
  connection: DeviceConnection;
}

const d = (
  id: string,
  manufacturer: string,
  model: string,
  types: readonly DeviceType[],
  connection: DeviceConnection,
): CatalogueDevice => ({ id, manufacturer, model, types, connection });

/** In the order of the catalogue screen: by manufacturer, then model. */
export const DEVICE_CATALOGUE: readonly CatalogueDevice[] = [
  d('and-ua-651ble', 'A&D Medical', 'UA-651BLE Blood Pressure Monitor', ['bloodPressure', 'heartRate'], 'bluetooth'),
  d('and-uc-352ble', 'A&D Medical', 'UC-352BLE Weight Scale', ['bodyWeight'], 'bluetooth'),
  d('abbott-freestyle-libre-3', 'Abbott', 'FreeStyle Libre 3 (LibreView)', ['bloodGlucose'], 'cloud'),
  d('ascensia-contour-next-one', 'Ascensia', 'Contour Next One', ['bloodGlucose'], 'bluetooth'),
  d('dexcom-g7', 'Dexcom', 'G7 CGM (Dexcom Clarity)', ['bloodGlucose'], 'cloud'),
  d('fitbit-charge-6', 'Fitbit', 'Charge 6', ['steps', 'heartRate', 'sleepDuration', 'oxygenSaturation'], 'cloud'),
  d(
    'garmin-vivosmart-5',
    'Garmin',
    'vívosmart 5',
    ['steps', 'heartRate', 'sleepDuration', 'oxygenSaturation'],
    'cloud',
  ),
  d('ihealth-air-po3m', 'iHealth', 'Air PO3M Pulse Oximeter', ['oxygenSaturation', 'heartRate'], 'bluetooth'),
  d(
    'ihealth-track-kn550bt',
    'iHealth',
    'Track KN-550BT Blood Pressure Monitor',
    ['bloodPressure', 'heartRate'],
    'bluetooth',
  ),
  d(
    'masimo-mightysat-rx',
    'Masimo',
    'MightySat Rx Fingertip Pulse Oximeter',
    ['oxygenSaturation', 'heartRate'],
    'bluetooth',
  ),
  d('mir-spirobank-smart', 'MIR', 'Spirobank Smart', ['spirometry'], 'bluetooth'),
  d('nonin-3230', 'Nonin', '3230 Bluetooth Finger Pulse Oximeter', ['oxygenSaturation', 'heartRate'], 'bluetooth'),
  d('nuvoair-air-next', 'NuvoAir', 'Air Next Spirometer', ['spirometry'], 'bluetooth'),
  d('omron-bp5450', 'Omron', 'Platinum BP5450', ['bloodPressure', 'heartRate'], 'bluetooth'),
  d('omron-bp7000', 'Omron', 'Evolv BP7000', ['bloodPressure', 'heartRate'], 'bluetooth'),
  d('omron-bcm-500', 'Omron', 'BCM-500 Body Composition Monitor', ['bodyWeight'], 'bluetooth'),
  d('oura-ring-gen3', 'Oura', 'Oura Ring Gen3', ['sleepDuration', 'heartRate', 'bodyTemperature', 'steps'], 'cloud'),
  d('roche-accu-chek-guide', 'Roche', 'Accu-Chek Guide', ['bloodGlucose'], 'bluetooth'),
  d('withings-body-plus', 'Withings', 'Body+', ['bodyWeight'], 'cloud'),
  d('withings-bpm-connect', 'Withings', 'BPM Connect', ['bloodPressure', 'heartRate'], 'cloud'),
  d(
    'withings-scanwatch-2',
    'Withings',
    'ScanWatch 2',
    ['heartRate', 'steps', 'sleepDuration', 'oxygenSaturation', 'bodyTemperature'],
    'cloud',
  ),
  d('withings-thermo', 'Withings', 'Thermo', ['bodyTemperature'], 'cloud'),
];

export const deviceById = (id: string): CatalogueDevice | undefined => DEVICE_CATALOGUE.find((x) => x.id === id);

/** Lowercase, without accents: "vivosmart" finds "vívosmart". */
const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The catalogue's devices matching a search (manufacturer or model, any word order) and a type, in catalogue order. */
export function searchDevices(input: { search?: string; type?: DeviceType | null }): CatalogueDevice[] {
  const words = folded(input.search ?? '')
    .split(/\s+/)
    .filter(Boolean);
  return DEVICE_CATALOGUE.filter((x) => {
    if (input.type && !x.types.includes(input.type)) return false;
    const text = folded(`${x.manufacturer} ${x.model}`);
    return words.every((w) => text.includes(w));
  });
}

// ── wearable sources (H-039): platforms whose data arrive as Open mHealth data points ─────────────────

export const WEARABLE_SOURCES = ['appleHealth', 'healthConnect', 'fitbit', 'garmin', 'withings', 'oura'] as const;
export type WearableSource = (typeof WEARABLE_SOURCES)[number];

export interface WearableSourceDef {
  id: WearableSource;
  name: string;
  /** The Open mHealth schemas this platform's data map to. */
  schemas: readonly OmhSchemaName[];
}

/**
 * The Open mHealth schemas accepted (omh namespace; openmhealth.org/documentation/#/schema-docs/schema-library),
 * with the measurement type each one is stored as.
 */
export const OMH_SCHEMAS = {
  'blood-pressure': 'bloodPressure',
  'body-weight': 'bodyWeight',
  'heart-rate': 'heartRate',
  'step-count': 'steps',
  'body-temperature': 'bodyTemperature',
  'oxygen-saturation': 'oxygenSaturation',
  'blood-glucose': 'bloodGlucose',
  'sleep-duration': 'sleepDuration',
} as const satisfies Record<string, DeviceType>;
export type OmhSchemaName = keyof typeof OMH_SCHEMAS;
export const OMH_SCHEMA_NAMES = Object.keys(OMH_SCHEMAS) as OmhSchemaName[];

const ALL_OMH = OMH_SCHEMA_NAMES;
export const WEARABLE_SOURCE_DEFS: Readonly<Record<WearableSource, WearableSourceDef>> = {
  appleHealth: { id: 'appleHealth', name: 'Apple Health', schemas: ALL_OMH },
  healthConnect: { id: 'healthConnect', name: 'Google Health Connect', schemas: ALL_OMH },
  fitbit: {
    id: 'fitbit',
    name: 'Fitbit',
    schemas: ['heart-rate', 'step-count', 'sleep-duration', 'body-weight', 'oxygen-saturation'],
  },
  garmin: {
    id: 'garmin',
    name: 'Garmin Connect',
    schemas: ['heart-rate', 'step-count', 'sleep-duration', 'oxygen-saturation'],
  },
  withings: {
    id: 'withings',
    name: 'Withings Health Mate',
    schemas: ['blood-pressure', 'body-weight', 'heart-rate', 'step-count', 'sleep-duration', 'body-temperature'],
  },
  oura: { id: 'oura', name: 'Oura', schemas: ['heart-rate', 'step-count', 'sleep-duration', 'body-temperature'] },
};
