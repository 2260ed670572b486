/**
 * Participant site transfers (E-022, E-114…E-119; 002 §4; decision E-site-transfers): asked for with a reason by
 * who manages the participant, to another site of the study taking participants; reviewed by the receiving site
 * (never by who asked), or cancelled; an approval moves the participant and both sites' access at once. Also the
 * simple participant list (E-119).
 */
import {
  cancelSiteTransfer,
  getParticipant,
  getSiteTransfer,
  getTransferOptions,
  listParticipantSiteTransfers,
  listSimpleParticipants,
  listSiteTransfers,
  requestSiteTransfer,
  reviewSiteTransfer,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIsolatedTestApp, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let boston: string;
let madrid: string;
let piId: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
  piId = await idOf(t.db, 'users', { username: 'pi.demo' });
  // the receiving site's reviewer: the demo investigator, at Madrid only for this file
  await sql`delete from site_assignments where user_id = ${piId} and site_id = ${boston}`.execute(t.db);
  await sql`insert into site_assignments (user_id, site_id) values (${piId}, ${madrid})`.execute(t.db);
  for (const u of ['crc.demo', 'cra.demo', 'pi.demo', 'studyadmin']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const participant = (code: string) => idOf(t.db, 'participants', { participant_code: code });
const siteOf = async (code: string) =>
  (
    await t.db
      .selectFrom('participants')
      .select(['site_id', 'version_id'])
      .where('participant_code', '=', code)
      .executeTakeFirstOrThrow()
  ).site_id;

const ask = async (user: string, code: string, body: Record<string, unknown>) =>
  call(t.app, requestSiteTransfer, {
    params: { studyId: demo, participantId: await participant(code) },
    body,
    token: tokens[user],
  });
const review = (user: string, transferId: string, body: Record<string, unknown>) =>
  call(t.app, reviewSiteTransfer, { params: { studyId: demo, transferId }, body, token: tokens[user] });
const cancel = (user: string, transferId: string, reason: string) =>
  call(t.app, cancelSiteTransfer, { params: { studyId: demo, transferId }, body: { reason }, token: tokens[user] });
const list = (user: string, query: Record<string, string> = {}) =>
  call(t.app, listSiteTransfers, { params: { studyId: demo }, query, token: tokens[user] });
/** A waiting transfer of a Boston participant to Madrid, asked for by the coordinator. */
const toMadrid = async (code = 'DEMO-US001-0003') => {
  const r = await ask('crc.demo', code, { toSiteId: madrid, reason: 'Moving to Spain for work' });
  expect(r.status).toBe(200);
  return r.json.id as string;
};
const auditOf = async (action: string, entityId: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['before', 'after', 'reason'])
    .where('action', '=', action)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();

describe('asking for a site transfer (E-115)', () => {
  it('offers every other site of the study taking participants, not only the caller’s', async () => {
    const r = await call(t.app, getTransferOptions, {
      params: { studyId: demo, participantId: await participant('DEMO-US001-0003') },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      currentSite: { id: boston, name: expect.any(String), siteCode: 'US-001' },
      sites: [{ id: madrid, name: expect.any(String), siteCode: 'ES-001' }],
    });
    await sql`update sites set live_status = 'ON_HOLD' where id = ${madrid}`.execute(t.db);
    const onHold = await call(t.app, getTransferOptions, {
      params: { studyId: demo, participantId: await participant('DEMO-US001-0003') },
      token: tokens['crc.demo'],
    });
    expect(onHold.json.sites).toEqual([]);
  });

  it('keeps the request with its reason, audited; the participant stays at their site until it is approved', async () => {
    const r = await ask('crc.demo', 'DEMO-US001-0003', { toSiteId: madrid, reason: '  Moving to Spain for work ' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      participant: { participantId: 'DEMO-US001-0003', name: 'Sam Patel', visible: true },
      fromSite: { id: boston, siteCode: 'US-001' },
      toSite: { id: madrid, siteCode: 'ES-001' },
      status: 'PENDING',
      reason: 'Moving to Spain for work',
      requestedBy: 'Carlos Coordinator',
      reviewedBy: null,
      reviewReason: null,
      mayReview: false,
      mayCancel: true,
    });
    const id = await participant('DEMO-US001-0003');
    expect(await auditOf('participant.transfer.request', id)).toEqual([
      {
        before: null,
        after: { transferId: r.json.id, status: 'PENDING', fromSiteId: boston, toSiteId: madrid },
        reason: 'Moving to Spain for work',
      },
    ]);
    expect(await siteOf('DEMO-US001-0003')).toBe(boston);
  });

  it('allows one open request per participant at a time', async () => {
    await toMadrid();
    const again = await ask('crc.demo', 'DEMO-US001-0003', { toSiteId: madrid, reason: 'Asked twice' });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/already has a transfer to .* waiting for review/);
  });

  it('refuses the participant’s own site, a site not taking participants and a reason under 3 characters', async () => {
    const own = await ask('crc.demo', 'DEMO-US001-0003', { toSiteId: boston, reason: 'Same site' });
    expect(own.status).toBe(400);
    expect(own.json.fieldErrors).toEqual({
      toSiteId: ['The participant is already at this site. Choose another site.'],
    });
    await sql`update sites set live_status = 'CLOSED' where id = ${madrid}`.execute(t.db);
    const closed = await ask('crc.demo', 'DEMO-US001-0003', { toSiteId: madrid, reason: 'Moving away' });
    expect(closed.status).toBe(400);
    expect(closed.json.fieldErrors.toSiteId[0]).toMatch(/does not take participants in this data space now/);
    const short = await ask('crc.demo', 'DEMO-US001-0003', { toSiteId: madrid, reason: ' a ' });
    expect(short.status).toBe(400);
    expect(Object.keys(short.json.fieldErrors)).toEqual(['reason']);
    const london = await idOf(t.db, 'sites', { site_code: 'GB-001' });
    const otherStudy = await ask('crc.demo', 'DEMO-US001-0003', { toSiteId: london, reason: 'Another study' });
    expect(otherStudy.status).toBe(400);
    expect(otherStudy.json.fieldErrors).toEqual({ toSiteId: ['This site is not a site of the study.'] });
    expect(await t.db.selectFrom('site_transfers').select('id').execute()).toEqual([]);
  });

  it('refuses a participant who left the study', async () => {
    await sql`update participants set status = 'WITHDRAWSTUDY' where participant_code = 'DEMO-US001-0003'`.execute(
      t.db,
    );
    const r = await ask('crc.demo', 'DEMO-US001-0003', { toSiteId: madrid, reason: 'Moving away' });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('This participant has left the study and cannot be transferred.');
  });

  it('refuses a monitor on a read-only assignment and a caller who does not see the participant', async () => {
    const monitor = await ask('cra.demo', 'DEMO-US001-0003', { toSiteId: madrid, reason: 'Monitor asks' });
    expect(monitor.status).toBe(403);
    const otherSite = await ask('crc.demo', 'DEMO-ES001-0002', { toSiteId: boston, reason: 'Not my participant' });
    expect(otherSite.status).toBe(403);
    const options = await call(t.app, getTransferOptions, {
      params: { studyId: demo, participantId: await participant('DEMO-US001-0003') },
      token: tokens['cra.demo'],
    });
    expect(options.status).toBe(403);
  });
});

describe('reviewing a site transfer (E-114, E-118; 002 §4)', () => {
  it('is for staff of the receiving site only, with its message; a read-only monitor reviews nothing', async () => {
    const id = await toMadrid();
    const sender = await review('crc.demo', id, { status: 'APPROVED', reviewReason: 'Approving from Boston' });
    expect(sender.status).toBe(403);
    expect(sender.json.message).toMatch(/^Only staff of .*, the receiving site, can review this transfer\.$/);
    const monitor = await review('cra.demo', id, { status: 'APPROVED', reviewReason: 'Monitor approves' });
    expect(monitor.status).toBe(403);
    expect(await siteOf('DEMO-US001-0003')).toBe(boston);
  });

  it('works the other way: the Boston coordinator receives a participant Madrid sends', async () => {
    const r = await ask('pi.demo', 'DEMO-ES001-0002', { toSiteId: boston, reason: 'Closer to home' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ mayReview: false, mayCancel: true });
    const sender = await review('pi.demo', r.json.id, { status: 'APPROVED', reviewReason: 'Fine by us' });
    expect(sender.status).toBe(403);
    const receiver = await review('crc.demo', r.json.id, { status: 'APPROVED', reviewReason: 'Welcome to Boston' });
    expect(receiver.status).toBe(200);
    expect(await siteOf('DEMO-ES001-0002')).toBe(boston);
  });

  it('refuses a review by the person who asked (four eyes), even when they staff both sites', async () => {
    await sql`insert into site_assignments (user_id, site_id) values (${piId}, ${boston})`.execute(t.db);
    const r = await ask('pi.demo', 'DEMO-US001-0003', { toSiteId: madrid, reason: 'Moving to Spain' });
    expect(r.status).toBe(200);
    expect(r.json.mayReview).toBe(false);
    const own = await review('pi.demo', r.json.id, { status: 'APPROVED', reviewReason: 'I approve my own' });
    expect(own.status).toBe(403);
    expect(own.json.message).toBe('You asked for this transfer: someone else at the receiving site must review it.');
    expect(await siteOf('DEMO-US001-0003')).toBe(boston);
  });

  it('moves the participant on approval: the old site no longer sees them, the new one does; audited', async () => {
    const id = await toMadrid();
    const code = 'DEMO-US001-0003';
    const pid = await participant(code);
    const versionBefore = (
      await t.db.selectFrom('participants').select('version_id').where('id', '=', pid).executeTakeFirstOrThrow()
    ).version_id;
    const before = await call(t.app, getParticipant, {
      params: { studyId: demo, participantId: pid },
      token: tokens['pi.demo'],
    });
    expect(before.status).toBe(403);
    const listed = await list('pi.demo');
    expect(listed.json.items).toEqual([expect.objectContaining({ id, mayReview: true, mayCancel: false })]);
    const r = await review('pi.demo', id, { status: 'APPROVED', reviewReason: 'Madrid has room' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      status: 'APPROVED',
      reviewedBy: 'Priya Investigator',
      reviewReason: 'Madrid has room',
      mayReview: false,
      mayCancel: false,
    });
    expect(r.json.reviewedAt).toEqual(expect.any(String));
    const after = await t.db
      .selectFrom('participants')
      .select(['site_id', 'version_id'])
      .where('id', '=', pid)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ site_id: madrid, version_id: versionBefore });
    const crc = await call(t.app, getParticipant, {
      params: { studyId: demo, participantId: pid },
      token: tokens['crc.demo'],
    });
    expect(crc.status).toBe(403);
    const pi = await call(t.app, getParticipant, {
      params: { studyId: demo, participantId: pid },
      token: tokens['pi.demo'],
    });
    expect(pi.status).toBe(200);
    expect(pi.json.siteCode).toBe('ES-001');
    expect(await auditOf('participant.transfer.review', pid)).toEqual([
      {
        before: { transferId: id, status: 'PENDING', siteId: boston },
        after: { transferId: id, status: 'APPROVED', siteId: madrid },
        reason: 'Madrid has room',
      },
    ]);
    // the old site still sees the transfer itself (it was theirs), not the participant
    const history = await list('crc.demo', { status: 'APPROVED' });
    expect(
      history.json.items.map((x: { id: string; participant: { visible: boolean } }) => [x.id, x.participant.visible]),
    ).toEqual([[id, false]]);
    expect((await list('pi.demo', { status: 'APPROVED' })).json.items[0].participant.visible).toBe(true);
  });

  it('leaves the participant where they are on refusal; a second review of the same request is refused', async () => {
    const id = await toMadrid();
    const r = await review('pi.demo', id, { status: 'REFUSED', reviewReason: 'No capacity this quarter' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'REFUSED', reviewReason: 'No capacity this quarter' });
    expect(await siteOf('DEMO-US001-0003')).toBe(boston);
    const pid = await participant('DEMO-US001-0003');
    expect(await auditOf('participant.transfer.review', pid)).toEqual([
      {
        before: { transferId: id, status: 'PENDING' },
        after: { transferId: id, status: 'REFUSED' },
        reason: 'No capacity this quarter',
      },
    ]);
    const again = await review('pi.demo', id, { status: 'APPROVED', reviewReason: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(
      'This transfer was reviewed or cancelled meanwhile. Reload to see where it stands.',
    );
    expect(await siteOf('DEMO-US001-0003')).toBe(boston);
    // a refused request no longer blocks a new one
    expect((await ask('crc.demo', 'DEMO-US001-0003', { toSiteId: madrid, reason: 'Asking again' })).status).toBe(200);
  });

  it('refuses a review once the participant is no longer at the site the request was made from', async () => {
    const id = await toMadrid();
    await sql`update participants set site_id = ${madrid} where participant_code = 'DEMO-US001-0003'`.execute(t.db);
    const r = await review('pi.demo', id, { status: 'APPROVED', reviewReason: 'Madrid has room' });
    expect(r.status).toBe(409);
    expect(r.json.message).toMatch(/^The participant is no longer at .*, where this transfer was asked from\./);
    const stored = await t.db
      .selectFrom('site_transfers')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('PENDING');
  });

  it('refuses to move a participant who left the study meanwhile, and asks a review reason', async () => {
    const id = await toMadrid();
    const noReason = await review('pi.demo', id, { status: 'APPROVED', reviewReason: '' });
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.json.fieldErrors)).toEqual(['reviewReason']);
    await sql`update participants set status = 'DISCONTINUED' where participant_code = 'DEMO-US001-0003'`.execute(t.db);
    const r = await review('pi.demo', id, { status: 'APPROVED', reviewReason: 'Madrid has room' });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('This participant has left the study and cannot be transferred.');
    expect(await siteOf('DEMO-US001-0003')).toBe(boston);
  });
});

