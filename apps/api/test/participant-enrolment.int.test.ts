/**
 * How a person gets a participant account (decisions D-055…D-058, D-082, D-083, D-097): the study's
 * enrolment facts, eligibility screening, registration by open enrolment and by invitation, the username
 * check, verification by code (e-mail and text message) and by the e-mailed link, and sign-in afterwards.
 */
import {
  checkParticipantUsername,
  checkParticipantVerificationLink,
  confirmParticipantVerificationLink,
  getParticipantResetLink,
  getStudyEnrolment,
  participantForgotPassword,
  participantLogin,
  registerParticipant,
  resendParticipantCode,
  screenEligibility,
  verifyParticipantCode,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withSystemContext } from '../src/kernel/context';
import { inviteParticipant } from '../src/modules/enrolment/enrolment.service';
import { call, createTestApp, latestOutbox, type TestApp, forgotPasswordBody } from './helpers';

let t: TestApp;
let studyId: string;
let liveVersionId: string;
beforeAll(async () => {
  t = await createTestApp();
  const s = await sql<{
    id: string;
    live_version_id: string;
  }>`select id, live_version_id from studies where code = 'DEMO'`.execute(t.db);
  studyId = s.rows[0]!.id;
  liveVersionId = s.rows[0]!.live_version_id;
});
afterAll(() => t?.close());

const QUESTIONS = [
  { id: 'adult', text: { en: 'Are you 18 or older?', es: '¿Tiene 18 años o más?' }, qualifyingAnswer: 'YES' },
  { id: 'pregnant', text: { en: 'Are you pregnant?', es: '¿Está embarazada?' }, qualifyingAnswer: 'NO' },
];
const INELIGIBLE = {
  en: '<p>Sorry, this study is not for you.</p>',
  es: '<p>Lo sentimos, este estudio no es para usted.</p>',
};

/** Sets sections of the DEMO live version's (frozen) content, as a published version would hold them. */
async function setLiveSections(sections: Record<string, unknown>) {
  for (const [section, value] of Object.entries(sections)) {
    await sql`update study_versions set snapshot = jsonb_set(snapshot, ${sql.lit(`{${section}}`)}::text[], ${JSON.stringify(value)}::jsonb) where id = ${liveVersionId}`.execute(
      t.db,
    );
  }
}

async function openStudy(extra: Record<string, unknown> = {}) {
  await setLiveSections({
    registration: { verificationMethod: 'email', openEnrolment: true, ...extra },
    eligibility: { introduction: {}, questions: QUESTIONS, ineligibleMessage: INELIGIBLE },
  });
}

const ELIGIBLE = [
  { questionId: 'adult', answer: 'YES' },
  { questionId: 'pregnant', answer: 'NO' },
] as const;

const screen = (answers: readonly { questionId: string; answer: string }[], versionId = liveVersionId) =>
  call(t.app, screenEligibility, { params: { studyCode: 'DEMO' }, body: { studyVersionId: versionId, answers } });

async function passedScreening(): Promise<string> {
  const r = await screen(ELIGIBLE);
  expect(r.status).toBe(200);
  return r.json.screeningId;
}

const PASSWORD = 'Joining#2024';
let seq = 0;
function registration(over: Record<string, unknown> = {}) {
  seq++;
  return {
    registrationProcess: 'OPEN_ENROLMENT',
    studyId,
    studyVersionId: liveVersionId,
    username: `joiner${seq}#x`,
    email: `joiner${seq}@example.org`,
    verificationMethod: 'email',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    deviceId: 'device-enrol',
    deviceType: 'Web',
    participantLocalOffset: -300,
    participantLocalTime: '2026-12-02T09:15:00',
    timeZone: 'America/New_York',
    language: 'en',
    countryId: 'US',
    ...over,
  };
}

const register = (body: Record<string, unknown>, studyCode = 'DEMO') =>
  call(t.app, registerParticipant, { params: { studyCode }, body });

