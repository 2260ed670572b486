/**
 * Signing consent (decision D-consent-signature): the participant's consents for their version and cohort; the Part 11
 * signature (password again, meaning, typed name, drawn signature when asked) bound to the content hash; the
 * replayed and the tampered request refused; the signed PDF (its text read back); the investigator's
 * countersignature; re-consent after a new version changes a consent; the holds on tasks; who may.
 */
import { randomUUID } from 'node:crypto';
import {
  chooseMyCohort,
  countersignParticipantConsent,
  createConsent,
  DRAFT_SECTION_ENDPOINTS,
  getConsentConfiguration,
  getMyConsentPdf,
  getMyConsents,
  getParticipantConsentPdf,
  getReconsentStatus,
  listParticipantConsents,
  signMyConsent,
  updateConsent,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditActions,
  call,
  createTestApp,
  DEMO_PASSWORD,
  draftVersionId,
  idOf,
  participantAccess,
  staffAccess,
  type TestApp,
} from './helpers';
import { pdfOf } from './support/pdf-text';

let t: TestApp;
let demo: string;
let draft: string;
let pid: string;
let me: string;
const tokens: Record<string, string> = {};

// a 1×1 transparent PNG: a drawn signature the PDF can embed
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  draft = await draftVersionId(t.db, demo);
  for (const u of ['studyadmin', 'pi.demo', 'crc.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
  const p = await participantAccess(t, 'participant.demo');
  me = p.accessToken;
  pid = p.pid;
});
afterAll(() => t?.close());

const consent = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: { en: `Consent ${id}` },
  comprehensionEnabled: true,
  documents: [
    { id: 'd1', title: { en: 'Informed consent form' }, body: { en: '<p>You may leave the study at any time.</p>' } },
  ],
  quiz: [
    {
      id: 'q1',
      question: { en: 'May you leave at any time?' },
      options: [
        { id: 'yes', text: { en: 'Yes' } },
        { id: 'no', text: { en: 'No' } },
      ],
      correctOptionId: 'yes',
    },
  ],
  disclaimers: [
    { id: 'x1', text: { en: 'I have read the form.' }, required: true },
    { id: 'x2', text: { en: 'I would like a copy by post.' }, required: false },
  ],
  optionalConsents: [{ id: 'o1', text: { en: 'Keep my samples for future research.' } }],
  ...extra,
});

/** The draft gets these consents and the participant is put on it. */
async function setUp(...consents: ReturnType<typeof consent>[]) {
  for (const c of consents) {
    const { json } = await call(t.app, getConsentConfiguration, {
      params: { studyId: demo },
      token: tokens.studyadmin,
    });
    const r = await call(t.app, createConsent, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { revision: json.revision, consent: c },
    });
    expect(r.status).toBe(200);
  }
  await sql`update participants set version_id = ${draft}, cohort_id = null where id = ${pid}`.execute(t.db);
}

const mine = () => call(t.app, getMyConsents, { token: me });

function sign(consentId: string, contentHash: string, extra: Record<string, unknown> = {}) {
  return call(t.app, signMyConsent, {
    params: { consentId },
    token: me,
    body: {
      requestId: randomUUID(),
      contentHash,
      password: DEMO_PASSWORD,
      meaningAccepted: true,
      typedName: 'Pat Participant',
      drawnSignature: null,
      acceptedDisclaimers: ['x1'],
      optionalConsents: { o1: true },
      quizAttempts: 1,
      localOffset: '-05:00',
      ...extra,
    },
  });
}

async function pdfText(base64: string) {
  const { doc, text } = await pdfOf(base64);
  expect(doc.getPageCount()).toBeGreaterThan(0);
  return text;
}

