/**
 * Messages from site staff to participants (E-015, E-024, E-111…E-113; decision E-messages): the recipients counted
 * before a send, the send to participants picked, sites or the whole study (within what the sender sees, in the
 * request's data space), the channels each participant allows, the outbox and push rows made, the sent lists and
 * one message's recipients, identity hidden from who may not identify participants, and the portal's reading.
 */
import {
  getSentMessage,
  listMyMessages,
  listParticipantMessages,
  listSentMessages,
  markMyMessageRead,
  previewMessageRecipients,
  sendParticipantMessage,
  unsubscribeParticipantEmail,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, participantAccess, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let boston: string;
let madrid: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
  // the investigator staffs both sites in this file; the coordinator and the monitor staff Boston
  const pi = await idOf(t.db, 'users', { username: 'pi.demo' });
  await sql`insert into site_assignments (user_id, site_id) values (${pi}, ${madrid})`.execute(t.db);
  for (const u of ['crc.demo', 'cra.demo', 'pi.demo', 'studyadmin']) tokens[u] = (await staffAccess(t, u)).accessToken;
  for (const code of ['DEMO-US001-0001', 'DEMO-US001-0002', 'DEMO-US001-0003', 'DEMO-ES001-0001', 'TEST-US001-0001'])
    ids[code] = await idOf(t.db, 'participants', { participant_code: code });
  // Boston's participants, each allowing something else: 0001 e-mail, a number opted in to texts and a device;
  // 0002 e-mail and a number not opted in; 0003 nothing on file (no address, no number, no device)
  await sql`update participants set mobile = '5550001', mobile_country_code = '+1', verification_opt_in_sms = true
            where id = ${ids['DEMO-US001-0001']}`.execute(t.db);
  await sql`update participants set mobile = '5550002', mobile_country_code = '+1', verification_opt_in_sms = false
            where id = ${ids['DEMO-US001-0002']}`.execute(t.db);
  await sql`insert into participant_devices (participant_id, study_id, device_id, pd_device_token, pd_registration_status, updated_at)
            values (${ids['DEMO-US001-0001']}, ${demo}, 'device-1',
                    ${JSON.stringify({ endpoint: 'https://push.example/1', keys: { p256dh: 'k', auth: 'a' } })}::jsonb,
                    'Registered', now())`.execute(t.db);
});
afterAll(() => t?.close());

type Query = Record<string, string>;
const preview = (user: string, query: Query, headers?: Record<string, string>) =>
  call(t.app, previewMessageRecipients, { params: { studyId: demo }, query, token: tokens[user], headers });
