/**
 * EDC: site staff enter data capture forms (issue 12; E-012, E-013; decision E-edc): the participant's scheduled and
 * unscheduled site forms; incomplete and complete saves checked by the domain's rules per field; a reason for change
 * for every change to a saved value, with the old value kept in the audit items; the investigator's password
 * signature, cleared by a later change; entry and site data locks; access, blinding, data spaces and concurrency.
 */
import {
  assignParticipantVersion,
  createActivity,
  getActivityRevision,
  getSiteForm,
  getSiteFormTrail,
  listSiteForms,
  getSiteDataLock,
  lockSiteData,
  lockSiteForm,
  saveActivityRevision,
  saveSiteForm,
  signSiteForm,
  startUnscheduledSiteForm,
  triggerDayZero,
  unlockSiteData,
  unlockSiteForm,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystemContext } from '../src/kernel/context';
import { runDueScheduleJobs } from '../src/modules/schedules/schedules.job';
import { auditActions, call, createTestApp, DEMO_PASSWORD, idOf, staffAccess, type TestApp } from './helpers';
import { scheduleFixtures } from './schedule-fixtures';

const VITALS_QUESTIONS = [
  {
    id: 'q1',
    identifier: 'weight',
    type: 'Number',
    body: { en: 'Weight (kg)' },
    constraints: { min: 20, max: 300, softMax: 200 },
  },
  { id: 'q2', identifier: 'notes', type: 'Text', body: { en: 'Notes' }, optional: true },
  // the treatment kit given: unblinding data
  { id: 'q3', identifier: 'kit', type: 'Text', body: { en: 'Kit number' }, optional: true, unblindedOnly: true },
];
const AE_QUESTIONS = [{ id: 'q1', identifier: 'term', type: 'Text', body: { en: 'Adverse event' } }];

let t: TestApp;
let demo: string;
let participant: string;
let vitals: string;
let adverse: string;
let versionId: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp(
    process.env.DEBUG_LOG ? { logLevel: 'error' } : {},
    process.env.DEBUG_LOG ? process.stderr : undefined,
  );
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  participant = await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0001' });
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo', 'pi.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
  const admin = tokens.studyadmin!;
  const make = async (identifier: string, questions: unknown[]) => {
    const a = (
      await call(t.app, createActivity, {
        token: admin,
        body: { studyId: demo, kind: 'dataCaptureForm', identifier, title: { en: identifier } },
      })
    ).json;
    const params = { activityId: a.id, revisionId: a.latest.id };
    const def = (await call(t.app, getActivityRevision, { token: admin, params })).json;
    const saved = await call(t.app, saveActivityRevision, {
      token: admin,
      params,
      body: { lockVersion: def.lockVersion, definition: { ...def.definition, questions } },
    });
    expect(saved.status).toBe(200);
    return a as { id: string; latest: { id: string } };
  };
  const fx = scheduleFixtures(t, demo, admin);
  const v = await make('VITALS', VITALS_QUESTIONS);
  const ae = await make('AE', AE_QUESTIONS);
  vitals = v.id;
  adverse = ae.id;
  await fx.saveSection('studyActivities', { items: [v, ae].map((a) => ({ id: a.id, revisionId: a.latest.id })) });
  await fx.saveSection('schedule', {
    milestones: [],
    packets: [{ id: 'visit', name: { en: 'Visit 1' }, activityIds: [v.id] }],
    schedules: [{ id: 'visit-2', target: { kind: 'packet', packetId: 'visit' }, startDay: 2 }],
  });
  versionId = await fx.publish();
  const params = { studyId: demo, participantId: participant };
  const crc = tokens['crc.demo'];
  expect(
    (await call(t.app, assignParticipantVersion, { token: crc, params, body: { versionId, reason: 'Enrolled' } }))
      .status,
  ).toBe(200);
  const today = new Date().toISOString().slice(0, 10);
  await call(t.app, triggerDayZero, { token: crc, params, body: { date: today, timeZone: 'UTC' } });
  await runDueScheduleJobs(t.platform);
});
afterAll(() => t?.close());