const login = (username: string, password = PASSWORD) =>
  call(t.app, participantLogin, {
    body: { studyCode: 'DEMO', username, password, deviceId: 'device-enrol', isWebPortal: true },
  });

const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;

async function participantRow(id: string) {
  return t.db.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function auditOf(entityId: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_type', 'actor_id', 'after'])
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
}

beforeEach(() => {
  seq += 10;
});

describe('the study’s enrolment facts', () => {
  it('closed until the live version sets the open-study flag; then its questions without the qualifying answers', async () => {
    const closed = await call(t.app, getStudyEnrolment, { params: { studyCode: 'demo' } });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({
      studyId,
      studyCode: 'DEMO',
      studyVersionId: liveVersionId,
      openEnrolment: false,
      verificationMethod: 'email',
      defaultLanguage: 'en',
      registration: { email: 'required', mobile: 'optional' },
    });

    await openStudy();
    const open = await call(t.app, getStudyEnrolment, { params: { studyCode: 'DEMO' } });
    expect(open.json.openEnrolment).toBe(true);
    expect(open.json.eligibility.questions).toEqual([
      { id: 'adult', text: QUESTIONS[0]!.text },
      { id: 'pregnant', text: QUESTIONS[1]!.text },
    ]);
    expect(JSON.stringify(open.json)).not.toContain('qualifyingAnswer');
    expect(open.json.eligibility.ineligibleMessage).toEqual(INELIGIBLE);

    await setLiveSections({
      registration: {
        verificationMethod: 'sms',
        openEnrolment: true,
        fields: { mobile: { asked: true, required: true } },
      },
    });
    const sms = await call(t.app, getStudyEnrolment, { params: { studyCode: 'DEMO' } });
    expect(sms.json).toMatchObject({
      verificationMethod: 'phone',
      registration: { email: 'required', mobile: 'required' },
    });

    // a study in design has no live version: nobody registers there
    const design = await call(t.app, getStudyEnrolment, { params: { studyCode: 'SLEEP' } });
    expect(design.json).toMatchObject({ studyVersionId: null, openEnrolment: false });
    expect((await call(t.app, getStudyEnrolment, { params: { studyCode: 'NOPE' } })).status).toBe(404);
  });
});

describe('eligibility screening', () => {
  it('ineligible answers → the study’s message; kept as SCREENFAILED without answers or identity; no account', async () => {
    await openStudy();
    const before = await t.db
      .selectFrom('participants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const r = await screen([
      { questionId: 'adult', answer: 'YES' },
      { questionId: 'pregnant', answer: 'YES' },
    ]);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      eligible: false,
      screeningId: null,
      ineligibleMessage: INELIGIBLE,
      defaultLanguage: 'en',
    });
    const row = await t.db
      .selectFrom('participant_screenings')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      outcome: 'SCREENFAILED',
      answers: null,
      participant_id: null,
      version_id: liveVersionId,
    });
    const after = await t.db
      .selectFrom('participants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await auditOf(row.id)).map((a) => a.action)).toEqual(['participant.screening']);
    expect((await auditOf(row.id))[0]!.after).toMatchObject({ outcome: 'SCREENFAILED' });

    // the ineligible person cannot register by skipping the screening
    const skip = await register(registration());
    expect(skip.status).toBe(400);
    expect(skip.json.fieldErrors.screeningId).toEqual(['Please answer the eligibility questions first.']);
  });

  it('every question answered once; unknown questions refused; eligible → a screening id kept with the answers', async () => {
    await openStudy();
    const missing = await screen([{ questionId: 'adult', answer: 'YES' }]);
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors).toEqual({ 'answers.pregnant': ['Please answer this question.'] });
    const unknown = await screen([...ELIGIBLE, { questionId: 'smoker', answer: 'NO' }]);
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.json.fieldErrors)).toEqual(['answers.smoker']);
    const ok = await screen(ELIGIBLE);
    expect(ok.json).toMatchObject({ eligible: true, ineligibleMessage: {} });
    const row = await t.db
      .selectFrom('participant_screenings')
      .selectAll()
      .where('id', '=', ok.json.screeningId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ outcome: 'PRESCREENED', answers: [...ELIGIBLE] });
    // an old page (the version changed since) is told so
    const stale = await screen(ELIGIBLE, '00000000-0000-4000-8000-000000000000');
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe('The study has been updated while you were signing up. Please start again.');
  });
});