const send = (user: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(t.app, sendParticipantMessage, {
    params: { studyId: demo },
    body: { subject: 'Clinic closed on Friday', body: 'Please come on Monday instead.', ...body },
    token: tokens[user],
    headers,
  });
const allChannels = { email: true, sms: true, push: true };
const studyWide = { audience: 'STUDY', channels: allChannels };
const sentList = (user: string, query: Query = {}) =>
  call(t.app, listSentMessages, { params: { studyId: demo }, query, token: tokens[user] });
const detail = (user: string, messageId: string, query: Query = {}) =>
  call(t.app, getSentMessage, { params: { studyId: demo, messageId }, query, token: tokens[user] });
const outboxOf = (ids: readonly (string | null)[]) =>
  t.db
    .selectFrom('outbox')
    .select(['channel', 'recipient', 'subject', 'body'])
    .where(
      'id',
      'in',
      ids.filter((x): x is string => x !== null),
    )
    .orderBy('channel')
    .execute();
const recipientsOf = (messageId: string) =>
  t.db
    .selectFrom('participant_message_recipients as r')
    .innerJoin('participants as p', 'p.id', 'r.participant_id')
    .select([
      'p.participant_code',
      'r.email_state',
      'r.sms_state',
      'r.push_state',
      'r.email_outbox_id',
      'r.sms_outbox_id',
    ])
    .where('r.message_id', '=', messageId)
    .orderBy('p.participant_code')
    .execute();

describe('the recipients of a message, before it is sent (E-113)', () => {
  it('counts the participants the sender sees, in this data space, and what each channel reaches', async () => {
    const r = await preview('crc.demo', { audience: 'STUDY', email: 'true', sms: 'true', push: 'true' });
    expect(r.status).toBe(200);
    // the coordinator staffs Boston: Madrid's participants and the test participant are not theirs
    expect(r.json.total).toBe(3);
    expect(r.json.reach).toEqual({ portal: 3, email: 2, sms: 1, push: 1 });
    expect(r.json.skipped).toEqual({
      email: { NO_ADDRESS: 1 },
      sms: { NOT_OPTED_IN: 1, NO_NUMBER: 1 },
      push: { NO_DEVICE: 2 },
    });
    expect(r.json.sample.map((s: { participant: { participantId: string } }) => s.participant.participantId)).toEqual([
      'DEMO-US001-0001',
      'DEMO-US001-0002',
      'DEMO-US001-0003',
    ]);
    expect(r.json.sample[0]).toEqual({
      participant: { id: ids['DEMO-US001-0001'], participantId: 'DEMO-US001-0001', name: 'Alex Morgan' },
      site: { id: boston, name: expect.any(String), siteCode: 'US-001' },
      status: 'ACTIVE',
      email: 'QUEUED',
      sms: 'QUEUED',
      push: 'QUEUED',
    });
    expect(r.json.identify).toBe(true);
  });

  it('leaves out who left the study unless their status is chosen', async () => {
    await sql`update participants set status = 'WITHDRAWSTUDY' where id = ${ids['DEMO-US001-0002']}`.execute(t.db);
    const usual = await preview('crc.demo', { audience: 'STUDY' });
    expect(usual.json.total).toBe(2);
    const withdrawn = await preview('crc.demo', { audience: 'STUDY', statuses: 'WITHDRAWSTUDY' });
    expect(
      withdrawn.json.sample.map((s: { participant: { participantId: string } }) => s.participant.participantId),
    ).toEqual(['DEMO-US001-0002']);
  });

  it('counts only channels chosen; notifications turned off leave the portal alone', async () => {
    await sql`update participants set notifications_disabled = true where id = ${ids['DEMO-US001-0001']}`.execute(t.db);
    const r = await preview('crc.demo', {
      audience: 'PARTICIPANTS',
      participantIds: ids['DEMO-US001-0001']!,
      email: 'true',
      push: 'true',
    });
    expect(r.json.reach).toEqual({ portal: 1, email: 0, sms: 0, push: 0 });
    expect(r.json.sample[0]).toMatchObject({
      email: 'NOTIFICATIONS_OFF',
      sms: 'NOT_CHOSEN',
      push: 'NOTIFICATIONS_OFF',
    });
  });

  it('is for who may send: not a read-only monitor nor a role without participants.manage', async () => {
    expect((await preview('cra.demo', { audience: 'STUDY' })).status).toBe(403);
    expect((await preview('studyadmin', { audience: 'STUDY' })).status).toBe(403);
  });
});

describe('sending a message (E-112)', () => {
  it('reaches everyone in the portal and queues e-mail, texts and push as each allows, audited once', async () => {
    const r = await send('crc.demo', { ...studyWide, confirmedCount: 3 });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      subject: 'Clinic closed on Friday',
      body: 'Please come on Monday instead.',
      sentBy: { name: 'Carlos Coordinator' },
      audience: 'STUDY',
      channels: allChannels,
      recipients: 3,
      read: 0,
      reach: { portal: 3, email: 2, sms: 1, push: 1 },
    });
    const rows = await recipientsOf(r.json.id);
    expect(rows.map((x) => [x.participant_code, x.email_state, x.sms_state, x.push_state])).toEqual([
      ['DEMO-US001-0001', 'QUEUED', 'QUEUED', 'QUEUED'],
      ['DEMO-US001-0002', 'QUEUED', 'NOT_OPTED_IN', 'NO_DEVICE'],
      ['DEMO-US001-0003', 'NO_ADDRESS', 'NO_NUMBER', 'NO_DEVICE'],
    ]);
    const first = await outboxOf([rows[0]!.email_outbox_id, rows[0]!.sms_outbox_id]);
    expect(first).toEqual([
      {
        channel: 'email',
        recipient: 'participant.demo@trialpath.example',
        subject: expect.stringContaining('Clinic closed on Friday'),
        body: expect.stringContaining('Please come on Monday instead.'),
      },
      {
        channel: 'sms',
        recipient: '+15550001',
        subject: null,
        body: expect.stringContaining('Clinic closed on Friday'),
      },
    ]);
    expect(first[0]!.body).toContain('/participant/#/participants/web/DEMO/messages');
    // every e-mail carries the participant's own unsubscribe link (E-003), which works
    const unsubscribe = /participants\/([0-9a-f-]{36})\/unsubscribeemail\?token=([\w-]+)/.exec(first[0]!.body)!;
    expect(unsubscribe[1]).toBe(ids['DEMO-US001-0001']);
    const stopped = await call(t.app, unsubscribeParticipantEmail, {
      params: { participantId: unsubscribe[1]! },
      body: { token: unsubscribe[2]! },
    });
    expect(stopped.status).toBe(200);
    const push = await t.db
      .selectFrom('push_messages')
      .select(['participant_id', 'kind', 'payload'])
      .where('participant_id', 'in', Object.values(ids))
      .execute();
    expect(push).toHaveLength(1);
    expect(push[0]).toMatchObject({ participant_id: ids['DEMO-US001-0001'], kind: 'message' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', r.json.id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'participant.message.send',
        after: expect.objectContaining({ recipients: 3, email: 2, sms: 1, push: 1, audience: 'STUDY' }),
      },
    ]);
  });

  it('writes to a Spanish-speaking participant in Spanish', async () => {
    const r = await send('pi.demo', {
      audience: 'PARTICIPANTS',
      participantIds: [ids['DEMO-ES001-0001']],
      channels: { email: true, sms: false, push: false },
      confirmedCount: 1,
    });
    expect(r.status).toBe(200);
    const [row] = await recipientsOf(r.json.id);
    const [mail] = await outboxOf([row!.email_outbox_id]);
    expect(mail!.body).toMatch(/^Hola:/);
  });

  it('does not e-mail who unsubscribed from e-mail', async () => {
    await sql`update participants set email_unsubscribed_at = now() where id = ${ids['DEMO-US001-0002']}`.execute(t.db);
    const r = await send('crc.demo', {
      audience: 'PARTICIPANTS',
      participantIds: [ids['DEMO-US001-0002']],
      channels: allChannels,
      confirmedCount: 1,
    });
    expect(r.status).toBe(200);
    expect(r.json.reach).toEqual({ portal: 1, email: 0, sms: 0, push: 0 });
    const [row] = await recipientsOf(r.json.id);
    expect(row).toMatchObject({ email_state: 'UNSUBSCRIBED', email_outbox_id: null });
  });

  it('sends to the sites chosen only, and never to another site’s participants', async () => {
    const mine = await send('pi.demo', {
      audience: 'SITES',
      siteIds: [boston],
      channels: allChannels,
      confirmedCount: 3,
    });
    expect(mine.status).toBe(200);
    expect((await recipientsOf(mine.json.id)).every((x) => x.participant_code.startsWith('DEMO-US001'))).toBe(true);
    const other = await send('crc.demo', {
      audience: 'SITES',
      siteIds: [madrid],
      channels: allChannels,
      confirmedCount: 2,
    });
    expect(other.status).toBe(400);
    expect(other.json.fieldErrorKeys).toEqual({ siteIds: [{ key: 'messaging.siteUnavailable' }] });
    const picked = await send('crc.demo', {
      audience: 'PARTICIPANTS',
      participantIds: [ids['DEMO-US001-0001'], ids['DEMO-ES001-0001']],
      channels: allChannels,
      confirmedCount: 2,
    });
    expect(picked.status).toBe(400);
    expect(picked.json.fieldErrorKeys).toEqual({
      participantIds: [{ key: 'messaging.participantsUnavailable', params: { count: 1 } }],
    });
    expect(picked.json.fieldErrors.participantIds).toEqual([
      '1 of the participants picked are not ones you can send to here. Pick them again.',
    ]);
  });

  it('keeps live and test apart: the test data space reaches only test participants', async () => {
    const r = await send('crc.demo', { ...studyWide, confirmedCount: 1 }, { env: 'test' });
    expect(r.status).toBe(200);
    expect((await recipientsOf(r.json.id)).map((x) => x.participant_code)).toEqual(['TEST-US001-0001']);
    const live = await sentList('crc.demo');
    expect(live.json.items.map((m: { id: string }) => m.id)).not.toContain(r.json.id);
  });

  it('is refused when the recipients are no longer the number confirmed, nothing sent', async () => {
    const r = await send('crc.demo', { ...studyWide, confirmedCount: 5 });
    expect(r.status).toBe(409);
    expect(r.json.messageKey).toBe('messaging.countChanged');
    expect(r.json.message).toBe(
      'The recipients changed since you checked them: 3 now instead of 5. Check them again, then send.',
    );
    expect(await t.db.selectFrom('participant_messages').select('id').execute()).toEqual([]);
  });

  it('refuses bad input with a message for each field', async () => {
    const empty = await send('crc.demo', { ...studyWide, subject: '  ', confirmedCount: 3 });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json.fieldErrors)).toEqual(['subject']);
    const long = await send('crc.demo', { ...studyWide, body: 'x'.repeat(5001), confirmedCount: 3 });
    expect(long.status).toBe(400);
    expect(Object.keys(long.json.fieldErrors)).toEqual(['body']);
    const nobody = await send('crc.demo', { audience: 'PARTICIPANTS', channels: allChannels, confirmedCount: 1 });
    expect(nobody.status).toBe(400);
    expect(nobody.json.fieldErrors).toEqual({ participantIds: ['Pick at least one participant.'] });
    const noSite = await send('crc.demo', { audience: 'SITES', channels: allChannels, confirmedCount: 1 });
    expect(noSite.json.fieldErrors).toEqual({ siteIds: ['Choose at least one site.'] });
    await sql`update participants set status = 'WITHDRAWSTUDY' where site_id = ${boston}`.execute(t.db);
    const none = await send('crc.demo', { ...studyWide, confirmedCount: 1 });
    expect(none.status).toBe(400);
    expect(none.json.messageKey).toBe('messaging.noRecipients');
  });

  it('strips markup from what is sent', async () => {
    const r = await send('crc.demo', {
      ...studyWide,
      subject: 'Hello <script>alert(1)</script>there',
      confirmedCount: 3,
    });
    expect(r.status).toBe(200);
    expect(r.json.subject).not.toContain('<script');
  });

  it('sends to 10,000 participants in one short transaction, audited once', async () => {
    await sql`insert into participants (study_id, site_id, participant_code, email, status, language, environment, updated_at)
              select ${demo}, ${boston}, 'BULK-' || lpad(n::text, 5, '0'), 'bulk' || n || '@trialpath.example', 'ACTIVE', 'en', 'LIVE', now()
              from generate_series(1, 10000) n`.execute(t.db);
    const started = Date.now();
    const r = await send('crc.demo', {
      ...studyWide,
      channels: { email: true, sms: false, push: false },
      confirmedCount: 10003,
    });
    const took = Date.now() - started;
    expect(r.status).toBe(200);
    expect(r.json.reach).toEqual({ portal: 10003, email: 10002, sms: 0, push: 0 });
    const mails = await t.db
      .selectFrom('participant_message_recipients as r')
      .innerJoin('outbox as o', 'o.id', 'r.email_outbox_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('r.message_id', '=', r.json.id)
      .executeTakeFirstOrThrow();
    expect(Number(mails.n)).toBe(10002);
    expect(
      await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', r.json.id).execute(),
    ).toHaveLength(1);
    // generous for the embedded database on a loaded machine; PostgreSQL takes a fraction of it
    expect(took).toBeLessThan(t.kind === 'postgres' ? 5_000 : 20_000);
  });

  it('is not for a read-only monitor', async () => {
    expect((await send('cra.demo', { ...studyWide, confirmedCount: 3 })).status).toBe(403);
  });
});

