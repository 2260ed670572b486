/**
 * Consent configuration (000 §7.5, decision D-018): consents and cohorts on the study's draft, the v1 whole
 * consent calls and the v2 calls per part, deletion per language, the three orderings, the cohort's consents
 * checked against the version's consents, the revision check, the published version frozen, and who may.
 */
import {
  CONSENT_PART_ENDPOINTS,
  createConsent,
  DRAFT_SECTION_ENDPOINTS,
  deleteConsent,
  deleteConsentLanguage,
  getConsentConfiguration,
  orderCohorts,
  orderConsents,
  setCohortConsents,
  updateConsent,
  updateConsentFlags,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let draft: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  draft = (
    await t.db
      .selectFrom('study_versions')
      .select('id')
      .where('study_id', '=', demo)
      .where('status', '=', 'DRAFT')
      .executeTakeFirstOrThrow()
  ).id;
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const consent = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: { en: `Consent ${id}`, es: `Consentimiento ${id}` },
  sections: [{ id: 's1', title: { en: 'Why', es: 'Por qué' }, body: { en: '<p>Because</p>', es: '<p>Porque</p>' } }],
  quiz: [
    {
      id: 'q1',
      question: { en: 'May you leave at any time?', es: '¿Puede salir en cualquier momento?' },
      options: [
        { id: 'yes', text: { en: 'Yes', es: 'Sí' } },
        { id: 'no', text: { en: 'No', es: 'No' } },
      ],
      correctOptionId: 'yes',
      explanation: { en: 'Taking part is voluntary.' },
    },
  ],
  documents: [{ id: 'd1', title: { en: 'Consent form' }, body: { en: '<p>I agree</p>' } }],
  disclaimers: [{ id: 'x1', text: { en: 'I have read the form.' } }],
  optionalConsents: [{ id: 'o1', text: { en: 'Keep my samples for future research.' } }],
  ...extra,
});

const read = (user = 'studyadmin', query: Record<string, string> = {}) =>
  call(t.app, getConsentConfiguration, { params: { studyId: demo }, query, token: tokens[user] });

async function add(id: string, user = 'studyadmin') {
  const { json } = await read();
  return call(t.app, createConsent, {
    params: { studyId: demo },
    token: tokens[user],
    body: { revision: json.revision, consent: consent(id) },
  });
}

async function addCohort(id: string, consentIds: string[] = []) {
  const { json } = await read();
  return call(t.app, DRAFT_SECTION_ENDPOINTS.cohorts, {
    params: { studyId: demo, versionId: draft },
    token: tokens.studyadmin,
    body: { revision: json.cohortsRevision, value: { items: [...json.cohorts, { id, name: { en: id }, consentIds }] } },
  });
}

