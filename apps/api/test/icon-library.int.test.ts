/**
 * The icon library (C-126, 002 §7 "Icon libraries (pageNum)"; decision 0040): the catalogue paged with
 * pageNum and pageSize and searched, who may list it, each icon's SVG served with its type and a policy
 * that runs nothing, and an icon on welcome screens, learn-more sections and info screens — saved,
 * refused on its field when the library has no such icon, carried through the diff and translations.
 */
import {
  DRAFT_SECTION_ENDPOINTS,
  diffStudyVersions,
  exportTranslations,
  getIconLibraryIcon,
  getStudyDraft,
  importTranslations,
  listIconLibrary,
} from '@trialpath/contract';
import { ICON_LIBRARY_IDS } from '@trialpath/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let draft: string;
let live: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  const versionId = async (status: 'DRAFT' | 'PUBLISHED') =>
    (
      await t.db
        .selectFrom('study_versions')
        .select('id')
        .where('study_id', '=', demo)
        .where('status', '=', status)
        .executeTakeFirstOrThrow()
    ).id;
  draft = await versionId('DRAFT');
  live = await versionId('PUBLISHED');
  for (const u of ['admin', 'studyadmin', 'pi.demo', 'crc.demo', 'cra.demo'])
    tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const list = (query: Record<string, string | number> = {}, o: { user?: string; language?: string } = {}) =>
  call(t.app, listIconLibrary, {
    query,
    token: tokens[o.user ?? 'studyadmin'],
    headers: o.language ? { 'accept-language': o.language } : {},
  });

const readDraft = () => call(t.app, getStudyDraft, { params: { studyId: demo }, token: tokens.studyadmin });

function save(section: 'welcomeScreens' | 'learnMore' | 'infoScreens', body: unknown) {
  return call(t.app, DRAFT_SECTION_ENDPOINTS[section], {
    params: { studyId: demo, versionId: draft },
    token: tokens.studyadmin,
    body,
  });
}

describe('listing the icon library a page at a time (C-126)', () => {
  it('pageNum and pageSize cut the catalogue into pages; every page says the total; the pages join up', async () => {
    const total = ICON_LIBRARY_IDS.length;
    const first = await list({ pageNum: 1, pageSize: 25 });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ total, pageNum: 1, pageSize: 25 });
    expect(first.json.items).toHaveLength(25);
    expect(first.json.items[0]).toEqual({ id: 'heart', label: 'Heart', url: '/api/v1/icon-libraries/heart' });

    const ids: string[] = [];
    const pages = Math.ceil(total / 25);
    for (let pageNum = 1; pageNum <= pages; pageNum++) {
      const page = await list({ pageNum, pageSize: 25 });
      expect(page.json.total).toBe(total);
      ids.push(...page.json.items.map((i: { id: string }) => i.id));
    }
    expect(ids).toEqual([...ICON_LIBRARY_IDS]);
    const last = await list({ pageNum: pages, pageSize: 25 });
    expect(last.json.items).toHaveLength(total - 25 * (pages - 1));
    // past the last page: an empty page, with the total, so a pager can step back
    const beyond = await list({ pageNum: pages + 1, pageSize: 25 });
    expect(beyond.json).toEqual({ items: [], total, pageNum: pages + 1, pageSize: 25 });
  });

  it('without pageNum and pageSize: the first page of 25', async () => {
    const r = await list();
    expect(r.json).toMatchObject({ pageNum: 1, pageSize: 25 });
    expect(r.json.items).toHaveLength(25);
  });

  it('a search narrows the list and its total, in English or Spanish, with or without accents', async () => {
    const heart = await list({ search: 'heart' });
    expect(heart.json.items.map((i: { id: string }) => i.id)).toEqual(['heart', 'heart-rate', 'heart-monitor']);
    expect(heart.json.total).toBe(3);
    const corazon = await list({ search: 'corazon', pageSize: 10 });
    expect(corazon.json).toMatchObject({ total: 1, items: [{ id: 'heart', label: 'Heart' }] });
    const sleep = await list({ search: 'sleep', pageSize: 1, pageNum: 2 });
    expect(sleep.json).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(sleep.json.items).toHaveLength(1);
    const nothing = await list({ search: 'zzzqqq' });
    expect(nothing.json).toEqual({ items: [], total: 0, pageNum: 1, pageSize: 25 });
  });

  it('the names are in the caller’s language (Accept-Language)', async () => {
    const es = await list({ search: 'heart', pageSize: 1 }, { language: 'es' });
    expect(es.json.items).toEqual([{ id: 'heart', label: 'Corazón', url: '/api/v1/icon-libraries/heart' }]);
  });

  it('a pageSize over 100, under 1 or not whole, or a pageNum under 1, is refused on its field', async () => {
    const big = await list({ pageSize: 101 });
    expect(big.status).toBe(400);
    expect(big.json.code).toBe('VALIDATION_FAILED');
    expect(big.json.fieldErrorKeys).toEqual({ pageSize: [{ key: 'errors.tooLarge', params: { max: 100 } }] });
    expect(big.json.fieldErrors).toEqual({ pageSize: ['Enter a value of at most 100.'] });
    for (const pageSize of [0, 2.5, 'ten'])
      expect((await list({ pageSize })).json.fieldErrorKeys.pageSize).toBeDefined();
    expect((await list({ pageNum: 0 })).json.fieldErrorKeys).toEqual({
      pageNum: [{ key: 'errors.tooSmall', params: { min: 1 } }],
    });
    expect((await list({ pageSize: 100 })).json.items).toHaveLength(100);
    expect((await list({ other: 1 })).json.fieldErrorKeys).toEqual({
      other: [{ key: 'errors.unknownField', params: { field: 'other' } }],
    });
  });

  it('study builders may list it (StudyAdmin, SystemAdmin); a PI, a coordinator or a monitor → 403; nobody → 401', async () => {
    expect((await list({}, { user: 'admin' })).status).toBe(200);
    for (const user of ['pi.demo', 'crc.demo', 'cra.demo']) {
      const r = await list({}, { user });
      expect(r.status, user).toBe(403);
      expect(r.json.code).toBe('FORBIDDEN');
    }
    expect((await call(t.app, listIconLibrary, {})).status).toBe(401);
  });
});

