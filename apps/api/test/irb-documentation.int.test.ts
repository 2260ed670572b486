/**
 * IRB/EC documentation (C-100 generate, C-101 download, C-102 e-mail; decision 0035): a PDF of a published
 * version with the study's facts, its texts per language and its diff against the previous published
 * version; stored, listed, downloaded and e-mailed through the outbox; by role; audited.
 */
import {
  downloadIrbDocument,
  emailIrbDocument,
  generateIrbDocument,
  listIrbDocuments,
  publishStudyVersion,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { pdfOf } from './support/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, latestOutbox, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let sleep: string;
let v1: string;
let v2: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  const rows = await t.db.selectFrom('study_versions').select(['id', 'number']).where('study_id', '=', demo).execute();
  v1 = rows.find((r) => r.number === 1)!.id;
  v2 = rows.find((r) => r.number === 2)!.id;
  for (const u of ['studyadmin', 'pi.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const generate = (body: unknown, o: { user?: string; studyId?: string } = {}) =>
  call(t.app, generateIrbDocument, {
    params: { studyId: o.studyId ?? demo },
    body,
    token: tokens[o.user ?? 'studyadmin'],
  });

async function publishV2WithChangedWelcome() {
  await sql`update study_versions set content = jsonb_set(content, '{welcomeScreens,screens,0,title,en}', '"Welcome to the study, version two"'::jsonb)
            where id = ${v2}`.execute(t.db);
  const r = await call(t.app, publishStudyVersion, {
    params: { studyId: demo, versionId: v2 },
    body: { reason: 'Amendment 1 approved' },
    token: tokens.studyadmin,
    headers: { env: 'test' },
  });
  expect(r.status).toBe(200);
}

describe('generating the IRB/EC PDF (C-100)', () => {
  it('of the newest published version: facts, texts per language, the diff against v1; stored and audited', async () => {
    await publishV2WithChangedWelcome();
    const r = await generate({});
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      studyId: demo,
      version: { id: v2, number: 2, name: 'v2' },
      comparedWith: { id: v1, number: 1 },
      language: 'en',
      fileName: 'irb-DEMO-v2.pdf',
    });
    expect(r.json.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await auditActions(t.db, r.json.id)).toEqual(['study.irb.generate']);
    const list = await call(t.app, listIrbDocuments, { params: { studyId: demo }, token: tokens.studyadmin });
    expect(list.json.items.map((d: { id: string }) => d.id)).toEqual([r.json.id]);

    const file = await call(t.app, downloadIrbDocument, {
      params: { studyId: demo, documentId: r.json.id },
      token: tokens.studyadmin,
    });
    expect(file.status).toBe(200);
    expect(file.json).toMatchObject({ fileName: 'irb-DEMO-v2.pdf', contentType: 'application/pdf' });
    const { doc, text, bytes } = await pdfOf(file.json.base64);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(doc.getTitle()).toBe('IRB/EC documentation: DEMO v2');
    expect(text).toContain('Trialpath Demo Study');
    expect(text).toContain('Changes since v1');
    expect(text).toContain(
      'CHANGED Welcome to the study, version two · title [en]: Welcome to the Trialpath Demo Study ->',
    );
    expect(text).toContain('[en] Welcome to the study, version two');
    expect(text).toContain('[es] Bienvenido al estudio de demostraci');
    expect(await auditActions(t.db, r.json.id)).toEqual(['study.irb.generate', 'study.irb.download']);
  });

  it('in Spanish headings when asked', async () => {
    const r = await generate({ versionId: v1, language: 'es' });
    expect(r.status).toBe(200);
    expect(r.json.comparedWith).toBeNull();
    const file = await call(t.app, downloadIrbDocument, {
      params: { studyId: demo, documentId: r.json.id },
      token: tokens.studyadmin,
    });
    const { text } = await pdfOf(file.json.base64);
    expect(text).toContain('Documentación para el CEI');
    expect(text).toContain('Cambios respecto al contenido predeterminado');
  });

  it('a study without a published version, a draft, an unknown version: refused; a bad body: 400 on the field', async () => {
    const none = await generate({}, { studyId: sleep });
    expect(none.status).toBe(409);
    expect(none.json.messageKey).toBe('irb.noPublished');
    const draft = await generate({ versionId: v2 });
    expect(draft.status).toBe(409);
    expect(draft.json.fieldErrors.versionId).toBeTruthy();
    expect((await generate({ versionId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const bad = await generate({ versionId: 'v1' });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.versionId).toBeTruthy();
    expect((await generate({ language: 'fr' })).json.fieldErrors.language).toBeTruthy();
  });

  it.each([['pi.demo'], ['cra.demo']])('%s generating or listing → 403', async (user) => {
    expect((await generate({}, { user })).status).toBe(403);
    expect((await call(t.app, listIrbDocuments, { params: { studyId: demo }, token: tokens[user] })).status).toBe(403);
  });
});

describe('downloading and e-mailing (C-101, C-102)', () => {
  it('e-mail: queued in the outbox with the study, version and checksum; audited; a bad address: 400', async () => {
    const doc = (await generate({ versionId: v1 })).json;
    const r = await call(t.app, emailIrbDocument, {
      params: { studyId: demo, documentId: doc.id },
      body: { to: 'irb@example.org', message: 'For the meeting on Monday.' },
      token: tokens.studyadmin,
    });
    expect(r.status).toBe(200);
    const mail = await latestOutbox(t.db, 'irb@example.org');
    expect(mail?.subject).toBe('IRB/EC documentation: Trialpath Demo Study, v1');
    expect(mail?.body).toContain(doc.sha256);
    expect(mail?.body).toContain('For the meeting on Monday.');
    expect(mail?.body).toContain(`/#/studies/${demo}/review/documentation`);
    expect(await auditActions(t.db, doc.id)).toEqual(['study.irb.generate', 'study.irb.email']);
    const bad = await call(t.app, emailIrbDocument, {
      params: { studyId: demo, documentId: doc.id },
      body: { to: 'not-an-address' },
      token: tokens.studyadmin,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.to).toBeTruthy();
  });

  it('a document of another study or unknown: 404; others may not download', async () => {
    const doc = (await generate({ versionId: v1 })).json;
    const other = await call(t.app, downloadIrbDocument, {
      params: { studyId: sleep, documentId: doc.id },
      token: tokens.studyadmin,
    });
    expect(other.status).toBe(404);
    const cra = await call(t.app, downloadIrbDocument, {
      params: { studyId: demo, documentId: doc.id },
      token: tokens['cra.demo'],
    });
    expect(cra.status).toBe(403);
  });
});
