/** Medical devices and wearables (issue 14; decision H-devices): settings, ingestion keys, measurements. */
import type { Generated } from 'kysely';
import type { Environment, Json, NullableTimestamp, Timestamp } from './columns';

export interface DeviceSettingsTable {
  study_id: string;
  device_types: string[];
  wearable_sources: string[];
  catalogue_devices: string[];
  ingestion_enabled: boolean;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface DeviceIngestionKeysTable {
  study_id: string;
  environment: Environment;
  key_hash: string;
  key_hint: string;
  created_by: string;
  created_at: Generated<Date>;
}

export interface DeviceMeasurementsTable {
  id: Generated<string>;
  participant_id: string;
  study_id: string;
  site_id: string;
  environment: Environment;
  type: string;
  code: string;
  value: number;
  unit: string;
  effective_at: Timestamp;
  effective_end: NullableTimestamp;
  source_format: 'FHIR' | 'OMH';
  source_name: string | null;
  device_name: string | null;
  external_id: string;
  received_at: Generated<Date>;
  raw: Json;
}
