/**
 * A study version's lifecycle (issue 9, decision 0030): publish (made current) with the diff in its
 * audit entry, make live, archive, delete while a draft, notes, history, name availability, the version
 * increase, ★ the diff endpoint and the version audit log. The demo data set: DEMO runs v1 in live
 * (published) and builds v2 (its draft, the test version); SLEEP has a draft v1; CARDIO is closed.
 */
import {
  archiveStudyVersion,
  checkStudyVersionName,
  createStudyDraft,
  DRAFT_SECTION_ENDPOINTS,
  deleteStudyDraft,
  diffStudyVersions,
  getStudyVersion,
  listStudyVersions,
  makeStudyVersionLive,
  nextStudyVersion,
  publishStudyVersion,
  studyVersionAuditLog,
  updateStudyVersionNotes,
} from '@trialpath/contract';
import { FEATURE_FLAGS, shortenVersionName } from '@trialpath/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertFlag } from '../src/modules/flags/flags.repository';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let sleep: string;
let cardio: string;
let v1: string;
let v2: string;
const tokens: Record<string, string> = {};
const OTHER = '00000000-0000-4000-8000-000000000000';
const DEMO_ID = 'DEMO';

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  cardio = await idOf(t.db, 'studies', { code: 'CARDIO' });
  const versionOf = async (number: number) =>
    (
      await t.db
        .selectFrom('study_versions')
        .select('id')
        .where('study_id', '=', demo)
        .where('number', '=', number)
        .executeTakeFirstOrThrow()
    ).id;
  v1 = await versionOf(1);
  v2 = await versionOf(2);
  for (const u of ['admin', 'studyadmin', 'pi.demo', 'crc.demo', 'cra.demo'])
    tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

type Opts = { user?: string; studyId?: string; headers?: Record<string, string> };
const params = (versionId: string, o: Opts = {}) => ({ studyId: o.studyId ?? demo, versionId });
const publish = (versionId: string, body: unknown = { reason: 'IRB approved amendment 1' }, o: Opts = {}) =>
  call(t.app, publishStudyVersion, {
    params: params(versionId, o),
    token: tokens[o.user ?? 'studyadmin'],
    body,
    headers: o.headers,
  });
const makeLive = (versionId: string, body: unknown = { reason: 'Go live with amendment 1' }, o: Opts = {}) =>
  call(t.app, makeStudyVersionLive, { params: params(versionId, o), token: tokens[o.user ?? 'studyadmin'], body });
const archive = (versionId: string, body: unknown = { reason: 'Superseded by v2' }, o: Opts = {}) =>
  call(t.app, archiveStudyVersion, { params: params(versionId, o), token: tokens[o.user ?? 'studyadmin'], body });
const remove = (versionId: string, o: Opts = {}) =>
  call(t.app, deleteStudyDraft, { params: params(versionId, o), token: tokens[o.user ?? 'studyadmin'] });
const history = (o: Opts = {}) =>
  call(t.app, listStudyVersions, { params: { studyId: o.studyId ?? demo }, token: tokens[o.user ?? 'studyadmin'] });
const saveWelcome = (versionId: string, screens: unknown[], revision = 0) =>
  call(t.app, DRAFT_SECTION_ENDPOINTS.welcomeScreens, {
    params: { studyId: demo, versionId },
    token: tokens.studyadmin,
    body: { revision, value: { screens } },
  });
const pointers = (studyId = demo) =>
  t.db
    .selectFrom('studies')
    .select(['test_version_id', 'live_version_id'])
    .where('id', '=', studyId)
    .executeTakeFirstOrThrow();
const versionRow = (id: string) =>
  t.db.selectFrom('study_versions').selectAll().where('id', '=', id).executeTakeFirst();
