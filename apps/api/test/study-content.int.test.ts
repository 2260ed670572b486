/**
 * The study draft's content (issue 9, decision 0020): reading the draft, saving each section with the
 * revision read, the conflict of two editors, the frozen published version, the read-only study, the
 * study's languages, sanitising, item-level audit, and who may do it.
 */
import { createActivity, DRAFT_SECTION_ENDPOINTS, getStudyDraft } from '@trialpath/contract';
import { DEFAULT_STUDY_COLOR, STUDY_CONTENT_SECTIONS, type StudyContentSection } from '@trialpath/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';
import { SECTION_EXAMPLES } from './study-content-examples';

let t: TestApp;
let demo: string;
let sleep: string;
let cardio: string;
let demoDraft: string;
let sleepDraft: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  cardio = await idOf(t.db, 'studies', { code: 'CARDIO' });
  const draftOf = async (studyId: string) =>
    (
      await t.db
        .selectFrom('study_versions')
        .select('id')
        .where('study_id', '=', studyId)
        .where('status', '=', 'DRAFT')
        .executeTakeFirstOrThrow()
    ).id;
  demoDraft = await draftOf(demo);
  sleepDraft = await draftOf(sleep);
  for (const u of ['admin', 'studyadmin', 'pi.demo', 'crc.demo', 'cra.demo'])
    tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const readDraft = (user: string, studyId = demo) =>
  call(t.app, getStudyDraft, { params: { studyId }, token: tokens[user] });

function save(
  section: StudyContentSection,
  body: unknown,
  o: { user?: string; studyId?: string; versionId?: string } = {},
) {
  return call(t.app, DRAFT_SECTION_ENDPOINTS[section], {
    params: { studyId: o.studyId ?? demo, versionId: o.versionId ?? demoDraft },
    token: tokens[o.user ?? 'studyadmin'],
    body,
  });
}

const publishDemoDraft = () =>
  sql`update study_versions set status = 'PUBLISHED', snapshot = content, published_at = now() where id = ${demoDraft}`.execute(
    t.db,
  );

describe('reading the draft', () => {
  it("gives the seeded DEMO draft v2: bilingual welcome screens, every other section's default, revisions at 0", async () => {
    const r = await readDraft('studyadmin');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: demoDraft, studyId: demo, number: 2, name: 'v2', status: 'DRAFT', revision: 0 });
    expect(r.json.content.welcomeScreens.screens.map((s: { id: string }) => s.id)).toEqual([
      'welcome',
      'what-to-expect',
    ]);
    expect(r.json.content.welcomeScreens.screens[1].title).toEqual({ en: 'What to expect', es: 'Qué esperar' });
    expect(Object.keys(r.json.content)).toEqual([...STUDY_CONTENT_SECTIONS]);
    expect(Object.values(r.json.sectionRevisions)).toEqual(STUDY_CONTENT_SECTIONS.map(() => 0));
    // the test data space runs the draft being built; live runs the published v1 (the demo study is live)
    const study = await t.db
      .selectFrom('studies')
      .select(['test_version_id', 'live_version_id'])
      .where('id', '=', demo)
      .executeTakeFirstOrThrow();
    const v1 = await t.db
      .selectFrom('study_versions')
      .select(['id', 'status'])
      .where('study_id', '=', demo)
      .where('number', '=', 1)
      .executeTakeFirstOrThrow();
    expect(study).toEqual({ test_version_id: demoDraft, live_version_id: v1.id });
    expect(v1.status).toBe('PUBLISHED');
  });

  it('SLEEP has an empty draft (every default: the teal, no screens)', async () => {
    const r = await readDraft('studyadmin', sleep);
    expect(r.status).toBe(200);
    expect(r.json.content.branding.primaryColor).toBe(DEFAULT_STUDY_COLOR);
    expect(r.json.content.welcomeScreens).toEqual({ screens: [] });
  });

  it('a study without a draft answers 404 NO_DRAFT with its message (a closed study can still be read)', async () => {
    const r = await readDraft('admin', cardio);
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({
      code: 'NO_DRAFT',
      messageKey: 'versions.noDraft',
      message: 'This study has no draft version. Create a new version to make changes.',
    });
  });

  it.each([
    ['studyadmin', 'DEMO', 200],
    ['admin', 'DEMO', 200],
    ['cra.demo', 'DEMO', 403],
    ['pi.demo', 'DEMO', 403],
    ['crc.demo', 'DEMO', 403],
    ['studyadmin', 'CARDIO', 403],
  ])('%s reading a draft of %s → %i', async (user, study, status) => {
    const r = await readDraft(user, study === 'CARDIO' ? cardio : demo);
    expect(r.status).toBe(status);
    if (status === 403) expect(r.json.code).toBe('FORBIDDEN');
  });

  it('a read-only assignment cannot read the draft even with a designing role', async () => {
    await sql`update study_assignments set read_only = true where study_id = ${demo} and user_id = (select id from users where username = 'studyadmin')`.execute(
      t.db,
    );
    expect((await readDraft('studyadmin')).status).toBe(403);
  });

  it('refuses a malformed study id (400) and hides an unknown one (403; 404 for the platform admin)', async () => {
    const bad = await call(t.app, getStudyDraft, { params: { studyId: 'not-a-uuid' }, token: tokens.studyadmin });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrorKeys).toEqual({ studyId: [{ key: 'errors.invalidFormat' }] });
    expect((await readDraft('studyadmin', crypto.randomUUID())).status).toBe(403);
    expect((await readDraft('admin', crypto.randomUUID())).status).toBe(404);
    expect((await call(t.app, getStudyDraft, { params: { studyId: demo } })).status).toBe(401);
  });
});

