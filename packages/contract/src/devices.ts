/**
 * Medical devices and wearables (issue 14; H-030…H-032, H-038, H-039; decision H-devices): the device catalogue
 * (Validic search and list, device types), a study's device settings and chosen devices, the gateway's ingestion key,
 * the intake of device data — FHIR R4 Bundles of Observations or Open mHealth data points — from the participant's own
 * session or from a gateway holding the study's key, and a participant's measurements for their site team.
 */
import {
  DEVICE_CONNECTIONS,
  DEVICE_TYPES,
  MAX_MEASUREMENTS_PER_REQUEST,
  SOURCE_FORMATS,
  WEARABLE_SOURCES,
} from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const DeviceTypeSchema = z.enum(DEVICE_TYPES);
const DeviceId = z.string().min(1).max(100);

export const CatalogueDeviceSchema = z.object({
  id: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  types: z.array(DeviceTypeSchema),
  connection: z.enum(DEVICE_CONNECTIONS),
});
export type CatalogueDeviceItem = z.infer<typeof CatalogueDeviceSchema>;

const MeasureSchema = z.object({
  loinc: z.string(),
  display: z.string(),
  unit: z.string(),
  units: z.array(z.string()),
  min: z.number(),
  max: z.number(),
});

export const DeviceTypeInfoSchema = z.object({
  id: DeviceTypeSchema,
  panel: z.object({ loinc: z.string(), display: z.string() }).nullable(),
  measures: z.array(MeasureSchema),
});
export type DeviceTypeInfo = z.infer<typeof DeviceTypeInfoSchema>;

export const WearableSourceInfoSchema = z.object({
  id: z.enum(WEARABLE_SOURCES),
  name: z.string(),
  schemas: z.array(z.string()),
});