const lastEntry = (entityId: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_id', '=', entityId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

const WELCOME = {
  id: 'welcome',
  title: { en: 'Welcome to the Trialpath Demo Study', es: 'Bienvenido al estudio de demostración de Trialpath' },
  body: {
    en: '<p>Thank you for your interest. This app guides you through the study, step by step.</p>',
    es: '<p>Gracias por su interés. Esta aplicación le guía por el estudio, paso a paso.</p>',
  },
};
const EXPECT = {
  id: 'what-to-expect',
  title: { en: 'What to expect', es: 'Qué esperar' },
  body: {
    en: '<p>Short questionnaires each week and a video visit with your study team.</p>',
    es: '<p>Cuestionarios breves cada semana y una videoconsulta con su equipo del estudio.</p>',
  },
};

describe('the demo data set (seed consistency)', () => {
  it('DEMO is live and runs its published v1 in live; the test data space runs the draft v2', async () => {
    expect(await pointers()).toEqual({ live_version_id: v1, test_version_id: v2 });
    expect((await versionRow(v1))?.status).toBe('PUBLISHED');
    expect((await versionRow(v2))?.status).toBe('DRAFT');
  });
});

describe('publishing the draft (C-163: made current)', () => {
  it('freezes the content, the test data space runs it, audited with the reason and the diff against v1', async () => {
    const changed = { ...EXPECT, title: { en: 'What to expect', es: 'Lo que puede esperar' } };
    expect((await saveWelcome(v2, [changed, WELCOME])).status).toBe(200);
    const r = await publish(v2);
    expect(r.status).toBe(200);
    expect(r.json.comparedWith).toEqual({ id: v1, number: 1, name: 'v1' });
    expect(r.json.version).toMatchObject({
      id: v2,
      number: 2,
      name: 'v2',
      status: 'PUBLISHED',
      isTest: true,
      isLive: false,
      publishedBy: { name: 'Sam Study' },
    });
    const changes = r.json.diff.groups[0].changes;
    expect(r.json.diff.groups.map((g: { key: string }) => g.key)).toEqual(['welcomeScreens']);
    expect(changes).toEqual([
      {
        kind: 'changed',
        item: { list: 'screens', id: 'what-to-expect', title: changed.title },
        field: 'title',
        language: 'es',
        before: 'Qué esperar',
        after: 'Lo que puede esperar',
      },
      // two screens swapped: one move names it (the other kept its place relative to the rest)
      {
        kind: 'moved',
        item: { list: 'screens', id: 'welcome', title: WELCOME.title },
        field: '',
        language: null,
        before: 1,
        after: 2,
      },
    ]);
    const row = await versionRow(v2);
    expect(row).toMatchObject({
      status: 'PUBLISHED',
      published_by: await idOf(t.db, 'users', { username: 'studyadmin' }),
    });
    expect(row?.snapshot).toEqual(row?.content);
    expect(await pointers()).toEqual({ live_version_id: v1, test_version_id: v2 });
    const entry = await lastEntry(v2);
    expect(entry).toMatchObject({
      action: 'study.version.publish',
      entity_type: 'study_version',
      reason: 'IRB approved amendment 1',
      environment: 'TEST',
      after: { status: 'PUBLISHED', comparedWith: { id: v1, number: 1, name: 'v1' }, diff: r.json.diff },
    });
    // frozen: the next save is refused
    const late = await saveWelcome(v2, [WELCOME], 1);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('VERSION_IMMUTABLE');
  });

  it('the first version of a study is compared with the defaults and no sites: its sites are added', async () => {
    const sleepDraft = (await pointers(sleep)).test_version_id!;
    const r = await publish(sleepDraft, { reason: 'First version' }, { studyId: sleep });
    expect(r.status).toBe(200);
    const sites = await t.db.selectFrom('sites').select('id').where('study_id', '=', sleep).execute();
    expect(r.json.diff.groups.map((g: { part: string }) => g.part)).toEqual(sites.length ? ['sites'] : []);
    expect(r.json.diff.changeCount).toBe(sites.length);
    expect(r.json.comparedWith).toBeNull();
    expect((await lastEntry(sleepDraft)).after).toMatchObject({ comparedWith: null });
  });

  it.each([
    [{}, 400, 'REASON_REQUIRED'],
    [{ reason: '   ' }, 400, 'REASON_REQUIRED'],
    [{ reason: 'ok', status: 'LIVE' }, 400, 'VALIDATION_FAILED'],
    [{ reason: 'r'.repeat(501) }, 400, 'VALIDATION_FAILED'],
  ])('the body %j → %i %s, nothing published', async (body, status, code) => {
    const r = await publish(v2, body);
    expect(r.status).toBe(status);
    expect(r.json.code).toBe(code);
    expect((await versionRow(v2))?.status).toBe('DRAFT');
  });

  it('a version that is not a draft: 409 with its message', async () => {
    const r = await publish(v1);
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'versions.notDraft',
      message: 'This version is not a draft: only a draft can be published or deleted.',
      details: { status: 'PUBLISHED' },
    });
  });

  it('an unknown version, or one of another study: 404; a malformed id: 400', async () => {
    expect((await publish(OTHER)).status).toBe(404);
    const sleepDraft = (await pointers(sleep)).test_version_id!;
    expect((await publish(sleepDraft)).status).toBe(404);
    expect(
      (
        await call(t.app, publishStudyVersion, {
          params: { studyId: demo, versionId: 'x' },
          token: tokens.studyadmin,
          body: { reason: 'r' },
        })
      ).status,
    ).toBe(400);
  });

  it.each([
    ['cra.demo', 403],
    ['pi.demo', 403],
    ['crc.demo', 403],
    ['admin', 200],
  ])('%s publishing DEMO’s draft → %i', async (user, status) => {
    expect((await publish(v2, undefined, { user })).status).toBe(status);
  });

  it('a read-only assignment cannot publish even with a designing role', async () => {
    await sql`update study_assignments set read_only = true where study_id = ${demo} and user_id = (select id from users where username = 'studyadmin')`.execute(
      t.db,
    );
    expect((await publish(v2)).status).toBe(403);
  });

  it('works on test data: refused (page not found) while the client has no test portal', async () => {
    const { client_id } = await t.db
      .selectFrom('studies')
      .select('client_id')
      .where('id', '=', demo)
      .executeTakeFirstOrThrow();
    await upsertFlag(t.db, client_id, FEATURE_FLAGS.testPortal, false, null);
    const r = await publish(v2);
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ code: 'FEATURE_DISABLED' });
  });

  it('a closed study: 409 STUDY_READ_ONLY', async () => {
    const r = await call(t.app, publishStudyVersion, {
      params: { studyId: cardio, versionId: OTHER },
      token: tokens.admin,
      body: { reason: 'r' },
    });
    expect(r.status).toBe(409);
    expect(r.json.code).toBe('STUDY_READ_ONLY');
  });
});