describe('saving a section', () => {
  it.each(STUDY_CONTENT_SECTIONS)('%s: saved, its revision 0 → 1, read back, audited', async (section) => {
    const valid = section === 'studyActivities' ? await studyActivitiesExample() : SECTION_EXAMPLES[section].valid;
    const r = await save(section, { revision: 0, value: valid });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ versionId: demoDraft, section, revision: 1, versionRevision: 1 });
    expect(r.json.value).toMatchObject(valid);
    const back = await readDraft('studyadmin');
    expect(back.json.content[section]).toEqual(r.json.value);
    expect(back.json.sectionRevisions[section]).toBe(1);
    expect(back.json.revision).toBe(1);
    expect(await auditActions(t.db, demoDraft)).toEqual(['study.content.update']);
  });

  /** The activities section names an activity of the study: one is made for it (rolled back with the test). */
  async function studyActivitiesExample() {
    const a = await call(t.app, createActivity, {
      token: tokens.studyadmin,
      body: { studyId: demo, kind: 'survey', identifier: 'PAIN', title: { en: 'Pain' } },
    });
    return { items: [{ id: a.json.id, revisionId: a.json.latest.id, disabled: false, notificationsDisabled: false }] };
  }

  it.each(STUDY_CONTENT_SECTIONS)('%s: a bad value is refused on its field, nothing saved', async (section) => {
    const { value, field, key } = SECTION_EXAMPLES[section].bad;
    const r = await save(section, { revision: 0, value });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('VALIDATION_FAILED');
    expect(r.json.fieldErrorKeys[field]?.[0]?.key).toBe(key);
    expect((await readDraft('studyadmin')).json.sectionRevisions[section]).toBe(0);
    expect(await auditActions(t.db, demoDraft)).toEqual([]);
  });

  it.each([
    [{ value: { screens: [] } }, 'revision', 'errors.required'],
    [{ revision: -1, value: { screens: [] } }, 'revision', 'errors.tooSmall'],
    [{ revision: 1.5, value: { screens: [] } }, 'revision', 'errors.invalidValue'],
    [{ revision: 0 }, 'value', 'errors.required'],
    [{ revision: 0, value: { screens: [] }, reason: 'x' }, 'reason', 'errors.unknownField'],
  ])('the body %j is refused on %s', async (body, field, key) => {
    const r = await save('welcomeScreens', body);
    expect(r.status).toBe(400);
    expect(r.json.fieldErrorKeys[field]?.[0]?.key).toBe(key);
  });

  it("checks texts against the study's languages: the default language is required, others must be the study's", async () => {
    const r = await save('welcomeScreens', {
      revision: 0,
      value: { screens: [{ id: 'w', title: { es: 'Hola', fr: 'Salut' } }] },
    });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrorKeys).toEqual({
      'value.screens.0.title.fr': [{ key: 'studyContent.languageNotInStudy', params: { language: 'fr' } }],
      'value.screens.0.title.en': [{ key: 'studyContent.textRequiredIn', params: { language: 'en' } }],
    });
    expect(r.json.fieldErrors['value.screens.0.title.en']).toEqual([
      "Enter this text in the study's default language (en).",
    ]);
    // SLEEP is in English only
    const sleepSave = await save(
      'learnMore',
      { revision: 0, value: { sections: [{ id: 'a', title: { en: 'Why', es: 'Por qué' } }] } },
      { studyId: sleep, versionId: sleepDraft },
    );
    expect(sleepSave.status).toBe(400);
    expect(Object.keys(sleepSave.json.fieldErrorKeys)).toEqual(['value.sections.0.title.es']);
  });

  it('A-166: strips scripts, handlers and script links from every text before it is stored', async () => {
    const r = await save('welcomeScreens', {
      revision: 0,
      value: {
        screens: [
          {
            id: 'w',
            title: { en: 'Hi<script>alert(1)</script>' },
            body: { en: '<p onmouseover="steal()">Read <a href="javascript:steal()">this</a> &amp; that</p>' },
          },
        ],
      },
    });
    expect(r.status).toBe(200);
    const stored = (await readDraft('studyadmin')).json.content.welcomeScreens.screens[0];
    expect(stored.title).toEqual({ en: 'Hi' });
    expect(stored.body).toEqual({ en: '<p>Read <a href="steal()">this</a> & that</p>' });
  });

  it('records one audit item per changed field, named by item id, and the order apart', async () => {
    const current = (await readDraft('studyadmin')).json.content.welcomeScreens.screens;
    const [welcome, expect_] = current;
    const r = await save('welcomeScreens', {
      revision: 0,
      value: { screens: [{ ...expect_, title: { ...expect_.title, es: 'Lo que le espera' } }, welcome] },
    });
    expect(r.status).toBe(200);
    const items = await t.db
      .selectFrom('audit_items as i')
      .innerJoin('audit_log as a', 'a.id', 'i.audit_id')
      .select(['i.item', 'i.old_value', 'i.new_value', 'i.entity_type', 'i.entity_id', 'a.action', 'a.actor_id'])
      .where('a.entity_id', '=', demoDraft)
      .orderBy('i.position')
      .execute();
    const studyadmin = await idOf(t.db, 'users', { username: 'studyadmin' });
    expect(items).toEqual([
      {
        item: 'welcomeScreens.screens.$order',
        old_value: ['welcome', 'what-to-expect'],
        new_value: ['what-to-expect', 'welcome'],
        entity_type: 'study_version',
        entity_id: demoDraft,
        action: 'study.content.update',
        actor_id: studyadmin,
      },
      expect.objectContaining({
        item: 'welcomeScreens.screens.what-to-expect.title.es',
        old_value: 'Qué esperar',
        new_value: 'Lo que le espera',
      }),
    ]);
  });

  it('a save that changes nothing keeps the revision (no false conflict for others) and is still recorded', async () => {
    const current = (await readDraft('studyadmin')).json.content.welcomeScreens;
    const r = await save('welcomeScreens', { revision: 0, value: current });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ revision: 0, versionRevision: 0 });
    expect((await save('welcomeScreens', { revision: 0, value: current })).status).toBe(200);
    expect(await auditActions(t.db, demoDraft)).toEqual(['study.content.update', 'study.content.update']);
  });
});

