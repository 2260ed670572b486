/**
 * A study's custom documents and resources (C-085, C-138–C-145; decision 0038): PDFs per site or for the
 * whole study, configured per language, activated or not, soft-deleted, read page by page; who may do what.
 */
import {
  configureStudyDocument,
  deleteDocumentDisclaimerImage,
  deleteStudyDocument,
  downloadStudyDocument,
  getStudyDocumentPages,
  listStudyDocuments,
  setStudyDocumentStatus,
} from '@trialpath/contract';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let boston: string;
let madrid: string;
let pdf: Buffer;
const tokens: Record<string, string> = {};

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
  const doc = await PDFDocument.create();
  for (let i = 0; i < 3; i++) doc.addPage([200, 200]).drawText(`Page ${i + 1}`, { x: 20, y: 100 });
  pdf = Buffer.from(await doc.save());
});
afterAll(() => t?.close());

function upload(query: Record<string, string>, data: Buffer = pdf, o: { user?: string; type?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/studies/${demo}/documents?${new URLSearchParams(query)}`,
    headers: { authorization: `Bearer ${tokens[o.user ?? 'studyadmin']}`, 'content-type': o.type ?? 'application/pdf' },
    payload: data,
  });
}
const list = (query: Record<string, string | number> = {}, user = 'studyadmin') =>
  call(t.app, listStudyDocuments, { params: { studyId: demo }, query, token: tokens[user] });
const params = (documentId: string) => ({ studyId: demo, documentId });

describe('adding a document (C-073, C-085)', () => {
  it('a PDF for a site: its pages counted, titled in the default language, active; audited', async () => {
    const r = await upload({ siteId: boston, title: 'Visit guide' });
    expect(r.statusCode).toBe(200);
    const d = r.json();
    expect(d).toMatchObject({
      siteId: boston,
      title: { en: 'Visit guide' },
      pageCount: 3,
      status: true,
      active: true,
      isSelectedForParticipantsOnly: false,
      file: { contentType: 'application/pdf', byteSize: pdf.length, fileName: 'Visit guide.pdf' },
    });
    expect(await auditActions(t.db, d.documentId)).toEqual(['study.document.create']);
  });

  it.each([
    ['bytes that are not a PDF', () => ({ siteId: boston, title: 'x' }), PNG, 'file'],
    ['a damaged PDF', () => ({ title: 'x' }), Buffer.from('%PDF-1.4\nnot really'), 'file'],
    [
      'a site of no study of ours',
      () => ({ siteId: '00000000-0000-4000-8000-000000000001', title: 'x' }),
      undefined,
      'siteId',
    ],
    ['no title', () => ({ siteId: boston }), undefined, 'title'],
  ])('%s is refused on its field, nothing stored', async (_what, query, data, field) => {
    const before = (await list({ includeDeleted: 'true' })).json.total;
    const r = await upload(query() as Record<string, string>, data);
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json().fieldErrorKeys ?? {})).toContain(field);
    expect((await list({ includeDeleted: 'true' })).json.total).toBe(before);
  });

  it('a damaged PDF says why', async () => {
    const r = await upload({ title: 'x' }, Buffer.from('%PDF-1.4\nnot really'));
    expect(r.json().message).toMatch(/cannot be read/);
  });

  it('a coordinator or a monitor may not add one', async () => {
    expect((await upload({ siteId: boston, title: 'x' }, pdf, { user: 'crc.demo' })).statusCode).toBe(403);
    expect((await upload({ title: 'x' }, pdf, { user: 'cra.demo' })).statusCode).toBe(403);
  });
});

describe('the documents of a site (C-138)', () => {
  it('a site’s and the whole study’s, sorted and paged; a site role sees only its sites’', async () => {
    await upload({ siteId: boston, title: 'Visit guide' });
    await upload({ siteId: madrid, title: 'Consentimiento guía' });
    await upload({ title: 'About the study' });
    const boston_ = await list({ siteId: boston, sort: 'title' });
    expect(boston_.status).toBe(200);
    expect(boston_.json.items.map((d: { title: { en: string } }) => d.title.en)).toEqual([
      'About the study',
      'Visit guide',
    ]);
    const paged = await list({ sort: '-title', pageSize: 1, pageNum: 2 });
    expect(paged.json).toMatchObject({ total: 3, pageNum: 2, pageSize: 1 });
    expect(paged.json.items).toHaveLength(1);
    const crc = await list({}, 'crc.demo');
    expect(crc.json.items.map((d: { siteId: string | null }) => d.siteId).sort()).toEqual([boston, null].sort());
  });

  it('a bad sort or page size is refused on its field', async () => {
    expect((await list({ sort: 'size' })).status).toBe(400);
    expect((await list({ pageSize: 500 })).status).toBe(400);
  });
});

describe('configuring, status, pages, images, delete (C-139–C-145)', () => {
  let id: string;
  let madridDocument: string;
  // Made before the tests' savepoints: each test starts from these two documents as uploaded.
  beforeAll(async () => {
    id = (await upload({ siteId: boston, title: 'Visit guide' })).json().documentId;
    madridDocument = (await upload({ siteId: madrid, title: 'Guía' })).json().documentId;
  });
  const configure = (body: Record<string, unknown>, user = 'studyadmin') =>
    call(t.app, configureStudyDocument, { params: params(id), token: tokens[user], body });

  it('details per language, the disclaimer sanitised; another language, no default title or a stale revision refused', async () => {
    const r = await configure({
      revision: 0,
      siteId: boston,
      title: { en: 'Visit guide', es: 'Guía de visitas' },
      description: { en: 'What happens at each visit.' },
      disclaimer: { en: '<p>For information only.</p><script>alert(1)</script>' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ title: { es: 'Guía de visitas' }, revision: 1 });
    expect(r.json.disclaimer.en).toContain('For information only.');
    expect(r.json.disclaimer.en).not.toContain('script');
    const fr = await configure({
      revision: 1,
      siteId: boston,
      title: { en: 'x', fr: 'y' },
      description: {},
      disclaimer: {},
    });
    expect(fr.status).toBe(400);
    expect(Object.keys(fr.json.fieldErrorKeys)).toEqual(['title.fr']);
    const noTitle = await configure({
      revision: 1,
      siteId: boston,
      title: { es: 'y' },
      description: {},
      disclaimer: {},
    });
    expect(Object.keys(noTitle.json.fieldErrorKeys)).toEqual(['title.en']);
    expect(
      (await configure({ revision: 0, siteId: boston, title: { en: 'z' }, description: {}, disclaimer: {} })).status,
    ).toBe(409);
    expect(
      (
        await configure(
          { revision: 1, siteId: boston, title: { en: 'z' }, description: {}, disclaimer: {} },
          'crc.demo',
        )
      ).status,
    ).toBe(403);
  });

  it('deactivated and offered to selected participants only, with the reason in the trail', async () => {
    const body = { status: false, isSelectedForParticipantsOnly: true, activateForMoreParticipants: false };
    const noReason = await call(t.app, setStudyDocumentStatus, { params: params(id), token: tokens.studyadmin, body });
    expect(noReason.status).toBe(400);
    const r = await call(t.app, setStudyDocumentStatus, {
      params: params(id),
      token: tokens.studyadmin,
      body: { ...body, reason: 'Replaced by the new guide' },
    });
    expect(r.json).toMatchObject({
      status: false,
      isSelectedForParticipantsOnly: true,
      activateForMoreParticipants: false,
    });
    const again = await call(t.app, setStudyDocumentStatus, {
      params: params(id),
      token: tokens.studyadmin,
      body: { status: true, isSelectedForParticipantsOnly: false, activateForMoreParticipants: true, reason: 'Back' },
    });
    expect(again.json).toMatchObject({
      status: true,
      isSelectedForParticipantsOnly: false,
      activateForMoreParticipants: true,
    });
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(trail.filter((e) => e.action === 'study.document.status').map((e) => e.reason)).toEqual([
      'Replaced by the new guide',
      'Back',
    ]);
  });

  it('downloads the PDF as uploaded; reads it a page of pages at a time', async () => {
    const file = await call(t.app, downloadStudyDocument, { params: params(id), token: tokens['crc.demo'] });
    expect(file.status).toBe(200);
    expect(Buffer.from(file.json.base64, 'base64').equals(pdf)).toBe(true);
    const pages = await call(t.app, getStudyDocumentPages, {
      params: params(id),
      query: { pageNum: 2, pageSize: 2 },
      token: tokens.studyadmin,
    });
    expect(pages.json).toMatchObject({ pageCount: 3, pageNum: 2, pageSize: 2 });
    expect(pages.json.items.map((p: { page: number }) => p.page)).toEqual([3]);
    const one = await PDFDocument.load(Buffer.from(pages.json.items[0].base64, 'base64'));
    expect(one.getPageCount()).toBe(1);
  });

  it('disclaimer images: added (PNG or JPEG), served to readers, taken out', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/v1/studies/${demo}/documents/${id}/disclaimer-images`,
      headers: { authorization: `Bearer ${tokens.studyadmin}`, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(add.statusCode).toBe(200);
    const image = add.json().disclaimerImages[0];
    expect(image.contentType).toBe('image/png');
    const bytes = await t.app.inject({
      method: 'GET',
      url: image.url,
      headers: { authorization: `Bearer ${tokens['crc.demo']}` },
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    const out = await call(t.app, deleteDocumentDisclaimerImage, {
      params: { ...params(id), fileId: image.id },
      token: tokens.studyadmin,
    });
    expect(out.json.disclaimerImages).toEqual([]);
  });

  it('a site role does not reach another site’s document', async () => {
    const r = await call(t.app, downloadStudyDocument, { params: params(madridDocument), token: tokens['crc.demo'] });
    expect(r.status).toBe(404);
  });

  it('deleted softly: out of the list unless asked for, kept, and no longer changed', async () => {
    const r = await call(t.app, deleteStudyDocument, {
      params: params(id),
      token: tokens.studyadmin,
      body: { reason: 'Withdrawn' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ active: false, status: false });
    expect((await list({ siteId: boston })).json.items.map((d: { documentId: string }) => d.documentId)).not.toContain(
      id,
    );
    expect(
      (await list({ siteId: boston, includeDeleted: 'true' })).json.items.map(
        (d: { documentId: string }) => d.documentId,
      ),
    ).toContain(id);
    const change = await call(t.app, setStudyDocumentStatus, {
      params: params(id),
      token: tokens.studyadmin,
      body: { status: true, isSelectedForParticipantsOnly: false, activateForMoreParticipants: false, reason: 'x' },
    });
    expect(change.status).toBe(409);
    expect(change.json.message).toMatch(/deleted/);
  });
});