describe('open enrolment registration', () => {
  it('registers (REGISTERED, a US site, the live version, zone, language), e-mails a code; verified → sign-in works; audited', async () => {
    await openStudy();
    const screeningId = await passedScreening();
    const body = registration({ screeningId, language: 'es' });
    const r = await register(body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      status: 'REGISTERED',
      username: body.username,
      verificationMethod: 'email',
      destination: `j•••@example.org`,
    });
    expect(r.json.participantId).toMatch(/^DEMO-US001-\d{4}$/);
    const p = await participantRow(r.json.pid);
    expect(p).toMatchObject({
      status: 'REGISTERED',
      email: body.email,
      environment: 'LIVE',
      version_id: liveVersionId,
      language: 'es',
      time_zone: 'America/New_York',
      registration_process: 'OPEN_ENROLMENT',
      verification_method: 'email',
      verified_at: null,
    });
    expect(p.registration_date).toBeInstanceOf(Date);
    expect(p.password_hash).toMatch(/^\$argon2id\$/);
    const site = await sql<{
      site_code: string;
      country_id: string;
    }>`select site_code, country_id from sites where id = ${p.site_id}`.execute(t.db);
    expect(site.rows[0]).toEqual({ site_code: 'US-001', country_id: 'US' });
    // the screening now names who registered with it, and cannot be used again
    const used = await t.db
      .selectFrom('participant_screenings')
      .selectAll()
      .where('id', '=', screeningId)
      .executeTakeFirstOrThrow();
    expect(used.participant_id).toBe(r.json.pid);
    expect((await register(registration({ screeningId }))).json.fieldErrors.screeningId).toEqual([
      'Your eligibility answers have expired or were already used. Please answer the questions again.',
    ]);

    // not yet verified: the right password gives no session
    const early = await login(body.username);
    expect(early.status).toBe(403);
    expect(early.json.message).toBe('Access token not available. Seems your account is not fully verified.');
    // the right password may learn which account waits (to ask for its code); a wrong one learns nothing
    expect(early.json.details).toEqual({ pid: r.json.pid, verificationMethod: 'email' });
    const wrongPassword = await login(body.username, 'Wrong#pass1');
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.json.details).toBeUndefined();

    const mail = await latestOutbox(t.db, body.email);
    expect(mail.subject).toBe('Confirme su cuenta para Trialpath Demo Study');
    const verified = await call(t.app, verifyParticipantCode, { body: { pid: r.json.pid, code: codeIn(mail.body) } });
    expect(verified.status).toBe(200);
    expect(verified.json).toEqual({ verified: true, studyCode: 'DEMO', username: body.username });
    expect(await participantRow(r.json.pid)).toMatchObject({ status: 'VERIFIED' });

    const signedIn = await login(body.username);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.participant).toMatchObject({ pid: r.json.pid, status: 'VERIFIED' });

    const trail = await auditOf(r.json.pid);
    expect(trail.map((a) => a.action)).toEqual([
      'participant.register',
      'participant.verification.send',
      'participant.login.failed',
      'participant.login.failed',
      'participant.verify',
      // D-042: with no start date the study days count from registration: verifying starts the schedule
      'participant.dayZero',
      'participant.login',
    ]);
    const started = await t.db
      .selectFrom('schedule_jobs')
      .select(['status', 'created_by'])
      .where('participant_id', '=', r.json.pid)
      .execute();
    expect(started).toEqual([{ status: 'INPROGRESS', created_by: null }]);
    expect(trail[0]).toMatchObject({ actor_type: 'participant', actor_id: r.json.pid });
    expect(trail[0]!.after).toMatchObject({
      status: 'REGISTERED',
      registrationProcess: 'OPEN_ENROLMENT',
      siteCode: 'US-001',
      deviceType: 'Web',
      participantLocalOffset: -300,
      screeningId,
    });
    expect(JSON.stringify(trail)).not.toMatch(/Joining#2024|argon2/);
  });

  it('a closed study refuses open registration and screening; a study with no questions needs no screening', async () => {
    await setLiveSections({
      registration: { verificationMethod: 'email', openEnrolment: false },
      eligibility: { introduction: {}, questions: QUESTIONS, ineligibleMessage: {} },
    });
    const closed = await register(registration({ screeningId: '00000000-0000-4000-8000-000000000000' }));
    expect(closed.status).toBe(403);
    expect(closed.json.message).toBe(
      'This study is not open for enrolment. If your study team invited you, please use the link in their invitation.',
    );
    expect((await screen(ELIGIBLE)).status).toBe(403);

    await setLiveSections({
      registration: { verificationMethod: 'email', openEnrolment: true },
      eligibility: { introduction: {}, questions: [], ineligibleMessage: {} },
    });
    expect((await register(registration())).status).toBe(200);
    // a country without an enrolling site
    const nowhere = await register(registration({ countryId: 'DE' }));
    expect(nowhere.status).toBe(403);
    expect(nowhere.json.message).toBe('No study site is enrolling participants in your country at the moment.');
  });

  it('a registrant is put on the version their site runs: its own assignment, else its country’s (C-076)', async () => {
    await setLiveSections({
      registration: { verificationMethod: 'email', openEnrolment: true },
      eligibility: { introduction: {}, questions: [], ineligibleMessage: {} },
    });
    // another version of the study for US sites (the draft stands in for an older one staff kept a country on)
    const other = (
      await sql<{ id: string }>`select id from study_versions where study_id = ${studyId} and id <> ${liveVersionId}
        order by number limit 1`.execute(t.db)
    ).rows[0]!.id;
    const assign = (site: string | null, country: string | null) =>
      t.db
        .insertInto('version_assignments')
        .values({
          study_id: studyId,
          environment: 'LIVE',
          version_id: other,
          site_id: site,
          country_id: country,
          assigned_by: null,
          assigned_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const byCountry = await assign(null, 'US');
    const us = await register(registration());
    expect(us.status).toBe(200);
    expect((await participantRow(us.json.pid)).version_id).toBe(other);
    // a Spanish registrant: no assignment for Spain or Madrid, the live version
    const es = await register(registration({ countryId: 'ES' }));
    expect((await participantRow(es.json.pid)).version_id).toBe(liveVersionId);
    await t.db.deleteFrom('version_assignments').where('id', '=', byCountry.id).execute();
    const madrid = await t.db
      .selectFrom('sites')
      .select('id')
      .where('study_id', '=', studyId)
      .where('country_id', '=', 'ES')
      .executeTakeFirstOrThrow();
    const bySite = await assign(madrid.id, null);
    const es2 = await register(registration({ countryId: 'ES' }));
    expect((await participantRow(es2.json.pid)).version_id).toBe(other);
    await t.db.deleteFrom('version_assignments').where('id', '=', bySite.id).execute();
  });

  it('refuses a duplicate e-mail in the study and a taken username (any case), audited; the check-username call says so', async () => {
    await openStudy({});
    await setLiveSections({ eligibility: { introduction: {}, questions: [], ineligibleMessage: {} } });
    const first = registration();
    expect((await register(first)).status).toBe(200);

    const sameEmail = await register(registration({ email: (first.email as string).toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json.fieldErrors).toEqual({
      email: [
        'An account with this e-mail address already exists in this study. Please log in, or use “Forgot username?”.',
      ],
    });
    const sameName = await register(registration({ username: (first.username as string).toUpperCase() }));
    expect(sameName.status).toBe(409);
    expect(sameName.json.fieldErrors).toEqual({ username: ['This username is already taken.'] });
    const refusals = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'participant.register.refused')
      .orderBy('id')
      .execute();
    expect(refusals.slice(-2).map((r) => (r.after as { field: string }).field)).toEqual(['email', 'username']);

    const check = (username: string, lang = 'en') =>
      call(t.app, checkParticipantUsername, {
        params: { studyCode: 'DEMO' },
        body: { username },
        headers: { 'accept-language': lang },
      });
    expect((await check(first.username as string)).json).toEqual({
      isUnique: false,
      failedRules: [],
      message: 'This username is already taken.',
    });
    // the demo's own participant counts, whatever the case
    expect((await check('PARTICIPANT.DEMO')).json.isUnique).toBe(false);
    expect((await check('fresh#name1')).json).toEqual({ isUnique: true, failedRules: [], message: null });
    const weak = await check('ab cd', 'es');
    expect(weak.json.isUnique).toBe(true);
    expect(weak.json.failedRules).toEqual([
      'username.minLength',
      'username.number',
      'username.special',
      'username.noSpaces',
    ]);
    expect(weak.json.message).toContain('El nombre de usuario debe tener al menos 8 caracteres.');
  });

  it('a weak password answers the exact rule messages; a different confirmation and a bad username their own', async () => {
    await openStudy();
    const weak = await register(registration({ password: 'abc', confirmPassword: 'abc' }));
    expect(weak.status).toBe(400);
    expect(weak.json.fieldErrors.password).toEqual([
      'Password must be at least 8 characters long.',
      'Password must contain at least one number.',
      'Password must contain at least one special character (! @ # $ % &).',
    ]);
    const form = await register(
      registration({
        username: 'short',
        confirmPassword: 'Other#pass1',
        email: 'not-an-address',
        screeningId: await passedScreening(),
      }),
    );
    expect(form.status).toBe(400);
    expect(form.json.fieldErrors).toEqual({
      username: [
        'Username must be at least 8 characters long.',
        'Username must contain at least one number.',
        'Username must contain at least one special character (! @ # $ % &).',
      ],
      confirmPassword: ['Passwords do not match.'],
      email: ['Enter a valid e-mail address.'],
    });
    const method = await register(registration({ verificationMethod: 'phone' }));
    expect(method.json.fieldErrors.verificationMethod).toEqual(['This study confirms accounts by e-mail.']);
  });
});

describe('verification codes', () => {
  async function registered(over: Record<string, unknown> = {}) {
    await openStudy();
    await setLiveSections({ eligibility: { introduction: {}, questions: [], ineligibleMessage: {} } });
    const body = registration(over);
    const r = await register(body);
    expect(r.status).toBe(200);
    return { pid: r.json.pid as string, body };
  }

  it('a wrong code counts the attempt; after 5 the code is locked even for the right one; a resend sends a new code', async () => {
    const { pid, body } = await registered();
    const code = codeIn((await latestOutbox(t.db, body.email as string)).body);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await call(t.app, verifyParticipantCode, { body: { pid, code: wrong } });
      expect(r.status).toBe(400);
      expect(r.json.fieldErrors).toEqual({ code: ['The code is not correct. Please check it and try again.'] });
      expect(r.json.details).toEqual({ attemptsRemaining: 5 - i });
    }
    const fifth = await call(t.app, verifyParticipantCode, { body: { pid, code: wrong } });
    expect(fifth.status).toBe(429);
    expect(fifth.json.message).toBe('Attempt limit exceeded, please try after some time.');
    const right = await call(t.app, verifyParticipantCode, { body: { pid, code } });
    expect(right.status).toBe(429);
    expect((await participantRow(pid)).status).toBe('REGISTERED');
    const actions = (await auditOf(pid)).map((a) => a.action);
    expect(actions.filter((a) => a === 'participant.verification.failed')).toHaveLength(5);

    const resent = await call(t.app, resendParticipantCode, { body: { pid } });
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({ verificationMethod: 'email', destination: 'j•••@example.org' });
    const fresh = codeIn((await latestOutbox(t.db, body.email as string)).body);
    // the old code no longer counts; the new one verifies
    if (fresh !== code) expect((await call(t.app, verifyParticipantCode, { body: { pid, code } })).status).toBe(400);
    expect((await call(t.app, verifyParticipantCode, { body: { pid, code: fresh } })).status).toBe(200);
    const again = await call(t.app, verifyParticipantCode, { body: { pid, code: fresh } });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Your account is already verified. You can log in.');
    expect((await call(t.app, resendParticipantCode, { body: { pid } })).status).toBe(409);
  });

  it('an expired code is refused; resends are capped at 5 codes an hour', async () => {
    const { pid, body } = await registered();
    const code = codeIn((await latestOutbox(t.db, body.email as string)).body);
    await t.db
      .updateTable('participant_verifications')
      .set({ code_expires_at: new Date(Date.now() - 1000) })
      .where('participant_id', '=', pid)
      .execute();
    const expired = await call(t.app, verifyParticipantCode, { body: { pid, code } });
    expect(expired.status).toBe(400);
    expect(expired.json.fieldErrors).toEqual({ code: ['This code is no longer valid. Please ask for a new one.'] });
    for (let i = 0; i < 4; i++) expect((await call(t.app, resendParticipantCode, { body: { pid } })).status).toBe(200);
    const capped = await call(t.app, resendParticipantCode, { body: { pid } });
    expect(capped.status).toBe(429);
    expect(capped.json.message).toBe(
      'Too many codes were sent. Please use the last code you received, or try again in an hour.',
    );
    const unknown = await call(t.app, verifyParticipantCode, {
      body: { pid: '00000000-0000-4000-8000-000000000000', code: '123456' },
    });
    expect(unknown.status).toBe(400);
  });

  it('a study verifying by phone sends the code as a text message through the outbox', async () => {
    await setLiveSections({
      registration: {
        verificationMethod: 'sms',
        openEnrolment: true,
        fields: { mobile: { asked: true, required: true } },
      },
      eligibility: { introduction: {}, questions: [], ineligibleMessage: {} },
    });
    const missing = await register(registration({ verificationMethod: 'phone' }));
    expect(missing.json.fieldErrors).toEqual({ mobile: ['Enter your mobile number: your code is sent to it.'] });
    const r = await register(
      registration({ verificationMethod: 'phone', mobileCountryCode: '1', mobile: '(555) 201-4567' }),
    );
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ verificationMethod: 'phone', destination: '+1 ••• ••• 4567' });
    const sms = await latestOutbox(t.db, '+1 5552014567');
    expect(sms.channel).toBe('sms');
    expect(sms.body).toMatch(/^\d{6} is your verification code for Trialpath Demo Study\. It expires in 30 minutes\.$/);
    const ok = await call(t.app, verifyParticipantCode, { body: { pid: r.json.pid, code: codeIn(sms.body) } });
    expect(ok.status).toBe(200);
    expect(await participantRow(r.json.pid)).toMatchObject({
      status: 'VERIFIED',
      mobile: '5552014567',
      mobile_country_code: '+1',
      verification_method: 'phone',
    });
  });
});