describe('making a version live (C-168)', () => {
  it('the live data space runs the published version from now on; audited in live with the reason', async () => {
    expect((await publish(v2)).status).toBe(200);
    const r = await makeLive(v2, { reason: 'Ethics approval received' }, { headers: {} });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: v2, isLive: true, isTest: true, status: 'PUBLISHED' });
    expect(await pointers()).toEqual({ live_version_id: v2, test_version_id: v2 });
    expect(await lastEntry(v2)).toMatchObject({
      action: 'study.version.make-live',
      reason: 'Ethics approval received',
      environment: 'LIVE',
      before: { liveVersion: { id: v1, number: 1 } },
      after: { liveVersion: { id: v2, number: 2 } },
    });
  });

  it('a draft cannot be made live; the live version again: 409; without a reason: 400', async () => {
    const draft = await makeLive(v2);
    expect(draft.status).toBe(409);
    expect(draft.json.messageKey).toBe('versions.notPublished');
    const again = await makeLive(v1);
    expect(again.status).toBe(409);
    expect(again.json.messageKey).toBe('versions.alreadyLive');
    const noReason = await makeLive(v1, {});
    expect(noReason.status).toBe(400);
    expect(noReason.json.fieldErrorKeys.reason[0].key).toBe('errors.reasonRequired');
    expect(await pointers()).toEqual({ live_version_id: v1, test_version_id: v2 });
  });

  it.each([
    ['cra.demo', 403],
    ['pi.demo', 403],
  ])('%s making a version live → %i', async (user, status) => {
    expect((await publish(v2)).status).toBe(200);
    expect((await makeLive(v2, undefined, { user })).status).toBe(status);
    expect((await pointers()).live_version_id).toBe(v1);
  });
});

