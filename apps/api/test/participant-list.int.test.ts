/**
 * The participant list and labels (issue 12; E-004, E-005, E-025…E-030, E-051…E-055, E-064, E-067…E-069, E-087,
 * E-088; decision E-participant-list): only the participants the caller may see, in the page's data space;
 * identity only for a caller who may identify participants; search, filters, sort and pages by the server.
 */
import {
  createParticipantLabel,
  deleteParticipantLabel,
  getParticipantListOptions,
  listParticipantLabels,
  listParticipants,
  setParticipantLabels,
  updateParticipantLabel,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  for (const u of ['admin', 'studyadmin', 'crc.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const list = (user: string, query: Record<string, string | number> = {}, headers?: Record<string, string>) =>
  call(t.app, listParticipants, { params: { studyId: demo }, query, token: tokens[user], headers });
const codes = (r: { json: { items: { participantId: string }[] } }) => r.json.items.map((p) => p.participantId);
const participant = (code: string) => idOf(t.db, 'participants', { participant_code: code });

/** `n` more participants at the Boston site, numbered from 100, with a name, e-mail and status each. */
async function addBostonParticipants(n: number, status = 'ACTIVE') {
  const site = await idOf(t.db, 'sites', { site_code: 'US-001' });
  await t.db
    .insertInto('participants')
    .values(
      Array.from({ length: n }, (_, i) => ({
        study_id: demo,
        site_id: site,
        participant_code: `DEMO-US001-${String(100 + i).padStart(4, '0')}`,
        first_name: `First${i}`,
        last_name: `Last${String(i).padStart(2, '0')}`,
        email: `p${i}@list.example`,
        status,
        source: 'MANUAL' as const,
      })),
    )
    .execute();
}

describe('the participant list', () => {
  it('a site coordinator sees the live participants of their site, with who they are', async () => {
    const r = await list('crc.demo');
    expect(r.status).toBe(200);
    expect(codes(r)).toEqual(['DEMO-US001-0001', 'DEMO-US001-0002', 'DEMO-US001-0003']);
    expect(r.json).toMatchObject({ total: 3, page: 1, pageSize: 25, identify: true });
    expect(r.json.items[0]).toMatchObject({
      participantName: 'Alex Morgan',
      email: 'participant.demo@trialpath.example',
      siteCode: 'US-001',
      status: 'ACTIVE',
      source: 'WEB',
      consentStatus: 'NOT_SIGNED',
      labels: [],
    });
    expect(r.json.items[2]).toMatchObject({ status: 'NOTINVITED', source: 'MANUAL' });
  });

  it('a monitor on both sites sees every live participant, but nobody’s name or e-mail', async () => {
    const r = await list('cra.demo');
    expect(codes(r)).toEqual([
      'DEMO-ES001-0001',
      'DEMO-ES001-0002',
      'DEMO-US001-0001',
      'DEMO-US001-0002',
      'DEMO-US001-0003',
    ]);
    expect(r.json.identify).toBe(false);
    for (const p of r.json.items)
      expect(p).toMatchObject({ participantName: null, firstName: null, lastName: null, email: null });
    // nor can they find or order participants by who they are
    expect((await list('cra.demo', { search: 'alex' })).json.total).toBe(0);
    expect((await list('cra.demo', { search: 'participant.demo' })).json.total).toBe(0);
    const sorted = await list('cra.demo', { sortValue: 'name' });
    expect(sorted.status).toBe(400);
    expect(sorted.json.message).toBe(
      "You cannot sort by a participant's name or e-mail address: your role does not show who participants are.",
    );
  });

  it('a participant whose source nobody set came in through the web (E-027)', async () => {
    await t.db
      .insertInto('participants')
      .values({
        study_id: demo,
        site_id: await idOf(t.db, 'sites', { site_code: 'US-001' }),
        participant_code: 'DEMO-US001-0999',
        updated_at: new Date(),
      })
      .execute();
    expect((await list('crc.demo', { search: 'DEMO-US001-0999' })).json.items[0].source).toBe('WEB');
  });

  it('the test data space lists its own participants only', async () => {
    expect(codes(await list('crc.demo', {}, { env: 'test' }))).toEqual(['TEST-US001-0001']);
  });

  it('a data access type narrows the sites, as for one record', async () => {
    await sql`update users set data_access_type = 'CLINIC' where username = 'cra.demo'`.execute(t.db);
    expect(codes(await list('cra.demo'))).toEqual(['DEMO-US001-0001', 'DEMO-US001-0002', 'DEMO-US001-0003']);
  });

  it('a role without the participants right is refused, and so is a study the caller is not on', async () => {
    const admin = await list('admin');
    expect(admin.status).toBe(403);
    const other = await call(t.app, listParticipants, {
      params: { studyId: await idOf(t.db, 'studies', { code: 'SLEEP' }) },
      token: tokens['crc.demo'],
    });
    expect(other.status).toBe(403);
  });

  it('searches the start of the id, e-mail, first or last name, whatever the case; wildcards are plain text', async () => {
    expect(codes(await list('crc.demo', { search: 'demo-us001-000' }))).toHaveLength(3);
    expect(codes(await list('crc.demo', { search: 'MORG' }))).toEqual(['DEMO-US001-0001']);
    expect(codes(await list('crc.demo', { search: 'participant.us2@' }))).toEqual(['DEMO-US001-0002']);
    expect(codes(await list('crc.demo', { search: 'jordan le' }))).toEqual(['DEMO-US001-0002']);
    expect(codes(await list('crc.demo', { search: 'lee jor' }))).toEqual(['DEMO-US001-0002']);
    expect(codes(await list('crc.demo', { search: 'organ' }))).toEqual([]);
    expect(codes(await list('crc.demo', { search: '%' }))).toEqual([]);
    expect(codes(await list('crc.demo', { search: 'DEMO_US' }))).toEqual([]);
  });

  it('filters by the sites’ countries, and lists who may move to another version (E-070, E-071)', async () => {
    expect(codes(await list('cra.demo', { countryIds: 'es' })).every((c) => c.startsWith('DEMO-ES001'))).toBe(true);
    expect(codes(await list('cra.demo', { countryIds: 'FR' }))).toEqual([]);
    const alex = await participant('DEMO-US001-0001');
    const jordan = await participant('DEMO-US001-0002');
    const [version] = (
      await sql<{ id: string }>`select id from study_versions where study_id = ${demo} and status = 'PUBLISHED'
        order by number desc limit 1`.execute(t.db)
    ).rows;
    await sql`update participants set version_id = ${version!.id} where id = ${alex}`.execute(t.db);
    await sql`update participants set status = 'WITHDRAWSTUDY' where id = ${jordan}`.execute(t.db);
    const movable = codes(await list('crc.demo', { isForMigrationList: 'true', excludeVersionId: version!.id }));
    expect(movable).not.toContain('DEMO-US001-0001'); // already on it
    expect(movable).not.toContain('DEMO-US001-0002'); // left the study
    expect(movable.length).toBeGreaterThan(0);
    const onIt = codes(await list('crc.demo', { currentAssignedVersionIds: version!.id }));
    expect(onIt).toContain('DEMO-US001-0001');
  });

  it('filters by status, source, site, consent, withdrawn or failed, and who can be called by video (E-069, E-070)', async () => {
    expect(codes(await list('cra.demo', { filter: 'INVITED,NOTINVITED' }))).toEqual([
      'DEMO-ES001-0002',
      'DEMO-US001-0003',
    ]);
    expect(codes(await list('cra.demo', { sourcefilter: 'WEB' }))).toEqual([
      'DEMO-ES001-0001',
      'DEMO-US001-0001',
      'DEMO-US001-0002',
    ]);
    const madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
    expect(codes(await list('cra.demo', { siteIds: madrid }))).toEqual(['DEMO-ES001-0001', 'DEMO-ES001-0002']);
    // a coordinator of Boston asking for Madrid gets nobody (the filter never widens what they may see)
    expect(codes(await list('crc.demo', { siteIds: madrid }))).toEqual([]);
    await sql`update participants set status = 'WITHDRAWSTUDY' where participant_code = 'DEMO-US001-0002'`.execute(
      t.db,
    );
    expect(codes(await list('cra.demo', { withdrawnOrFailedFilter: 'true' }))).toEqual(['DEMO-US001-0002']);
    expect(codes(await list('cra.demo', { withdrawnOrFailedFilter: 'true', filter: 'ACTIVE' }))).toEqual([]);
    // who can be called by video (E-070): a verified portal account, still in the study
    const reachable = codes(await list('cra.demo', { isTelehealthSearch: 'true' }));
    const statuses = await t.db.selectFrom('participants').select(['participant_code', 'status']).execute();
    const expected = statuses
      .filter((p) =>
        ['VERIFIED', 'PRESCREENED', 'SCREENING', 'SCREENPASSED', 'ACTIVE', 'ACTIVEWMODIFICATION'].includes(p.status),
      )
      .map((p) => p.participant_code);
    expect(reachable.length).toBeGreaterThan(0);
    expect(reachable).not.toContain('DEMO-US001-0002'); // withdrawn
    expect(reachable).not.toContain('DEMO-US001-0003'); // never registered
    expect(reachable.every((c) => expected.includes(c))).toBe(true);
    expect(codes(await list('cra.demo', { isTelehealthSearch: 'true', filter: 'INVITED' }))).toEqual([]);
    expect(codes(await list('cra.demo', { consentStatus: 'SIGNED' }))).toEqual([]);
    expect(codes(await list('cra.demo', { consentStatus: 'NOT_SIGNED' }))).toHaveLength(5);
  });

  it('sorts by any column either way, and pages of 10 to 100 with the total', async () => {
    await addBostonParticipants(30);
    const byName = await list('crc.demo', { sortValue: 'name', sortOrder: 'desc', pageSize: 10 });
    expect(byName.json.total).toBe(33);
    expect(byName.json.items.map((p: { lastName: string }) => p.lastName).slice(0, 3)).toEqual([
      'Patel',
      'Morgan',
      'Lee',
    ]);
    const page2 = await list('crc.demo', { pageSize: 10, pageNum: 2 });
    expect(codes(page2)[0]).toBe('DEMO-US001-0107');
    const last = await list('crc.demo', { pageSize: 10, pageNum: 4 });
    expect(codes(last)).toEqual(['DEMO-US001-0127', 'DEMO-US001-0128', 'DEMO-US001-0129']);
    const bySource = await list('crc.demo', { sortValue: 'source', sortOrder: 'desc', pageSize: 10 });
    expect(bySource.json.items[0].source).toBe('WEB');
    for (const sortValue of ['email', 'site', 'status', 'version', 'registrationDate', 'createdAt'])
      expect((await list('crc.demo', { sortValue })).status).toBe(200);
  });

  it('the totals kept by the database equal a count of the rows, through inserts, changes, deletions and signatures', async () => {
    // a search that every code matches makes the list count the rows instead of summing the kept totals
    const both = async (query: Record<string, string>) => {
      const [kept, counted] = await Promise.all([
        list('cra.demo', query),
        list('cra.demo', { ...query, search: 'DEMO-' }),
      ]);
      return [kept.json.total, counted.json.total];
    };
    const agree = async () => {
      const queries: Record<string, string>[] = [
        {},
        { filter: 'ACTIVE' },
        { sourcefilter: 'MANUAL' },
        { consentStatus: 'SIGNED' },
        { consentStatus: 'NOT_SIGNED', filter: 'ACTIVE,WITHDRAWSTUDY' },
      ];
      for (const query of queries) {
        const [kept, counted] = await both(query);
        expect(kept, JSON.stringify(query)).toBe(counted);
      }
    };
    await agree();
    await addBostonParticipants(12, 'INVITED');
    expect(await both({ filter: 'INVITED' })).toEqual([13, 13]);
    await sql`update participants set status = 'ACTIVE', source = 'WEB' where participant_code like 'DEMO-US001-01%' and participant_code < 'DEMO-US001-0105'`.execute(
      t.db,
    );
    await agree();
    await sql`update participants set language = 'es'`.execute(t.db);
    await sql`delete from participants where participant_code = 'DEMO-US001-0111'`.execute(t.db);
    await agree();
    // a signed consent, then its removal, move the participant between the consent totals
    const alex = await participant('DEMO-US001-0001');
    const version = await t.db
      .selectFrom('study_versions')
      .select('id')
      .where('study_id', '=', demo)
      .executeTakeFirstOrThrow();
    await sql`insert into consent_signatures (participant_id, study_id, version_id, environment, consent_id, content_hash,
      request_id, local_offset, participant_name, meaning, language)
      values (${alex}, ${demo}, ${version.id}, 'LIVE', 'main', 'h', gen_random_uuid(), '+00:00', 'Alex', 'I agree', 'en')`.execute(
      t.db,
    );
    expect(await both({ consentStatus: 'SIGNED' })).toEqual([1, 1]);
    expect(codes(await list('cra.demo', { consentStatus: 'SIGNED' }))).toEqual(['DEMO-US001-0001']);
    await sql`delete from consent_signatures where participant_id = ${alex}`.execute(t.db);
    expect(await both({ consentStatus: 'SIGNED' })).toEqual([0, 0]);
    await agree();
  });

  it('refuses a page size outside 10–100, an unknown sort or status, with the field named', async () => {
    const bad: Record<string, string | number>[] = [
      { pageSize: 5 },
      { pageSize: 101 },
      { sortValue: 'password' },
      { filter: 'ACTIVE,GONE' },
    ];
    for (const query of bad) {
      const r = await list('crc.demo', query);
      expect(r.status).toBe(400);
      expect(Object.keys(r.json.fieldErrors)).toEqual([
        Object.keys(query)[0] === 'filter' ? 'filter.1' : Object.keys(query)[0],
      ]);
    }
  });
});

describe('the list’s filter choices', () => {
  it('offer the sites the caller may see, the published versions and the labels, and say what the caller may do', async () => {
    const crc = await call(t.app, getParticipantListOptions, { params: { studyId: demo }, token: tokens['crc.demo'] });
    expect(crc.json.sites.map((s: { siteCode: string }) => s.siteCode)).toEqual(['US-001']);
    expect(crc.json).toMatchObject({ identify: true, manage: true, labels: [] });
    for (const v of crc.json.versions)
      expect(v).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        number: expect.any(Number),
        status: expect.stringMatching(/^(PUBLISHED|ARCHIVED)$/),
      });
    const cra = await call(t.app, getParticipantListOptions, { params: { studyId: demo }, token: tokens['cra.demo'] });
    expect(cra.json.sites.map((s: { siteCode: string }) => s.siteCode).sort()).toEqual(['ES-001', 'US-001']);
    expect(cra.json).toMatchObject({ identify: false, manage: false });
  });
});

describe('participant labels', () => {
  const label = (user: string, body: { name: string; color?: string }) =>
    call(t.app, createParticipantLabel, { params: { studyId: demo }, body, token: tokens[user] });

  it('are created, attached, counted, filtered by, renamed and deleted, each write audited', async () => {
    const vip = await label('crc.demo', { name: 'Needs call', color: 'orange' });
    expect(vip.status).toBe(200);
    const dup = await label('crc.demo', { name: 'needs CALL' });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe('This study already has a label named needs CALL.');
    const other = (await label('crc.demo', { name: 'Spanish' })).json;

    const alex = await participant('DEMO-US001-0001');
    const set = await call(t.app, setParticipantLabels, {
      params: { studyId: demo, participantId: alex },
      body: { labelIds: [vip.json.id, other.id] },
      token: tokens['crc.demo'],
    });
    expect(set.json.labels.map((l: { name: string }) => l.name)).toEqual(['Needs call', 'Spanish']);
    expect(codes(await list('crc.demo', { customKey: vip.json.id }))).toEqual(['DEMO-US001-0001']);
    expect((await list('crc.demo')).json.items[0].labels).toHaveLength(2);

    const counts = await call(t.app, listParticipantLabels, { params: { studyId: demo }, token: tokens['crc.demo'] });
    expect(counts.json.items).toEqual([
      { id: vip.json.id, name: 'Needs call', color: 'orange', participants: 1 },
      { id: other.id, name: 'Spanish', color: 'blue', participants: 1 },
    ]);

    const renamed = await call(t.app, updateParticipantLabel, {
      params: { studyId: demo, labelId: vip.json.id },
      body: { name: 'Call back', color: 'red' },
      token: tokens['crc.demo'],
    });
    expect(renamed.json).toEqual({ id: vip.json.id, name: 'Call back', color: 'red' });

    const gone = await call(t.app, deleteParticipantLabel, {
      params: { studyId: demo, labelId: vip.json.id },
      query: { participants: 1 },
      token: tokens['crc.demo'],
    });
    expect(gone.json).toEqual({ deleted: true, detached: 1 });
    expect((await list('crc.demo')).json.items[0].labels.map((l: { name: string }) => l.name)).toEqual(['Spanish']);
    expect(await auditActions(t.db, alex)).toEqual(
      expect.arrayContaining(['participant.labels.set', 'participant.labels.set']),
    );
    expect(await auditActions(t.db, vip.json.id)).toEqual([
      'participant.label.create',
      'participant.label.update',
      'participant.label.delete',
    ]);
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', alex)
      .where('action', '=', 'participant.labels.set')
      .orderBy('id')
      .execute();
    expect(trail.map((e) => [e.before, e.after])).toEqual([
      [{ labels: [] }, { labels: ['Needs call', 'Spanish'] }],
      [{ labels: ['Call back'] }, { labels: [] }],
    ]);
  });

  it('a label cannot go on a participant the caller may not see, nor an unknown label on anyone', async () => {
    const l = (await label('crc.demo', { name: 'Site 2' })).json;
    const madrid = await participant('DEMO-ES001-0001');
    const r = await call(t.app, setParticipantLabels, {
      params: { studyId: demo, participantId: madrid },
      body: { labelIds: [l.id] },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(403);
    const unknown = await call(t.app, setParticipantLabels, {
      params: { studyId: demo, participantId: await participant('DEMO-US001-0001') },
      body: { labelIds: [crypto.randomUUID()] },
      token: tokens['crc.demo'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('This label does not exist in the study any more. Reload the page.');
  });

  it('are deleted only with the number of participants confirmed, all of whom the person sees (E-062, E-063)', async () => {
    const l = (await label('crc.demo', { name: 'Both sites' })).json;
    const remove = (participants: number) =>
      call(t.app, deleteParticipantLabel, {
        params: { studyId: demo, labelId: l.id },
        query: { participants },
        token: tokens['crc.demo'],
      });
    await call(t.app, setParticipantLabels, {
      params: { studyId: demo, participantId: await participant('DEMO-US001-0001') },
      body: { labelIds: [l.id] },
      token: tokens['crc.demo'],
    });
    const stale = await remove(0);
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe('This label is now on 1 participants. Check, then delete it again.');
    // someone who sees Madrid put it on a participant there
    await t.db
      .insertInto('participant_label_links')
      .values({ label_id: l.id, participant_id: await participant('DEMO-ES001-0001') })
      .execute();
    const hidden = await remove(1);
    expect(hidden.status).toBe(409);
    expect(hidden.json.message).toBe(
      'This label is also on 1 participants you cannot see (at other sites or in the other data space). Only someone who sees them all can delete it.',
    );
    expect(
      await t.db.selectFrom('participant_label_links').select('participant_id').where('label_id', '=', l.id).execute(),
    ).toHaveLength(2);
  });

  it('a monitor reads labels but cannot make or attach them', async () => {
    expect((await label('cra.demo', { name: 'Monitor' })).status).toBe(403);
    const r = await call(t.app, listParticipantLabels, { params: { studyId: demo }, token: tokens['cra.demo'] });
    expect(r.status).toBe(200);
  });
});
