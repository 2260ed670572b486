/**
 * Studies themselves (issue 9, decision 0031): create with the first draft, edit with optimistic
 * concurrency, list and search, the lifecycle with reasons, launch readiness and launch, approvals,
 * duplicate, the v1/v2 reads, languages and countries. Access by role, and the audit rows.
 */
import {
  buildStudy,
  createStudy,
  duplicateStudy,
  getCountryStudyVersions,
  getStudyBuildProgress,
  getStudyFeatures,
  getStudyFeaturesV2,
  getStudyOverview,
  getStudyOverviewV2,
  getStudyRecord,
  getStudyRecordLive,
  getStudyRecordNoCache,
  launchStudy,
  listLanguages,
  listStudies,
  listStudyLanguageItems,
  listSupportedCountries,
  setStudyApproval,
  setStudyStatus,
  updateStudy,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

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

const NEW = {
  code: 'ONC-7',
  name: 'Oncology Fatigue Study',
  description: 'Fatigue in the first year after chemotherapy.',
  therapeuticArea: 'Oncology',
  languages: ['en', 'es'],
  countries: ['US', 'ES'],
};

const create = (body: unknown, user = 'studyadmin') => call(t.app, createStudy, { token: tokens[user], body });

const audit = (entityId: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after', 'reason', 'actor_id'])
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();

/** The study record as the builders read it, and the fields an edit sends back. */
const read = async (studyId: string) =>
  (await call(t.app, getStudyRecord, { params: { studyId }, token: tokens.studyadmin })).json;
const fieldsOf = (r: Awaited<ReturnType<typeof read>>) => ({
  code: r.code,
  name: r.name,
  languages: r.languages.map((l: { id: string }) => l.id),
  countries: r.countries.map((c: { id: string }) => c.id),
  revision: r.revision,
});

describe('creating a study (C-104)', () => {
  it('in design, with its languages, countries and a first draft; the creator is its StudyAdmin; audited', async () => {
    const r = await create(NEW);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      code: 'ONC-7',
      name: 'Oncology Fatigue Study',
      therapeuticArea: 'Oncology',
      status: 'DESIGN',
      nextStatuses: ['LIVE', 'DELETED'],
      revision: 0,
      languages: [
        { id: 'en', isDefault: true },
        { id: 'es', isDefault: false },
      ],
      countries: [
        { id: 'US', isDefault: true },
        { id: 'ES', isDefault: false },
      ],
      approval: { isInternalOrganizationalApproved: false, isIrbEcApproved: false },
    });
    const id = r.json.id;
    const draft = await t.db
      .selectFrom('study_versions')
      .select(['id', 'number', 'status'])
      .where('study_id', '=', id)
      .execute();
    expect(draft).toEqual([{ id: r.json.testVersionId, number: 1, status: 'DRAFT' }]);
    const me = await idOf(t.db, 'users', { username: 'studyadmin' });
    const assignment = await t.db.selectFrom('study_assignments').select('role').where('study_id', '=', id).execute();
    expect(assignment).toEqual([{ role: 'StudyAdmin' }]);
    const rows = await audit(id);
    expect(rows).toMatchObject([
      {
        action: 'study.create',
        actor_id: me,
        after: {
          studyCode: 'ONC-7',
          name: 'Oncology Fatigue Study',
          languages: 'en, es',
          countries: 'US, ES',
          status: 'DESIGN',
        },
      },
    ]);
    // and the creator finds it in the list, by name
    const list = await call(t.app, listStudies, { token: tokens.studyadmin, query: { search: 'fatigue' } });
    expect(list.json.items.map((s: { code: string }) => s.code)).toEqual(['ONC-7']);
  });

  it('a code another study has, in any case, is refused on the code field', async () => {
    const r = await create({ ...NEW, code: 'demo' });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({
      code: 'CONFLICT',
      fieldErrors: { code: ['Another study already uses this code. Choose another one.'] },
    });
  });

  it.each([
    [{ ...NEW, code: '' }, 'code', 'errors.required'],
    [{ ...NEW, code: 'a b' }, 'code', 'studies.codeFormat'],
    [{ ...NEW, code: 'x'.repeat(21) }, 'code', 'errors.tooLong'],
    [{ ...NEW, name: '  ' }, 'name', 'errors.required'],
    [{ ...NEW, languages: [] }, 'languages', 'errors.tooFew'],
    [{ ...NEW, languages: ['en', 'en'] }, 'languages', 'errors.invalidValue'],
    [{ ...NEW, languages: ['English'] }, 'languages.0', 'errors.invalidFormat'],
    [{ ...NEW, languages: ['en', 'fr'] }, 'languages.1', 'studies.languageUnknown'],
    [{ ...NEW, countries: ['ZZ'] }, 'countries.0', 'studies.countryUnknown'],
    [{ ...NEW, status: 'LIVE' }, 'status', 'errors.unknownField'],
  ])('the body %j is refused on %s', async (body, field, key) => {
    const r = await create(body);
    expect(r.status).toBe(400);
    expect(r.json.fieldErrorKeys[field]?.[0]?.key).toBe(key);
  });

  it.each([
    ['cra.demo', 403],
    ['pi.demo', 403],
    ['admin', 200],
  ])('%s creating a study → %i', async (user, status) => {
    expect((await create(NEW, user)).status).toBe(status);
  });

  it.each([
    ['cra.demo', false],
    ['pi.demo', false],
    ['studyadmin', true],
    ['admin', true],
  ])('the studies list tells %s whether "New study" is theirs: %s', async (user, canCreate) => {
    const list = await call(t.app, listStudies, { token: tokens[user] });
    expect(list.json.canCreate).toBe(canCreate);
  });
});