describe('archiving a published version (C-164)', () => {
  it('v1, once v2 is live and tested: archived with the reason, its content kept', async () => {
    expect((await publish(v2)).status).toBe(200);
    expect((await makeLive(v2)).status).toBe(200);
    const before = await versionRow(v1);
    const r = await archive(v1);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: v1, status: 'ARCHIVED', isLive: false });
    expect((await versionRow(v1))?.snapshot).toEqual(before?.snapshot);
    expect(await lastEntry(v1)).toMatchObject({
      action: 'study.version.archive',
      reason: 'Superseded by v2',
      before: { status: 'PUBLISHED' },
      after: { status: 'ARCHIVED' },
    });
    // an archived version is not made live again
    expect((await makeLive(v1)).json.messageKey).toBe('versions.notPublished');
  });

  it('not the live one, not the test one, not a draft; without a reason: 400', async () => {
    expect((await archive(v1)).json).toMatchObject({ code: 'CONFLICT', messageKey: 'versions.archiveLive' });
    expect((await archive(v2)).json.messageKey).toBe('versions.notPublished');
    expect((await publish(v2)).status).toBe(200);
    expect((await archive(v2)).json.messageKey).toBe('versions.archiveTest');
    expect((await archive(v1, {})).status).toBe(400);
    expect((await versionRow(v1))?.status).toBe('PUBLISHED');
  });

  it('not while a country is assigned to it', async () => {
    expect((await publish(v2)).status).toBe(200);
    expect((await makeLive(v2)).status).toBe(200);
    await sql`insert into version_assignments (study_id, environment, version_id, country_id) values (${demo}, 'LIVE', ${v1}, 'ES')`.execute(
      t.db,
    );
    const r = await archive(v1);
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ messageKey: 'versions.archiveAssigned', details: { countries: ['ES'] } });
  });

  it.each([['cra.demo'], ['pi.demo']])('%s archiving → 403', async (user) => {
    expect((await archive(v1, undefined, { user })).status).toBe(403);
  });
});

describe('deleting the draft (C-165) and the version increase (C-167)', () => {
  it('the draft goes, the test data space runs the newest published version again, its number is not given again', async () => {
    const r = await remove(v2);
    expect(r.status).toBe(200);
    expect(await versionRow(v2)).toBeUndefined();
    expect(await pointers()).toEqual({ live_version_id: v1, test_version_id: v1 });
    const entry = await lastEntry(v2);
    expect(entry).toMatchObject({
      action: 'study.version.delete',
      environment: 'TEST',
      before: { number: 2, name: 'v2', status: 'DRAFT', testVersionId: v2 },
      after: { deleted: true, testVersionId: v1 },
    });
    expect(
      (entry.before as { content: { welcomeScreens: { screens: unknown[] } } }).content.welcomeScreens.screens,
    ).toHaveLength(2);
    const next = await call(t.app, nextStudyVersion, { params: { studyId: demo }, token: tokens.studyadmin });
    expect(next.json).toEqual({ number: 3, defaultName: 'v3', basedOn: { id: v1, number: 1, name: 'v1' } });
    const created = await call(t.app, createStudyDraft, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: {},
    });
    expect(created.json).toMatchObject({ number: 3, name: 'v3', status: 'DRAFT' });
  });

  it('the next version: one more than the newest, named by its number, based on the newest published', async () => {
    const r = await call(t.app, nextStudyVersion, { params: { studyId: demo }, token: tokens.studyadmin });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ number: 3, defaultName: 'v3', basedOn: { id: v1, number: 1, name: 'v1' } });
    const s = await call(t.app, nextStudyVersion, { params: { studyId: sleep }, token: tokens.studyadmin });
    expect(s.json).toEqual({ number: 2, defaultName: 'v2', basedOn: null });
    expect((await call(t.app, nextStudyVersion, { params: { studyId: demo }, token: tokens['cra.demo'] })).status).toBe(
      403,
    );
  });

  it('a published version is not deleted: 409 (archive it instead); others may not delete', async () => {
    const r = await remove(v1);
    expect(r.status).toBe(409);
    expect(r.json.messageKey).toBe('versions.notDraft');
    expect((await remove(v2, { user: 'cra.demo' })).status).toBe(403);
    expect((await remove(v2, { user: 'pi.demo' })).status).toBe(403);
    expect((await remove(OTHER)).status).toBe(404);
    expect(await versionRow(v2)).toBeDefined();
  });
});

describe('notes (C-077)', () => {
  const notes = (versionId: string, body: unknown, user = 'studyadmin') =>
    call(t.app, updateStudyVersionNotes, { params: params(versionId), token: tokens[user], body });

  it('a published version’s notes change (its content does not), audited old → new', async () => {
    const r = await notes(v1, { notes: '  Approved by the central IRB on 3 March  ' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: v1, status: 'PUBLISHED', notes: 'Approved by the central IRB on 3 March' });
    expect(await lastEntry(v1)).toMatchObject({
      action: 'study.version.notes',
      before: { notes: 'First version: welcome screens and colour.' },
      after: { notes: 'Approved by the central IRB on 3 March' },
    });
    const read = await call(t.app, getStudyVersion, { params: params(v1), token: tokens.studyadmin });
    expect(read.json.notes).toBe('Approved by the central IRB on 3 March');
    // emptied notes are none
    expect((await notes(v2, { notes: ' ' })).json.notes).toBeNull();
  });

  it.each([
    [{ notes: 'n'.repeat(2001) }, 'notes', 'errors.tooLong'],
    [{}, 'notes', 'errors.required'],
    [{ notes: 'x', content: {} }, 'content', 'errors.unknownField'],
  ])('the body %j is refused on %s', async (body, field, key) => {
    const r = await notes(v1, body);
    expect(r.status).toBe(400);
    expect(r.json.fieldErrorKeys[field]?.[0]?.key).toBe(key);
  });

  it.each([['cra.demo'], ['pi.demo']])('%s changing notes → 403', async (user) => {
    expect((await notes(v1, { notes: 'x' }, user)).status).toBe(403);
  });
});

