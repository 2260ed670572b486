/** Medical devices and wearables (issue 14; decision H-devices): the catalogue and the validation of their data. */
export * from './types';
export * from './catalogue';
export {
  MAX_MEASUREMENTS_PER_REQUEST,
  type DeviceDataProblem,
  type DeviceDataResult,
  type DeviceMessageKey,
  type NormalisedMeasurement,
  SOURCE_FORMATS,
  type SourceFormat,
} from './measurement';
export { parseFhirBundle } from './fhir';
export { parseOmhDataPoints } from './omh';
export { parseDeviceData, typeNotEnabled } from './ingest';
export { sampleFhirBundle, sampleOmhBloodPressure } from './examples';
