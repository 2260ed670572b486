/** The answers of the device endpoints the screens read (checked against the contract), and a recorder of calls. */
import {
  type DeviceMeasurement,
  DeviceMeasurementSchema,
  type DeviceSettings,
  DeviceSettingsSchema,
  listDeviceCatalogue,
  listDeviceTypes,
  type ResponseOf,
} from '@trialpath/contract';
import {
  DEVICE_TYPE_DEFS,
  DEVICE_TYPES,
  OMH_SCHEMA_NAMES,
  OMH_SCHEMAS,
  searchDevices,
  WEARABLE_SOURCE_DEFS,
  WEARABLE_SOURCES,
} from '@trialpath/domain';
import { vi } from 'vitest';
import { jsonResponse } from '../../screen-test-setup';

export const S = '99999999-9999-4999-8999-999999999999';
export const P = '77777777-7777-4777-8777-777777777777';
export const SETTINGS_PATH = `/api/v1/studies/${S}/device-settings`;
export const DATA_PATH = `/api/v1/studies/${S}/participants/${P}/device-data`;

export const settingsOf = (over: Partial<DeviceSettings> = {}): DeviceSettings =>
  DeviceSettingsSchema.parse({
    deviceTypes: ['bloodPressure', 'bodyWeight'],
    wearableSources: ['withings'],
    ingestionEnabled: true,
    validicDevices: [
      {
        id: 'omron-bp7000',
        manufacturer: 'Omron',
        model: 'Evolv BP7000',
        types: ['bloodPressure', 'heartRate'],
        connection: 'bluetooth',
      },
    ],
    updatedAt: '2026-03-01T09:00:00.000Z',
    ingestionKeys: { LIVE: { hint: 'x9Qa', createdAt: '2026-03-01T09:00:00.000Z' }, TEST: null },
    ...over,
  });

export const TYPES: ResponseOf<typeof listDeviceTypes> = listDeviceTypes.response.parse({
  types: DEVICE_TYPES.map((id) => ({
    id,
    panel: DEVICE_TYPE_DEFS[id].panel,
    measures: DEVICE_TYPE_DEFS[id].measures.map((m) => ({ ...m, units: Object.keys(m.units) })),
  })),
  wearableSources: WEARABLE_SOURCES.map((id) => ({
    ...WEARABLE_SOURCE_DEFS[id],
    schemas: [...WEARABLE_SOURCE_DEFS[id].schemas],
  })),
  omhSchemas: OMH_SCHEMA_NAMES.map((name) => ({ name, type: OMH_SCHEMAS[name] })),
  maxPerRequest: 1000,
});

/** The catalogue answer for a query, as the server makes it (the domain's search, 20 a page). */
export function catalogueAnswer(query: URLSearchParams): ResponseOf<typeof listDeviceCatalogue> {
  const all = searchDevices({ search: query.get('search') ?? '', type: (query.get('type') as never) ?? null });
  const page = Number(query.get('page') ?? 1);
  return listDeviceCatalogue.response.parse({
    items: all.slice((page - 1) * 20, page * 20).map((d) => ({ ...d, types: [...d.types] })),
    total: all.length,
    page,
    pageSize: 20,
  });
}

export const measurement = (over: Partial<DeviceMeasurement>): DeviceMeasurement =>
  DeviceMeasurementSchema.parse({
    id: crypto.randomUUID(),
    type: 'bloodPressure',
    code: '8480-6',
    value: 128,
    unit: 'mm[Hg]',
    effectiveAt: '2026-03-05T08:30:00.000Z',
    effectiveEnd: null,
    sourceFormat: 'FHIR',
    sourceName: null,
    deviceName: 'Omron Evolv BP7000',
    receivedAt: '2026-03-05T08:31:00.000Z',
    ...over,
  });

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A stubbed API: `answer` gives the response of a call (undefined: 404); every call is recorded. */
export function serve(answer: (c: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path = '', query = ''] = url.split('?');
      const c: Call = {
        method: init?.method ?? 'GET',
        path,
        query: new URLSearchParams(query),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(c);
      if (path === '/api/v1/devices/types') return jsonResponse(TYPES);
      if (path === '/api/v1/devices/catalogue') return jsonResponse(catalogueAnswer(c.query));
      return answer(c) ?? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
  return calls;
}
