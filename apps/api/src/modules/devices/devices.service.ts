/**
 * Medical devices and wearables (issue 14; H-030…H-032, H-038, H-039; decision H-devices): the catalogue, a study's
 * device settings and chosen devices (studies.view to read, studies.design to change, each change audited), the
 * gateway's ingestion key (shown once, kept as a SHA-256), and the intake of device data — validated by the domain,
 * stored once per sender identifier, audited once per request — with the reading of a participant's measurements.
 */
import {
  type CatalogueDevice,
  DEVICE_TYPE_DEFS,
  DEVICE_TYPES,
  type DeviceDataProblem,
  type DeviceType,
  deviceById,
  MAX_MEASUREMENTS_PER_REQUEST,
  messageRef,
  type NormalisedMeasurement,
  OMH_SCHEMA_NAMES,
  OMH_SCHEMAS,
  parseDeviceData,
  searchDevices,
  typeNotEnabled,
  WEARABLE_SOURCE_DEFS,
  WEARABLE_SOURCES,
  type WearableSource,
  isDeviceType,
} from '@trialpath/domain';
import { randomBytes } from 'node:crypto';
import type { Environment } from '../../db/schema';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { sha256 } from '../../kernel/hash';
import { requireEditableStudy, requireStudy } from '../access/access.service';
import { visibleParticipant } from '../participants/participant-access.service';
import {
  findDeviceSettings,
  ingestionKeysOf,
  insertMeasurements,
  keyMatches,
  type MeasurementRow,
  measurementsOf,
  participantByCode,
  replaceIngestionKey,
  saveDeviceSettings,
  type SettingsValues,
} from './devices.repository';

const CATALOGUE_PAGE_SIZE = 20;

/** A catalogue device as the contract has it (its own copy of the types). */
const plainDevice = (d: CatalogueDevice) => ({ ...d, types: [...d.types] });

// ── the catalogue (H-031, H-032) ────────────────────────────────────────────────────────────────

export function catalogueList(input: { search: string; type?: DeviceType; page: number }) {
  const all = searchDevices({ search: input.search, type: input.type ?? null });
  const start = (input.page - 1) * CATALOGUE_PAGE_SIZE;
  return {
    items: all.slice(start, start + CATALOGUE_PAGE_SIZE).map(plainDevice),
    total: all.length,
    page: input.page,
    pageSize: CATALOGUE_PAGE_SIZE,
  };
}

export function deviceTypes() {
  return {
    types: DEVICE_TYPES.map((id) => {
      const t = DEVICE_TYPE_DEFS[id];
      return { id, panel: t.panel, measures: t.measures.map((m) => ({ ...m, units: Object.keys(m.units) })) };
    }),
    wearableSources: WEARABLE_SOURCES.map((id) => ({
      ...WEARABLE_SOURCE_DEFS[id],
      schemas: [...WEARABLE_SOURCE_DEFS[id].schemas],
    })),
    omhSchemas: OMH_SCHEMA_NAMES.map((name) => ({ name, type: OMH_SCHEMAS[name] })),
    maxPerRequest: MAX_MEASUREMENTS_PER_REQUEST,
  };
}

// ── a study's settings (H-030, H-038, H-039) ────────────────────────────────────────────────────

type SettingsRow = NonNullable<Awaited<ReturnType<typeof findDeviceSettings>>>;

/** The stored settings, ignoring values a later catalogue no longer knows. */
function valuesOf(row: SettingsRow | undefined): SettingsValues {
  return {
    deviceTypes: (row?.device_types ?? []).filter(isDeviceType),
    wearableSources: (row?.wearable_sources ?? []).filter((s): s is WearableSource =>
      (WEARABLE_SOURCES as readonly string[]).includes(s),
    ),
    catalogueDevices: (row?.catalogue_devices ?? []).filter((id) => deviceById(id) !== undefined),
    ingestionEnabled: row?.ingestion_enabled ?? false,
  };
}

const devicesOf = (ids: readonly string[]) => ids.map((id) => plainDevice(deviceById(id)!));