describe('editing a study (C-104)', () => {
  const edit = (studyId: string, body: unknown, user = 'studyadmin') =>
    call(t.app, updateStudy, { params: { studyId }, token: tokens[user], body });

  it('saves the fields, moves the revision on, audits old → new', async () => {
    const before = fieldsOf(await read(sleep));
    const r = await edit(sleep, { ...before, name: 'Sleep Quality Study', countries: ['GB', 'DE'] });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ name: 'Sleep Quality Study', revision: 1, countries: [{ id: 'GB' }, { id: 'DE' }] });
    const [row] = await audit(sleep);
    expect(row).toMatchObject({
      action: 'study.update',
      before: { name: 'Sleep Quality Observational Study', countries: '', revision: 0 },
      after: { name: 'Sleep Quality Study', countries: 'GB, DE', revision: 1 },
    });
  });

  it('a save over a newer revision is refused with a conflict message, nothing lost', async () => {
    const before = fieldsOf(await read(sleep));
    expect((await edit(sleep, { ...before, name: 'First' })).status).toBe(200);
    const r = await edit(sleep, { ...before, name: 'Second' });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ code: 'CONFLICT', messageKey: 'studies.editConflict' });
    expect((await read(sleep)).name).toBe('First');
  });

  it('the code of a live study stays; a closed study is read-only; a monitor may not edit', async () => {
    const live = fieldsOf(await read(demo));
    const r = await edit(demo, { ...live, code: 'DEMO2' });
    expect(r.status).toBe(409);
    expect(r.json.fieldErrorKeys.code[0].key).toBe('studies.codeFixed');
    expect((await edit(demo, { ...live, name: 'Renamed demo' })).status).toBe(200);
    expect((await edit(demo, live, 'cra.demo')).status).toBe(403);
    const closed = (await call(t.app, getStudyRecord, { params: { studyId: cardio }, token: tokens.admin })).json;
    const refused = await edit(cardio, { ...fieldsOf(closed), languages: ['en'] }, 'admin');
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('STUDY_READ_ONLY');
  });
});

