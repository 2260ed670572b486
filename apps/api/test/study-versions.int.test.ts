/**
 * Creating a study's draft version (issue 9, decision 0020): from the newest published version, one
 * draft per study, names unique per study, on test data (000 §7.1), audited; and two people at once.
 */
import { createStudyDraft, DRAFT_SECTION_ENDPOINTS, getStudyDraft } from '@trialpath/contract';
import { FEATURE_FLAGS } from '@trialpath/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertFlag } from '../src/modules/flags/flags.repository';
import { auditActions, call, createIsolatedTestApp, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let sleep: string;
let cardio: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  cardio = await idOf(t.db, 'studies', { code: 'CARDIO' });
  for (const u of ['admin', 'studyadmin', 'pi.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const create = (body: unknown, o: { user?: string; studyId?: string; app?: TestApp; token?: string } = {}) =>
  call((o.app ?? t).app, createStudyDraft, {
    params: { studyId: o.studyId ?? sleep },
    token: o.token ?? tokens[o.user ?? 'studyadmin'],
    body,
  });

/** Publish a study's draft as the later publish call will (status, frozen snapshot, who and when). */
const publishDraft = (db: TestApp['db'], studyId: string) =>
  sql`update study_versions set status = 'PUBLISHED', snapshot = content, published_at = now()
      where study_id = ${studyId} and status = 'DRAFT'`.execute(db);

describe('creating the draft version', () => {
  it('while a draft exists: 409 with its own message, nothing created', async () => {
    const r = await create({});
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'versions.draftExists',
      message: 'This study already has a draft version. Finish or delete it before creating another.',
    });
    const n = await t.db.selectFrom('study_versions').select('id').where('study_id', '=', sleep).execute();
    expect(n).toHaveLength(1);
  });

  it('from the newest published version: next number, default name, its content, the test space points at it; audited', async () => {
    await sql`update study_versions set content = jsonb_set(content, '{welcomeScreens}', ${JSON.stringify({
      screens: [{ id: 'w1', title: { en: 'Sleep well' }, body: {}, imageFileId: null }],
    })}::jsonb) where study_id = ${sleep}`.execute(t.db);
    await publishDraft(t.db, sleep);
    const r = await create({});
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ studyId: sleep, number: 2, name: 'v2', status: 'DRAFT', notes: null, revision: 0 });
    expect(r.json.content.welcomeScreens.screens).toEqual([
      { id: 'w1', title: { en: 'Sleep well' }, body: {}, imageFileId: null, icon: null },
    ]);
    expect(Object.values(r.json.sectionRevisions).every((n) => n === 0)).toBe(true);
    const study = await t.db
      .selectFrom('studies')
      .select(['test_version_id', 'live_version_id'])
      .where('id', '=', sleep)
      .executeTakeFirstOrThrow();
    expect(study).toEqual({ test_version_id: r.json.id, live_version_id: null });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'after', 'environment', 'actor_id'])
      .where('entity_id', '=', r.json.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: 'study.version.create',
      entity_type: 'study_version',
      environment: 'TEST',
      actor_id: await idOf(t.db, 'users', { username: 'studyadmin' }),
      after: { studyId: sleep, number: 2, name: 'v2', status: 'DRAFT', basedOnVersion: 1, testVersion: true },
    });
    // and the draft is the one read and edited from now on
    expect((await call(t.app, getStudyDraft, { params: { studyId: sleep }, token: tokens.studyadmin })).json.id).toBe(
      r.json.id,
    );
  });

  it('with a name and notes of its own', async () => {
    await publishDraft(t.db, sleep);
    const r = await create({ name: '  Amendment 1 (UK) ', notes: ' Adds the sleep diary ' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ number: 2, name: 'Amendment 1 (UK)', notes: 'Adds the sleep diary' });
  });

  it('a name another version of the study has, in any case or spacing, is refused on the name field', async () => {
    await publishDraft(t.db, sleep);
    const r = await create({ name: ' V1 ' });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'versions.nameTaken',
      fieldErrorKeys: { name: [{ key: 'versions.nameTaken' }] },
      fieldErrors: { name: ['Another version of this study already has this name.'] },
    });
    // a name only another study uses is free here
    await sql`update study_versions set name = 'Demo only', name_key = 'demo only' where study_id = ${demo} and status = 'DRAFT'`.execute(
      t.db,
    );
    expect((await create({ name: 'Demo Only' })).status).toBe(200);
  });

  it.each([
    [{ name: '' }, 'name', 'errors.required'],
    [{ name: '   ' }, 'name', 'errors.required'],
    [{ name: 'x'.repeat(51) }, 'name', 'errors.tooLong'],
    [{ name: 'two\nlines' }, 'name', 'errors.invalidFormat'],
    [{ name: 7 }, 'name', 'errors.invalidValue'],
    [{ notes: 'n'.repeat(2001) }, 'notes', 'errors.tooLong'],
    [{ status: 'PUBLISHED' }, 'status', 'errors.unknownField'],
  ])('the body %j is refused on %s', async (body, field, key) => {
    await publishDraft(t.db, sleep);
    const r = await create(body);
    expect(r.status).toBe(400);
    expect(r.json.fieldErrorKeys[field]?.[0]?.key).toBe(key);
  });

  it('a closed study gets no new version: 409 STUDY_READ_ONLY', async () => {
    const r = await create({}, { user: 'admin', studyId: cardio });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ code: 'STUDY_READ_ONLY', details: { status: 'CLOSED' } });
    expect(await auditActions(t.db)).toEqual(['demo.seed']);
  });

  it.each([
    ['cra.demo', 'DEMO', 403],
    ['pi.demo', 'DEMO', 403],
    ['studyadmin', 'CARDIO', 403],
    ['admin', 'SLEEP', 200],
  ])('%s creating a version of %s → %i', async (user, code, status) => {
    await publishDraft(t.db, sleep);
    const studyId = { DEMO: demo, SLEEP: sleep, CARDIO: cardio }[code];
    const r = await create({}, { user, studyId });
    expect(r.status).toBe(status);
  });

  it('works on test data: refused (page not found) while the client has no test portal', async () => {
    await publishDraft(t.db, sleep);
    const { client_id: clientId } = await t.db
      .selectFrom('studies')
      .select('client_id')
      .where('id', '=', sleep)
      .executeTakeFirstOrThrow();
    await upsertFlag(t.db, clientId, FEATURE_FLAGS.testPortal, false, null);
    const r = await create({});
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ code: 'FEATURE_DISABLED', details: { flag: 'test-portal' } });
  });
});