async function settingsAnswer(ctx: ServiceCtx, studyId: string) {
  const row = await findDeviceSettings(ctx.db, studyId);
  const v = valuesOf(row);
  const keys = await ingestionKeysOf(ctx.db, studyId);
  const keyOf = (env: Environment) => {
    const k = keys.find((x) => x.environment === env);
    return k ? { hint: k.key_hint, createdAt: k.created_at.toISOString() } : null;
  };
  return {
    deviceTypes: v.deviceTypes as DeviceType[],
    wearableSources: v.wearableSources as WearableSource[],
    ingestionEnabled: v.ingestionEnabled,
    validicDevices: devicesOf(v.catalogueDevices),
    updatedAt: row ? row.updated_at.toISOString() : null,
    ingestionKeys: { LIVE: keyOf('LIVE'), TEST: keyOf('TEST') },
  };
}

export async function studyDeviceSettings(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudy(ctx, input.studyId);
  return settingsAnswer(ctx, input.studyId);
}

async function changeSettings(ctx: ServiceCtx, studyId: string, change: (v: SettingsValues) => SettingsValues) {
  await requireEditableStudy(ctx, studyId);
  const before = valuesOf(await findDeviceSettings(ctx.db, studyId));
  const after = change(before);
  await saveDeviceSettings(ctx.db, studyId, after, ctx.staff().userId);
  ctx.audit({ action: 'device.settings.update', entityType: 'study', entityId: studyId, before, after });
}

export async function updateDeviceSettings(
  ctx: ServiceCtx,
  input: { studyId: string; deviceTypes: DeviceType[]; wearableSources: WearableSource[]; ingestionEnabled: boolean },
) {
  await changeSettings(ctx, input.studyId, (v) => ({
    ...v,
    deviceTypes: DEVICE_TYPES.filter((t) => input.deviceTypes.includes(t)),
    wearableSources: WEARABLE_SOURCES.filter((s) => input.wearableSources.includes(s)),
    ingestionEnabled: input.ingestionEnabled,
  }));
  return settingsAnswer(ctx, input.studyId);
}

export async function studyValidicDevices(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudy(ctx, input.studyId);
  return { items: devicesOf(valuesOf(await findDeviceSettings(ctx.db, input.studyId)).catalogueDevices) };
}

/** Each chosen device must be in the catalogue and measure a type the study collects (the field names which one). */
export async function chooseValidicDevices(ctx: ServiceCtx, input: { studyId: string; deviceIds: string[] }) {
  const ids = [...new Set(input.deviceIds)];
  await changeSettings(ctx, input.studyId, (v) => {
    ids.forEach((id, i) => {
      const device = deviceById(id);
      const key = !device
        ? 'devices.unknownDevice'
        : device.types.some((t) => v.deviceTypes.includes(t))
          ? null
          : 'devices.deviceTypeOff';
      if (key) {
        const ref = messageRef(key, { id });
        throw fail('VALIDATION_FAILED', undefined, { message: ref, fields: { [`deviceIds.${i}`]: [ref] } });
      }
    });
    return { ...v, catalogueDevices: ids };
  });
  return { items: devicesOf(ids) };
}

// ── the gateway's key ───────────────────────────────────────────────────────────────────────────

/** A new key of the data space; the previous one stops working. Only its hash and last characters are kept. */
export async function rotateIngestionKey(ctx: ServiceCtx, input: { studyId: string; environment: Environment }) {
  await requireEditableStudy(ctx, input.studyId);
  const key = `tpdk_${randomBytes(32).toString('base64url')}`;
  const hint = key.slice(-4);
  const { created_at } = await replaceIngestionKey(ctx.db, {
    studyId: input.studyId,
    environment: input.environment,
    keyHash: sha256(key),
    hint,
    by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'device.key.rotate',
    entityType: 'study',
    entityId: input.studyId,
    after: { environment: input.environment, hint },
  });
  return { key, hint, createdAt: created_at.toISOString(), environment: input.environment };
}

// ── intake ──────────────────────────────────────────────────────────────────────────────────────

/** A refused body: 400 with the catalogue message and the failing path (details and fieldErrors). */
function refused(p: DeviceDataProblem) {
  const ref = messageRef(p.key, p.params);
  return fail('VALIDATION_FAILED', undefined, { message: ref, details: { path: p.path }, fields: { [p.path]: [ref] } });
}