describe('products, a core field of the study (C-078, decision 0042)', () => {
  const features = async (studyId: string) =>
    (await call(t.app, getStudyFeatures, { params: { studyId }, token: tokens.studyadmin })).json.studyFeatures;

  it('a new study starts with the products chosen; the features call follows them; audited', async () => {
    const r = await create({ ...NEW, products: ['edc', 'eConsent'] });
    expect(r.status).toBe(200);
    expect(r.json.products).toEqual(['eConsent', 'edc']);
    expect(await features(r.json.id)).toMatchObject({ eConsent: true, edc: true, ePro: false, telehealth: false });
    expect((await audit(r.json.id))[0]).toMatchObject({ action: 'study.create', after: { products: 'eConsent, edc' } });
    expect((await create({ ...NEW, code: 'ONC-8' })).json.products).toEqual([]);
  });

  it('an edit sets the products, keeps the other features, audits old → new; left out, they stay', async () => {
    const before = await read(demo);
    expect(before.products).toEqual(['eConsent', 'edc', 'telehealth', 'analytics']);
    const r = await call(t.app, updateStudy, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { ...fieldsOf(before), products: ['ePro', 'telehealth'] },
    });
    expect(r.status).toBe(200);
    expect(r.json.products).toEqual(['ePro', 'telehealth']);
    expect(await features(demo)).toMatchObject({ ePro: true, telehealth: true, edc: false, caregiver: false });
    expect((await audit(demo)).at(-1)).toMatchObject({
      action: 'study.update',
      before: { products: 'eConsent, edc, telehealth, analytics' },
      after: { products: 'ePro, telehealth' },
    });
    const again = await call(t.app, updateStudy, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { ...fieldsOf(r.json), name: 'Renamed' },
    });
    expect(again.json.products).toEqual(['ePro', 'telehealth']);
  });

  it.each([
    [['caregiver'], 'products.0', 'errors.invalidValue'],
    [['edc', 'edc'], 'products', 'errors.invalidValue'],
    ['edc', 'products', 'errors.invalidValue'],
  ])('products %j are refused on %s, nothing saved', async (products, field, key) => {
    const r = await create({ ...NEW, code: 'ONC-9', products });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrorKeys[field]?.[0]?.key).toBe(key);
    expect(r.json.fieldErrors[field]?.[0]).toBeTruthy();
  });
});

describe('the lifecycle (C-095, C-096)', () => {
  const move = (studyId: string, body: unknown, user = 'studyadmin') =>
    call(t.app, setStudyStatus, { params: { studyId }, token: tokens[user], body });

  it('pausing a live study records the reason', async () => {
    const r = await move(demo, { status: 'PAUSED', reason: 'Safety review' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'PAUSED', nextStatuses: ['LIVE', 'CLOSED'] });
    expect((await audit(demo)).at(-1)).toMatchObject({
      action: 'study.status',
      before: { status: 'LIVE' },
      after: { status: 'PAUSED' },
      reason: 'Safety review',
    });
  });

  it('deleting is a status: from design only, and the deleted study leaves the list', async () => {
    const del = await move(demo, { status: 'DELETED', reason: 'Mistake' });
    expect(del.status).toBe(409);
    expect(del.json.messageKey).toBe('studies.deleteOnlyInDesign');
    expect((await move(sleep, { status: 'DELETED', reason: 'Set up by mistake' })).status).toBe(200);
    const list = await call(t.app, listStudies, { token: tokens.studyadmin });
    expect(list.json.items.map((s: { code: string }) => s.code)).not.toContain('SLEEP');
    const deleted = await call(t.app, listStudies, { token: tokens.studyadmin, query: { status: 'DELETED' } });
    expect(deleted.json.items.map((s: { code: string }) => s.code)).toEqual(['SLEEP']);
  });

  it.each([
    [{ status: 'PAUSED' }, 400, 'reason'],
    [{ status: 'PAUSED', reason: '  ' }, 400, 'reason'],
    [{ status: 'OPEN', reason: 'x' }, 400, 'status'],
  ])('the body %j → %i on %s', async (body, status, field) => {
    const r = await move(demo, body);
    expect(r.status).toBe(status);
    expect(Object.keys(r.json.fieldErrorKeys ?? {})).toContain(field);
  });

  it('refused moves say which: design → live goes through the launch; archived from live is not a move', async () => {
    const launch = await move(sleep, { status: 'LIVE', reason: 'go' });
    expect(launch.json).toMatchObject({ code: 'CONFLICT', messageKey: 'studies.launchThroughLaunch' });
    const archive = await move(demo, { status: 'ARCHIVED', reason: 'done' });
    expect(archive.status).toBe(409);
    expect(archive.json.message).toBe('A study that is LIVE cannot be moved to ARCHIVED.');
  });

  it.each([
    ['cra.demo', 403],
    ['pi.demo', 403],
  ])('%s changing the status → %i', async (user, status) => {
    expect((await move(demo, { status: 'PAUSED', reason: 'x' }, user)).status).toBe(status);
  });
});