describe('history (C-075) and version list items with a status (C-161)', () => {
  it('newest first, each with its status, notes, who and when created and published, and which space runs it', async () => {
    const r = await history();
    expect(r.status).toBe(200);
    expect(r.json.items).toMatchObject([
      {
        id: v2,
        number: 2,
        name: 'v2',
        shortName: 'v2',
        status: 'DRAFT',
        isTest: true,
        isLive: false,
        publishedAt: null,
      },
      {
        id: v1,
        number: 1,
        status: 'PUBLISHED',
        isLive: true,
        isTest: false,
        notes: 'First version: welcome screens and colour.',
        publishedBy: null,
      },
    ]);
    expect(r.json.items[1].publishedAt).toEqual(expect.any(String));
    // created by a person: named
    await remove(v2);
    const created = await call(t.app, createStudyDraft, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { name: 'Amendment 2 — Spain and Portugal (2027)' },
    });
    expect(shortenVersionName('Amendment 2 — Spain and Portugal (2027)')).toHaveLength(21);
    const again = await history();
    expect(again.json.items[0]).toMatchObject({
      id: created.json.id,
      createdBy: { name: 'Sam Study' },
      shortName: shortenVersionName('Amendment 2 — Spain and Portugal (2027)'),
    });
  });

  it.each([
    ['cra.demo', DEMO_ID, 403],
    ['pi.demo', DEMO_ID, 403],
    ['studyadmin', 'CARDIO', 403],
    ['admin', 'CARDIO', 200],
  ])('%s reading the history of %s → %i', async (user, code, status) => {
    const studyId = code === 'CARDIO' ? cardio : demo;
    expect((await history({ user, studyId })).status).toBe(status);
  });
});

describe('name availability (C-169)', () => {
  const check = (name: string, user = 'studyadmin') =>
    call(t.app, checkStudyVersionName, { params: { studyId: demo }, query: { name }, token: tokens[user] });

  it('a name is taken in any case, spacing or width; the version that has it is named', async () => {
    for (const name of ['v1', ' V1 ', 'ｖ1']) {
      const r = await check(name);
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ available: false, takenBy: { id: v1, number: 1, name: 'v1' } });
    }
    expect((await check('Amendment 1')).json).toEqual({ name: 'Amendment 1', available: true, takenBy: null });
  });

  it('a bad name is refused on its field; others may not ask', async () => {
    const r = await check('   ');
    expect(r.status).toBe(400);
    expect(r.json.fieldErrorKeys.name[0].key).toBe('errors.required');
    expect((await check('x'.repeat(51))).json.fieldErrorKeys.name[0].key).toBe('errors.tooLong');
    expect((await check('v9', 'cra.demo')).status).toBe(403);
  });
});

