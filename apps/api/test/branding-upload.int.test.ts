/**
 * The study's logo and icon (C-113, C-114, C-128; decision 0033): raw uploads sniffed by their bytes,
 * size-limited, SVG sanitised, written into the draft's branding section with its revision, served with
 * the right type and a policy that runs nothing; who may do it; the audit entries.
 */
import { deleteBrandingImage, getStudyDraft, listBrandingLogos } from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let cardio: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  cardio = await idOf(t.db, 'studies', { code: 'CARDIO' });
  for (const u of ['admin', 'studyadmin', 'pi.demo', 'crc.demo', 'cra.demo'])
    tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

function upload(
  type: 'logo' | 'icon',
  data: Buffer,
  contentType: string,
  o: { user?: string; studyId?: string; revision?: number } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/studies/${o.studyId ?? demo}/branding/${type}?revision=${o.revision ?? 0}`,
    headers: {
      ...(o.user !== '' ? { authorization: `Bearer ${tokens[o.user ?? 'studyadmin']}` } : {}),
      'content-type': contentType,
    },
    payload: data,
  });
}

const fileCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('stored_files')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('uploading a logo or an icon (C-113, C-114)', () => {
  it('a PNG logo goes into the draft’s branding section (revision 0 → 1), is served as PNG, audited', async () => {
    const r = await upload('logo', PNG, 'image/png');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.revision).toBe(1);
    expect(body.value.logoFileId).toBe(body.file.id);
    expect(body.file).toMatchObject({ kind: 'logo', contentType: 'image/png', byteSize: PNG.length });
    const draft = await call(t.app, getStudyDraft, { params: { studyId: demo }, token: tokens.studyadmin });
    expect(draft.json.content.branding.logoFileId).toBe(body.file.id);
    expect(draft.json.sectionRevisions.branding).toBe(1);

    const served = await t.app.inject({ method: 'GET', url: body.file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(PNG);

    expect(await auditActions(t.db, body.file.id)).toEqual(['file.store']);
    expect(await auditActions(t.db, body.versionId)).toContain('study.content.update');
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['after', 'actor_id'])
      .where('entity_id', '=', body.versionId)
      .where('action', '=', 'study.content.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry.after)).toContain(body.file.id);
  });

  it('a JPEG icon goes into iconFileId, the logo stays', async () => {
    const logo = (await upload('logo', PNG, 'image/png')).json();
    const r = await upload('icon', JPEG, 'image/jpeg', { revision: logo.revision });
    expect(r.statusCode).toBe(200);
    expect(r.json().value).toMatchObject({ logoFileId: logo.file.id, iconFileId: r.json().file.id });
    expect(r.json().file.kind).toBe('icon');
  });

  it('a file whose bytes are not what its type says is refused on the file field, nothing stored', async () => {
    const before = await fileCount();
    const r = await upload('logo', Buffer.from('<html>not a png</html>'), 'image/png');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The file is not a PNG file.' });
    expect(r.json().fieldErrorKeys).toEqual({ file: [{ key: 'files.typeMismatch', params: { type: 'PNG' } }] });
    const svgAsPng = await upload('logo', PNG, 'image/svg+xml');
    expect(svgAsPng.statusCode).toBe(400);
    expect(svgAsPng.json().message).toBe('The file is not a SVG file.');
    const empty = await upload('logo', Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
    expect(await fileCount()).toBe(before);
  });

  it('another type (GIF, PDF) is 415; a file over 1 MiB is 413 naming the limit', async () => {
    expect((await upload('logo', Buffer.from('GIF89a'), 'image/gif')).statusCode).toBe(415);
    expect((await upload('logo', Buffer.from('%PDF-1.4'), 'application/pdf')).statusCode).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const r = await upload('logo', big, 'image/png');
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toContain('1 MiB');
  });

  it('an SVG is cleaned: no script, handlers, foreignObject, style sheets or outside references; served with a CSP', async () => {
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <style>@import url(https://evil.example/x.css);</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#008080"/></linearGradient></defs>
  <circle cx="5" cy="5" r="4" fill="url(#g)" onclick="alert(3)"/>
  <rect width="2" height="2" fill="url(https://evil.example/p)"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <use xlink:href="https://evil.example/s.svg#a"/>
  <a href="javascript:alert(4)"><text x="1" y="9">Hi</text></a>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
</svg>`;
    const r = await upload('logo', Buffer.from(svg), 'image/svg+xml');
    expect(r.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: r.json().file.url });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const text = served.body;
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('<circle');
    expect(text).toContain('fill="url(#g)"');
    expect(text).toContain('>Hi</text>');
    for (const bad of [
      'script',
      'alert',
      'onload',
      'onclick',
      'foreignObject',
      'evil.example',
      'javascript:',
      '<style',
    ])
      expect(text).not.toContain(bad);
  });

  it('an SVG of nothing but script is stored as an empty drawing', async () => {
    const r = await upload('logo', Buffer.from('<svg><script>alert(1)</script></svg>'), 'image/svg+xml');
    expect(r.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: r.json().file.url });
    expect(served.body).not.toContain('script');
  });

  it('an upload over a newer save is refused (409 DRAFT_CONFLICT) and stores nothing', async () => {
    expect((await upload('logo', PNG, 'image/png')).statusCode).toBe(200);
    const before = await fileCount();
    const r = await upload('icon', PNG, 'image/png', { revision: 0 });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('DRAFT_CONFLICT');
    expect(await fileCount()).toBe(before);
  });

  it.each([
    ['cra.demo', 'DEMO', 403],
    ['pi.demo', 'DEMO', 403],
    ['crc.demo', 'DEMO', 403],
    ['studyadmin', 'CARDIO', 403],
    ['', 'DEMO', 401],
  ])('%s uploading to %s → %i, nothing stored', async (user, code, status) => {
    const before = await fileCount();
    const r = await upload('logo', PNG, 'image/png', { user, studyId: code === 'CARDIO' ? cardio : demo });
    expect(r.statusCode).toBe(status);
    expect(await fileCount()).toBe(before);
  });

  it('the platform admin may upload; a bad type segment is 400 on the field', async () => {
    expect((await upload('logo', PNG, 'image/png', { user: 'admin' })).statusCode).toBe(200);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/v1/studies/${demo}/branding/banner?revision=0`,
      headers: { authorization: `Bearer ${tokens.studyadmin}`, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json().fieldErrorKeys)).toEqual(['type']);
  });
});

describe('deleting, and the branding logos (C-113, C-128)', () => {
  it('delete takes the logo out of the draft (audited), the file stays in the list, no longer in use', async () => {
    const up = (await upload('logo', PNG, 'image/png')).json();
    const del = await call(t.app, deleteBrandingImage, {
      params: { studyId: demo, type: 'logo' },
      query: { revision: up.revision },
      token: tokens.studyadmin,
    });
    expect(del.status).toBe(200);
    expect(del.json).toMatchObject({ file: null, revision: up.revision + 1 });
    expect(del.json.value.logoFileId).toBeNull();
    const list = await call(t.app, listBrandingLogos, {
      params: { studyId: demo },
      query: { pageNum: 1, pageSize: 10 },
      token: tokens.studyadmin,
    });
    expect(list.status).toBe(200);
    expect(list.json.items[0]).toMatchObject({ id: up.file.id, inUse: false, kind: 'logo' });
    const stale = await call(t.app, deleteBrandingImage, {
      params: { studyId: demo, type: 'logo' },
      query: { revision: up.revision },
      token: tokens.studyadmin,
    });
    expect(stale.status).toBe(409);
  });

  it('the list pages, marks the one in use, and is for the study’s builders only', async () => {
    const a = (await upload('logo', PNG, 'image/png')).json();
    const b = (await upload('icon', JPEG, 'image/jpeg', { revision: a.revision })).json();
    const page = (pageNum: number, user = 'studyadmin') =>
      call(t.app, listBrandingLogos, {
        params: { studyId: demo },
        query: { pageNum, pageSize: 1 },
        token: tokens[user],
      });
    const p1 = await page(1);
    expect(p1.json).toMatchObject({ total: 2, pageNum: 1, pageSize: 1 });
    expect(p1.json.items).toEqual([expect.objectContaining({ id: b.file.id, inUse: true })]);
    expect((await page(2)).json.items).toEqual([expect.objectContaining({ id: a.file.id, inUse: true })]);
    expect((await page(1, 'cra.demo')).status).toBe(403);
  });

  it('an unknown file, or a file that is not a logo or icon, is not found', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/branding-files/${crypto.randomUUID()}` })).statusCode,
    ).toBe(404);
  });
});