describe('launch readiness, build and launch (C-098, C-011, C-063, C-119)', () => {
  const progress = (studyId: string, user = 'studyadmin') =>
    call(t.app, getStudyBuildProgress, { params: { studyId }, token: tokens[user] });
  const launch = (studyId: string, body: unknown = {}) =>
    call(t.app, launchStudy, { params: { studyId }, token: tokens.studyadmin, body });

  it('names every gap of a new study', async () => {
    const id = (await create(NEW)).json.id;
    const r = await progress(id);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ ready: false, status: 'DESIGN', publishedVersion: null });
    expect(r.json.gaps.map((g: { id: string }) => g.id)).toEqual([
      'site',
      'publishedVersion',
      'logo',
      'internalApproval',
      'irbApproval',
    ]);
    expect(r.json.gaps[0]).toMatchObject({ area: 'sites', message: 'The study has no site.' });
  });

  it('a text without a study language is a gap naming section and language', async () => {
    await sql`update study_versions set content = jsonb_set(content, '{welcomeScreens}', ${JSON.stringify({
      screens: [{ id: 'w1', title: { en: 'Sleep well' }, body: {}, imageFileId: null }],
    })}::jsonb) where study_id = ${sleep}`.execute(t.db);
    await sql`insert into study_languages (study_id, language_id) values (${sleep}, 'es')`.execute(t.db);
    const r = await progress(sleep);
    expect(r.json.gaps).toContainEqual(
      expect.objectContaining({
        id: 'text',
        params: { section: 'welcomeScreens', language: 'es', count: 1 },
        message: '“welcomeScreens”: 1 text(s) have no es version.',
      }),
    );
  });

  it('launch refuses with the gaps listed, then goes live on the newest published version; audited', async () => {
    const refused = await launch(sleep);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'STUDY_NOT_READY' });
    expect(refused.json.details.gaps.length).toBeGreaterThan(0);
    expect(refused.json.message).toMatch(/^The study cannot be launched yet: \d item\(s\) are missing/);
    // make it ready: a country, a logo, published, approved (the site exists: GB-001)
    await sql`insert into study_countries (study_id, country_id, is_default) values (${sleep}, 'GB', true)`.execute(
      t.db,
    );
    await sql`update study_versions set status = 'PUBLISHED', content = jsonb_set(content, '{branding,logoFileId}', '"6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9"'::jsonb),
      snapshot = jsonb_set(content, '{branding,logoFileId}', '"6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9"'::jsonb), published_at = now() where study_id = ${sleep}`.execute(
      t.db,
    );
    const approve = await call(t.app, setStudyApproval, {
      params: { studyId: sleep },
      token: tokens.studyadmin,
      body: { isInternalOrganizationalApproved: true, isIrbEcApproved: true },
    });
    expect(approve.status).toBe(200);
    expect((await progress(sleep)).json).toMatchObject({ ready: true, gaps: [] });
    const built = await call(t.app, buildStudy, { params: { studyId: sleep }, token: tokens.studyadmin, body: {} });
    expect(built.json.ready).toBe(true);
    const r = await launch(sleep, { reason: 'IRB approval received' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'LIVE', launched: { name: 'Sam Study' } });
    expect(r.json.liveVersionId).toBe(r.json.testVersionId);
    const actions = (await audit(sleep)).map((a) => a.action);
    expect(actions).toEqual(['study.approval', 'study.build', 'study.launch']);
    expect((await audit(sleep)).at(-1)).toMatchObject({ reason: 'IRB approval received', after: { status: 'LIVE' } });
  });

  it.each([
    ['cra.demo', 403],
    ['pi.demo', 403],
  ])('%s reading the build progress → %i', async (user, status) => {
    expect((await progress(demo, user)).status).toBe(status);
  });
});