describe('cancelling a site transfer', () => {
  it('lets who asked cancel it with a reason, audited; a new request can then be made', async () => {
    const id = await toMadrid();
    const r = await cancel('crc.demo', id, 'Participant changed plans');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      status: 'CANCELLED',
      reviewedBy: 'Carlos Coordinator',
      reviewReason: 'Participant changed plans',
      mayCancel: false,
    });
    const pid = await participant('DEMO-US001-0003');
    expect(await auditOf('participant.transfer.cancel', pid)).toEqual([
      {
        before: { transferId: id, status: 'PENDING' },
        after: { transferId: id, status: 'CANCELLED' },
        reason: 'Participant changed plans',
      },
    ]);
    expect((await cancel('crc.demo', id, 'Cancel twice')).status).toBe(409);
    expect((await ask('crc.demo', 'DEMO-US001-0003', { toSiteId: madrid, reason: 'New plan' })).status).toBe(200);
  });

  it('refuses someone who neither asked for it nor manages the participant, and a read-only monitor', async () => {
    const id = await toMadrid();
    const receiver = await cancel('pi.demo', id, 'Not ours to cancel');
    expect(receiver.status).toBe(403);
    expect(receiver.json.message).toMatch(/^Only the person who asked for this transfer/);
    expect((await cancel('cra.demo', id, 'Monitor cancels')).status).toBe(403);
  });
});

