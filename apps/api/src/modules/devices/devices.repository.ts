/** The SQL of devices (decision H-devices): study settings, the gateway keys, the measurements received. */
import { sql } from 'kysely';
import { inBatches } from '../../db/batches';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';

export function findDeviceSettings(db: Db, studyId: string) {
  return db.selectFrom('device_settings').selectAll().where('study_id', '=', studyId).executeTakeFirst();
}

export interface SettingsValues {
  deviceTypes: readonly string[];
  wearableSources: readonly string[];
  catalogueDevices: readonly string[];
  ingestionEnabled: boolean;
}

export async function saveDeviceSettings(db: Db, studyId: string, v: SettingsValues, by: string) {
  const values = {
    device_types: [...v.deviceTypes],
    wearable_sources: [...v.wearableSources],
    catalogue_devices: [...v.catalogueDevices],
    ingestion_enabled: v.ingestionEnabled,
    updated_by: by,
    updated_at: new Date(),
  };
  await db
    .insertInto('device_settings')
    .values({ study_id: studyId, ...values })
    .onConflict((oc) => oc.column('study_id').doUpdateSet(values))
    .execute();
}

export function ingestionKeysOf(db: Db, studyId: string) {
  return db
    .selectFrom('device_ingestion_keys')
    .select(['environment', 'key_hint', 'created_at'])
    .where('study_id', '=', studyId)
    .execute();
}

/** Whether this hash is the study's current key of the data space. */
export async function keyMatches(db: Db, studyId: string, environment: Environment, keyHash: string) {
  const row = await db
    .selectFrom('device_ingestion_keys')
    .select('study_id')
    .where('study_id', '=', studyId)
    .where('environment', '=', environment)
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function replaceIngestionKey(
  db: Db,
  v: { studyId: string; environment: Environment; keyHash: string; hint: string; by: string },
) {
  const values = { key_hash: v.keyHash, key_hint: v.hint, created_by: v.by, created_at: new Date() };
  return db
    .insertInto('device_ingestion_keys')
    .values({ study_id: v.studyId, environment: v.environment, ...values })
    .onConflict((oc) => oc.columns(['study_id', 'environment']).doUpdateSet(values))
    .returning(['created_at'])
    .executeTakeFirstOrThrow();
}

/** A participant of the study's data space by code, with the site they are at. */
export function participantByCode(db: Db, studyId: string, environment: Environment, code: string) {
  return db
    .selectFrom('participants')
    .select(['id', 'study_id', 'site_id', 'environment'])
    .where('study_id', '=', studyId)
    .where('environment', '=', environment)
    .where('participant_code', '=', code)
    .executeTakeFirst();
}

export interface MeasurementRow {
  participant_id: string;
  study_id: string;
  site_id: string;
  environment: Environment;
  type: string;
  code: string;
  value: number;
  unit: string;
  effective_at: string;
  effective_end: string | null;
  source_format: 'FHIR' | 'OMH';
  source_name: string | null;
  device_name: string | null;
  external_id: string;
  raw: string;
}

/** Stores the rows not stored before (same participant, format, identifier and code); answers how many were new. */
export async function insertMeasurements(db: Db, rows: readonly MeasurementRow[]): Promise<number> {
  let stored = 0;
  await inBatches(rows, async (batch) => {
    const inserted = await db
      .insertInto('device_measurements')
      .values(batch)
      .onConflict((oc) => oc.columns(['participant_id', 'source_format', 'external_id', 'code']).doNothing())
      .returning('id')
      .execute();
    stored += inserted.length;
  });
  return stored;
}

export interface MeasurementFilter {
  participantId: string;
  environment: Environment;
  type?: string;
  from?: string;
  to?: string;
}

function filtered(db: Db, f: MeasurementFilter) {
  let q = db
    .selectFrom('device_measurements')
    .where('participant_id', '=', f.participantId)
    .where('environment', '=', f.environment);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.from) q = q.where('effective_at', '>=', sql<Date>`(${f.from}::date)::timestamp at time zone 'UTC'`);
  if (f.to) q = q.where('effective_at', '<', sql<Date>`(${f.to}::date + 1)::timestamp at time zone 'UTC'`);
  return q;
}

export async function measurementsOf(db: Db, f: MeasurementFilter, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select([
        'id',
        'type',
        'code',
        'value',
        'unit',
        'effective_at',
        'effective_end',
        'source_format',
        'source_name',
        'device_name',
        'received_at',
      ])
      .orderBy('effective_at', 'desc')
      .orderBy('code')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}