describe("the participant's consents", () => {
  it('lists the consents of their version with a content hash, the meaning in their language, and UNSIGNED', async () => {
    await setUp(consent('main'));
    const r = await mine();
    expect(r.status).toBe(200);
    expect(r.json.versionId).toBe(draft);
    expect(r.json.complete).toBe(false);
    const item = r.json.items[0];
    expect(item.status).toBe('UNSIGNED');
    expect(item.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(item.meaning).toMatch(/^By signing, I confirm that I have read and understood this consent/);
  });

  it('asks for a cohort first when the version has cohorts, then lists only that cohort’s consents in order', async () => {
    await setUp(consent('a'), consent('b'));
    const { json } = await call(t.app, getConsentConfiguration, {
      params: { studyId: demo },
      token: tokens.studyadmin,
    });
    const cohorts = [
      { id: 'arm-1', name: { en: 'Arm 1' }, consentIds: ['b'] },
      { id: 'arm-2', name: { en: 'Arm 2' }, consentIds: ['b', 'a'] },
    ];
    const saved = await call(t.app, DRAFT_SECTION_ENDPOINTS.cohorts, {
      params: { studyId: demo, versionId: draft },
      token: tokens.studyadmin,
      body: { revision: json.cohortsRevision, value: { items: cohorts } },
    });
    expect(saved.status).toBe(200);
    const before = await mine();
    expect(before.json.cohortRequired).toBe(true);
    expect(before.json.items).toEqual([]);
    const refused = await sign('a', 'f'.repeat(64));
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Please choose your group before you sign.');
    const unknown = await call(t.app, chooseMyCohort, { token: me, body: { cohortId: 'arm-9' } });
    expect(unknown.status).toBe(400);
    expect((await call(t.app, chooseMyCohort, { token: me, body: { cohortId: 'arm-2' } })).status).toBe(200);
    const after = await mine();
    expect(after.json.cohortId).toBe('arm-2');
    expect(after.json.items.map((i: { consent: { id: string } }) => i.consent.id)).toEqual(['b', 'a']);
    expect(await auditActions(t.db, pid)).toContain('participant.cohort.choose');
    const again = await call(t.app, chooseMyCohort, { token: me, body: { cohortId: 'arm-1' } });
    expect(again.status).toBe(409);
  });
});

describe('the electronic signature', () => {
  it('signs with password, meaning and typed name; stores the PDF with the consent text, answers and manifest; audited', async () => {
    await setUp(consent('main'));
    const { json } = await mine();
    const r = await sign('main', json.items[0].contentHash);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      consentId: 'main',
      versionId: draft,
      participantName: 'Pat Participant',
      status: 'participantSigned',
      optionalConsents: { o1: true },
      quizAttempts: 1,
      countersignedAt: null,
    });
    const after = await mine();
    expect(after.json.items[0].status).toBe('SIGNED');
    expect(after.json.complete).toBe(true);
    const row = await t.db
      .selectFrom('consent_signatures')
      .selectAll()
      .where('id', '=', r.json.id)
      .executeTakeFirstOrThrow();
    expect(row.content_hash).toBe(json.items[0].contentHash);
    expect(row.meaning).toBe(json.items[0].meaning);
    expect(await auditActions(t.db, r.json.id)).toContain('consent.sign');
    const pdf = await call(t.app, getMyConsentPdf, { params: { signatureId: r.json.id }, token: me });
    expect(pdf.status).toBe(200);
    expect(pdf.json.fileName).toMatch(/^consent-DEMO-US001-0001-main-v\d+\.pdf$/);
    const text = await pdfText(pdf.json.base64);
    for (const s of [
      'Consent main',
      'You may leave the study at any time.',
      'Keep my samples for future research.: Yes',
      '[x] I have read the form.',
      'Signed by: Pat Participant',
      'Signature manifest',
      json.items[0].contentHash,
      'Not yet countersigned by the investigator.',
    ])
      expect(text, s).toContain(s);
    expect(text).not.toContain('I would like a copy by post.');
  });

  it('keeps a drawn signature when the consent asks for one, and ignores one it did not ask for', async () => {
    await setUp(consent('drawn', { digitalSignatureEnabled: true }), consent('typed'));
    const { json } = await mine();
    const [drawn, typed] = json.items;
    const ok = await sign('drawn', drawn.contentHash, { drawnSignature: PNG });
    expect(ok.status).toBe(200);
    expect(ok.json.hasDrawnSignature).toBe(true);
    const pdf = await call(t.app, getMyConsentPdf, { params: { signatureId: ok.json.id }, token: me });
    expect((await pdfText(pdf.json.base64)).includes('Drawn signature')).toBe(true);
    const notAsked = await sign('typed', typed.contentHash, { drawnSignature: PNG });
    expect(notAsked.status).toBe(200);
    expect(notAsked.json.hasDrawnSignature).toBe(false);
  });

  it('a keyboard user signs a consent that offers drawing with the typed name alone', async () => {
    await setUp(consent('drawn', { digitalSignatureEnabled: true }));
    const { json } = await mine();
    const r = await sign('drawn', json.items[0].contentHash);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ participantName: 'Pat Participant', hasDrawnSignature: false });
  });

  it('refuses a wrong password on its field and counts it toward the lockout', async () => {
    await setUp(consent('main'));
    const { json } = await mine();
    const r = await sign('main', json.items[0].contentHash, { password: 'Wrong#123' });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors.password).toBeDefined();
    const p = await t.db
      .selectFrom('participants')
      .select('failed_attempts')
      .where('id', '=', pid)
      .executeTakeFirstOrThrow();
    expect(p.failed_attempts).toBe(1);
    expect(await auditActions(t.db, pid)).toContain('participant.signature.failed');
    expect((await mine()).json.items[0].status).toBe('UNSIGNED');
  });

  it('refuses a required statement not accepted and an optional consent not answered, each on its field', async () => {
    await setUp(consent('main'));
    const { json } = await mine();
    const r = await sign('main', json.items[0].contentHash, { acceptedDisclaimers: ['x2'], optionalConsents: {} });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors['acceptedDisclaimers.x1']).toEqual(['Please accept this statement to go on.']);
    expect(r.json.fieldErrors['optionalConsents.o1']).toEqual(['Please answer yes or no.']);
  });

  it('refuses a tampered content hash, a replayed request and a second signature', async () => {
    await setUp(consent('main'));
    const { json } = await mine();
    const hash = json.items[0].contentHash as string;
    const tampered = await sign('main', `${hash.slice(0, 63)}${hash.endsWith('0') ? '1' : '0'}`);
    expect(tampered.status).toBe(409);
    expect(tampered.json.message).toBe(
      'This consent has changed since you opened it. Please read it again before signing.',
    );
    const requestId = randomUUID();
    expect((await sign('main', hash, { requestId })).status).toBe(200);
    const replay = await sign('main', hash, { requestId });
    expect(replay.status).toBe(409);
    expect(replay.json.message).toBe('This signature was already sent. Open the consent again to sign.');
    const second = await sign('main', hash);
    expect(second.status).toBe(409);
    expect(second.json.message).toBe('You have already signed this consent.');
    const rows = await t.db.selectFrom('consent_signatures').select('id').where('participant_id', '=', pid).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a consent that is not the participant’s to sign', async () => {
    await setUp(consent('main'));
    const r = await sign('elsewhere', 'a'.repeat(64));
    expect(r.status).toBe(404);
    expect(r.json.message).toBe('This consent is not one you are asked to sign.');
  });
});