/** The sender's identifier, or one made from the content, so that sending the same data again stores nothing. */
function externalId(m: NormalisedMeasurement): string {
  if (m.identifier) return m.identifier;
  const { code, value, unit, effectiveAt, effectiveEnd, sourceName, deviceName } = m;
  return `sha256:${sha256(JSON.stringify([code, value, unit, effectiveAt, effectiveEnd, sourceName, deviceName]))}`;
}

interface Recipient {
  id: string;
  study_id: string;
  site_id: string;
  environment: Environment;
}

async function ingest(ctx: ServiceCtx, p: Recipient, body: unknown, via: 'participant' | 'gateway') {
  const settings = valuesOf(await findDeviceSettings(ctx.db, p.study_id));
  if (!settings.ingestionEnabled) throw fail('FORBIDDEN', undefined, { message: messageRef('devices.ingestionOff') });
  const parsed = parseDeviceData(body);
  if (!parsed.ok) throw refused(parsed.problem);
  const off = typeNotEnabled(parsed.measurements, settings.deviceTypes as DeviceType[]);
  if (off) throw refused(off);
  const rows: MeasurementRow[] = parsed.measurements.map((m) => ({
    participant_id: p.id,
    study_id: p.study_id,
    site_id: p.site_id,
    environment: p.environment,
    type: m.type,
    code: m.code,
    value: m.value,
    unit: m.unit,
    effective_at: m.effectiveAt,
    effective_end: m.effectiveEnd,
    source_format: parsed.format,
    source_name: m.sourceName,
    device_name: m.deviceName,
    external_id: externalId(m),
    raw: JSON.stringify(m.raw),
  }));
  const stored = await insertMeasurements(ctx.db, rows);
  const duplicates = rows.length - stored;
  ctx.audit({
    action: 'device.data.ingest',
    entityType: 'participant',
    entityId: p.id,
    after: {
      via,
      format: parsed.format,
      stored,
      duplicates,
      types: [...new Set(parsed.measurements.map((m) => m.type))],
      sources: [...new Set(parsed.measurements.map((m) => m.sourceName ?? m.deviceName).filter(Boolean))],
    },
  });
  return { stored, duplicates };
}

/** The signed-in participant's own data, in their own data space. */
export function participantDeviceData(ctx: ServiceCtx, body: unknown) {
  const me = ctx.participant();
  return ingest(
    ctx,
    { id: me.participantId, study_id: me.studyId, site_id: me.siteId, environment: me.environment },
    body,
    'participant',
  );
}

/**
 * A gateway's data: the key of the study's data space (the Env header's) first — a wrong or missing key is refused the
 * same whoever the participant — then the participant by code in that data space.
 */
export async function gatewayDeviceData(
  ctx: ServiceCtx,
  input: { studyId: string; participantCode: string; token?: string; body: unknown },
) {
  const valid = input.token ? await keyMatches(ctx.db, input.studyId, ctx.env, sha256(input.token)) : false;
  if (!valid) throw fail('UNAUTHENTICATED', undefined, { message: messageRef('devices.keyInvalid') });
  const p = await participantByCode(ctx.db, input.studyId, ctx.env, input.participantCode);
  if (!p) throw fail('NOT_FOUND', undefined, { message: messageRef('devices.participantUnknown') });
  return ingest(ctx, p, input.body, 'gateway');
}

// ── reading ─────────────────────────────────────────────────────────────────────────────────────

/** A participant's measurements for a staff member who may see them (study, site, data access type, data space). */
export async function participantMeasurements(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    participantId: string;
    type?: DeviceType;
    from?: string;
    to?: string;
    page: number;
    pageSize: number;
  },
) {
  const access = await requireStudy(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const { rows, total } = await measurementsOf(
    ctx.db,
    { participantId: p.id, environment: ctx.env, type: input.type, from: input.from, to: input.to },
    { limit: input.pageSize, offset: (input.page - 1) * input.pageSize },
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type as DeviceType,
      code: r.code,
      value: r.value,
      unit: r.unit,
      effectiveAt: r.effective_at.toISOString(),
      effectiveEnd: r.effective_end?.toISOString() ?? null,
      sourceFormat: r.source_format,
      sourceName: r.source_name,
      deviceName: r.device_name,
      receivedAt: r.received_at.toISOString(),
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}