describe('the transfer lists (E-116, E-117, E-022)', () => {
  it('lists waiting transfers by default, from or to a site the caller sees, with what each may do', async () => {
    const waiting = await toMadrid();
    const refused = await toMadrid('DEMO-US001-0002');
    await review('pi.demo', refused, { status: 'REFUSED', reviewReason: 'No capacity' });
    const crc = await list('crc.demo');
    expect(crc.status).toBe(200);
    expect(crc.json).toMatchObject({ total: 1, page: 1, pageSize: 25, identify: true });
    expect(crc.json.items).toEqual([
      expect.objectContaining({
        id: waiting,
        participant: expect.objectContaining({ participantId: 'DEMO-US001-0003', name: 'Sam Patel' }),
        fromSite: expect.objectContaining({ siteCode: 'US-001' }),
        toSite: expect.objectContaining({ siteCode: 'ES-001' }),
        requestedBy: 'Carlos Coordinator',
        mayReview: false,
        mayCancel: true,
      }),
    ]);
    const pi = await list('pi.demo');
    expect(pi.json.items.map((x: { mayReview: boolean; mayCancel: boolean }) => [x.mayReview, x.mayCancel])).toEqual([
      [true, false],
    ]);
    const monitor = await list('cra.demo');
    expect(monitor.json.items.map((x: { mayReview: boolean }) => x.mayReview)).toEqual([false]);
    const byStatus = await list('crc.demo', { status: 'REFUSED' });
    expect(byStatus.json.items.map((x: { id: string }) => x.id)).toEqual([refused]);
    const all = await list('crc.demo', { status: 'ALL' });
    expect(all.json.items.map((x: { id: string }) => x.id)).toEqual([refused, waiting]);
    expect(all.json.total).toBe(2);
    // a role that may not identify participants gets no names
    const admin = await list('studyadmin');
    expect(admin.json.identify).toBe(false);
    expect(admin.json.items[0].participant.name).toBeNull();
    const bad = await list('crc.demo', { status: 'SOMETIMES' });
    expect(bad.status).toBe(400);
  });

  it('hides the transfers between sites the caller does not see', async () => {
    // a Madrid → Boston request seen by a Madrid-only investigator; not by a caller at neither site
    const r = await ask('pi.demo', 'DEMO-ES001-0001', { toSiteId: boston, reason: 'Closer to family' });
    expect(r.status).toBe(200);
    await sql`delete from site_assignments where user_id = ${piId}`.execute(t.db);
    expect((await list('pi.demo', { status: 'ALL' })).json.items).toEqual([]);
    const one = await call(t.app, getSiteTransfer, {
      params: { studyId: demo, transferId: r.json.id },
      token: tokens['pi.demo'],
    });
    expect(one.status).toBe(403);
    const crc = await call(t.app, getSiteTransfer, {
      params: { studyId: demo, transferId: r.json.id },
      token: tokens['crc.demo'],
    });
    expect(crc.status).toBe(200);
    expect(crc.json).toMatchObject({ id: r.json.id, status: 'PENDING', mayReview: true, mayCancel: false });
  });

  it('lists one participant’s transfers, newest first, for who sees the participant', async () => {
    const first = await toMadrid();
    await cancel('crc.demo', first, 'Wrong site chosen');
    const second = await toMadrid();
    const pid = await participant('DEMO-US001-0003');
    const r = await call(t.app, listParticipantSiteTransfers, {
      params: { studyId: demo, participantId: pid },
      token: tokens['cra.demo'],
    });
    expect(r.status).toBe(200);
    expect(r.json.items.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([
      [second, 'PENDING'],
      [first, 'CANCELLED'],
    ]);
    const pi = await call(t.app, listParticipantSiteTransfers, {
      params: { studyId: demo, participantId: pid },
      token: tokens['pi.demo'],
    });
    expect(pi.status).toBe(403);
  });
});

describe('the simple participant list (E-119)', () => {
  const simple = (user: string, search?: string) =>
    call(t.app, listSimpleParticipants, {
      params: { studyId: demo },
      query: search === undefined ? {} : { search },
      token: tokens[user],
    });

  it('answers the visible participants whose id starts with the search, with names for who may identify', async () => {
    const r = await simple('crc.demo', 'demo-us');
    expect(r.status).toBe(200);
    expect(r.json.items).toEqual([
      { id: expect.any(String), participantId: 'DEMO-US001-0001', name: 'Alex Morgan' },
      { id: expect.any(String), participantId: 'DEMO-US001-0002', name: 'Jordan Lee' },
      { id: expect.any(String), participantId: 'DEMO-US001-0003', name: 'Sam Patel' },
    ]);
    // Madrid's participants are not the coordinator's
    expect((await simple('crc.demo', 'DEMO-ES')).json.items).toEqual([]);
    // a wildcard typed is a letter
    expect((await simple('crc.demo', '%')).json.items).toEqual([]);
    const noIdentity = await simple('studyadmin', 'DEMO-');
    expect(
      noIdentity.json.items.map((p: { participantId: string; name: string | null }) => [p.participantId, p.name]),
    ).toEqual([
      ['DEMO-ES001-0001', null],
      ['DEMO-ES001-0002', null],
      ['DEMO-US001-0001', null],
      ['DEMO-US001-0002', null],
      ['DEMO-US001-0003', null],
    ]);
  });

  it('answers at most 50', async () => {
    await sql`insert into participants (study_id, site_id, participant_code, updated_at)
      select ${demo}, ${boston}, 'BULK-' || lpad(n::text, 3, '0'), now() from generate_series(1, 60) n`.execute(t.db);
    const r = await simple('crc.demo', 'bulk');
    expect(r.json.items).toHaveLength(50);
    expect(r.json.items[0].participantId).toBe('BULK-001');
    expect((await simple('crc.demo')).json.items).toHaveLength(50);
  });
});

describe('two people at once (a database of its own, with the real pool)', () => {
  let own: TestApp;
  const ownTokens: Record<string, string> = {};
  beforeAll(async () => {
    own = await createIsolatedTestApp();
    const pi = await idOf(own.db, 'users', { username: 'pi.demo' });
    const cra = await idOf(own.db, 'users', { username: 'cra.demo' });
    // two reviewers at Madrid who may manage participants there
    await sql`insert into site_assignments (user_id, site_id) values (${pi}, ${madrid})`.execute(own.db);
    await sql`update study_assignments set role = 'StudyCoordinator', read_only = false
      where user_id = ${cra} and study_id = ${demo}`.execute(own.db);
    for (const u of ['crc.demo', 'cra.demo', 'pi.demo']) ownTokens[u] = (await staffAccess(own, u)).accessToken;
  });
  afterAll(() => own?.close());

  it('two requests for one participant: one is kept, the other refused', async () => {
    const pid = await idOf(own.db, 'participants', { participant_code: 'DEMO-US001-0002' });
    const asks = await Promise.all(
      ['Moving to Spain', 'Moving to Madrid'].map((reason) =>
        call(own.app, requestSiteTransfer, {
          params: { studyId: demo, participantId: pid },
          body: { toSiteId: madrid, reason },
          token: ownTokens['crc.demo'],
        }),
      ),
    );
    expect(asks.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('an approval and a refusal of one request at once: one wins, the other is refused, nothing half done', async () => {
    const pid = await idOf(own.db, 'participants', { participant_code: 'DEMO-US001-0001' });
    const asked = await call(own.app, requestSiteTransfer, {
      params: { studyId: demo, participantId: pid },
      body: { toSiteId: madrid, reason: 'Moving to Spain' },
      token: ownTokens['crc.demo'],
    });
    expect(asked.status).toBe(200);
    const reviews = await Promise.all(
      [
        ['pi.demo', 'APPROVED'],
        ['cra.demo', 'REFUSED'],
      ].map(([user, status]) =>
        call(own.app, reviewSiteTransfer, {
          params: { studyId: demo, transferId: asked.json.id },
          body: { status, reviewReason: `${status} by ${user}` },
          token: ownTokens[user!],
        }),
      ),
    );
    expect(reviews.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = reviews.find((r) => r.status === 200)!.json.status;
    const site = await own.db
      .selectFrom('participants')
      .select('site_id')
      .where('id', '=', pid)
      .executeTakeFirstOrThrow();
    expect(site.site_id).toBe(winner === 'APPROVED' ? madrid : boston);
    const audits = await own.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'participant.transfer.review')
      .where('entity_id', '=', pid)
      .execute();
    expect(audits).toHaveLength(1);
  });
});
