/**
 * Participant documents and e-signature (E-089…E-107; decision E-participant-documents): a study document sent to a
 * participant, the signature asked for, resent, cancelled; signed by the participant (password again, bound to the
 * document's hash) and then by the investigator when asked; invalidated and sent again; history, access, live/test.
 */
import {
  configurePiSignatureBySite,
  declineMyDocument,
  downloadParticipantDocument,
  getMyDocument,
  getMySignedDocumentPdf,
  getParticipantDocument,
  getParticipantDocumentHistory,
  getParticipantDocumentPages,
  getParticipantDocumentStatus,
  getSignOrderStatus,
  invalidateParticipantDocument,
  listMyDocuments,
  listParticipantDocuments,
  listParticipantsByDocument,
  listStudyParticipantDocuments,
  requestDocumentSignature,
  requestPiSignature,
  saveSiteParticipantDocument,
  sendDocumentMail,
  sendParticipantDocument,
  setStudyDocumentStatus,
  signDocumentAsPi,
  signMyDocument,
  listParticipants,
} from '@trialpath/contract';
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditActions,
  call,
  createTestApp,
  DEMO_PASSWORD,
  idOf,
  participantAccess,
  staffAccess,
  type TestApp,
} from './helpers';

let t: TestApp;
let demo: string;
let boston: string;
let madrid: string;
let pdf: Buffer;
/** An activated study document for the whole study, and one for Madrid only. */
let studyDoc: string;
let madridDoc: string;
const tokens: Record<string, string> = {};
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function upload(query: Record<string, string>) {
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/v1/studies/${demo}/documents?${new URLSearchParams(query)}`,
    headers: { authorization: `Bearer ${tokens.studyadmin}`, 'content-type': 'application/pdf' },
    payload: pdf,
  });
  expect(r.statusCode).toBe(200);
  return r.json().documentId as string;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo', 'pi.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
  tokens.participant = (await participantAccess(t, 'participant.demo')).accessToken;
  tokens.other = (await participantAccess(t, 'participant.us2')).accessToken;
  tokens.testParticipant = (await participantAccess(t, 'participant.test')).accessToken;
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i++) doc.addPage([200, 200]).drawText(`Page ${i + 1}`, { x: 20, y: 100 });
  pdf = Buffer.from(await doc.save());
  studyDoc = await upload({ title: 'Study diary guide' });
  madridDoc = await upload({ siteId: madrid, title: 'Guía de Madrid' });
});
afterAll(() => t?.close());

const participant = (code: string) => idOf(t.db, 'participants', { participant_code: code });
const pdfHash = () => createHash('sha256').update(pdf).digest('hex');

async function send(code = 'DEMO-US001-0001', body: Record<string, unknown> = {}, user = 'crc.demo', env?: string) {
  return call(t.app, sendParticipantDocument, {
    params: { studyId: demo, participantId: await participant(code) },
    body: { studyDocumentId: studyDoc, ...body },
    token: tokens[user],
    headers: env ? { env } : {},
  });
}
const doc = (id: string) => ({ studyId: demo, documentId: id });
const request = (id: string, body: Record<string, unknown> = {}, user = 'crc.demo') =>
  call(t.app, requestDocumentSignature, { params: doc(id), body, token: tokens[user] });
const signAsParticipant = (id: string, body: Record<string, unknown> = {}, token = tokens.participant) =>
  call(t.app, signMyDocument, {
    params: { documentId: id },
    token,
    body: {
      requestId: randomUUID(),
      documentHash: pdfHash(),
      password: DEMO_PASSWORD,
      meaningAccepted: true,
      typedName: 'Alex Morgan',
      drawnSignature: PNG,
      ...body,
    },
  });
const signAsPi = (id: string, body: Record<string, unknown> = {}, user = 'pi.demo') =>
  call(t.app, signDocumentAsPi, {
    params: doc(id),
    token: tokens[user],
    body: {
      currentPassword: DEMO_PASSWORD,
      meaningAccepted: true,
      documentHash: pdfHash(),
      drawnSignature: PNG,
      ...body,
    },
  });
const history = async (id: string) =>
  (await call(t.app, getParticipantDocumentHistory, { params: doc(id), token: tokens['crc.demo'] })).json.items.map(
    (e: { event: string; status: string }) => `${e.event}:${e.status}`,
  );
const outboxTo = (to: string) => t.db.selectFrom('outbox').selectAll().where('recipient', '=', to).execute();

describe('sending a document (E-089, E-090, E-099)', () => {
  it('sends the exact file with its hash; lists and details it; audited; one live copy per document', async () => {
    const r = await send();
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      title: 'Study diary guide',
      status: 'SIGNATURE_INIT',
      reqSignDate: null,
      documentHash: pdfHash(),
      isInvalidate: false,
      inValidateDocumentId: null,
      participant: { participantId: 'DEMO-US001-0001', name: 'Alex Morgan' },
      sentBy: 'Carlos Coordinator',
      allowed: { requestSignature: true, resend: false, cancelRequest: false, invalidate: true, piSign: false },
    });
    const list = await call(t.app, listParticipantDocuments, {
      params: { studyId: demo, participantId: await participant('DEMO-US001-0001') },
      token: tokens['cra.demo'],
    });
    expect(list.json.items.map((d: { id: string }) => d.id)).toEqual([r.json.id]);
    // the monitor reads it, but may change nothing and does not see who the participant is
    expect(list.json.items[0].allowed.requestSignature).toBe(false);
    expect(list.json.items[0].participant.name).toBeNull();
    const detail = await call(t.app, getParticipantDocument, { params: doc(r.json.id), token: tokens['crc.demo'] });
    expect(detail.json.id).toBe(r.json.id);
    expect(await auditActions(t.db, r.json.id)).toEqual(['participant.document.send']);
    const again = await send();
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('The participant already has this document. Invalidate it to send it again.');
  });

  it('the participant list finds who holds a document, and who it can still be sent to (E-068 docId, E-069)', async () => {
    await send();
    const codes = async (query: Record<string, string>) =>
      (
        await call(t.app, listParticipants, { params: { studyId: demo }, query, token: tokens['crc.demo'] })
      ).json.items.map((p: { participantId: string }) => p.participantId);
    expect(await codes({ docId: studyDoc })).toEqual(['DEMO-US001-0001']);
    const more = await codes({ docId: studyDoc, activateForMoreParticipants: 'true' });
    expect(more).not.toContain('DEMO-US001-0001');
    expect(more).toContain('DEMO-US001-0002');
    // includeVerified=false leaves out who has only verified their account
    await sql`update participants set status = 'VERIFIED' where participant_code = 'DEMO-US001-0002'`.execute(t.db);
    expect(await codes({ docId: studyDoc, activateForMoreParticipants: 'true' })).toContain('DEMO-US001-0002');
    expect(
      await codes({ docId: studyDoc, activateForMoreParticipants: 'true', includeVerified: 'false' }),
    ).not.toContain('DEMO-US001-0002');
  });

  it('refuses a deactivated document, another site’s document, and a monitor', async () => {
    await call(t.app, setStudyDocumentStatus, {
      params: doc(studyDoc),
      token: tokens.studyadmin,
      body: {
        status: false,
        isSelectedForParticipantsOnly: false,
        activateForMoreParticipants: false,
        reason: 'Paused',
      },
    });
    const off = await send();
    expect(off.status).toBe(400);
    expect(off.json.fieldErrors.studyDocumentId[0]).toMatch(/not active for the participant's site/);
    const madridOnly = await send('DEMO-US001-0001', { studyDocumentId: madridDoc });
    expect(madridOnly.status).toBe(400);
    expect((await send('DEMO-US001-0002', {}, 'cra.demo')).status).toBe(403);
  });

  it('sends to every participant of a site at once, skipping who has it (E-099); lists who got it (E-100)', async () => {
    await send('DEMO-US001-0002');
    const r = await call(t.app, saveSiteParticipantDocument, {
      params: { studyId: demo, siteId: boston },
      body: { studyDocumentId: studyDoc, requestSignature: true },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(200);
    // Boston's live participants: 0001 and 0003 get it; 0002 had it; the test participant is in the other data space
    expect(r.json).toEqual({ sent: 2, alreadyHad: 1 });
    const who = await call(t.app, listParticipantsByDocument, { params: doc(studyDoc), token: tokens['crc.demo'] });
    expect(
      who.json.items.map((d: { participant: { participantId: string } }) => d.participant.participantId).sort(),
    ).toEqual(['DEMO-US001-0001', 'DEMO-US001-0002', 'DEMO-US001-0003']);
    const asked = who.json.items.filter((d: { status: string }) => d.status === 'IN_PROGRESS');
    expect(asked).toHaveLength(2);
    const madridSite = await call(t.app, saveSiteParticipantDocument, {
      params: { studyId: demo, siteId: madrid },
      body: { studyDocumentId: studyDoc },
      token: tokens['crc.demo'],
    });
    expect(madridSite.status).toBe(403);
  });
});

describe('the signature cycle (E-094, E-097, E-102…E-105, E-108)', () => {
  it('asks, resends, cancels and asks again, e-mailing the participant; refused steps say why', async () => {
    const id = (await send()).json.id;
    expect((await request(id, { resend: true })).status).toBe(409);
    const asked = await request(id);
    expect(asked.status).toBe(200);
    expect(asked.json).toMatchObject({
      status: 'IN_PROGRESS',
      nextSigner: 'PARTICIPANT',
      allowed: { resend: true, cancelRequest: true },
    });
    expect(asked.json.reqSignDate).not.toBeNull();
    const mails = await outboxTo('participant.demo@trialpath.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A document waits for your signature');
    expect(mails[0]!.body).toContain('"Study diary guide"');
    expect((await request(id)).json.message).toBe('This cannot be done while the document is IN_PROGRESS.');
    const resent = await request(id, { resend: true });
    expect(resent.json.status).toBe('IN_PROGRESS');
    expect(await outboxTo('participant.demo@trialpath.example')).toHaveLength(2);
    const both = await request(id, { resend: true, cancelRequest: true });
    expect(both.status).toBe(400);
    const cancelled = await request(id, { cancelRequest: true });
    expect(cancelled.json).toMatchObject({ status: 'RESET', reqSignDate: null, nextSigner: null });
    expect((await request(id, { cancelRequest: true })).status).toBe(409);
    expect((await call(t.app, sendDocumentMail, { params: doc(id), token: tokens['crc.demo'] })).status).toBe(409);
    expect((await request(id)).json.status).toBe('IN_PROGRESS');
    const mail = await call(t.app, sendDocumentMail, { params: doc(id), token: tokens['crc.demo'] });
    expect(mail.json).toEqual({ ok: true, sentTo: 'participant.demo@trialpath.example' });
    expect(await history(id)).toEqual([
      'SENT:SIGNATURE_INIT',
      'SIGNATURE_REQUESTED:IN_PROGRESS',
      'REQUEST_RESENT:IN_PROGRESS',
      'REQUEST_CANCELLED:RESET',
      'SIGNATURE_REQUESTED:IN_PROGRESS',
      'MAIL_SENT:IN_PROGRESS',
    ]);
    expect(await auditActions(t.db, id)).toEqual([
      'participant.document.send',
      'participant.document.request',
      'participant.document.resend',
      'participant.document.cancel',
      'participant.document.request',
      'participant.document.mail',
    ]);
    const status = await call(t.app, getParticipantDocumentStatus, { params: doc(id), token: tokens['cra.demo'] });
    expect(status.json).toMatchObject({ id, status: 'IN_PROGRESS', isInvalidate: false });
  });

  it('the participant signs with their password, bound to the hash: COMPLETED, signed PDF; no step back', async () => {
    const id = (await send('DEMO-US001-0001', { requestSignature: true })).json.id;
    const mine = await call(t.app, listMyDocuments, { token: tokens.participant });
    expect(mine.json.items[0]).toMatchObject({ id, awaitingMySignature: true, status: 'IN_PROGRESS' });
    const open = await call(t.app, getMyDocument, { params: { documentId: id }, token: tokens.participant });
    expect(open.json).toMatchObject({ documentHash: pdfHash(), meaning: expect.stringMatching(/read this document/) });
    expect(Buffer.from(open.json.pdf.base64, 'base64').equals(pdf)).toBe(true);
    const wrong = await signAsParticipant(id, { password: 'Wrong#123' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fieldErrors.password).toBeDefined();
    const changed = await signAsParticipant(id, { documentHash: 'a'.repeat(64) });
    expect(changed.status).toBe(409);
    const signed = await signAsParticipant(id);
    expect(signed.status).toBe(200);
    expect(signed.json).toMatchObject({ status: 'COMPLETED', awaitingMySignature: false, hasSignedPdf: true });
    const staff = await call(t.app, getParticipantDocument, { params: doc(id), token: tokens['crc.demo'] });
    expect(staff.json.signatures).toEqual([
      {
        role: 'PARTICIPANT',
        printedName: 'Alex Morgan',
        signedAt: expect.any(String),
        meaning: expect.stringMatching(/read this document/),
        hasImage: true,
        documentHash: pdfHash(),
      },
    ]);
    for (const body of [{}, { resend: true }, { cancelRequest: true }]) {
      const refused = await request(id, body);
      expect(refused.status).toBe(409);
    }
    expect((await request(id, { cancelRequest: true })).json.message).toBe(
      'A signature was already given on this document: invalidate it instead.',
    );
    expect((await signAsParticipant(id)).status).toBe(409);
    const download = await call(t.app, downloadParticipantDocument, {
      params: doc(id),
      query: { signed: 'true' },
      token: tokens['cra.demo'],
    });
    const signedPdf = await PDFDocument.load(Buffer.from(download.json.base64, 'base64'));
    expect(signedPdf.getPageCount()).toBe(3);
    const own = await call(t.app, getMySignedDocumentPdf, { params: { documentId: id }, token: tokens.participant });
    expect(own.json.base64).toBe(download.json.base64);
    const pages = await call(t.app, getParticipantDocumentPages, {
      params: doc(id),
      query: { pageNum: 2, pageSize: 1 },
      token: tokens['crc.demo'],
    });
    expect(pages.json).toMatchObject({ pageCount: 2, pageNum: 2, items: [{ page: 2 }] });
    expect(await auditActions(t.db, id)).toContain('participant.document.sign');
    const replay = await signAsParticipant(id);
    expect(replay.status).toBe(409);
  });

  it('a request sent twice is a replay; another participant cannot open or sign it; a decline resets it', async () => {
    const id = (await send('DEMO-US001-0001', { requestSignature: true })).json.id;
    expect((await call(t.app, getMyDocument, { params: { documentId: id }, token: tokens.other })).status).toBe(404);
    expect((await signAsParticipant(id, {}, tokens.other)).status).toBe(404);
    const declined = await call(t.app, declineMyDocument, {
      params: { documentId: id },
      token: tokens.participant,
      body: { reason: 'I want to talk to my doctor first' },
    });
    expect(declined.json).toMatchObject({ status: 'RESET', awaitingMySignature: false });
    expect((await signAsParticipant(id)).status).toBe(409);
    const events = (await call(t.app, getParticipantDocumentHistory, { params: doc(id), token: tokens['crc.demo'] }))
      .json.items;
    expect(events.at(-1)).toMatchObject({
      event: 'DECLINED',
      by: 'DEMO-US001-0001',
      note: 'I want to talk to my doctor first',
    });
    await request(id);
    const requestId = randomUUID();
    expect((await signAsParticipant(id, { requestId })).status).toBe(200);
    const again = await signAsParticipant(id, { requestId });
    expect(again.json.message).toBe('This signature was already sent.');
  });
});

describe('the investigator signs after the participant (E-095, E-096, E-101)', () => {
  it('a site configured so: the order is participant then PI; the PI signs with their password', async () => {
    const config = await call(t.app, configurePiSignatureBySite, {
      params: { studyId: demo, siteId: boston },
      body: { piSignatureRequired: true },
      token: tokens.studyadmin,
    });
    expect(config.json).toMatchObject({ siteId: boston, piSignatureRequired: true });
    expect(await auditActions(t.db, boston)).toContain('participant.document.settings');
    expect(
      (
        await call(t.app, configurePiSignatureBySite, {
          params: { studyId: demo, siteId: boston },
          body: { piSignatureRequired: false },
          token: tokens['crc.demo'],
        })
      ).status,
    ).toBe(403);
    const id = (await send('DEMO-US001-0001', { requestSignature: true })).json.id;
    expect((await signAsPi(id)).json.message).toMatch(/investigator signs after the participant/);
    expect((await signAsParticipant(id)).json).toMatchObject({ status: 'IN_PROGRESS', awaitingMySignature: false });
    // the participant's signature is never taken back: waiting for the PI, the request is not cancelled
    expect((await request(id, { cancelRequest: true })).json.message).toBe(
      'A signature was already given on this document: invalidate it instead.',
    );
    const order = await call(t.app, getSignOrderStatus, { params: doc(id), token: tokens['crc.demo'] });
    expect(order.json).toMatchObject({
      status: 'IN_PROGRESS',
      steps: [
        { role: 'PARTICIPANT', state: 'SIGNED', printedName: 'Alex Morgan' },
        { role: 'PI', state: 'NEXT', signedAt: null },
      ],
    });
    // a coordinator may not sign as investigator; a wrong password is the field's problem
    expect((await signAsPi(id, {}, 'crc.demo')).status).toBe(403);
    const wrong = await signAsPi(id, { currentPassword: 'Wrong#123' });
    expect(wrong.status).toBe(400);
    const ok = await signAsPi(id);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: 'COMPLETED', nextSigner: null });
    expect(ok.json.signatures.map((s: { role: string; printedName: string }) => `${s.role}:${s.printedName}`)).toEqual([
      'PARTICIPANT:Alex Morgan',
      'PI:Priya Investigator',
    ]);
    expect((await signAsPi(id)).status).toBe(409);
    const download = await call(t.app, downloadParticipantDocument, {
      params: doc(id),
      query: { signed: 'true' },
      token: tokens['crc.demo'],
    });
    expect((await PDFDocument.load(Buffer.from(download.json.base64, 'base64'))).getPageCount()).toBeGreaterThanOrEqual(
      3,
    );
    expect(await auditActions(t.db, id)).toEqual(
      expect.arrayContaining(['participant.document.sign', 'participant.document.pi.sign']),
    );
  });

  it('the PI’s signature is asked for one document; not twice, not on a completed one', async () => {
    const id = (await send()).json.id;
    const r = await call(t.app, requestPiSignature, { params: doc(id), token: tokens['crc.demo'] });
    expect(r.json).toMatchObject({ piSignatureRequired: true, allowed: { requestPiSignature: false } });
    expect((await call(t.app, requestPiSignature, { params: doc(id), token: tokens['crc.demo'] })).status).toBe(409);
    expect(await history(id)).toEqual(['SENT:SIGNATURE_INIT', 'PI_REQUESTED:SIGNATURE_INIT']);
  });
});

describe('invalidating (E-098) and history (E-093)', () => {
  it('invalidates with a reason and sends it again as a new document pointing back; the old one is frozen', async () => {
    const id = (await send('DEMO-US001-0001', { requestSignature: true })).json.id;
    const noReason = await call(t.app, invalidateParticipantDocument, {
      params: doc(id),
      body: { resendDocument: true },
      token: tokens['crc.demo'],
    });
    expect(noReason.status).toBe(400);
    const r = await call(t.app, invalidateParticipantDocument, {
      params: doc(id),
      body: { resendDocument: true, reason: 'Wrong version sent' },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(200);
    expect(r.json.invalidated).toMatchObject({
      isInvalidate: true,
      invalidateReason: 'Wrong version sent',
      invalidatedBy: 'Carlos Coordinator',
      allowed: { invalidate: false, requestSignature: false, sendMail: false },
    });
    expect(r.json.resent).toMatchObject({ inValidateDocumentId: id, status: 'IN_PROGRESS', isInvalidate: false });
    expect(r.json.invalidated.replacedById).toBe(r.json.resent.id);
    expect((await request(id, { cancelRequest: true })).json.message).toBe(
      'This document was invalidated and can no longer change.',
    );
    expect((await signAsParticipant(id)).status).toBe(404);
    expect(await history(r.json.resent.id)).toEqual([
      'SENT:SIGNATURE_INIT',
      'SIGNATURE_REQUESTED:IN_PROGRESS',
      'INVALIDATED:IN_PROGRESS',
      'SENT:SIGNATURE_INIT',
      'SIGNATURE_REQUESTED:IN_PROGRESS',
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['reason'])
      .where('action', '=', 'participant.document.invalidate')
      .where('entity_id', '=', id)
      .execute();
    expect(audit).toEqual([{ reason: 'Wrong version sent' }]);
    const invalidated = await call(t.app, listStudyParticipantDocuments, {
      params: { studyId: demo },
      query: { status: 'INVALIDATED' },
      token: tokens['crc.demo'],
    });
    expect(invalidated.json.items.map((d: { id: string }) => d.id)).toEqual([id]);
  });

  it('without a resend, only invalidates', async () => {
    const id = (await send()).json.id;
    const r = await call(t.app, invalidateParticipantDocument, {
      params: doc(id),
      body: { resendDocument: false, reason: 'Not needed' },
      token: tokens['crc.demo'],
    });
    expect(r.json.resent).toBeNull();
    expect((await send()).status).toBe(200);
  });
});

describe('access and data spaces', () => {
  it('another site’s participant document is forbidden; the study list shows only the caller’s sites', async () => {
    const piId = await idOf(t.db, 'users', { username: 'pi.demo' });
    await sql`insert into site_assignments (user_id, site_id) values (${piId}, ${madrid})`.execute(t.db);
    const pi = (await staffAccess(t, 'pi.demo')).accessToken;
    const sent = await call(t.app, sendParticipantDocument, {
      params: { studyId: demo, participantId: await participant('DEMO-ES001-0001') },
      body: { studyDocumentId: madridDoc, requestSignature: true },
      token: pi,
    });
    expect(sent.status).toBe(200);
    expect(
      (await call(t.app, getParticipantDocument, { params: doc(sent.json.id), token: tokens['crc.demo'] })).status,
    ).toBe(403);
    expect((await request(sent.json.id, { resend: true })).status).toBe(403);
    expect((await send('DEMO-ES001-0001')).status).toBe(403);
    const crcList = await call(t.app, listStudyParticipantDocuments, {
      params: { studyId: demo },
      token: tokens['crc.demo'],
    });
    expect(crcList.json.total).toBe(0);
    const piList = await call(t.app, listStudyParticipantDocuments, { params: { studyId: demo }, token: pi });
    expect(piList.json.items.map((d: { id: string }) => d.id)).toEqual([sent.json.id]);
    // the Spanish participant is e-mailed in Spanish
    const mail = await outboxTo('participante.es1@trialpath.example');
    expect(mail[0]!.subject).toBe('Un documento espera su firma');
  });

  it('test documents live in the test data space only', async () => {
    const r = await send('TEST-US001-0001', {}, 'crc.demo', 'test');
    expect(r.status).toBe(200);
    const live = await call(t.app, listStudyParticipantDocuments, {
      params: { studyId: demo },
      token: tokens['crc.demo'],
    });
    expect(live.json.items.map((d: { id: string }) => d.id)).not.toContain(r.json.id);
    expect(
      (await call(t.app, getParticipantDocument, { params: doc(r.json.id), token: tokens['crc.demo'] })).status,
    ).toBe(403);
    const test = await call(t.app, listStudyParticipantDocuments, {
      params: { studyId: demo },
      token: tokens['crc.demo'],
      headers: { env: 'test' },
    });
    expect(test.json.items.map((d: { id: string }) => d.id)).toEqual([r.json.id]);
    const mine = await call(t.app, listMyDocuments, { token: tokens.testParticipant });
    expect(mine.json.items.map((d: { id: string }) => d.id)).toEqual([r.json.id]);
    expect((await call(t.app, listMyDocuments, { token: tokens.participant })).json.items).toEqual([]);
  });
});