describe('verification links (GET verify by token and e-mail; 000 §2.1 verify-participant, -v2, -v3)', () => {
  it('the e-mailed -v3 link: checked without change, confirmed once; wrong e-mail or study is invalid; v1 form too', async () => {
    await openStudy();
    await setLiveSections({ eligibility: { introduction: {}, questions: [], ineligibleMessage: {} } });
    const body = registration();
    const r = await register(body);
    const mail = await latestOutbox(t.db, body.email as string);
    const m = /\/participant\/#\/studies\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/verify-participant-v3/.exec(mail.body)!;
    expect(m).not.toBeNull();
    const [, linkStudy, linkPid, token, email] = m.map(decodeURIComponent) as string[];
    expect([linkStudy, linkPid, email]).toEqual([studyId, r.json.pid, body.email]);

    const check = (q: Record<string, string>) => call(t.app, checkParticipantVerificationLink, { query: q });
    expect((await check({ studyId, participantId: r.json.pid, token: token!, email: email! })).json).toEqual({
      studyCode: 'DEMO',
      state: 'valid',
    });
    expect((await check({ studyId, token: token!, email: 'someone@example.org' })).json.state).toBe('invalid');
    expect((await check({ studyId, token: 'x'.repeat(43), email: email! })).json.state).toBe('invalid');
    // the look changed nothing
    expect((await participantRow(r.json.pid)).status).toBe('REGISTERED');

    const wrong = await call(t.app, confirmParticipantVerificationLink, {
      body: { studyId, token: token!, email: 'someone@example.org' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(
      'This verification link is not valid. Please register again or ask your study team.',
    );
    // the -v1 form carries no participant id: token and e-mail find the account
    const ok = await call(t.app, confirmParticipantVerificationLink, {
      body: { studyId, token: token!, email: email! },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ verified: true, studyCode: 'DEMO', username: body.username });
    expect((await auditOf(r.json.pid)).find((a) => a.action === 'participant.verify')).toMatchObject({
      after: { via: 'link' },
    });
    expect((await check({ studyId, token: token!, email: email! })).json.state).toBe('verified');
    expect(
      (await call(t.app, confirmParticipantVerificationLink, { body: { studyId, token: token!, email: email! } }))
        .status,
    ).toBe(409);
    expect((await login(body.username as string)).status).toBe(200);
  });

  it('a link replaced by a resent code or past its 48 hours is expired', async () => {
    await openStudy();
    await setLiveSections({ eligibility: { introduction: {}, questions: [], ineligibleMessage: {} } });
    const body = registration();
    const r = await register(body);
    const first = /verify-participant-v3/.test((await latestOutbox(t.db, body.email as string)).body);
    expect(first).toBe(true);
    const link = (await latestOutbox(t.db, body.email as string)).body;
    const token = decodeURIComponent(/\/studies\/[^/]+\/[^/]+\/([^/]+)\//.exec(link)![1]!);
    await call(t.app, resendParticipantCode, { body: { pid: r.json.pid } });
    const replaced = await call(t.app, confirmParticipantVerificationLink, {
      body: { studyId, token, email: body.email as string },
    });
    expect(replaced.status).toBe(400);
    expect(replaced.json.message).toBe(
      'This verification link has expired. Enter the code from the e-mail, or ask for a new one.',
    );
  });
});

describe('registration by invitation', () => {
  async function invited(email = `invitee${seq}@example.org`) {
    const site = await sql<{ id: string }>`select id from sites where site_code = 'US-001'`.execute(t.db);
    const p = await t.db
      .insertInto('participants')
      .values({
        study_id: studyId,
        site_id: site.rows[0]!.id,
        participant_code: `DEMO-US001-9${String(seq++).padStart(3, '0')}`,
        email,
        status: 'NOTINVITED',
        language: 'en',
      })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await withSystemContext(t.platform, 'demo-seed', (ctx) => inviteParticipant(ctx, { participantId: p.id }));
    const mail = await latestOutbox(t.db, p.email!);
    expect(mail.subject).toBe('You are invited to join Trialpath Demo Study');
    const token = /#\/participants\/web\/DEMO\/register\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    return { id: p.id, email: p.email!, token };
  }

  it('the invitation’s token registers its participant once (no screening, even with open enrolment off), then verify', async () => {
    await setLiveSections({
      registration: { verificationMethod: 'email', openEnrolment: false },
      eligibility: { introduction: {}, questions: QUESTIONS, ineligibleMessage: {} },
    });
    const inv = await invited();
    expect((await participantRow(inv.id)).status).toBe('INVITED');
    const body = registration({
      registrationProcess: 'INVITATION',
      activationToken: inv.token,
      email: inv.email,
      pid: inv.id,
    });
    const r = await register(body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ pid: inv.id, status: 'REGISTERED' });
    expect(await participantRow(inv.id)).toMatchObject({
      registration_process: 'INVITATION',
      username: body.username,
      version_id: liveVersionId,
    });
    const again = await register(
      registration({ registrationProcess: 'INVITATION', activationToken: inv.token, email: inv.email }),
    );
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('This link has already been used. Please request a new one.');
    const code = codeIn((await latestOutbox(t.db, inv.email)).body);
    expect((await call(t.app, verifyParticipantCode, { body: { pid: inv.id, code } })).status).toBe(200);
    expect((await auditOf(inv.id)).map((a) => a.action)).toEqual([
      'participant.invite',
      'participant.register',
      'participant.verification.send',
      'participant.verify',
      'participant.dayZero',
    ]);
  });

  it('an address staff kept although another participant has it registers its invitee; open enrolment with it does not (E-081)', async () => {
    await openStudy({});
    await setLiveSections({ eligibility: { introduction: {}, questions: [], ineligibleMessage: {} } });
    const parent = 'parent.of.two@example.org';
    const first = await invited(parent);
    const second = await invited(parent);
    for (const inv of [first, second]) {
      const r = await register(
        registration({
          registrationProcess: 'INVITATION',
          activationToken: inv.token,
          email: 'Parent.Of.Two@example.org',
        }),
      );
      expect(r.status).toBe(200);
    }
    const stranger = await register(registration({ email: parent }));
    expect(stranger.status).toBe(409);
    expect(stranger.json.fieldErrors).toEqual({
      email: [
        'An account with this e-mail address already exists in this study. Please log in, or use “Forgot username?”.',
      ],
    });
  });

  it('an expired invitation is refused; a token of another purpose is not an invitation', async () => {
    await openStudy();
    const inv = await invited();
    await sql`update password_tokens set expires_at = now() - interval '1 minute' where participant_id = ${inv.id}`.execute(
      t.db,
    );
    const expired = await register(
      registration({ registrationProcess: 'INVITATION', activationToken: inv.token, email: inv.email }),
    );
    expect(expired.status).toBe(400);
    expect(expired.json.message).toBe('This link has expired. Please request a new one.');
    expect((await participantRow(inv.id)).status).toBe('INVITED');
    const none = await register(registration({ registrationProcess: 'INVITATION' }));
    expect(none.json.fieldErrors).toEqual({ activationToken: ['This field is required.'] });
  });
});

describe('participant reset links (000 §2.1 /participant-reset-password/{token}/{languageId}/{lang})', () => {
  it('name the study whose reset page opens; an unknown token names none', async () => {
    await call(t.app, participantForgotPassword, {
      body: forgotPasswordBody('participant.demo'),
    });
    const mail = await latestOutbox(t.db, 'participant.demo@trialpath.example');
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const r = await call(t.app, getParticipantResetLink, { params: { languageId: 'en', token } });
    expect(r.json).toEqual({ valid: true, studyCode: 'DEMO' });
    const unknown = await call(t.app, getParticipantResetLink, { params: { languageId: 'en', token: 'x'.repeat(43) } });
    expect(unknown.json).toEqual({ valid: false, studyCode: null });
  });
});