describe('two people at the same moment (real concurrency, an isolated database)', () => {
  it('two new versions: one draft, the other told a draft exists; two saves of a section: one conflict', async () => {
    const own = await createIsolatedTestApp();
    try {
      const studyId = await idOf(own.db, 'studies', { code: 'SLEEP' });
      await publishDraft(own.db, studyId);
      const sam = (await staffAccess(own, 'studyadmin')).accessToken;
      const ada = (await staffAccess(own, 'admin')).accessToken;
      const created = await Promise.all([
        create({ name: 'Sam' }, { app: own, token: sam, studyId }),
        create({ name: 'Ada' }, { app: own, token: ada, studyId }),
      ]);
      expect(created.map((r) => r.status).sort()).toEqual([200, 409]);
      const draft = created.find((r) => r.status === 200)!.json;
      expect(created.find((r) => r.status === 409)!.json.messageKey).toBe('versions.draftExists');

      const saves = await Promise.all(
        [sam, ada].map((token, i) =>
          call(own.app, DRAFT_SECTION_ENDPOINTS.welcomeScreens, {
            params: { studyId, versionId: draft.id },
            token,
            body: { revision: 0, value: { screens: [{ id: `w${i}`, title: { en: `Editor ${i}` } }] } },
          }),
        ),
      );
      expect(saves.map((r) => r.status).sort()).toEqual([200, 409]);
      const won = saves.find((r) => r.status === 200)!.json.value.screens[0].id;
      const stored = await call(own.app, getStudyDraft, { params: { studyId }, token: sam });
      expect(stored.json.content.welcomeScreens.screens.map((s: { id: string }) => s.id)).toEqual([won]);
      expect(stored.json.sectionRevisions.welcomeScreens).toBe(1);
    } finally {
      await own.close();
    }
  });
});