describe('approval (C-094, C-103)', () => {
  const approve = (body: unknown, user = 'studyadmin') =>
    call(t.app, setStudyApproval, { params: { studyId: sleep }, token: tokens[user], body });

  it('records who and when per flag; withdrawing needs a reason', async () => {
    const r = await approve({ isInternalOrganizationalApproved: true, isIrbEcApproved: false });
    expect(r.json.approval).toMatchObject({
      isInternalOrganizationalApproved: true,
      internalApproved: { name: 'Sam Study' },
      isIrbEcApproved: false,
      irbEcApproved: null,
    });
    const refused = await approve({ isInternalOrganizationalApproved: false, isIrbEcApproved: false });
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrorKeys.reason[0].key).toBe('studies.approvalWithdrawReason');
    const withdrawn = await approve({
      isInternalOrganizationalApproved: false,
      isIrbEcApproved: false,
      reason: 'Protocol amended',
    });
    expect(withdrawn.json.approval.internalApproved).toBeNull();
    const irb = await approve({ isInternalOrganizationalApproved: false, isIrbEcApproved: true });
    expect(irb.json.approval).toMatchObject({
      isInternalOrganizationalApproved: false,
      isIrbEcApproved: true,
      irbEcApproved: { name: 'Sam Study' },
    });
    expect((await audit(sleep)).map((a) => [a.action, a.reason])).toEqual([
      ['study.approval', null],
      ['study.approval', 'Protocol amended'],
      ['study.approval', null],
    ]);
  });

  it.each([
    [{ isIrbEcApproved: true }, 'isInternalOrganizationalApproved'],
    [{ isInternalOrganizationalApproved: 'yes', isIrbEcApproved: true }, 'isInternalOrganizationalApproved'],
  ])('the body %j is refused on %s', async (body, field) => {
    const r = await approve(body);
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.fieldErrorKeys)).toContain(field);
  });

  it('a monitor may not approve', async () => {
    expect((await approve({ isInternalOrganizationalApproved: true, isIrbEcApproved: true }, 'cra.demo')).status).toBe(
      403,
    );
  });
});

describe('duplicate (C-099)', () => {
  const dup = (body: unknown, user = 'studyadmin') =>
    call(t.app, duplicateStudy, { params: { studyId: demo }, token: tokens[user], body });

  it("a new study in design with the source's current content, languages and countries; no sites or people", async () => {
    const r = await dup({ code: 'DEMO-B', name: 'Demo copy' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      code: 'DEMO-B',
      status: 'DESIGN',
      duplicatedFrom: { id: demo, code: 'DEMO' },
      languages: [{ id: 'en' }, { id: 'es' }],
      countries: [{ id: 'US' }, { id: 'ES' }],
      approval: { isInternalOrganizationalApproved: false, isIrbEcApproved: false },
      liveVersionId: null,
    });
    const copy = r.json.id;
    const draft = await t.db
      .selectFrom('study_versions')
      .select(['number', 'status', 'content'])
      .where('study_id', '=', copy)
      .executeTakeFirstOrThrow();
    expect(draft).toMatchObject({ number: 1, status: 'DRAFT' });
    expect((draft.content as { welcomeScreens: { screens: unknown[] } }).welcomeScreens.screens).toHaveLength(2);
    const sites = await t.db.selectFrom('sites').select('id').where('study_id', '=', copy).execute();
    expect(sites).toEqual([]);
    const people = await t.db.selectFrom('study_assignments').select('role').where('study_id', '=', copy).execute();
    expect(people).toEqual([{ role: 'StudyAdmin' }]);
    expect((await audit(copy)).map((a) => a.action)).toContain('study.duplicate');
  });

  it('a taken code is refused on its field; a monitor may not duplicate', async () => {
    expect((await dup({ code: 'sleep', name: 'x' })).json.fieldErrorKeys.code[0].key).toBe('studies.codeTaken');
    expect((await dup({ code: 'NEW-1', name: 'x' }, 'cra.demo')).status).toBe(403);
  });
});