describe('the sent messages (E-111, E-024) and one message’s recipients', () => {
  it('lists the study’s messages newest first, each site’s staff seeing their share', async () => {
    const everyone = await send('pi.demo', { ...studyWide, subject: 'Study news', confirmedCount: 5 });
    expect(everyone.status).toBe(200);
    const madridOnly = await send('pi.demo', {
      audience: 'SITES',
      siteIds: [madrid],
      channels: allChannels,
      confirmedCount: 2,
    });
    expect(madridOnly.status).toBe(200);
    const pi = await sentList('pi.demo');
    expect(pi.json.items.map((m: { id: string }) => m.id)).toEqual([madridOnly.json.id, everyone.json.id]);
    expect(pi.json.items[1].recipients).toBe(5);
    const crc = await sentList('crc.demo');
    // Madrid's message is not the coordinator's; the study-wide one counts only Boston's recipients
    expect(crc.json.total).toBe(1);
    expect(crc.json.items[0]).toMatchObject({ id: everyone.json.id, recipients: 3 });
    const perSite = await sentList('pi.demo', { siteId: madrid });
    expect(perSite.json.items.map((m: { id: string }) => m.id)).toEqual([madridOnly.json.id, everyone.json.id]);
    expect(perSite.json.items[1].recipients).toBe(2);
    expect((await sentList('crc.demo', { siteId: madrid })).status).toBe(403);
    expect((await detail('crc.demo', madridOnly.json.id)).status).toBe(403);
  });

  it('pages through the list', async () => {
    for (let i = 0; i < 11; i++)
      expect((await send('crc.demo', { ...studyWide, subject: `News ${i}`, confirmedCount: 3 })).status).toBe(200);
    const second = await sentList('crc.demo', { pageNum: '2', pageSize: '10' });
    expect(second.json).toMatchObject({ total: 11, page: 2, pageSize: 10 });
    expect(second.json.items.map((m: { subject: string }) => m.subject)).toEqual(['News 0']);
  });

  it('shows each recipient’s channels and reading; names only for who may identify participants', async () => {
    const sent = await send('crc.demo', { ...studyWide, confirmedCount: 3 });
    await sql`update outbox set status = 'sent', sent_at = now() where id in (select email_outbox_id from participant_message_recipients where message_id = ${sent.json.id})`.execute(
      t.db,
    );
    const r = await detail('crc.demo', sent.json.id);
    expect(r.status).toBe(200);
    expect(r.json.recipients.total).toBe(3);
    expect(r.json.recipients.items[0]).toEqual({
      participant: { id: ids['DEMO-US001-0001'], participantId: 'DEMO-US001-0001', name: 'Alex Morgan' },
      site: { id: boston, name: expect.any(String), siteCode: 'US-001' },
      email: 'SENT',
      sms: 'QUEUED',
      push: 'QUEUED',
      readAt: null,
    });
    const monitor = await detail('cra.demo', sent.json.id);
    expect(monitor.status).toBe(200);
    expect(monitor.json.identify).toBe(false);
    expect(
      monitor.json.recipients.items.map((x: { participant: { name: string | null } }) => x.participant.name),
    ).toEqual([null, null, null]);
    expect(JSON.stringify(monitor.json)).not.toContain('Alex');
    const unread = await detail('crc.demo', sent.json.id, { read: 'READ' });
    expect(unread.json.recipients.total).toBe(0);
  });
});