describe('two editors of one draft', () => {
  it('the second save of a section read at the same revision is refused with a conflict naming it, not lost', async () => {
    const sam = await readDraft('studyadmin');
    const ada = await readDraft('admin');
    expect(sam.json.sectionRevisions.welcomeScreens).toBe(ada.json.sectionRevisions.welcomeScreens);
    const first = await save('welcomeScreens', { revision: 0, value: SECTION_EXAMPLES.welcomeScreens.valid });
    expect(first.status).toBe(200);
    const second = await save(
      'welcomeScreens',
      { revision: 0, value: { screens: [{ id: 'other', title: { en: 'Mine' } }] } },
      { user: 'admin' },
    );
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({
      code: 'DRAFT_CONFLICT',
      messageKey: 'versions.draftConflict',
      params: { section: 'Welcome screens' },
      message:
        'Another person saved “Welcome screens” since you opened it. Reload it to see their changes, then make yours again.',
      details: { section: 'welcomeScreens', currentRevision: 1, yourRevision: 0 },
    });
    const stored = (await readDraft('admin')).json;
    expect(stored.content.welcomeScreens.screens.map((s: { id: string }) => s.id)).toEqual(['hello']);
    // having reloaded, the second editor saves over the new revision
    const retry = await save(
      'welcomeScreens',
      { revision: 1, value: { screens: [{ id: 'other', title: { en: 'Mine' } }] } },
      { user: 'admin' },
    );
    expect(retry.status).toBe(200);
    expect(retry.json.revision).toBe(2);
  });

  it('editors of different sections do not conflict', async () => {
    expect((await save('welcomeScreens', { revision: 0, value: SECTION_EXAMPLES.welcomeScreens.valid })).status).toBe(
      200,
    );
    const branding = await save('branding', { revision: 0, value: SECTION_EXAMPLES.branding.valid }, { user: 'admin' });
    expect(branding.status).toBe(200);
    expect(branding.json).toMatchObject({ revision: 1, versionRevision: 2 });
    const back = (await readDraft('studyadmin')).json;
    expect(back.content.welcomeScreens.screens[0].id).toBe('hello');
    expect(back.content.branding.primaryColor).toBe('#1A237E');
  });

  it('a revision from the future is a conflict too', async () => {
    const r = await save('branding', { revision: 5, value: {} });
    expect(r.status).toBe(409);
    expect(r.json.details).toEqual({ section: 'branding', currentRevision: 0, yourRevision: 5 });
  });
});