describe('reads: details, overview and features v1/v2, live and no-cache, languages, countries', () => {
  it('details v2 with isApplangaCulture, no-cache and live variants (C-105, C-108)', async () => {
    const p = { params: { studyId: demo }, token: tokens['pi.demo'] };
    const v2 = await call(t.app, getStudyRecord, p);
    expect(v2.json.languages.map((l: { id: string }) => l.id)).toEqual(['en', 'es']);
    const culture = await call(t.app, getStudyRecord, { ...p, query: { isApplangaCulture: 'true' } });
    expect(culture.json.languages.map((l: { id: string }) => l.id)).toEqual(['en-US', 'es-ES']);
    const fresh = await call(t.app, getStudyRecordNoCache, p);
    expect(fresh.headers['cache-control']).toBe('no-store');
    expect(fresh.json.id).toBe(demo);
    const live = await call(t.app, getStudyRecordLive, p);
    expect(live.json.liveVersion).toMatchObject({ number: 1, name: 'v1' });
    expect((await call(t.app, getStudyRecord, { ...p, query: { isApplangaCulture: 'maybe' } })).status).toBe(400);
  });

  it('overview v1 and v2 (C-109), features v2 (C-110), country versions (C-107)', async () => {
    const p = { params: { studyId: demo }, token: tokens.studyadmin };
    expect((await call(t.app, getStudyOverview, p)).json).toMatchObject({
      code: 'DEMO',
      siteCount: 2,
      countryCount: 2,
      languageCount: 2,
      versionCount: 2,
    });
    expect((await call(t.app, getStudyOverviewV2, p)).json).toMatchObject({
      study: { code: 'DEMO' },
      counts: { sites: 2, countries: 2, languages: 2, versions: 2 },
    });
    const features = (await call(t.app, getStudyFeaturesV2, p)).json.features;
    expect(features[0]).toEqual({ name: 'analytics', enabled: true });
    expect(features).toContainEqual({ name: 'caregiver', enabled: false });
    const cv = (await call(t.app, getCountryStudyVersions, p)).json.items;
    expect(cv.map((c: { countryId: string }) => c.countryId)).toEqual(['US', 'ES']);
    expect(cv[0]).toMatchObject({ live: { number: 1 }, test: { number: 2 } });
    // a study the caller is not on
    expect(
      (await call(t.app, getStudyOverview, { params: { studyId: cardio }, token: tokens['pi.demo'] })).status,
    ).toBe(403);
  });

  it('languages, study languages and supported countries (C-175, C-176, C-086)', async () => {
    const langs = await call(t.app, listLanguages, { token: tokens.studyadmin });
    expect(langs.json.items).toEqual([
      { id: 'en', displayName: 'English' },
      { id: 'es', displayName: 'Español' },
    ]);
    const mine = await call(t.app, listStudyLanguageItems, { params: { studyId: demo }, token: tokens.studyadmin });
    expect(mine.json.items).toEqual([
      { id: 'en', displayName: 'English', isDefault: true, culture: 'en-US' },
      { id: 'es', displayName: 'Español', isDefault: false, culture: 'es-ES' },
    ]);
    const countries = await call(t.app, listSupportedCountries, {
      token: tokens.studyadmin,
      headers: { 'accept-language': 'es' },
    });
    expect(countries.json.items[0]).toMatchObject({ id: 'US', isoCode3: 'USA' });
    expect(countries.json.items).toHaveLength(5);
    expect((await call(t.app, listLanguages, {})).status).toBe(401);
  });
});
