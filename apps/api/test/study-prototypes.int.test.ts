/**
 * Prototypes of a study's draft (C-006 previewpage, C-064 review/generate-prototype; decision 0043): a
 * frozen copy of the draft that the participant portal shows through a secret link; previews for two
 * hours, shared links for the days chosen, withdrawn with a reason; only the token's hash is kept. A link's
 * kit per platform (H-013, decision H-prototype-kit): a PDF with the link, its QR code and the platform's steps.
 */
import {
  createStudyPrototype,
  DRAFT_SECTION_ENDPOINTS,
  downloadStudyPrototypeKit,
  getParticipantWebStudy,
  getStudyDraft,
  listStudyPrototypes,
  revokeStudyPrototype,
} from '@trialpath/contract';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';
import { pdfImagesOf, pdfOf } from './support/pdf-text';

let t: TestApp;
let demo: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  for (const u of ['studyadmin', 'cra.demo', 'pi.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const make = (body: unknown, user = 'studyadmin') =>
  call(t.app, createStudyPrototype, { params: { studyId: demo }, token: tokens[user], body });
const tokenOf = (url: string) => new URL(url, 'http://x').hash.split('prototype=')[1]!;
const portal = (prototype?: string) =>
  call(t.app, getParticipantWebStudy, { params: { studyCode: 'DEMO' }, query: prototype ? { prototype } : {} });
const audit = (entityId: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'after', 'before', 'reason'])
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();

async function recolourDraft(color: string) {
  const draft = (await call(t.app, getStudyDraft, { params: { studyId: demo }, token: tokens.studyadmin })).json;
  const r = await call(t.app, DRAFT_SECTION_ENDPOINTS.branding, {
    params: { studyId: demo, versionId: draft.id },
    token: tokens.studyadmin,
    body: { revision: draft.sectionRevisions.branding, value: { ...draft.content.branding, primaryColor: color } },
  });
  expect(r.status).toBe(200);
}

describe('a preview of the draft (C-006)', () => {
  it('copies the draft as it is now; the portal shows that copy through the link, the live version without it', async () => {
    await recolourDraft('#1A237E');
    const r = await make({ purpose: 'PREVIEW' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ purpose: 'PREVIEW', versionNumber: 2, state: 'ACTIVE', revokedAt: null });
    expect(r.json.url).toMatch(/^\/participant\/#\/participants\/web\/DEMO\/language\?prototype=[\w-]{43}$/);
    const hours = (Date.parse(r.json.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);

    const seen = await portal(tokenOf(r.json.url));
    expect(seen.status).toBe(200);
    expect(seen.json.branding.primaryColor).toBe('#1A237E');
    expect(seen.json.prototype).toEqual({ versionNumber: 2, expiresAt: r.json.expiresAt });
    const live = await portal();
    expect(live.json.branding.primaryColor).toBe('#0F766E');
    expect(live.json.prototype).toBeNull();

    // Frozen: a later edit of the draft is not in this copy.
    await recolourDraft('#B71C1C');
    expect((await portal(tokenOf(r.json.url))).json.branding.primaryColor).toBe('#1A237E');
    expect(await audit(r.json.id)).toMatchObject([
      { action: 'study.prototype.create', after: { purpose: 'PREVIEW', versionNumber: 2 } },
    ]);
  });

  it('keeps only the hash of the token', async () => {
    const r = await make({ purpose: 'PREVIEW' });
    const row = await t.db
      .selectFrom('study_prototypes')
      .selectAll()
      .where('id', '=', r.json.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(tokenOf(r.json.url));
  });

  it('an unknown, expired or other study’s link is not found', async () => {
    expect((await portal('x'.repeat(43))).status).toBe(404);
    const r = await make({ purpose: 'PREVIEW' });
    const other = await call(t.app, getParticipantWebStudy, {
      params: { studyCode: 'SLEEP' },
      query: { prototype: tokenOf(r.json.url) },
    });
    expect(other.status).toBe(404);
    await t.db
      .updateTable('study_prototypes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', r.json.id)
      .execute();
    expect((await portal(tokenOf(r.json.url))).status).toBe(404);
    expect((await portal('short')).status).toBe(400);
  });
});

describe('a prototype to share (C-064)', () => {
  it('lasts the days chosen, is listed with its state, and is withdrawn with a reason; audited', async () => {
    const r = await make({ purpose: 'SHARE', validDays: 7, note: 'For the sponsor review' });
    expect(r.status).toBe(200);
    const days = (Date.parse(r.json.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(r.json.createdBy.name).toBeTruthy();
    await make({ purpose: 'PREVIEW' });
    const list = await call(t.app, listStudyPrototypes, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      query: { pageNum: 1, pageSize: 10 },
    });
    expect(list.json.items.map((p: { id: string }) => p.id)).toEqual([r.json.id]);
    expect(list.json.items[0]).toMatchObject({ note: 'For the sponsor review', state: 'ACTIVE' });
    expect(list.json.items[0].url).toBeUndefined();
    expect(list.json.total).toBe(1);

    const revoke = (body: unknown) =>
      call(t.app, revokeStudyPrototype, {
        params: { studyId: demo, prototypeId: r.json.id },
        token: tokens.studyadmin,
        body,
      });
    expect((await revoke({})).status).toBe(400);
    const withdrawn = await revoke({ reason: 'Sent to the wrong address' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json).toMatchObject({ state: 'REVOKED', revokedBy: { name: expect.any(String) } });
    expect((await portal(tokenOf(r.json.url))).status).toBe(404);
    const again = await revoke({ reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.json.messageKey).toBe('prototypes.notActive');
    expect((await audit(r.json.id)).map((a) => [a.action, a.reason])).toEqual([
      ['study.prototype.create', null],
      ['study.prototype.revoke', 'Sent to the wrong address'],
    ]);
  });

  it.each([
    [{ purpose: 'SHARE' }, 'validDays', 'errors.required'],
    [{ purpose: 'SHARE', validDays: 3 }, 'validDays', 'errors.invalidValue'],
    [{ purpose: 'PREVIEW', validDays: 7 }, 'validDays', 'errors.invalidValue'],
    [{ purpose: 'LIVE' }, 'purpose', 'errors.invalidValue'],
    [{ purpose: 'SHARE', validDays: 1, note: 'x'.repeat(501) }, 'note', 'errors.tooLong'],
  ])('the body %j is refused on %s, nothing made', async (body, field, key) => {
    const before = await t.db.selectFrom('study_prototypes').select('id').execute();
    const r = await make(body);
    expect(r.status).toBe(400);
    expect(r.json.fieldErrorKeys[field]?.[0]?.key).toBe(key);
    expect(await t.db.selectFrom('study_prototypes').select('id').execute()).toHaveLength(before.length);
  });

  it.each([
    ['cra.demo', 403],
    ['pi.demo', 403],
    ['studyadmin', 200],
  ] as const)('%s making a prototype → %i', async (user, status) => {
    expect((await make({ purpose: 'PREVIEW' }, user)).status).toBe(status);
  });
});

describe('a prototype link’s kit per platform (H-013)', () => {
  const kit = (prototypeId: string, body: unknown, user = 'studyadmin', language = 'en') =>
    call(t.app, downloadStudyPrototypeKit, {
      params: { studyId: demo, prototypeId },
      token: tokens[user],
      body,
      headers: { 'accept-language': language },
    });

  it.each([
    ['IOS', 'On an iPhone or iPad', 'Add to Home Screen'],
    ['ANDROID', 'On an Android phone or tablet', 'Add to home screen'],
    ['DESKTOP', 'On a computer', 'bookmark'],
  ] as const)(
    '%s: a PDF with the link, a QR code that opens it, and the platform’s steps; audited',
    async (platform, heading, step) => {
      const r = await make({ purpose: 'SHARE', validDays: 14, note: 'IRB review' });
      const token = tokenOf(r.json.url);
      const k = await kit(r.json.id, { platform, token });
      expect(k.status).toBe(200);
      expect(k.json.fileName).toBe(`DEMO-prototype-v2-${platform.toLowerCase()}.pdf`);
      const { doc, text, bytes } = await pdfOf(k.json.base64);
      expect(doc.getPageCount()).toBe(1);
      const oneLine = text.replace(/\n/g, '');
      expect(text).toContain(heading);
      expect(text.replace(/\n/g, ' ')).toContain(step);
      expect(text).toContain('Note: IRB review');
      expect(oneLine).toContain(`${t.config.publicUrl}${r.json.url}`);
      const [qr] = pdfImagesOf(bytes);
      expect(jsQR(qr!.rgba, qr!.width, qr!.height)?.data).toBe(`${t.config.publicUrl}${r.json.url}`);
      const trail = await audit(r.json.id);
      expect(trail.at(-1)).toMatchObject({ action: 'study.prototype.kit', after: { platform, versionNumber: 2 } });
      expect(JSON.stringify(trail)).not.toContain(token);
    },
  );

  it('is written in the caller’s language', async () => {
    const r = await make({ purpose: 'SHARE', validDays: 1 });
    const k = await kit(r.json.id, { platform: 'ANDROID', token: tokenOf(r.json.url) }, 'studyadmin', 'es');
    expect((await pdfOf(k.json.base64)).text).toContain('En un teléfono o tableta Android');
  });

  it('needs this prototype’s own token, a link that still works, a known platform and a study builder', async () => {
    const a = await make({ purpose: 'SHARE', validDays: 1 });
    const b = await make({ purpose: 'SHARE', validDays: 1 });
    const wrong = await kit(a.json.id, { platform: 'IOS', token: tokenOf(b.json.url) });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fieldErrorKeys.token[0].key).toBe('prototypes.kitTokenMismatch');
    expect((await kit(a.json.id, { platform: 'WINDOWS_PHONE', token: tokenOf(a.json.url) })).status).toBe(400);
    expect((await kit(a.json.id, { platform: 'IOS', token: tokenOf(a.json.url) }, 'cra.demo')).status).toBe(403);
    expect((await kit(crypto.randomUUID(), { platform: 'IOS', token: tokenOf(a.json.url) })).status).toBe(404);
    await call(t.app, revokeStudyPrototype, {
      params: { studyId: demo, prototypeId: a.json.id },
      token: tokens.studyadmin,
      body: { reason: 'Review over' },
    });
    const gone = await kit(a.json.id, { platform: 'IOS', token: tokenOf(a.json.url) });
    expect(gone.status).toBe(409);
    expect(gone.json.messageKey).toBe('prototypes.notActive');
    expect((await audit(a.json.id)).map((x) => x.action)).not.toContain('study.prototype.kit');
  });
});