describe('consents on the draft (v1: a whole consent)', () => {
  it('adds a consent with its sections, quiz, documents, disclaimers and optional consents, audited', async () => {
    const r = await add('main');
    expect(r.status).toBe(200);
    expect(r.json.versionId).toBe(draft);
    const main = r.json.consents.find((c: { id: string }) => c.id === 'main');
    expect(main.quiz[0].correctOptionId).toBe('yes');
    expect(main.optionalConsents[0].text.en).toBe('Keep my samples for future research.');
    // the four flags take their defaults
    expect(main).toMatchObject({
      educationEnabled: true,
      comprehensionEnabled: false,
      documentAndSignatureEnabled: true,
      digitalSignatureEnabled: false,
    });
    expect(await auditActions(t.db, draft)).toContain('study.content.update');
    const again = await read();
    expect(again.json.revision).toBe(r.json.revision);
  });

  it('refuses a second consent with the same id, and a stale revision', async () => {
    await add('main');
    const dup = await add('main');
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe('The draft already has a consent with the id “main”.');
    const stale = await call(t.app, createConsent, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { revision: 0, consent: consent('other') },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('DRAFT_CONFLICT');
  });

  it('refuses a quiz whose right answer is not one of its options, on that field', async () => {
    const { json } = await read();
    const bad = consent('bad');
    (bad.quiz[0] as { correctOptionId: string }).correctOptionId = 'maybe';
    const r = await call(t.app, createConsent, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { revision: json.revision, consent: bad },
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.json.fieldErrors)).toContain('The correct answer must be one of the options.');
  });

  it('replaces a consent whole but keeps its id; removes it; an unknown id is 404', async () => {
    const added = await add('main');
    const r = await call(t.app, updateConsent, {
      params: { studyId: demo, consentId: 'main' },
      token: tokens.studyadmin,
      body: { revision: added.json.revision, consent: consent('renamed', { name: { en: 'Renamed' } }) },
    });
    expect(r.status).toBe(200);
    expect(r.json.consents.map((c: { id: string }) => c.id)).toContain('main');
    expect(r.json.consents.find((c: { id: string }) => c.id === 'main').name).toEqual({ en: 'Renamed' });
    const gone = await call(t.app, deleteConsent, {
      params: { studyId: demo, consentId: 'main' },
      query: { revision: r.json.revision },
      token: tokens.studyadmin,
    });
    expect(gone.status).toBe(200);
    expect(gone.json.consents.some((c: { id: string }) => c.id === 'main')).toBe(false);
    const missing = await call(t.app, updateConsent, {
      params: { studyId: demo, consentId: 'nope' },
      token: tokens.studyadmin,
      body: { revision: gone.json.revision, consent: consent('nope') },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('The draft has no consent “nope”.');
  });
});

describe('consent parts (v2)', () => {
  it('saves each part on its own call: sections, quiz, documents, privacy policy, licence, disclaimers, optional consents', async () => {
    let { json } = await add('main');
    const values = {
      sections: [{ id: 'n', title: { en: 'New section' }, body: { en: '<p>x</p>' } }],
      quiz: [],
      documents: [{ id: 'd2', title: { en: 'Form 2' }, body: { en: '<p>Sign here</p>' } }],
      privacyPolicy: { en: '<p>We keep your data safe.</p>' },
      license: { en: '<p>Licence terms</p>' },
      disclaimers: [{ id: 'x2', text: { en: 'I understand.' }, required: false }],
      optionalConsents: [{ id: 'o2', text: { en: 'Contact me about other studies.' } }],
    } as const;
    for (const [part, value] of Object.entries(values)) {
      const r = await call(t.app, CONSENT_PART_ENDPOINTS[part as keyof typeof values], {
        params: { studyId: demo, consentId: 'main' },
        token: tokens.studyadmin,
        body: { revision: json.revision, value },
      });
      expect(r.status, part).toBe(200);
      json = r.json;
      expect(json.consents.find((c: { id: string }) => c.id === 'main')[part]).toMatchObject(value);
    }
  });

  it('strips script from a consent text (sanitised content endpoint, A-166)', async () => {
    const { json } = await add('main');
    const r = await call(t.app, CONSENT_PART_ENDPOINTS.privacyPolicy, {
      params: { studyId: demo, consentId: 'main' },
      token: tokens.studyadmin,
      body: { revision: json.revision, value: { en: '<p>Safe</p><script>alert(1)</script>' } },
    });
    expect(r.status).toBe(200);
    expect(r.json.consents.find((c: { id: string }) => c.id === 'main').privacyPolicy.en).toBe('<p>Safe</p>');
  });

  it('sets the four flags', async () => {
    const { json } = await add('main');
    const r = await call(t.app, updateConsentFlags, {
      params: { studyId: demo, consentId: 'main' },
      token: tokens.studyadmin,
      body: {
        revision: json.revision,
        educationEnabled: false,
        comprehensionEnabled: true,
        documentAndSignatureEnabled: true,
        digitalSignatureEnabled: true,
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.consents.find((c: { id: string }) => c.id === 'main')).toMatchObject({
      educationEnabled: false,
      comprehensionEnabled: true,
      digitalSignatureEnabled: true,
    });
  });

  it("removes one language's texts from one consent, never the default language", async () => {
    const { json } = await add('main');
    const r = await call(t.app, deleteConsentLanguage, {
      params: { studyId: demo, consentId: 'main', language: 'es' },
      query: { revision: json.revision },
      token: tokens.studyadmin,
    });
    expect(r.status).toBe(200);
    const main = r.json.consents.find((c: { id: string }) => c.id === 'main');
    expect(main.name).toEqual({ en: 'Consent main' });
    expect(main.quiz[0].options[0].text).toEqual({ en: 'Yes' });
    expect(JSON.stringify(main)).not.toContain('Porque');
    const en = await call(t.app, deleteConsentLanguage, {
      params: { studyId: demo, consentId: 'main', language: 'en' },
      query: { revision: r.json.revision },
      token: tokens.studyadmin,
    });
    expect(en.status).toBe(400);
    expect(en.json.message).toBe("The study's default language (en) cannot be removed from a consent.");
  });
});

describe('cohorts and their consents, and the orderings', () => {
  it("a cohort lists consents in order; an unknown consent is refused on that entry; a listed consent can't be removed", async () => {
    await add('a');
    await add('b');
    expect((await addCohort('arm-1')).status).toBe(200);
    const { json } = await read();
    const set = await call(t.app, setCohortConsents, {
      params: { studyId: demo, cohortId: 'arm-1' },
      token: tokens.studyadmin,
      body: { revision: json.cohortsRevision, consentIds: ['b', 'a'] },
    });
    expect(set.status).toBe(200);
    expect(set.json.cohorts.find((c: { id: string }) => c.id === 'arm-1').consentIds).toEqual(['b', 'a']);
    const unknown = await call(t.app, setCohortConsents, {
      params: { studyId: demo, cohortId: 'arm-1' },
      token: tokens.studyadmin,
      body: { revision: set.json.cohortsRevision, consentIds: ['a', 'ghost'] },
    });
    expect(unknown.status).toBe(400);
    const fields = unknown.json.fieldErrors as Record<string, string[]>;
    const entry = Object.entries(fields).find(([k]) => k.endsWith('consentIds.1'));
    expect(entry?.[1]).toContain('The draft has no consent “ghost”.');
    const remove = await call(t.app, deleteConsent, {
      params: { studyId: demo, consentId: 'a' },
      query: { revision: set.json.revision },
      token: tokens.studyadmin,
    });
    expect(remove.status).toBe(409);
    expect(remove.json.message).toBe('The cohort “arm-1” lists this consent. Take it out of the cohort first.');
  });

  it('orders consents and cohorts; a list that is not every id once is refused', async () => {
    await add('a');
    const { json: afterB } = await add('b');
    const r = await call(t.app, orderConsents, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { revision: afterB.revision, consentIds: ['b', 'a'] },
    });
    expect(r.status).toBe(200);
    expect(r.json.consents.map((c: { id: string }) => c.id)).toEqual(['b', 'a']);
    const bad = await call(t.app, orderConsents, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { revision: r.json.revision, consentIds: ['a', 'a'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.consentIds).toEqual(['Give every item of the list exactly once: 2 items, 2 given.']);
    await addCohort('one');
    await addCohort('two');
    const { json } = await read();
    const ordered = await call(t.app, orderCohorts, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { revision: json.cohortsRevision, cohortIds: ['two', 'one'] },
    });
    expect(ordered.status).toBe(200);
    expect(ordered.json.cohorts.map((c: { id: string }) => c.id)).toEqual(['two', 'one']);
  });
});

describe('versions and access', () => {
  it('a published version is read, never changed', async () => {
    const { json } = await add('main');
    await sql`update study_versions set status = 'PUBLISHED', snapshot = content, published_at = now() where id = ${draft}`.execute(
      t.db,
    );
    const r = await read('studyadmin', { versionId: draft });
    expect(r.status).toBe(200);
    expect(r.json.versionStatus).toBe('PUBLISHED');
    expect(r.json.consents.map((c: { id: string }) => c.id)).toContain('main');
    const change = await call(t.app, CONSENT_PART_ENDPOINTS.license, {
      params: { studyId: demo, consentId: 'main' },
      token: tokens.studyadmin,
      body: { revision: json.revision, value: { en: 'x' } },
    });
    expect(change.status).toBe(404);
  });

  it('needs consent.configure: a coordinator and a monitor are refused', async () => {
    expect((await read('crc.demo')).status).toBe(403);
    expect((await add('x', 'cra.demo')).status).toBe(403);
  });
});