describe('what may not be changed', () => {
  it('a published version is frozen: 409 VERSION_IMMUTABLE, content unchanged', async () => {
    await publishDemoDraft();
    const r = await save('branding', { revision: 0, value: { primaryColor: '#000000' } });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({
      code: 'VERSION_IMMUTABLE',
      messageKey: 'versions.immutable',
      message: 'This version has been published and can no longer be changed. Create a new version to make changes.',
      details: { versionId: demoDraft, status: 'PUBLISHED' },
    });
    const row = await t.db
      .selectFrom('study_versions')
      .select(['content', 'revision'])
      .where('id', '=', demoDraft)
      .executeTakeFirstOrThrow();
    expect((row.content as { branding: { primaryColor: string } }).branding.primaryColor).toBe('#0F766E');
    expect(row.revision).toBe(0);
  });

  it.each(['CLOSED', 'ARCHIVED', 'DELETED'])(
    'a %s study is read-only: 409 STUDY_READ_ONLY on a save; its draft can still be read',
    async (status) => {
      await sql`update studies set status = ${status} where id = ${demo}`.execute(t.db);
      const r = await save('branding', { revision: 0, value: { primaryColor: '#000000' } });
      expect(r.status).toBe(409);
      expect(r.json).toMatchObject({ code: 'STUDY_READ_ONLY', messageKey: 'studies.readOnly', details: { status } });
      expect((await readDraft('studyadmin')).status).toBe(200);
    },
  );

  it('a paused study is still built (amendments while paused)', async () => {
    await sql`update studies set status = 'PAUSED' where id = ${demo}`.execute(t.db);
    expect((await save('branding', { revision: 0, value: SECTION_EXAMPLES.branding.valid })).status).toBe(200);
  });

  it("another study's version, or an unknown one, is not found under this study", async () => {
    const other = await save('branding', { revision: 0, value: {} }, { versionId: sleepDraft });
    expect(other.status).toBe(404);
    expect(other.json.code).toBe('NOT_FOUND');
    expect((await save('branding', { revision: 0, value: {} }, { versionId: crypto.randomUUID() })).status).toBe(404);
  });

  it.each([
    ['cra.demo', 'DEMO', 403],
    ['pi.demo', 'DEMO', 403],
    ['crc.demo', 'DEMO', 403],
    ['studyadmin', 'CARDIO', 403],
    ['admin', 'DEMO', 200],
  ])('%s saving a section of %s → %i', async (user, study, status) => {
    const studyId = study === 'CARDIO' ? cardio : demo;
    const r = await save('branding', { revision: 0, value: SECTION_EXAMPLES.branding.valid }, { user, studyId });
    expect(r.status).toBe(status);
    if (status !== 200) expect(await auditActions(t.db, demoDraft)).toEqual([]);
  });
});