export const listDeviceCatalogue = defineEndpoint({
  id: 'listDeviceCatalogue',
  method: 'GET',
  path: '/api/v1/devices/catalogue',
  audience: 'staff',
  permission: 'studies.view',
  summary: 'Validic search and list (H-031): the catalogue’s devices matching a search and a type, a page of 20',
  query: z
    .object({
      search: z.string().trim().max(100).default(''),
      type: DeviceTypeSchema.optional(),
      page: z.coerce.number().int().min(1).max(1000).default(1),
    })
    .strict(),
  response: z.object({
    items: z.array(CatalogueDeviceSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const listDeviceTypes = defineEndpoint({
  id: 'listDeviceTypes',
  method: 'GET',
  path: '/api/v1/devices/types',
  audience: 'staff',
  permission: 'studies.view',
  summary:
    'Validic device types (H-032): each measurement type with its LOINC codes and UCUM units; the wearable sources and the Open mHealth schemas accepted',
  response: z.object({
    types: z.array(DeviceTypeInfoSchema),
    wearableSources: z.array(WearableSourceInfoSchema),
    omhSchemas: z.array(z.object({ name: z.string(), type: DeviceTypeSchema })),
    maxPerRequest: z.number().int(),
  }),
});

const IngestionKeyInfo = z.object({ hint: z.string(), createdAt: z.string() });

export const DeviceSettingsSchema = z.object({
  deviceTypes: z.array(DeviceTypeSchema),
  wearableSources: z.array(z.enum(WEARABLE_SOURCES)),
  ingestionEnabled: z.boolean(),
  /** The study's chosen catalogue devices (H-030). */
  validicDevices: z.array(CatalogueDeviceSchema),
  updatedAt: z.string().nullable(),
  /** The gateway keys of the live and test data spaces: their last characters and when made; null: none yet. */
  ingestionKeys: z.object({ LIVE: IngestionKeyInfo.nullable(), TEST: IngestionKeyInfo.nullable() }),
});
export type DeviceSettings = z.infer<typeof DeviceSettingsSchema>;

export const getStudyDeviceSettings = defineEndpoint({
  id: 'getStudyDeviceSettings',
  method: 'GET',
  path: '/api/v1/studies/:studyId/device-settings',
  audience: 'staff',
  permission: 'studies.view',
  summary: 'The study’s device settings: types collected, wearable sources, chosen devices, ingestion, the key’s hint',
  params: StudyParams,
  response: DeviceSettingsSchema,
});

export const updateStudyDeviceSettings = defineEndpoint({
  id: 'updateStudyDeviceSettings',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/device-settings',
  audience: 'staff',
  permission: 'studies.design',
  summary: 'Change which measurement types and wearable sources the study uses, and whether it accepts device data',
  params: StudyParams,
  body: z
    .object({
      deviceTypes: z.array(DeviceTypeSchema).max(DEVICE_TYPES.length),
      wearableSources: z.array(z.enum(WEARABLE_SOURCES)).max(WEARABLE_SOURCES.length),
      ingestionEnabled: z.boolean(),
    })
    .strict(),
  response: DeviceSettingsSchema,
});

export const getStudyValidicDevices = defineEndpoint({
  id: 'getStudyValidicDevices',
  method: 'GET',
  path: '/api/v1/studies/:studyId/validic-devices',
  audience: 'staff',
  permission: 'studies.view',
  summary: 'Study validic devices (H-030): the catalogue devices the study has chosen',
  params: StudyParams,
  response: z.object({ items: z.array(CatalogueDeviceSchema) }),
});

export const updateStudyValidicDevices = defineEndpoint({
  id: 'updateStudyValidicDevices',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/validic-devices',
  audience: 'staff',
  permission: 'studies.design',
  summary: 'Choose the study’s catalogue devices (H-030): each must measure a type the study collects',
  params: StudyParams,
  body: z.object({ deviceIds: z.array(DeviceId).max(200) }).strict(),
  response: z.object({ items: z.array(CatalogueDeviceSchema) }),
});

export const rotateDeviceIngestionKey = defineEndpoint({
  id: 'rotateDeviceIngestionKey',
  method: 'POST',
  path: '/api/v1/studies/:studyId/device-ingestion-key',
  audience: 'staff',
  permission: 'studies.design',
  summary:
    'Make (or replace) the gateway’s ingestion key of a data space: answered once, kept only as a hash; the old key stops working',
  params: StudyParams,
  body: z.object({ environment: z.enum(['LIVE', 'TEST']) }).strict(),
  response: z.object({
    key: z.string(),
    hint: z.string(),
    createdAt: z.string(),
    environment: z.enum(['LIVE', 'TEST']),
  }),
});

/** FHIR R4 Bundle or Open mHealth data point(s): validated by the domain, which names the failing path. */
const DeviceDataBody = z
  .unknown()
  .describe(
    `A FHIR R4 Bundle (collection, transaction or batch) of Observations, or one Open mHealth data point or an array of them; at most ${MAX_MEASUREMENTS_PER_REQUEST}.`,
  );
const IngestResult = z.object({ stored: z.number().int(), duplicates: z.number().int() });

export const submitParticipantDeviceData = defineEndpoint({
  id: 'submitParticipantDeviceData',
  method: 'POST',
  path: '/api/v1/participant/device-data',
  audience: 'participant',
  summary:
    'The signed-in participant’s device or wearable data: stored once per identifier; 400 names the first failing path',
  body: DeviceDataBody,
  response: IngestResult,
});

export const submitGatewayDeviceData = defineEndpoint({
  id: 'submitGatewayDeviceData',
  method: 'POST',
  path: '/api/v1/studies/:studyId/device-data/:participantCode',
  audience: 'public',
  summary:
    'A gateway’s device data for one participant, with the study’s ingestion key of the data space (Env header) as `token`',
  params: z.object({ studyId: z.string().uuid(), participantCode: z.string().min(1).max(100) }).strict(),
  query: z.object({ token: z.string().max(200).optional() }).strict(),
  body: DeviceDataBody,
  response: IngestResult,
});

export const DeviceMeasurementSchema = z.object({
  id: z.string(),
  type: DeviceTypeSchema,
  code: z.string(),
  value: z.number(),
  unit: z.string(),
  effectiveAt: z.string(),
  effectiveEnd: z.string().nullable(),
  sourceFormat: z.enum(SOURCE_FORMATS),
  sourceName: z.string().nullable(),
  deviceName: z.string().nullable(),
  receivedAt: z.string(),
});
export type DeviceMeasurement = z.infer<typeof DeviceMeasurementSchema>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const listParticipantDeviceData = defineEndpoint({
  id: 'listParticipantDeviceData',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/device-data',
  audience: 'staff',
  permission: 'responses.view',
  summary: 'A participant’s device measurements, newest first, by type and date range (UTC days, both included)',
  params: z.object({ studyId: z.string().uuid(), participantId: z.string().uuid() }).strict(),
  query: z
    .object({
      type: DeviceTypeSchema.optional(),
      from: Day.optional(),
      to: Day.optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(10).max(500).default(100),
    })
    .strict()
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: 'The start date is after the end date.',
      path: ['to'],
    }),
  response: z.object({
    items: z.array(DeviceMeasurementSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
