/**
 * Participants added, read and edited by staff; the duplicate check; invitations; e-mail unsubscription; the CSV
 * export (E-003, E-020, E-058…E-061, E-065, E-074…E-077, E-082, E-083; decision E-participant-records).
 */
import {
  addParticipant,
  checkParticipantDuplicates,
  createParticipantLabel,
  searchCaregivers,
  exportParticipants,
  getParticipant,
  getParticipantFormOptions,
  inviteParticipants,
  resendParticipantVerification,
  listNotInvitedParticipants,
  moveParticipantsToVersion,
  getParticipantMigrationStatus,
  setParticipantEmailSubscription,
  unsubscribeParticipantEmail,
  updateParticipantEmail,
  updateParticipantPhone,
  updateParticipantRecord,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../src/modules/enrolment/unsubscribe-token';
import { auditActions, call, createTestApp, idOf, latestOutbox, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let boston: string;
let madrid: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
  for (const u of ['admin', 'studyadmin', 'crc.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
  // the demo study asks the birth date and gender (optional), the city and state (required), as a study may
  const ask = (column: 'content' | 'snapshot') => {
    const set = (expr: string, field: string, required: boolean) =>
      `jsonb_set(${expr}, '{registration,fields,${field}}', '{"asked":true,"required":${required}}')`;
    return sql.raw(set(set(set(set(column, 'dateOfBirth', false), 'gender', false), 'city', true), 'state', true));
  };
  await sql`update study_versions set content = ${ask('content')}, snapshot = ${ask('snapshot')}
    where study_id = ${demo}`.execute(t.db);
});
afterAll(() => t?.close());

const ada = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada.lovelace@example.org',
  mobileCountryCode: '1',
  mobile: '(617) 555-0101',
  city: 'Boston',
  state: 'MA',
};
const add = (body: Record<string, unknown>, user = 'crc.demo') =>
  call(t.app, addParticipant, { params: { studyId: demo }, body: { siteId: boston, ...body }, token: tokens[user] });
const texts = (r: { json: { fieldErrors?: Record<string, string[]> } }) => r.json.fieldErrors ?? {};

describe('adding a participant', () => {
  it('offers the caller’s sites with what their version asks', async () => {
    const r = await call(t.app, getParticipantFormOptions, { params: { studyId: demo }, token: tokens['crc.demo'] });
    expect(r.status).toBe(200);
    expect(r.json.sites.map((s: { siteCode: string }) => s.siteCode)).toEqual(['US-001']);
    expect(r.json.sites[0].needs).toMatchObject({ firstName: 'required', lastName: 'required', email: 'required' });
    expect(r.json.countries.map((c: { id: string }) => c.id)).toEqual(['US', 'ES']);
  });

  it('asks for the first and last name with the spec’s prompts, and names every bad field (E-060, E-061)', async () => {
    const r = await add({ record: { email: 'not-an-address', dateOfBirth: '2999-01-01', mobile: '12' } });
    expect(r.status).toBe(400);
    expect(texts(r)).toMatchObject({
      firstName: ['Please enter your first name!'],
      lastName: ['Please enter your last name!'],
      email: [expect.stringMatching(/e-mail/i)],
      dateOfBirth: ['The date of birth cannot be in the future.'],
      mobile: [expect.any(String)],
    });
    expect(await t.db.selectFrom('participants').select('id').where('email', '=', 'not-an-address').execute()).toEqual(
      [],
    );
    const unasked = await add({ record: { ...ada, address: '1 Main St' } });
    expect(texts(unasked)).toEqual({
      address: ["The study does not ask for this at the participant's site: leave it empty."],
    });
  });

  it('asks for the city and state with the spec’s prompts when the version requires them (E-058, E-059)', async () => {
    const r = await add({ record: { ...ada, city: '', state: ' ' } });
    expect(r.status).toBe(400);
    expect(texts(r)).toEqual({ city: ['Please select a city!'], state: ['Please select a state!'] });
  });

  it('adds an imported, manual participant with the next id of the site; audited with the record', async () => {
    const r = await add({ record: { ...ada, dateOfBirth: '1990-12-10', gender: 'FEMALE', countryId: 'us' } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      invited: false,
      participant: {
        participantId: expect.stringMatching(/^DEMO-US001-\d{4}$/),
        status: 'NOTINVITED',
        source: 'MANUAL',
        siteCode: 'US-001',
        record: { firstName: 'Ada', mobile: '6175550101', mobileCountryCode: '+1', countryId: 'US', gender: 'FEMALE' },
      },
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', r.json.participant.id)
      .execute();
    expect(audit).toEqual([
      { action: 'participant.add', after: expect.objectContaining({ firstName: 'Ada', email: ada.email }) },
    ]);
  });

  it('refuses an id another participant has, and keeps a shared phone or e-mail address only when asked (E-075)', async () => {
    const first = await add({ record: { ...ada, participantId: 'BOS-100' } });
    expect(first.status).toBe(200);
    const again = await add({ record: { ...ada, participantId: 'bos-100', email: 'ADA.Lovelace@example.org' } });
    expect(again.status).toBe(400);
    expect(texts(again)).toEqual({
      participantId: ['Participant BOS-100 already has this id in the study.'],
      email: [
        'Participant BOS-100 of this study has this e-mail address too. Keep it only if one person looks after both (a parent or caregiver).',
      ],
      mobile: ['Participant BOS-100 of this study has this phone number too. Save again to keep it.'],
    });
    const sibling = { ...ada, firstName: 'Annabella', email: 'annabella@example.org' };
    expect((await add({ record: sibling })).status).toBe(400);
    const kept = await add({ record: sibling, allowSharedPhone: true });
    expect(kept.status).toBe(200);
    const check = await call(t.app, checkParticipantDuplicates, {
      params: { studyId: demo },
      query: { participantId: 'Bos-100', email: ada.email, mobile: '617 555 0101', mobileCountryCode: '+1' },
      token: tokens['crc.demo'],
    });
    expect(check.json.matches).toEqual(
      expect.arrayContaining([
        { field: 'participantId', participantId: 'BOS-100' },
        { field: 'email', participantId: 'BOS-100' },
        { field: 'mobile', participantId: 'BOS-100' },
        { field: 'mobile', participantId: kept.json.participant.participantId },
      ]),
    );
  });

  it('keeps the parent’s names, how they heard and the study’s own fields it asks, under the names it gave them (E-028)', async () => {
    const ask = (column: 'content' | 'snapshot') =>
      sql.raw(`jsonb_set(jsonb_set(jsonb_set(${column},
        '{registration,fields,customField1}', '{"asked":true,"required":true}'),
        '{registration,fields,parentOrCgFirstName}', '{"asked":true,"required":false}'),
        '{registration,customField1Label}', '{"en":"Referring clinic","es":"Clínica de referencia"}')`);
    await sql`update study_versions set content = ${ask('content')}, snapshot = ${ask('snapshot')}
      where study_id = ${demo}`.execute(t.db);
    const options = await call(t.app, getParticipantFormOptions, {
      params: { studyId: demo },
      token: tokens['crc.demo'],
    });
    const boston_ = options.json.sites.find((s: { id: string }) => s.id === boston);
    expect(boston_.needs).toMatchObject({
      customField1: 'required',
      parentOrCgFirstName: 'optional',
      howDidYouHear: 'hidden',
    });
    expect(boston_.fieldLabels).toEqual({ customField1: 'Referring clinic' });
    const missing = await add({ record: { ...ada, email: 'child@example.org', mobile: '' } });
    expect(texts(missing)).toEqual({ customField1: ['This field is required.'] });
    const notAsked = await add({
      record: { ...ada, email: 'child@example.org', mobile: '', customField1: 'North', howDidYouHear: 'Radio' },
    });
    expect(Object.keys(texts(notAsked))).toEqual(['howDidYouHear']);
    const added = await add({
      record: { ...ada, email: 'child@example.org', mobile: '', customField1: 'North', parentOrCgFirstName: 'Mary' },
    });
    expect(added.status).toBe(200);
    expect(added.json.participant.record).toMatchObject({ customField1: 'North', parentOrCgFirstName: 'Mary' });
    const inSpanish = await t.app.inject({
      method: 'GET',
      url: `/api/v1/studies/${demo}/participants/${added.json.participant.id}`,
      headers: { authorization: `Bearer ${tokens['crc.demo']}`, 'accept-language': 'es' },
    });
    expect(inSpanish.json().fieldLabels).toEqual({ customField1: 'Clínica de referencia' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity_id', '=', added.json.participant.id)
      .where('action', '=', 'participant.add')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ customField1: 'North', parentOrCgFirstName: 'Mary' });
  });

  it('takes only the caller’s sites, and not from a read-only monitor', async () => {
    const elsewhere = await add({ siteId: madrid, record: ada });
    expect(elsewhere.status).toBe(400);
    expect(texts(elsewhere)).toEqual({ siteId: ['Choose one of your sites that takes participants.'] });
    expect((await add({ record: ada }, 'cra.demo')).status).toBe(403);
  });
});

describe('editing a participant', () => {
  it('changes the record from the version read, audits each changed field, and refuses a stale save', async () => {
    const added = (await add({ record: ada })).json.participant;
    const edit = (body: Record<string, unknown>) =>
      call(t.app, updateParticipantRecord, {
        params: { studyId: demo, participantId: added.id },
        body,
        token: tokens['crc.demo'],
      });
    const saved = await edit({
      record: { ...added.record, lastName: 'King', participantId: 'BOS-ADA' },
      expectedUpdatedAt: added.updatedAt,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ participantId: 'BOS-ADA', record: { lastName: 'King', firstName: 'Ada' } });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', added.id)
      .where('action', '=', 'participant.update')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      before: { participantId: added.participantId, lastName: 'Lovelace' },
      after: { participantId: 'BOS-ADA', lastName: 'King' },
    });
    const stale = await edit({ record: { ...added.record, lastName: 'Byron' }, expectedUpdatedAt: added.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toMatch(/changed this participant while you were editing/);
    const read = await call(t.app, getParticipant, {
      params: { studyId: demo, participantId: added.id },
      token: tokens['cra.demo'],
    });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ participantId: 'BOS-ADA', record: null });
  });

  it('changes only the mobile number (E-137): checked like the record, audited, from the version read', async () => {
    const added = (await add({ record: ada })).json.participant;
    const other = (
      await add({ record: { ...ada, firstName: 'Bea', email: 'bea@example.org', mobile: '617 555 0199' } })
    ).json.participant;
    const phone = (body: Record<string, unknown>, user = 'crc.demo') =>
      call(t.app, updateParticipantPhone, {
        params: { studyId: demo, participantId: added.id },
        body: { mobileCountryCode: '+1', expectedUpdatedAt: added.updatedAt, ...body },
        token: tokens[user],
      });
    expect(texts(await phone({ mobile: 'call me' }))).toEqual({ mobile: ['Enter a valid mobile number.'] });
    const shared = await phone({ mobile: '617 555 0199' });
    expect(texts(shared)).toEqual({
      mobile: [`Participant ${other.participantId} of this study has this phone number too. Save again to keep it.`],
    });
    expect((await phone({ mobile: '617 555 0142' }, 'cra.demo')).status).toBe(403);
    const saved = await phone({ mobile: '617 555 0142' });
    expect(saved.status).toBe(200);
    // kept as digits, like the record's
    expect(saved.json.record).toMatchObject({ mobile: '6175550142', mobileCountryCode: '+1', lastName: 'Lovelace' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', added.id)
      .where('action', '=', 'participant.update')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ before: { mobile: '6175550101' }, after: { mobile: '6175550142' } });
    expect((await phone({ mobile: '617 555 0143' })).status).toBe(409);
    // the same number written another way is no change: nothing new in the trail
    const same = await phone({ mobile: '(617) 555-0142', expectedUpdatedAt: saved.json.updatedAt });
    expect(same.json).toMatchObject({ id: added.id });
    expect(same.status).toBe(200);
    expect(await auditActions(t.db, added.id)).toEqual(['participant.add', 'participant.update']);
  });

  it('changes only the e-mail address (E-081): another participant’s only with isDuplicateAllowed, said on the trail; never a registered participant’s', async () => {
    const parent = (await add({ record: { ...ada, mobile: '617 555 0170' } })).json.participant;
    const child = (
      await add({ record: { ...ada, firstName: 'Byron', email: 'byron@example.org', mobile: '617 555 0171' } })
    ).json.participant;
    const email = (body: Record<string, unknown>, user = 'crc.demo') =>
      call(t.app, updateParticipantEmail, {
        params: { studyId: demo, participantId: child.id },
        body: { expectedUpdatedAt: child.updatedAt, ...body },
        token: tokens[user],
      });
    expect(texts(await email({ email: 'not an address' }))).toEqual({ email: ['Enter a valid e-mail address.'] });
    const refused = await email({ email: 'ADA.lovelace@example.org' });
    expect(texts(refused)).toEqual({
      email: [
        `Participant ${parent.participantId} of this study has this e-mail address too. Keep it only if one person looks after both (a parent or caregiver).`,
      ],
    });
    expect((await email({ email: ada.email, isDuplicateAllowed: true }, 'cra.demo')).status).toBe(403);
    const kept = await email({ email: ada.email, isDuplicateAllowed: true });
    expect(kept.status).toBe(200);
    expect(kept.json.record).toMatchObject({ email: ada.email, firstName: 'Byron', mobile: '6175550171' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after', 'reason'])
      .where('entity_id', '=', child.id)
      .where('action', '=', 'participant.update')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      before: { email: 'byron@example.org' },
      after: { email: ada.email },
      reason: 'E-mail address shared with another participant kept (isDuplicateAllowed)',
    });
    // a stale read is refused; a registered participant's address is theirs to change
    expect((await email({ email: 'byron@example.org' })).status).toBe(409);
    await t.db.updateTable('participants').set({ username: 'byron#1' }).where('id', '=', child.id).execute();
    const registered = await email({ email: 'byron@example.org', expectedUpdatedAt: kept.json.updatedAt });
    expect(texts(registered)).toEqual({ email: [expect.stringMatching(/only they can change it/)] });
  });

  it('sets the participant’s labels with the record (E-088): by their keys, audited, an unknown key refused', async () => {
    const added = (await add({ record: ada })).json.participant;
    const label = await call(t.app, createParticipantLabel, {
      params: { studyId: demo },
      body: { name: 'Needs interpreter', color: 'teal' },
      token: tokens['crc.demo'],
    });
    expect(label.status).toBe(200);
    const edit = (customKey: string[], expectedUpdatedAt: string) =>
      call(t.app, updateParticipantRecord, {
        params: { studyId: demo, participantId: added.id },
        body: { record: added.record, expectedUpdatedAt, customKey },
        token: tokens['crc.demo'],
      });
    const unknown = await edit(['00000000-0000-4000-8000-000000000000'], added.updatedAt);
    expect(unknown.status).toBe(400);
    expect(texts(unknown)).toEqual({ labelIds: ['This label does not exist in the study any more. Reload the page.'] });
    const labelled = await edit([label.json.id], added.updatedAt);
    expect(labelled.status).toBe(200);
    expect(labelled.json.labels.map((l: { name: string }) => l.name)).toEqual(['Needs interpreter']);
    expect(await auditActions(t.db, added.id)).toEqual(['participant.add', 'participant.labels.set']);
    // the same labels again: nothing changes, nothing is recorded
    expect((await edit([label.json.id], labelled.json.updatedAt)).status).toBe(200);
    expect(await auditActions(t.db, added.id)).toEqual(['participant.add', 'participant.labels.set']);
  });

  it('tells whether the participant takes part, their start date, language and thread (E-026)', async () => {
    const added = (await add({ record: ada })).json.participant;
    const read = async () =>
      (
        await call(t.app, getParticipant, {
          params: { studyId: demo, participantId: added.id },
          token: tokens['crc.demo'],
        })
      ).json;
    expect(await read()).toMatchObject({
      active: true,
      startDate: null,
      languageId: 'en',
      languageName: 'English',
      mlFLag: true,
      threadParticipantId: added.id,
    });
    await sql`update participants set day_zero = '2026-11-02', status = 'WITHDRAWSTUDY' where id = ${added.id}`.execute(
      t.db,
    );
    expect(await read()).toMatchObject({ active: false, startDate: '2026-11-02' });
  });

  it('hides a participant of another site like a missing one', async () => {
    const madridOne = await t.db
      .selectFrom('participants')
      .select('id')
      .where('site_id', '=', madrid)
      .executeTakeFirstOrThrow();
    const r = await call(t.app, getParticipant, {
      params: { studyId: demo, participantId: madridOne.id },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(403);
  });
});

describe('caregiver search by e-mail list (E-086)', () => {
  it('names per address the participants the caller may see who have it; identity only for who may identify', async () => {
    const added = (await add({ record: ada })).json.participant;
    const madridOne = await t.db
      .selectFrom('participants')
      .select(['email'])
      .where('site_id', '=', madrid)
      .where('email', 'is not', null)
      .executeTakeFirstOrThrow();
    const search = (emails: string[], user = 'crc.demo') =>
      call(t.app, searchCaregivers, { params: { studyId: demo }, body: { emails }, token: tokens[user] });
    const found = await search(['ADA.Lovelace@example.org', 'nobody@example.org', madridOne.email!]);
    expect(found.status).toBe(200);
    expect(found.json.items).toEqual([
      {
        email: 'ada.lovelace@example.org',
        participants: [
          { id: added.id, participantId: added.participantId, name: 'Ada Lovelace', status: 'NOTINVITED' },
        ],
      },
      { email: 'nobody@example.org', participants: [] },
      // a participant of a site the coordinator does not staff is not told of
      { email: madridOne.email!.toLowerCase(), participants: [] },
    ]);
    expect((await search(['ada.lovelace@example.org'], 'cra.demo')).status).toBe(403);
    expect((await search(['not an address'])).status).toBe(400);
  });
});

describe('invitations and e-mail unsubscription', () => {
  it('invites a batch, names who could not be invited and why, and invites again (E-082, E-084)', async () => {
    const noMail = (await add({ record: { ...ada, email: 'x@example.org', mobile: '' } })).json.participant;
    await t.db.updateTable('participants').set({ email: null }).where('id', '=', noMail.id).execute();
    const alone = await call(t.app, inviteParticipants, {
      params: { studyId: demo },
      body: { participantIds: [noMail.id] },
      token: tokens['crc.demo'],
    });
    expect(alone.status).toBe(409);
    expect(alone.json.message).toBe('This participant has no e-mail address to send the invitation to.');
    const withMail = (await add({ record: ada })).json.participant;
    const registered = await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0001' });
    const r = await call(t.app, inviteParticipants, {
      params: { studyId: demo },
      body: { participantIds: [withMail.id, registered] },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(200);
    expect(r.json.invited).toEqual([{ id: withMail.id, participantId: withMail.participantId }]);
    expect(r.json.refused).toEqual([
      { id: registered, participantId: 'DEMO-US001-0001', message: { key: 'participants.cannotInvite' } },
    ]);
    const mail = await latestOutbox(t.db, ada.email);
    expect(mail.body).toMatch(/\/participant\/#\/participants\/web\/DEMO\/register\/\S+/);
    expect(mail.body).toContain(`/participant/#/participants/${withMail.id}/unsubscribeemail?token=`);
    const again = await call(t.app, inviteParticipants, {
      params: { studyId: demo },
      body: { participantIds: [withMail.id] },
      token: tokens['crc.demo'],
    });
    expect(again.json.invited).toHaveLength(1);
  });

  it('stops e-mail by the link of the e-mail only, and staff record it with a reason (E-003, E-083)', async () => {
    const p = (await add({ record: ada })).json.participant;
    const bad = await call(t.app, unsubscribeParticipantEmail, {
      params: { participantId: p.id },
      body: { token: unsubscribeToken(t.config.jwtSecret, madrid) },
    });
    expect(bad.status).toBe(400);
    const good = await call(t.app, unsubscribeParticipantEmail, {
      params: { participantId: p.id },
      body: { token: unsubscribeToken(t.config.jwtSecret, p.id) },
    });
    expect(good.status).toBe(200);
    expect(good.json.studyName).toBeTruthy();
    const invite = () =>
      call(t.app, inviteParticipants, {
        params: { studyId: demo },
        body: { participantIds: [p.id] },
        token: tokens['crc.demo'],
      });
    const refused = await invite();
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      'This participant asked for no more e-mail. Ask them before you turn e-mail on again.',
    );
    const resubscribe = await call(t.app, setParticipantEmailSubscription, {
      params: { studyId: demo },
      body: { participantIds: [p.id], unsubscribeEmail: false, reason: 'Asked by phone to get e-mail again' },
      token: tokens['crc.demo'],
    });
    expect(resubscribe.json).toEqual({ changed: 1 });
    expect((await invite()).json.invited).toHaveLength(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['after', 'reason'])
      .where('entity_id', '=', p.id)
      .where('action', '=', 'participant.email.subscription')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { after: { emailUnsubscribed: true, by: 'participant' }, reason: null },
      { after: { emailUnsubscribed: false, by: 'staff' }, reason: 'Asked by phone to get e-mail again' },
    ]);
  });
});

describe('the not-invited list (E-073)', () => {
  it('lists the added participants not invited yet, with who can be invited now; identity only for who may see it', async () => {
    const a = (await add({ record: { ...ada, email: 'ni.a@example.org', mobile: '' } })).json.participant;
    const b = (await add({ record: { ...ada, email: 'ni.b@example.org', mobile: '' } })).json.participant;
    await t.db.updateTable('participants').set({ email_unsubscribed_at: new Date() }).where('id', '=', b.id).execute();
    const crc = await call(t.app, listNotInvitedParticipants, { params: { studyId: demo }, token: tokens['crc.demo'] });
    expect(crc.status).toBe(200);
    const mine = crc.json.items.filter((i: { id: string }) => [a.id, b.id].includes(i.id));
    expect(mine).toEqual([
      {
        id: a.id,
        participantId: a.participantId,
        participantName: 'Ada Lovelace',
        email: 'ni.a@example.org',
        invitable: true,
      },
      {
        id: b.id,
        participantId: b.participantId,
        participantName: 'Ada Lovelace',
        email: 'ni.b@example.org',
        invitable: false,
      },
    ]);
    expect(crc.json.items.every((i: { participantId: string }) => !i.participantId.startsWith('DEMO-ES001'))).toBe(
      true,
    );
    const cra = await call(t.app, listNotInvitedParticipants, { params: { studyId: demo }, token: tokens['cra.demo'] });
    expect(cra.json.items.find((i: { id: string }) => i.id === a.id)).toMatchObject({
      participantName: null,
      email: null,
    });
  });
});

describe('resending the account verification (E-084)', () => {
  it('sends a registered participant who has not confirmed their account a new code, audited; nobody else', async () => {
    const p = (await add({ record: { ...ada, email: 'pending@example.org', mobile: '' } })).json.participant;
    const resend = () =>
      call(t.app, resendParticipantVerification, {
        params: { studyId: demo, participantId: p.id },
        token: tokens['crc.demo'],
      });
    const early = await resend();
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(
      'Only a participant who registered and has not confirmed their account yet can be sent a new code.',
    );
    await t.db
      .updateTable('participants')
      .set({ status: 'REGISTERED', username: 'pending.user', registration_date: new Date() })
      .where('id', '=', p.id)
      .execute();
    const sent = await resend();
    expect(sent.status).toBe(200);
    expect(sent.json.verificationMethod).toBe('email');
    expect((await latestOutbox(t.db, 'pending@example.org')).body).toMatch(/\b\d{6}\b/);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', p.id)
      .where('action', '=', 'participant.verification.resend')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('the migration list (E-023, E-072)', () => {
  it('moves participants onto a published version, all or none, with the reason audited; then tells how far', async () => {
    const [version] = (
      await sql<{ id: string }>`select id from study_versions where study_id = ${demo} and status = 'PUBLISHED'
        order by number desc limit 1`.execute(t.db)
    ).rows;
    const a = (await add({ record: { ...ada, email: 'move.a@example.org', mobile: '' } })).json.participant;
    const b = (await add({ record: { ...ada, email: 'move.b@example.org', mobile: '' } })).json.participant;
    await t.db.updateTable('participants').set({ version_id: null }).where('id', 'in', [a.id, b.id]).execute();
    const madridOne = await idOf(t.db, 'participants', { participant_code: 'DEMO-ES001-0001' });
    const move = (participantIds: string[], reason?: string) =>
      call(t.app, moveParticipantsToVersion, {
        params: { studyId: demo },
        body: { participantIds, versionId: version!.id, ...(reason ? { reason } : {}) },
        token: tokens['crc.demo'],
      });
    expect((await move([a.id, b.id])).status).toBe(400); // no reason
    const refused = await move([a.id, madridOne], 'Protocol amendment 2');
    expect(refused.status).toBe(403);
    const versionOf = async (id: string) =>
      (await t.db.selectFrom('participants').select('version_id').where('id', '=', id).executeTakeFirstOrThrow())
        .version_id;
    expect(await versionOf(a.id)).toBeNull(); // all or none
    const moved = await move([a.id, b.id], 'Protocol amendment 2');
    expect(moved.status).toBe(200);
    expect(moved.json.moved.map((m: { id: string }) => m.id)).toEqual([a.id, b.id]);
    expect(await versionOf(b.id)).toBe(version!.id);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('entity_id', '=', a.id)
      .where('action', '=', 'participant.version.assign')
      .execute();
    expect(audit).toEqual([{ action: 'participant.version.assign', reason: 'Protocol amendment 2' }]);
    const status = await call(t.app, getParticipantMigrationStatus, {
      params: { studyId: demo },
      body: { participantIds: [a.id, b.id] },
      token: tokens['cra.demo'],
    });
    expect(status.status).toBe(200);
    expect(status.json.items[0]).toMatchObject({
      id: a.id,
      versionId: version!.id,
      job: { status: expect.any(String) },
    });
  });
});

describe('the CSV export', () => {
  it('holds the list’s participants in its order, identity only for who may identify, formulas made inert (E-077)', async () => {
    await add({ record: { ...ada, firstName: '=HYPERLINK("http://x")', participantId: 'AAA-1' } });
    const csv = await call(t.app, exportParticipants, {
      params: { studyId: demo },
      query: { sortValue: 'participantId', search: 'AAA' },
      token: tokens['crc.demo'],
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="participants_\d{8}T\d{6}\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Participant ID,First name,Last name,E-mail,Site,Site code,Status,Consent,Source,Version,Language,Labels,Registration date,Added',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^AAA-1,"'=HYPERLINK\(""http:\/\/x""\)",Lovelace,ada.lovelace@example.org,Boston/);
    const monitor = await call(t.app, exportParticipants, {
      params: { studyId: demo },
      query: { sortValue: 'participantId' },
      token: tokens['cra.demo'],
    });
    expect(monitor.body.split('\r\n')[0]).toBe(
      '\uFEFFParticipant ID,Site,Site code,Status,Consent,Source,Version,Language,Labels,Registration date,Added',
    );
    expect(monitor.body).not.toContain('ada.lovelace');
  });
});