describe('★ the diff of two versions', () => {
  const diff = (query: Record<string, string>, user = 'studyadmin', studyId = demo) =>
    call(t.app, diffStudyVersions, { params: { studyId }, query, token: tokens[user] });

  it('names each change: the screen added to the draft and the colour changed, grouped by section', async () => {
    const added = { id: 'your-data', title: { en: 'Your data', es: 'Sus datos' }, body: {} };
    expect((await saveWelcome(v2, [WELCOME, EXPECT, added])).status).toBe(200);
    await call(t.app, DRAFT_SECTION_ENDPOINTS.branding, {
      params: params(v2),
      token: tokens.studyadmin,
      body: { revision: 0, value: { primaryColor: '#1D4ED8' } },
    });
    const r = await diff({ from: v1, to: v2 });
    expect(r.status).toBe(200);
    expect(r.json.from).toEqual({ id: v1, number: 1, name: 'v1', status: 'PUBLISHED' });
    expect(r.json.to).toMatchObject({ id: v2, number: 2, status: 'DRAFT' });
    expect(r.json.groups).toEqual([
      {
        part: 'content',
        key: 'branding',
        titleKey: 'studyContent.section.branding',
        changes: [
          { kind: 'changed', item: null, field: 'primaryColor', language: null, before: '#0F766E', after: '#1D4ED8' },
        ],
      },
      {
        part: 'content',
        key: 'welcomeScreens',
        titleKey: 'studyContent.section.welcomeScreens',
        changes: [
          {
            kind: 'added',
            item: { list: 'screens', id: 'your-data', title: added.title },
            field: '',
            language: null,
            before: null,
            after: { ...added, imageFileId: null, icon: null },
          },
        ],
      },
    ]);
    expect(r.json.changeCount).toBe(2);
    // the other way round: removed
    const back = await diff({ from: v2, to: v1 });
    expect(back.json.groups[1].changes[0].kind).toBe('removed');
  });

  it('a version compared with itself has no changes', async () => {
    expect((await diff({ from: v1, to: v1 })).json).toMatchObject({ groups: [], changeCount: 0 });
  });

  it('an unknown version or one of another study: 404; a missing or malformed one: 400 on its field', async () => {
    expect((await diff({ from: v1, to: OTHER })).status).toBe(404);
    const sleepDraft = (await pointers(sleep)).test_version_id!;
    expect((await diff({ from: v1, to: sleepDraft })).status).toBe(404);
    const missing = await diff({ from: v1 });
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrorKeys.to[0].key).toBe('errors.required');
    expect((await diff({ from: 'v1', to: v2 })).json.fieldErrorKeys.from).toBeDefined();
  });

  it.each([['cra.demo'], ['pi.demo'], ['crc.demo']])('%s asking for a diff → 403', async (user) => {
    expect((await diff({ from: v1, to: v2 }, user)).status).toBe(403);
  });
});

describe('the version audit log (C-170)', () => {
  const log = (versionId: string, query: Record<string, string | number> = {}, user = 'studyadmin') =>
    call(t.app, studyVersionAuditLog, { params: params(versionId), query, token: tokens[user] });

  it('the entries of this version only, newest first, with who, the reason and the items; paged', async () => {
    expect((await saveWelcome(v2, [EXPECT, WELCOME])).status).toBe(200);
    expect((await publish(v2)).status).toBe(200);
    expect((await makeLive(v2)).status).toBe(200);
    const r = await log(v2);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ total: 3, page: 1, pageSize: 15 });
    expect(r.json.items.map((e: { action: string }) => e.action)).toEqual([
      'study.version.make-live',
      'study.version.publish',
      'study.content.update',
    ]);
    expect(r.json.items[1]).toMatchObject({
      actor: { name: 'Sam Study' },
      reason: 'IRB approved amendment 1',
      environment: 'TEST',
      items: [{ item: 'status', oldValue: 'DRAFT', newValue: 'PUBLISHED' }],
    });
    expect(r.json.items[2].items).toEqual([
      {
        item: 'welcomeScreens.screens.$order',
        oldValue: ['welcome', 'what-to-expect'],
        newValue: ['what-to-expect', 'welcome'],
      },
    ]);
    const page2 = await log(v2, { page: 2, pageSize: 2 });
    expect(page2.json).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.json.items.map((e: { action: string }) => e.action)).toEqual(['study.content.update']);
    // v1's log does not hold v2's entries
    expect((await log(v1)).json.items.map((e: { action: string }) => e.action)).toEqual([]);
  });

  it('paging out of range is refused on its field; others may not read it; an unknown version: 404', async () => {
    expect((await log(v2, { pageSize: 101 })).json.fieldErrorKeys.pageSize).toBeDefined();
    expect((await log(v2, { page: 0 })).status).toBe(400);
    expect((await log(v2, {}, 'cra.demo')).status).toBe(403);
    expect((await log(OTHER)).status).toBe(404);
  });
});

describe('reading one version', () => {
  it('a published version’s content as published', async () => {
    const r = await call(t.app, getStudyVersion, { params: params(v1), token: tokens.studyadmin });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: v1, status: 'PUBLISHED', number: 1 });
    expect(r.json.content.welcomeScreens.screens.map((s: { id: string }) => s.id)).toEqual([
      'welcome',
      'what-to-expect',
    ]);
    expect((await call(t.app, getStudyVersion, { params: params(v1), token: tokens['pi.demo'] })).status).toBe(403);
    expect(await auditActions(t.db, v1)).toEqual([]);
  });
});