describe('an icon’s SVG', () => {
  it('is served to anyone as image/svg+xml with a policy that runs nothing, never sniffed, cacheable', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/icon-libraries/heart' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml');
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    expect(r.headers['content-security-policy']).toContain('sandbox');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
    expect(r.body.trimStart()).toMatch(/^<svg[\s>]/);
    expect(r.body).toContain('stroke="currentColor"');
    expect(r.body).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it('every icon a page lists is served', async () => {
    const page = await list({ pageSize: 100 });
    for (const item of page.json.items as { url: string }[]) {
      const r = await t.app.inject({ method: 'GET', url: item.url });
      expect(r.statusCode, item.url).toBe(200);
    }
  });

  it('an id the library does not have → 404 naming it', async () => {
    const r = await call(t.app, getIconLibraryIcon, { params: { iconId: 'unicorn' } });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'icons.notFound',
      message: 'The icon library has no icon “unicorn”.',
    });
    const traversal = await t.app.inject({ method: 'GET', url: '/api/v1/icon-libraries/..%2F..%2Fpackage.json' });
    expect(traversal.statusCode).toBe(404);
    expect(traversal.json().code).toBe('NOT_FOUND');
  });
});

describe('an icon on study content (welcome screens, learn-more sections, info screens)', () => {
  it('a welcome screen saved with a library icon keeps it: read back, audited, in the diff; other screens have none', async () => {
    const before = (await readDraft()).json;
    const screens = before.content.welcomeScreens.screens;
    expect(screens.every((s: { icon: unknown }) => s.icon === null)).toBe(true);
    const r = await save('welcomeScreens', {
      revision: before.sectionRevisions.welcomeScreens,
      value: { screens: [{ ...screens[0], icon: 'calendar' }, ...screens.slice(1)] },
    });
    expect(r.status).toBe(200);
    expect(r.json.value.screens[0].icon).toBe('calendar');
    const after = (await readDraft()).json;
    expect(after.content.welcomeScreens.screens[0].icon).toBe('calendar');
    expect(after.content.welcomeScreens.screens[1].icon).toBeNull();
    expect(await auditActions(t.db, draft)).toContain('study.content.update');
    const items = await t.db
      .selectFrom('audit_items as i')
      .innerJoin('audit_log as a', 'a.id', 'i.audit_id')
      .select(['i.item', 'i.old_value', 'i.new_value'])
      .where('a.entity_id', '=', draft)
      .where('a.action', '=', 'study.content.update')
      .execute();
    expect(items).toEqual([{ item: 'welcomeScreens.screens.welcome.icon', old_value: null, new_value: 'calendar' }]);

    const diff = await call(t.app, diffStudyVersions, {
      params: { studyId: demo },
      query: { from: live, to: draft },
      token: tokens.studyadmin,
    });
    expect(diff.status).toBe(200);
    const group = diff.json.groups.find((g: { key: string }) => g.key === 'welcomeScreens');
    // Exactly the one change: the published version, saved before icons existed, reads as "no icon" everywhere.
    expect(group.changes).toEqual([
      expect.objectContaining({
        kind: 'added',
        field: 'icon',
        language: null,
        before: null,
        after: 'calendar',
        item: expect.objectContaining({ list: 'screens', id: 'welcome' }),
      }),
    ]);
  });

  it('a learn-more section and an info screen take an icon too, and lose it when cleared', async () => {
    const d = (await readDraft()).json;
    const lm = await save('learnMore', {
      revision: d.sectionRevisions.learnMore,
      value: { sections: [{ id: 'about', title: { en: 'About the study' }, icon: 'info' }] },
    });
    expect(lm.status).toBe(200);
    expect(lm.json.value.sections).toEqual([{ id: 'about', title: { en: 'About the study' }, body: {}, icon: 'info' }]);
    const info = await save('infoScreens', {
      revision: d.sectionRevisions.infoScreens,
      value: { screens: [{ id: 'visits', title: { en: 'Visits' }, icon: 'stethoscope' }] },
    });
    expect(info.status).toBe(200);
    const cleared = await save('learnMore', {
      revision: lm.json.revision,
      value: { sections: [{ id: 'about', title: { en: 'About the study' }, icon: null }] },
    });
    expect(cleared.json.value.sections[0].icon).toBeNull();
    const now = (await readDraft()).json.content;
    expect(now.learnMore.sections[0].icon).toBeNull();
    expect(now.infoScreens.screens[0].icon).toBe('stethoscope');
  });

  it('an icon the library does not have is refused on its field, in the caller’s language, and nothing is saved', async () => {
    const d = (await readDraft()).json;
    const r = await save('learnMore', {
      revision: d.sectionRevisions.learnMore,
      value: {
        sections: [
          { id: 'about', title: { en: 'About' }, icon: 'heart' },
          { id: 'risks', title: { en: 'Risks' }, icon: 'unicorn' },
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('VALIDATION_FAILED');
    expect(r.json.fieldErrorKeys).toEqual({ 'value.sections.1.icon': [{ key: 'studyContent.unknownIcon' }] });
    expect(r.json.fieldErrors['value.sections.1.icon']).toEqual([
      'This icon is not in the icon library. Choose another icon or none.',
    ]);
    const es = await call(t.app, DRAFT_SECTION_ENDPOINTS.welcomeScreens, {
      params: { studyId: demo, versionId: draft },
      token: tokens.studyadmin,
      headers: { 'accept-language': 'es' },
      body: {
        revision: d.sectionRevisions.welcomeScreens,
        value: { screens: [{ ...d.content.welcomeScreens.screens[0], icon: '<script>' }] },
      },
    });
    expect(es.status).toBe(400);
    expect(es.json.fieldErrors['value.screens.0.icon']).toEqual([
      'Este icono no está en la biblioteca de iconos. Elija otro icono o ninguno.',
    ]);
    const after = (await readDraft()).json;
    expect(after.content).toEqual(d.content);
    expect(after.sectionRevisions).toEqual(d.sectionRevisions);
  });

  it('an icon is not a text: the translation file leaves it out, and an import keeps it in place', async () => {
    const d = (await readDraft()).json;
    const screens = d.content.welcomeScreens.screens;
    await save('welcomeScreens', {
      revision: d.sectionRevisions.welcomeScreens,
      value: { screens: [{ ...screens[0], icon: 'heart' }, ...screens.slice(1)] },
    });
    const exported = await call(t.app, exportTranslations, {
      params: { studyId: demo, versionId: draft },
      query: { language: 'es' },
      token: tokens.studyadmin,
    });
    expect(exported.status).toBe(200);
    const xliff: string = exported.json.xliff;
    expect(xliff).toContain('<unit id="welcomeScreens.screens.welcome.title">');
    expect(xliff).not.toContain('.icon"');
    expect(xliff).not.toContain('>heart<');
    const imported = await call(t.app, importTranslations, {
      params: { studyId: demo, versionId: draft },
      body: { xliff: xliff.replace('Bienvenido al estudio de demostración de Trialpath', 'Bienvenida') },
      token: tokens.studyadmin,
    });
    expect(imported.status).toBe(200);
    const after = (await readDraft()).json.content.welcomeScreens.screens[0];
    expect(after.title.es).toBe('Bienvenida');
    expect(after.icon).toBe('heart');
  });
});