const params = (extra: Record<string, string> = {}) => ({ studyId: demo, participantId: participant, ...extra });
const list = (token = 'crc.demo') => call(t.app, listSiteForms, { token: tokens[token], params: params() });
async function visitKey() {
  const r = await list();
  expect(r.status).toBe(200);
  return r.json.items.find((i: { activityId: string }) => i.activityId === vitals).key as string;
}
const read = (entryKey: string, token = 'crc.demo') =>
  call(t.app, getSiteForm, { token: tokens[token], params: params({ entryKey }) });
const save = (entryKey: string, body: Record<string, unknown>, token = 'crc.demo') =>
  call(t.app, saveSiteForm, { token: tokens[token], params: params({ entryKey }), body });
/** Save over the entry as it now stands. */
async function saveNow(entryKey: string, body: Record<string, unknown>, token = 'crc.demo') {
  const current = await read(entryKey, token);
  return save(entryKey, { expectedUpdatedAt: current.json.updatedAt, ...body }, token);
}

describe('the participant’s site forms (E-012, E-013)', () => {
  it('lists the scheduled form of the visit packet, not started, and the forms that can be started unscheduled', async () => {
    const r = await list();
    expect(r.json.items).toEqual([
      expect.objectContaining({
        activityId: vitals,
        activityIdentifier: 'VITALS',
        scheduled: true,
        packetId: 'visit',
        startDay: 2,
        status: 'NOT_STARTED',
        entryId: null,
        locked: false,
        signature: null,
      }),
    ]);
    expect(r.json.unscheduledForms.map((f: { identifier: string }) => f.identifier).sort()).toEqual(['AE', 'VITALS']);
    expect(r.json.may).toEqual({ enter: true, sign: false, lock: false });
    expect((await list('pi.demo')).json.may).toEqual({ enter: true, sign: true, lock: true });
  });

  it('starts an unscheduled form and enters it; only data capture forms of the version can be started', async () => {
    const started = await call(t.app, startUnscheduledSiteForm, {
      token: tokens['crc.demo'],
      params: params(),
      body: { activityId: adverse },
    });
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({ scheduled: false, status: 'NOT_STARTED', taskId: null });
    const key = started.json.key;
    expect(key).toBe(started.json.entryId);
    const saved = await save(key, {
      answers: { term: { answer: 'Headache' } },
      complete: true,
      expectedUpdatedAt: started.json.updatedAt,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.status).toBe('COMPLETED');
    const items = (await list()).json.items;
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ key, scheduled: false, status: 'COMPLETED', activityIdentifier: 'AE' });
    const refused = await call(t.app, startUnscheduledSiteForm, {
      token: tokens['crc.demo'],
      params: params(),
      body: { activityId: 'not-a-form' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors.activityId[0]).toMatch(/data capture forms/);
  });
});

describe('saving a site form', () => {
  it('saves incomplete without the required answers, and keeps the form status in step', async () => {
    const key = await visitKey();
    const r = await save(key, { answers: { notes: { answer: 'Fasting' } }, complete: false, expectedUpdatedAt: null });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'IN_PROGRESS', answers: { notes: { answer: 'Fasting' } } });
    expect((await list()).json.items[0]).toMatchObject({
      status: 'IN_PROGRESS',
      updated: { name: expect.any(String) },
    });
    const formStatus = await t.db
      .selectFrom('participant_form_statuses')
      .select('status')
      .where('participant_id', '=', participant)
      .executeTakeFirstOrThrow();
    expect(formStatus.status).toBe('IN_PROGRESS');
  });

  it('an incomplete save still refuses a value that breaks its type, per field, and keeps nothing', async () => {
    const key = await visitKey();
    const r = await save(key, { answers: { weight: { answer: '900' } }, complete: false, expectedUpdatedAt: null });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('Some answers break the rules of their question. Nothing was saved.');
    expect(Object.keys(r.json.fieldErrors)).toEqual(['weight']);
    expect((await read(key)).json.entryId).toBeNull();
  });

  it('a complete save names every missing or wrong answer; a valid one completes the form', async () => {
    const key = await visitKey();
    const missing = await save(key, { answers: { notes: { answer: 'x' } }, complete: true, expectedUpdatedAt: null });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/not complete/);
    expect(missing.json.fieldErrors.weight).toEqual([expect.any(String)]);
    const done = await save(key, { answers: { weight: { answer: '250' } }, complete: true, expectedUpdatedAt: null });
    expect(done.status).toBe(200);
    expect(done.json.status).toBe('COMPLETED');
    // above the soft maximum: kept, with a warning
    expect(Object.keys(done.json.warnings)).toEqual(['weight']);
  });

  it('a change to a saved value needs a reason; the old value stays in the audit items with the reason', async () => {
    const key = await visitKey();
    await save(key, { answers: { weight: { answer: '70' } }, complete: true, expectedUpdatedAt: null });
    // adding a first value needs no reason
    const added = await saveNow(key, {
      answers: { weight: { answer: '70' }, notes: { answer: 'ok' } },
      complete: true,
    });
    expect(added.status).toBe(200);
    const without = await saveNow(key, {
      answers: { weight: { answer: '72' }, notes: { answer: 'ok' } },
      complete: true,
    });
    expect(without.status).toBe(400);
    expect(without.json.code).toBe('REASON_REQUIRED');
    expect(without.json.fieldErrors.reason[0]).toBe('Saved values change: give a reason for change.');
    const changed = await saveNow(key, {
      answers: { weight: { answer: '72' } },
      complete: true,
      reason: 'Transcription error',
    });
    expect(changed.status).toBe(200);
    const items = await t.db
      .selectFrom('audit_items as i')
      .innerJoin('audit_log as l', 'l.id', 'i.audit_id')
      .select(['i.item', 'i.old_value', 'i.new_value', 'l.reason'])
      .where('l.entity_id', '=', changed.json.entryId)
      .where('l.reason', '=', 'Transcription error')
      .orderBy('i.item')
      .execute();
    expect(items).toEqual([
      { item: 'notes', old_value: { answer: 'ok' }, new_value: null, reason: 'Transcription error' },
      { item: 'weight', old_value: { answer: '70' }, new_value: { answer: '72' }, reason: 'Transcription error' },
    ]);
    const trail = await call(t.app, getSiteFormTrail, { token: tokens['crc.demo'], params: params({ entryKey: key }) });
    expect(trail.json.items[0]).toMatchObject({
      action: 'edc.entry.save',
      reason: 'Transcription error',
      by: expect.stringMatching(/\S/),
      changes: [
        { item: 'notes', oldValue: { answer: 'ok' }, newValue: null },
        { item: 'weight', oldValue: { answer: '70' }, newValue: { answer: '72' } },
      ],
    });
  });

  it('refuses a save over someone else’s (409 with a clear message)', async () => {
    const key = await visitKey();
    const first = await save(key, { answers: { weight: { answer: '70' } }, complete: false, expectedUpdatedAt: null });
    const stale = await save(key, {
      answers: { weight: { answer: '71' } },
      complete: false,
      expectedUpdatedAt: null,
      reason: 'x',
    });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toMatch(/Someone else saved this form/);
    const ok = await save(key, {
      answers: { weight: { answer: '71' } },
      complete: false,
      expectedUpdatedAt: first.json.updatedAt,
      reason: 'Re-weighed',
    });
    expect(ok.status).toBe(200);
  });
});