describe('staff: the participant’s consents, the PDF and the countersignature', () => {
  async function signed() {
    await setUp(consent('main'));
    const { json } = await mine();
    return (await sign('main', json.items[0].contentHash)).json.id as string;
  }

  it('lists who signed what; the PI countersigns with their password and the PDF then records both', async () => {
    const signatureId = await signed();
    const params = { studyId: demo, participantId: pid };
    const list = await call(t.app, listParticipantConsents, { params, token: tokens['crc.demo'] });
    expect(list.status).toBe(200);
    expect(list.json.items[0]).toMatchObject({ consentId: 'main', status: 'SIGNED' });
    expect(list.json.items[0].signatures[0].id).toBe(signatureId);
    const wrong = await call(t.app, countersignParticipantConsent, {
      params: { ...params, signatureId },
      token: tokens['pi.demo'],
      body: { currentPassword: 'Wrong#123', meaningAccepted: true },
    });
    expect(wrong.status).toBe(400);
    const ok = await call(t.app, countersignParticipantConsent, {
      params: { ...params, signatureId },
      token: tokens['pi.demo'],
      body: { currentPassword: DEMO_PASSWORD, meaningAccepted: true },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: 'piAndParticipantSigned', countersignedBy: 'Priya Investigator' });
    expect(await auditActions(t.db, signatureId)).toContain('consent.countersign');
    const twice = await call(t.app, countersignParticipantConsent, {
      params: { ...params, signatureId },
      token: tokens['pi.demo'],
      body: { currentPassword: DEMO_PASSWORD, meaningAccepted: true },
    });
    expect(twice.status).toBe(409);
    const pdf = await call(t.app, getParticipantConsentPdf, {
      params: { ...params, signatureId },
      token: tokens['cra.demo'],
    });
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.json.base64);
    expect(text).toContain('Countersigned by: Priya Investigator');
    expect(text).toContain('Signed by: Pat Participant');
    expect(text).not.toContain('Not yet countersigned');
  });

  it('a coordinator may not countersign; a participant reaches only their own PDF', async () => {
    const signatureId = await signed();
    const r = await call(t.app, countersignParticipantConsent, {
      params: { studyId: demo, participantId: pid, signatureId },
      token: tokens['crc.demo'],
      body: { currentPassword: DEMO_PASSWORD, meaningAccepted: true },
    });
    expect(r.status).toBe(403);
    const other = await call(t.app, getMyConsentPdf, { params: { signatureId: randomUUID() }, token: me });
    expect(other.status).toBe(404);
  });
});