describe('a participant’s messages (E-015) and the portal', () => {
  it('the participant reads their messages, unread first, and opening one marks it read once', async () => {
    const older = await send('crc.demo', { ...studyWide, subject: 'Older', confirmedCount: 3 });
    const newer = await send('crc.demo', { ...studyWide, subject: 'Newer', confirmedCount: 3 });
    const me = await participantAccess(t, 'participant.demo');
    const mine = () => call(t.app, listMyMessages, { token: me.accessToken });
    const first = await mine();
    expect(first.status).toBe(200);
    expect(first.json.unread).toBe(2);
    expect(first.json.items.map((m: { subject: string }) => m.subject)).toEqual(['Newer', 'Older']);
    expect(first.json.items[0]).toEqual({
      id: newer.json.id,
      subject: 'Newer',
      body: 'Please come on Monday instead.',
      sentAt: expect.any(String),
      siteName: expect.any(String),
      readAt: null,
    });
    const read = () =>
      call(t.app, markMyMessageRead, { params: { messageId: newer.json.id }, body: {}, token: me.accessToken });
    const opened = await read();
    expect(opened.status).toBe(200);
    expect(opened.json.readAt).not.toBeNull();
    expect((await read()).json.readAt).toBe(opened.json.readAt);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('entity_id', '=', newer.json.id)
      .where('action', '=', 'participant.message.read')
      .execute();
    expect(audit).toEqual([{ action: 'participant.message.read', actor_type: 'participant' }]);
    const after = await mine();
    expect(after.json.unread).toBe(1);
    expect(after.json.items.map((m: { subject: string }) => m.subject)).toEqual(['Older', 'Newer']);
    const staffView = await detail('crc.demo', newer.json.id, { read: 'READ' });
    expect(
      staffView.json.recipients.items.map(
        (x: { participant: { participantId: string } }) => x.participant.participantId,
      ),
    ).toEqual(['DEMO-US001-0001']);
    const profile = await call(t.app, listParticipantMessages, {
      params: { studyId: demo, participantId: ids['DEMO-US001-0001']! },
      token: tokens['crc.demo'],
    });
    expect(profile.status).toBe(200);
    expect(
      profile.json.items.map((m: { subject: string; readAt: string | null }) => [m.subject, m.readAt !== null]),
    ).toEqual([
      ['Newer', true],
      ['Older', false],
    ]);
    expect(profile.json.items[0]).toMatchObject({
      sentBy: { name: 'Carlos Coordinator' },
      email: 'QUEUED',
      sms: 'QUEUED',
    });
    expect(older.status).toBe(200);
  });

  it('a participant cannot open another participant’s message', async () => {
    const sent = await send('pi.demo', {
      audience: 'PARTICIPANTS',
      participantIds: [ids['DEMO-ES001-0001']],
      channels: allChannels,
      confirmedCount: 1,
    });
    const me = await participantAccess(t, 'participant.demo');
    expect(sent.status).toBe(200);
    const r = await call(t.app, markMyMessageRead, {
      params: { messageId: sent.json.id },
      body: {},
      token: me.accessToken,
    });
    expect(r.status).toBe(404);
    expect((await call(t.app, listMyMessages, { token: me.accessToken })).json.items).toEqual([]);
  });

  it('a participant’s messages are for who sees the participant', async () => {
    const r = await call(t.app, listParticipantMessages, {
      params: { studyId: demo, participantId: ids['DEMO-ES001-0001']! },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(403);
  });
});