describe('signature and locks', () => {
  it('the investigator signs a completed form with their password; a later change clears the signature', async () => {
    const key = await visitKey();
    await save(key, { answers: { weight: { answer: '70' } }, complete: false, expectedUpdatedAt: null });
    const sign = (currentPassword: string, token = 'pi.demo') =>
      call(t.app, signSiteForm, { token: tokens[token], params: params({ entryKey: key }), body: { currentPassword } });
    const early = await sign(DEMO_PASSWORD);
    expect(early.status).toBe(409);
    expect(early.json.message).toMatch(/Only a completed form can be signed/);
    await saveNow(key, { answers: { weight: { answer: '70' } }, complete: true });
    expect((await sign(DEMO_PASSWORD, 'crc.demo')).status).toBe(403);
    const wrong = await sign('not-the-password');
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect((await read(key)).json.signature).toBeNull();
    const signed = await sign(DEMO_PASSWORD);
    expect(signed.status).toBe(200);
    expect(signed.json).toMatchObject({
      status: 'SIGNED',
      signature: { signerName: 'Priya Investigator', meaning: expect.stringMatching(/investigator/i) },
    });
    const changed = await saveNow(key, { answers: { weight: { answer: '71' } }, complete: true, reason: 'Re-weighed' });
    expect(changed.json).toMatchObject({ status: 'COMPLETED', signature: null });
    expect(await auditActions(t.db, changed.json.entryId)).toEqual([
      'edc.entry.save',
      'edc.entry.save',
      'edc.entry.sign',
      'edc.entry.save',
    ]);
  });

  it('a locked form refuses every change with a clear message; unlocking needs data.lock and a reason', async () => {
    const key = await visitKey();
    const first = await save(key, { answers: { weight: { answer: '70' } }, complete: true, expectedUpdatedAt: null });
    const lockCall = (token: string) =>
      call(t.app, lockSiteForm, { token: tokens[token], params: params({ entryKey: key }), body: {} });
    expect((await lockCall('crc.demo')).status).toBe(403);
    const locked = await lockCall('pi.demo');
    expect(locked.status).toBe(200);
    expect(locked.json.locked).toBe(true);
    const refused = await save(key, {
      answers: { weight: { answer: '71' } },
      complete: true,
      expectedUpdatedAt: first.json.updatedAt,
      reason: 'x',
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/^This form is locked/);
    const unlock = (body: unknown, token = 'pi.demo') =>
      call(t.app, unlockSiteForm, { token: tokens[token], params: params({ entryKey: key }), body });
    expect((await unlock({})).status).toBe(400);
    expect((await unlock({ reason: 'Correction' }, 'crc.demo')).status).toBe(403);
    const unlocked = await unlock({ reason: 'Correction' });
    expect(unlocked.status).toBe(200);
    expect(unlocked.json.locked).toBe(false);
    const trail = (await read(key)).json.history;
    expect(trail[0]).toMatchObject({ action: 'edc.entry.unlock', reason: 'Correction' });
  });

  it('a site lock locks every entry of its participants and stops new ones; its unlock needs a reason', async () => {
    const key = await visitKey();
    await save(key, { answers: { weight: { answer: '70' } }, complete: false, expectedUpdatedAt: null });
    const site = (await list()).json.siteId;
    const lock = await call(t.app, lockSiteData, {
      token: tokens['pi.demo'],
      params: { studyId: demo, siteId: site },
      body: {},
    });
    expect(lock.status).toBe(200);
    expect(lock.json.entries).toBe(1);
    // the site page reads the lock; who may change it is said (the PI may; the coordinator and the monitor may not)
    const read = (user: string) =>
      call(t.app, getSiteDataLock, { token: tokens[user], params: { studyId: demo, siteId: site } });
    expect((await read('pi.demo')).json).toMatchObject({ siteLock: { lockedBy: 'Priya Investigator' }, mayLock: true });
    expect((await read('crc.demo')).json).toMatchObject({
      siteLock: { lockedBy: 'Priya Investigator' },
      mayLock: false,
    });
    expect((await read('cra.demo')).json.mayLock).toBe(false);
    expect((await list()).json).toMatchObject({
      siteLock: { lockedBy: 'Priya Investigator' },
      items: [{ locked: true }],
    });
    const start = await call(t.app, startUnscheduledSiteForm, {
      token: tokens['crc.demo'],
      params: params(),
      body: { activityId: adverse },
    });
    expect(start.status).toBe(409);
    expect(start.json.message).toMatch(/site's data is locked/);
    const unlockSite = (body: unknown) =>
      call(t.app, unlockSiteData, { token: tokens['pi.demo'], params: { studyId: demo, siteId: site }, body });
    expect((await unlockSite({})).status).toBe(400);
    const unlocked = await unlockSite({ reason: 'Query resolution' });
    expect(unlocked.json).toMatchObject({ siteLock: null, entries: 1 });
    expect((await list()).json).toMatchObject({ siteLock: null, items: [{ locked: false }] });
  });
});

describe('access, blinding and data spaces', () => {
  it('another site’s participant is forbidden; the monitor reads but does not enter', async () => {
    const madrid = await idOf(t.db, 'participants', { participant_code: 'DEMO-ES001-0001' });
    const other = await call(t.app, listSiteForms, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: madrid },
    });
    expect(other.status).toBe(403);
    const key = await visitKey();
    await save(key, { answers: { weight: { answer: '70' } }, complete: false, expectedUpdatedAt: null });
    const monitorRead = await read(key, 'cra.demo');
    expect(monitorRead.status).toBe(200);
    expect(monitorRead.json.may.enter).toBe(false);
    const monitorSave = await saveNow(
      key,
      { answers: { weight: { answer: '71' } }, complete: false, reason: 'x' },
      'cra.demo',
    );
    expect(monitorSave.status).toBe(403);
  });

  it('a blinded reader never gets an unblinded answer, and a blinded writer cannot set or clear it', async () => {
    const key = await visitKey();
    // an unblinded pharmacist's kit number is on the entry (no demo account both enters data and is unblinded)
    const entered = await save(key, {
      answers: { weight: { answer: '70' } },
      complete: false,
      expectedUpdatedAt: null,
    });
    expect(entered.status).toBe(200);
    await t.db
      .updateTable('site_form_entries')
      .set({ answers: JSON.stringify({ weight: { answer: '70' }, kit: { answer: 'KIT-114' } }) })
      .where('id', '=', entered.json.entryId)
      .execute();
    // the study admin is unblinded and reads it
    expect((await read(key, 'studyadmin')).json.answers.kit).toEqual({ answer: 'KIT-114' });
    const blinded = await read(key);
    expect(blinded.json.answers).toEqual({ weight: { answer: '70' } });
    expect(blinded.json.activity.questions.map((q: { identifier: string }) => q.identifier)).toEqual([
      'weight',
      'notes',
    ]);
    expect(JSON.stringify(blinded.json.history)).not.toContain('KIT-114');
    const setKit = await saveNow(key, {
      answers: { weight: { answer: '70' }, kit: { answer: 'KIT-999' } },
      complete: false,
    });
    expect(setKit.status).toBe(403);
    // saving without the kit keeps it
    const other = await saveNow(key, { answers: { weight: { answer: '71' } }, complete: true, reason: 'Re-weighed' });
    expect(other.status).toBe(200);
    expect(other.json.answers.kit).toBeUndefined();
    expect((await read(key, 'studyadmin')).json.answers).toEqual({
      weight: { answer: '71' },
      kit: { answer: 'KIT-114' },
    });
    const trail = (token: string) =>
      call(t.app, getSiteFormTrail, { token: tokens[token], params: params({ entryKey: key }) });
    // the kit's entry in the trail (recorded through the audit writer, as an unblinded writer's save is)
    await withSystemContext(t.platform, 'demo-seed', async (ctx) =>
      ctx.audit({
        action: 'edc.entry.save',
        entityType: 'site_form_entry',
        entityId: other.json.entryId,
        items: [{ item: 'kit', oldValue: null, newValue: { answer: 'KIT-114' } }],
      }),
    );
    expect(JSON.stringify((await trail('studyadmin')).json)).toContain('KIT-114');
    expect(JSON.stringify((await trail('crc.demo')).json)).not.toContain('KIT-114');
  });

  it('keeps live and test apart: a live participant is not in the test data space, a test entry is stored as TEST', async () => {
    const inTest = await call(t.app, listSiteForms, {
      token: tokens['crc.demo'],
      params: params(),
      headers: { env: 'test' },
    });
    expect(inTest.status).toBe(403);
    const testParticipant = await idOf(t.db, 'participants', { participant_code: 'TEST-US001-0001' });
    await t.db.updateTable('participants').set({ version_id: versionId }).where('id', '=', testParticipant).execute();
    const testParams = { studyId: demo, participantId: testParticipant };
    const started = await call(t.app, startUnscheduledSiteForm, {
      token: tokens['crc.demo'],
      params: testParams,
      body: { activityId: adverse },
      headers: { env: 'test' },
    });
    expect(started.status).toBe(200);
    const row = await t.db
      .selectFrom('site_form_entries')
      .select('environment')
      .where('id', '=', started.json.entryId)
      .executeTakeFirstOrThrow();
    expect(row.environment).toBe('TEST');
    const fromLive = await call(t.app, getSiteForm, {
      token: tokens['crc.demo'],
      params: { ...testParams, entryKey: started.json.entryId },
    });
    expect(fromLive.status).toBe(403);
  });
});