describe('re-consent', () => {
  it('a new version that changes a signed consent asks for a new signature; an unchanged one stays signed', async () => {
    await setUp(consent('main'), consent('other'));
    const first = await mine();
    for (const item of first.json.items) expect((await sign(item.consent.id, item.contentHash)).status).toBe(200);
    expect((await mine()).json.complete).toBe(true);
    // the draft becomes the participant's signed version; a new draft changes one consent
    await sql`update study_versions set status = 'PUBLISHED', snapshot = content, published_at = now() where id = ${draft}`.execute(
      t.db,
    );
    const { createStudyDraft } = await import('@trialpath/contract');
    const created = await call(t.app, createStudyDraft, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: {},
    });
    expect(created.status).toBe(200);
    const next = created.json.id as string;
    const { json } = await call(t.app, getConsentConfiguration, {
      params: { studyId: demo },
      token: tokens.studyadmin,
    });
    const changed = await call(t.app, updateConsent, {
      params: { studyId: demo, consentId: 'main' },
      token: tokens.studyadmin,
      body: { revision: json.revision, consent: consent('main', { name: { en: 'Consent main, amended' } }) },
    });
    expect(changed.status).toBe(200);
    await sql`update participants set version_id = ${next} where id = ${pid}`.execute(t.db);
    const now = await mine();
    const status = Object.fromEntries(
      now.json.items.map((i: { consent: { id: string }; status: string }) => [i.consent.id, i.status]),
    );
    expect(status).toEqual({ main: 'RECONSENT_REQUIRED', other: 'SIGNED' });
    expect(now.json.complete).toBe(false);
    const who = await call(t.app, getReconsentStatus, { params: { studyId: demo }, token: tokens.studyadmin });
    expect(who.status).toBe(200);
    expect(who.json.items).toContainEqual(
      expect.objectContaining({ participantId: pid, consentId: 'main', status: 'RECONSENT_REQUIRED', signedAt: null }),
    );
    const main = now.json.items.find((i: { consent: { id: string } }) => i.consent.id === 'main');
    expect((await sign('main', main.contentHash)).status).toBe(200);
    expect((await mine()).json.complete).toBe(true);
    const after = await call(t.app, getReconsentStatus, { params: { studyId: demo }, token: tokens.studyadmin });
    expect(after.json.items).toContainEqual(
      expect.objectContaining({ participantId: pid, consentId: 'main', status: 'SIGNED' }),
    );
  });
});
