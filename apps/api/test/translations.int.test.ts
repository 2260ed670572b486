/**
 * Translations of a study version's texts (C-172, C-174; decision 0035): the missing-translations report,
 * the XLIFF 2.0 export and the all-or-nothing import into the draft, by role, audited.
 */
import { exportTranslations, importTranslations, missingTranslationsReport } from '@trialpath/contract';
import { sql } from 'kysely';
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
  const versionId = async (status: string) =>
    (
      await t.db
        .selectFrom('study_versions')
        .select('id')
        .where('study_id', '=', demo)
        .where('status', '=', status as 'DRAFT')
        .executeTakeFirstOrThrow()
    ).id;
  draft = await versionId('DRAFT');
  live = await versionId('PUBLISHED');
  for (const u of ['studyadmin', 'pi.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const report = (versionId = draft, user = 'studyadmin') =>
  call(t.app, missingTranslationsReport, { params: { studyId: demo, versionId }, token: tokens[user] });
const exportFile = (language: string, o: { versionId?: string; user?: string } = {}) =>
  call(t.app, exportTranslations, {
    params: { studyId: demo, versionId: o.versionId ?? draft },
    query: { language },
    token: tokens[o.user ?? 'studyadmin'],
  });
const importFile = (xliff: string, o: { versionId?: string; user?: string } = {}) =>
  call(t.app, importTranslations, {
    params: { studyId: demo, versionId: o.versionId ?? draft },
    body: { xliff },
    token: tokens[o.user ?? 'studyadmin'],
  });

/** Add a third welcome screen written in English only. */
const addEnglishOnlyScreen = () =>
  sql`update study_versions set content = jsonb_set(content, '{welcomeScreens,screens}',
        (content->'welcomeScreens'->'screens') || ${JSON.stringify([
          { id: 'visits', title: { en: 'Your visits' }, body: { en: '<p>Every month.</p>' }, imageFileId: null },
        ])}::jsonb)
      where id = ${draft}`.execute(t.db);

const draftContent = async () =>
  await t.db
    .selectFrom('study_versions')
    .select(['content', 'section_revisions'])
    .where('id', '=', draft)
    .executeTakeFirstOrThrow();

function xliff(units: { id: string; source: string; target: string }[], o: { src?: string; trg?: string } = {}) {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${o.src ?? 'en'}" trgLang="${o.trg ?? 'es'}">
  <file id="v2">${units
    .map(
      (u) =>
        `<unit id="${u.id}"><segment><source>${esc(u.source)}</source><target>${esc(u.target)}</target></segment></unit>`,
    )
    .join('')}</file>
</xliff>`;
}

describe('the missing-translations report (C-172)', () => {
  it('lists each text that lacks a study language, with its source text and section', async () => {
    const before = await report();
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ sourceLanguage: 'en', languages: ['en', 'es'], items: [] });
    expect(before.json.missingByLanguage).toEqual({ en: 0, es: 0 });
    await addEnglishOnlyScreen();
    const after = await report();
    expect(after.json.items).toEqual([
      {
        id: 'welcomeScreens.screens.visits.title',
        section: 'welcomeScreens',
        titleKey: 'studyContent.section.welcomeScreens',
        source: 'Your visits',
        missing: ['es'],
      },
      {
        id: 'welcomeScreens.screens.visits.body',
        section: 'welcomeScreens',
        titleKey: 'studyContent.section.welcomeScreens',
        source: '<p>Every month.</p>',
        missing: ['es'],
      },
    ]);
    expect(after.json.missingByLanguage).toEqual({ en: 0, es: 2 });
    expect(after.json.textCount).toBe(before.json.textCount + 2);
  });

  it.each([['pi.demo'], ['cra.demo']])('%s reading the report → 403', async (user) => {
    expect((await report(draft, user)).status).toBe(403);
  });
});

describe('exporting the texts as XLIFF 2.0 (C-174)', () => {
  it('one unit per text, its id the section path, source English, existing Spanish as the target', async () => {
    const r = await exportFile('es');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ sourceLanguage: 'en', targetLanguage: 'es', unitCount: 4 });
    expect(r.json.fileName).toMatch(/-v2-en-es\.xlf$/);
    const x: string = r.json.xliff;
    expect(x).toContain('xmlns="urn:oasis:names:tc:xliff:document:2.0"');
    expect(x).toContain('version="2.0" srcLang="en" trgLang="es"');
    expect(x).toContain('<unit id="welcomeScreens.screens.welcome.title">');
    expect(x).toContain('<source>Welcome to the Trialpath Demo Study</source>');
    expect(x).toContain('<target>Bienvenido al estudio de demostración de Trialpath</target>');
    // rich text travels escaped, as text
    expect(x).toContain('&lt;p&gt;Thank you for your interest.');
  });

  it('into the source language, a language the study lacks, or a malformed code: 400 on the field', async () => {
    for (const language of ['en', 'fr']) {
      const r = await exportFile(language);
      expect(r.status).toBe(400);
      expect(r.json.fieldErrors.language).toBeTruthy();
    }
    const bad = await exportFile('Spanish!');
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.language).toBeTruthy();
  });

  it('cra.demo exporting → 403', async () => {
    expect((await exportFile('es', { user: 'cra.demo' })).status).toBe(403);
  });
});

describe('importing a translated XLIFF 2.0 file into the draft (C-174)', () => {
  it('a round trip: the exported file, translated, comes back in place; unsafe markup removed; audited', async () => {
    await addEnglishOnlyScreen();
    const { section_revisions: revBefore } = await draftContent();
    const r = await importFile(
      xliff([
        { id: 'welcomeScreens.screens.visits.title', source: 'Your visits', target: 'Sus visitas' },
        {
          id: 'welcomeScreens.screens.visits.body',
          source: '<p>Every month.</p>',
          target: '<p onclick="steal()">Cada mes.</p><script>alert(1)</script>',
        },
        {
          id: 'welcomeScreens.screens.welcome.title',
          source: 'x',
          target: 'Bienvenido al estudio de demostración de Trialpath',
        },
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      language: 'es',
      unitCount: 3,
      changed: ['welcomeScreens.screens.visits.title', 'welcomeScreens.screens.visits.body'],
      sanitised: ['welcomeScreens.screens.visits.body'],
    });
    const { content, section_revisions } = await draftContent();
    // biome-ignore lint/suspicious/noExplicitAny: jsonb read back
    const visits = (content as any).welcomeScreens.screens.find((s: { id: string }) => s.id === 'visits');
    expect(visits.title).toEqual({ en: 'Your visits', es: 'Sus visitas' });
    expect(visits.body.es).toBe('<p>Cada mes.</p>');
    // biome-ignore lint/suspicious/noExplicitAny: jsonb read back
    expect((section_revisions as any).welcomeScreens).toBe(Number((revBefore as any).welcomeScreens ?? 0) + 1);
    expect((await report()).json.items).toEqual([]);
    expect((await auditActions(t.db, draft)).at(-1)).toBe('study.translations.import');
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', draft)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry.after)).toContain('Sus visitas');
  });

  it('an unknown unit id: nothing imported, the report names it', async () => {
    const before = await draftContent();
    const r = await importFile(
      xliff([
        { id: 'welcomeScreens.screens.welcome.title', source: 'x', target: 'Hola' },
        { id: 'welcomeScreens.screens.gone.title', source: 'x', target: 'Adiós' },
      ]),
    );
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors.xliff).toBeTruthy();
    expect(r.json.details.problems).toEqual([
      {
        id: 'welcomeScreens.screens.gone.title',
        messageKey: 'translations.unknownId',
        params: { id: 'welcomeScreens.screens.gone.title' },
      },
    ]);
    expect(r.json.message).toContain('Nothing was imported');
    expect(await draftContent()).toEqual(before);
  });

  it.each([
    ['a target language the study lacks', xliff([], { trg: 'fr' }), 'translations.wrongTarget'],
    ['the source language as the target', xliff([], { trg: 'en' }), 'translations.wrongTarget'],
    ['another source language', xliff([], { src: 'de' }), 'translations.wrongSource'],
    ['not XML', 'hello', 'translations.notXliff'],
    ['XML but not XLIFF 2.0', '<xliff version="1.2"><file/></xliff>', 'translations.notXliff'],
    ['an entity declaration', '<!DOCTYPE x [<!ENTITY a "b">]><xliff/>', 'translations.notXliff'],
  ])('%s: 400, nothing imported', async (_, file, key) => {
    const r = await importFile(file);
    expect(r.status).toBe(400);
    expect(r.json.details.problems[0].messageKey).toBe(key);
  });

  it('an empty body is refused on its field', async () => {
    const r = await importFile('');
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors.xliff).toBeTruthy();
  });

  it('a text too long for its field: nothing imported', async () => {
    const r = await importFile(
      xliff([{ id: 'welcomeScreens.screens.welcome.title', source: 'x', target: 'a'.repeat(201) }]),
    );
    expect(r.status).toBe(400);
    expect(r.json.details.problems[0].id).toMatch(/^welcomeScreens\./);
  });

  it('a published version: 409 VERSION_IMMUTABLE', async () => {
    const r = await importFile(xliff([]), { versionId: live });
    expect(r.status).toBe(409);
    expect(r.json.code).toBe('VERSION_IMMUTABLE');
  });

  it.each([['pi.demo'], ['cra.demo']])('%s importing → 403', async (user) => {
    expect((await importFile(xliff([]), { user })).status).toBe(403);
  });
});
