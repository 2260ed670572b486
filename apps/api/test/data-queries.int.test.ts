/**
 * Data queries (E-144…E-146; decision E-queries): opened by a monitor on one answer — a participant's submitted
 * response or a site form entry — answered by site staff, closed or reopened by the monitor side, with the status
 * changed by a PUT carrying `status`; refused transitions and permissions with their messages; who sees a query
 * (sites, data space, blinding); the counts per status; two changes at once.
 */
import {
  addDataQueryMessage,
  assignDataQuery,
  getDataQuery,
  listParticipantQueries,
  listStudyQueries,
  listTargetQueries,
  openDataQuery,
  updateDataQueryStatus,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addResponse, addSiteFormEntry, buildQueryWorld, type QueryWorld } from './data-queries-world';
import { auditActions, call, createIsolatedTestApp, createTestApp, idOf, staffAccess } from './helpers';

let w: QueryWorld;
beforeAll(async () => {
  w = await buildQueryWorld(await createTestApp());
});
afterAll(() => w?.t.close());

const ANSWERS = { mood: { optionId: 'bad' }, weight: { answer: '250' }, kit: { answer: 'KIT-7' } };

type Target = { targetKind: 'response' | 'siteForm'; targetId: string };
const open = (user: string, target: Target, item: string, text: string, headers?: Record<string, string>) =>
  call(w.t.app, openDataQuery, {
    params: { studyId: w.demo },
    body: { ...target, item, text },
    token: w.tokens[user],
    headers,
  });
const put = (user: string, queryId: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(w.t.app, updateDataQueryStatus, { params: { studyId: w.demo, queryId }, body, token: w.tokens[user], headers });
const get = (user: string, queryId: string, headers?: Record<string, string>) =>
  call(w.t.app, getDataQuery, { params: { studyId: w.demo, queryId }, token: w.tokens[user], headers });
const list = (user: string, query: Record<string, string | number> = {}, headers?: Record<string, string>) =>
  call(w.t.app, listStudyQueries, { params: { studyId: w.demo }, query, token: w.tokens[user], headers });
const ofTarget = (user: string, target: Target) =>
  call(w.t.app, listTargetQueries, { params: { studyId: w.demo, ...target }, token: w.tokens[user] });
/** cra.demo as the unblinded monitor (CraUB) for the rest of the test. */
const unblindCra = () =>
  sql`update study_assignments set role = 'CraUB' where study_id = ${w.demo}
    and user_id = (select id from users where username = 'cra.demo')`.execute(w.t.db);

async function responseTarget(participantId = w.alice): Promise<Target> {
  return { targetKind: 'response', targetId: await addResponse(w, participantId, ANSWERS) };
}

describe('the whole cycle on a participant response (E-144)', () => {
  it('cra raises, crc responds, cra reopens, pi responds, cra closes: each step in the thread, audited', async () => {
    const target = await responseTarget();
    const opened = await open('cra.demo', target, 'weight', '  Weight 250 kg looks wrong: please check the source. ');
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({
      status: 'OPEN',
      ...target,
      item: 'weight',
      itemText: { en: 'Weight (kg)', es: 'Peso (kg)' },
      activity: { id: w.survey.id, title: { en: 'Daily diary', es: 'Diario' } },
      participant: { id: w.alice, participantId: 'DEMO-US001-0001' },
      site: { id: w.boston },
      openedBy: 'Clara Monitor',
      closedBy: null,
      messageCount: 1,
      // the monitor may close it or write a note; a response is the site's
      may: { statuses: ['CLOSED'], comment: true },
    });
    expect(opened.json.messages).toEqual([
      expect.objectContaining({
        kind: 'OPEN',
        text: 'Weight 250 kg looks wrong: please check the source.',
        statusAfter: 'OPEN',
        author: 'Clara Monitor',
      }),
    ]);
    const id = opened.json.id as string;
    const seenBySite = await get('crc.demo', id);
    expect(seenBySite.json.may).toEqual({ statuses: ['RESPONDED'], comment: true });

    const responded = await put('crc.demo', id, { status: 'RESPONDED', expectedStatus: 'OPEN', text: 'Typo: 25 kg' });
    expect(responded.status).toBe(200);
    expect(responded.json).toMatchObject({
      status: 'RESPONDED',
      lastMessage: { kind: 'RESPONSE', text: 'Typo: 25 kg' },
    });
    const reopened = await put('cra.demo', id, {
      status: 'OPEN',
      expectedStatus: 'RESPONDED',
      text: '25 kg is below the range; please confirm',
    });
    expect(reopened.json.status).toBe('OPEN');
    const again = await put('pi.demo', id, { status: 'RESPONDED', expectedStatus: 'OPEN', text: 'Confirmed: 52 kg' });
    expect(again.json.status).toBe('RESPONDED');
    const closed = await put('cra.demo', id, { status: 'CLOSED', expectedStatus: 'RESPONDED' });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({
      status: 'CLOSED',
      closedBy: 'Clara Monitor',
      may: { statuses: ['OPEN'], comment: false },
    });
    expect(
      closed.json.messages.map((m: { kind: string; statusAfter: string; author: string }) => [
        m.kind,
        m.statusAfter,
        m.author,
      ]),
    ).toEqual([
      ['OPEN', 'OPEN', 'Clara Monitor'],
      ['RESPONSE', 'RESPONDED', 'Carlos Coordinator'],
      ['REOPEN', 'OPEN', 'Clara Monitor'],
      ['RESPONSE', 'RESPONDED', 'Priya Investigator'],
      ['CLOSE', 'CLOSED', 'Clara Monitor'],
    ]);
    expect(await auditActions(w.t.db, id)).toEqual([
      'query.open',
      'query.respond',
      'query.reopen',
      'query.respond',
      'query.close',
    ]);
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', id)
      .where('action', '=', 'query.respond')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ before: { status: 'OPEN' }, after: { status: 'RESPONDED', text: 'Typo: 25 kg' } });
  });

  it('a note goes into the thread without changing the status; a closed query takes none', async () => {
    const opened = await open('cra.demo', await responseTarget(), 'mood', 'Was it really bad?');
    const id = opened.json.id;
    const note = await call(w.t.app, addDataQueryMessage, {
      params: { studyId: w.demo, queryId: id },
      body: { text: 'Asking the participant at the next visit' },
      token: w.tokens['crc.demo'],
    });
    expect(note.status).toBe(200);
    expect(note.json).toMatchObject({ status: 'OPEN', messageCount: 2, lastMessage: { kind: 'COMMENT' } });
    await put('cra.demo', id, { status: 'CLOSED', expectedStatus: 'OPEN', text: 'Raised in error' });
    const late = await call(w.t.app, addDataQueryMessage, {
      params: { studyId: w.demo, queryId: id },
      body: { text: 'One more thing' },
      token: w.tokens['crc.demo'],
    });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe('A closed query takes no further messages. Reopen it first.');
  });
});

describe('the whole cycle on a site form entry', () => {
  it('raised on an entered answer, answered and closed; the target lists it for the badges', async () => {
    const target: Target = { targetKind: 'siteForm', targetId: await addSiteFormEntry(w, w.alice, ANSWERS) };
    const opened = await open('cra.demo', target, 'weight', 'Source says 52 kg');
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({
      activity: { id: w.form.id, title: { en: 'Vitals' } },
      item: 'weight',
      // an unscheduled entry is shown under its own id
      targetKey: target.targetId,
    });
    const badges = await ofTarget('crc.demo', target);
    expect(badges.status).toBe(200);
    expect(badges.json).toMatchObject({
      mayRaise: false,
      items: [{ id: opened.json.id, status: 'OPEN', item: 'weight' }],
    });
    expect((await ofTarget('cra.demo', target)).json.mayRaise).toBe(true);
    const responded = await put('crc.demo', opened.json.id, {
      status: 'RESPONDED',
      expectedStatus: 'OPEN',
      text: 'Corrected to 52 kg',
    });
    expect(responded.json.status).toBe('RESPONDED');
    const closed = await put('cra.demo', opened.json.id, {
      status: 'CLOSED',
      expectedStatus: 'RESPONDED',
      text: 'Thanks',
    });
    expect(closed.json.status).toBe('CLOSED');
    const participant = await call(w.t.app, listParticipantQueries, {
      params: { studyId: w.demo, participantId: w.alice },
      token: w.tokens['pi.demo'],
    });
    expect(participant.json.items.map((q: { id: string }) => q.id)).toContain(opened.json.id);
  });

  it('refuses a question the form does not have, a missing entry and an empty text, each on its field', async () => {
    const target: Target = { targetKind: 'siteForm', targetId: await addSiteFormEntry(w, w.alice, ANSWERS) };
    const unknown = await open('cra.demo', target, 'height', 'Where is it?');
    expect(unknown.status).toBe(400);
    expect(unknown.json.fieldErrors).toEqual({ item: ['The form has no question "height".'] });
    const missing = await open('cra.demo', { targetKind: 'siteForm', targetId: w.alice }, 'weight', 'Check');
    expect(missing.status).toBe(404);
    expect(missing.json.fieldErrors).toEqual({ targetId: ['The answer this query is about was not found.'] });
    const empty = await open('cra.demo', target, 'weight', '   ');
    expect(empty.status).toBe(400);
    expect(empty.json.fieldErrors).toEqual({ text: ['Write a message.'] });
  });
});

describe('refused transitions and permissions', () => {
  it('a site role cannot raise or close; a monitor cannot respond; a response needs a text', async () => {
    const target = await responseTarget();
    expect((await open('crc.demo', target, 'weight', 'Self check')).status).toBe(403);
    const id = (await open('cra.demo', target, 'weight', 'Check the weight')).json.id;
    const siteCloses = await put('pi.demo', id, { status: 'CLOSED', expectedStatus: 'OPEN' });
    expect(siteCloses.status).toBe(403);
    expect(siteCloses.json.message).toBe('Only a monitor or data manager who closes queries can close a query.');
    const monitorResponds = await put('cra.demo', id, { status: 'RESPONDED', expectedStatus: 'OPEN', text: 'Fine' });
    expect(monitorResponds.status).toBe(403);
    expect(monitorResponds.json.message).toBe('Only site staff who answer queries can respond to a query.');
    const silent = await put('crc.demo', id, { status: 'RESPONDED', expectedStatus: 'OPEN', text: ' ' });
    expect(silent.status).toBe(400);
    expect(silent.json.fieldErrors).toEqual({ text: ['Write a message.'] });
    const tooLong = await put('crc.demo', id, { status: 'RESPONDED', expectedStatus: 'OPEN', text: 'x'.repeat(2001) });
    expect(tooLong.json.fieldErrors).toEqual({ text: ['The message is too long: at most 2000 characters.'] });
    expect((await get('cra.demo', id)).json).toMatchObject({ status: 'OPEN', messageCount: 1 });
    expect(await auditActions(w.t.db, id)).toEqual(['query.open']);
  });

  it('refuses a change the statuses do not allow, and a stale status with what it is now', async () => {
    const id = (await open('cra.demo', await responseTarget(), 'weight', 'Check the weight')).json.id;
    const nothing = await put('cra.demo', id, { status: 'OPEN', expectedStatus: 'OPEN', text: 'again' });
    expect(nothing.status).toBe(409);
    expect(nothing.json.message).toBe('The query already has this status.');
    await put('cra.demo', id, { status: 'CLOSED', expectedStatus: 'OPEN' });
    const closedToResponded = await put('crc.demo', id, { status: 'RESPONDED', expectedStatus: 'CLOSED', text: 'x' });
    expect(closedToResponded.status).toBe(409);
    expect(closedToResponded.json.message).toBe('The query cannot go to this status from the one it has now.');
    const stale = await put('crc.demo', id, { status: 'RESPONDED', expectedStatus: 'OPEN', text: 'Done' });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe(
      'Someone changed this query meanwhile: it is now CLOSED. Read the thread again and retry.',
    );
  });

  it('one query at a time per answer: a second is refused until the first is closed, and a reopen waits too', async () => {
    const target = await responseTarget();
    const first = (await open('cra.demo', target, 'weight', 'Check the weight')).json.id;
    const second = await open('cra.demo', target, 'weight', 'Check it again');
    expect(second.status).toBe(409);
    expect(second.json.message).toBe('This answer already has a query that is not closed. Add to that query instead.');
    // another answer of the same response takes its own query
    expect((await open('cra.demo', target, 'mood', 'Mood?')).status).toBe(200);
    await put('cra.demo', first, { status: 'CLOSED', expectedStatus: 'OPEN' });
    const next = await open('cra.demo', target, 'weight', 'New point on the weight');
    expect(next.status).toBe(200);
    const reopen = await put('cra.demo', first, { status: 'OPEN', expectedStatus: 'CLOSED', text: 'Back to it' });
    expect(reopen.status).toBe(409);
    expect(reopen.json.message).toBe('Another query on this answer is not closed. Close it before reopening this one.');
  });
});

describe('who sees a query', () => {
  it("another site's staff get 403 and see none of Boston's queries", async () => {
    const id = (await open('cra.demo', await responseTarget(), 'weight', 'Check the weight')).json.id;
    const crc = await idOf(w.t.db, 'users', { username: 'crc.demo' });
    await sql`delete from site_assignments where user_id = ${crc} and site_id = ${w.boston}`.execute(w.t.db);
    await sql`insert into site_assignments (user_id, site_id) values (${crc}, ${w.madrid})`.execute(w.t.db);
    expect((await get('crc.demo', id)).status).toBe(403);
    expect((await put('crc.demo', id, { status: 'RESPONDED', expectedStatus: 'OPEN', text: 'x' })).status).toBe(403);
    const theirs = await list('crc.demo');
    expect(theirs.json.items.map((q: { id: string }) => q.id)).not.toContain(id);
    expect(theirs.json.sites).toEqual([{ id: w.madrid, name: expect.any(String) }]);
  });

  it('TEST and LIVE are apart: a test query lives only in the test data space', async () => {
    const test = { env: 'test' };
    const target: Target = { targetKind: 'response', targetId: await addResponse(w, w.tester, ANSWERS) };
    // the test participant's answer is not found from the live data space
    expect((await open('cra.demo', target, 'weight', 'Check')).status).toBe(404);
    const opened = await open('cra.demo', target, 'weight', 'Check the test weight', test);
    expect(opened.status).toBe(200);
    expect((await get('crc.demo', opened.json.id)).status).toBe(403);
    expect((await get('crc.demo', opened.json.id, test)).status).toBe(200);
    const live = await list('crc.demo');
    expect(live.json.items.map((q: { id: string }) => q.id)).not.toContain(opened.json.id);
    const testList = await list('crc.demo', {}, test);
    expect(testList.json.items.map((q: { id: string }) => q.id)).toEqual([opened.json.id]);
    expect(testList.json.counts).toEqual({ OPEN: 1, RESPONDED: 0, CLOSED: 0 });
  });

  it('blinding (A-117): a blinded monitor cannot raise on an unblinded question; blinded readers never see its queries', async () => {
    const target = await responseTarget();
    const refused = await open('cra.demo', target, 'kit', 'Kit number?');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('This question holds unblinding data: you cannot raise a query on it.');
    await unblindCra();
    const ub = { ...w.tokens };
    w.tokens['cra.demo'] = (await staffAccess(w.t, 'cra.demo')).accessToken;
    try {
      const opened = await open('cra.demo', target, 'kit', 'Kit number does not match the IWRS');
      expect(opened.status).toBe(200);
      const unblindedView = await ofTarget('cra.demo', target);
      expect(unblindedView.json.items.map((q: { item: string }) => q.item)).toEqual(['kit']);
      // the blinded site staff: not in the target's list, the study list, the counts; the query itself is refused
      expect((await ofTarget('crc.demo', target)).json.items).toEqual([]);
      const siteList = await list('crc.demo');
      expect(siteList.json.items.map((q: { id: string }) => q.id)).not.toContain(opened.json.id);
      expect((await get('crc.demo', opened.json.id)).status).toBe(403);
      expect(
        (await put('crc.demo', opened.json.id, { status: 'RESPONDED', expectedStatus: 'OPEN', text: 'x' })).status,
      ).toBe(403);
      expect((await list('cra.demo')).json.counts.OPEN).toBe(siteList.json.counts.OPEN + 1);
    } finally {
      Object.assign(w.tokens, ub);
    }
  });
});

describe('the study list and its counts', () => {
  it('filters by status, site, participant and target kind, sorts and pages; counts per status under the other filters', async () => {
    const before = (await list('cra.demo')).json.counts;
    const a = (await open('cra.demo', await responseTarget(), 'weight', 'One')).json.id;
    const b = (await open('cra.demo', await responseTarget(), 'weight', 'Two')).json.id;
    const formTarget: Target = { targetKind: 'siteForm', targetId: await addSiteFormEntry(w, w.alice, ANSWERS) };
    const c = (await open('cra.demo', formTarget, 'weight', 'Three')).json.id;
    await put('crc.demo', b, { status: 'RESPONDED', expectedStatus: 'OPEN', text: 'Answered' });
    await put('cra.demo', c, { status: 'CLOSED', expectedStatus: 'OPEN' });
    const all = await list('cra.demo', { participantId: w.alice });
    expect(all.status).toBe(200);
    expect(all.json.counts).toEqual({
      OPEN: before.OPEN + 1,
      RESPONDED: before.RESPONDED + 1,
      CLOSED: before.CLOSED + 1,
    });
    const responded = await list('cra.demo', { status: 'RESPONDED', participantId: w.alice });
    expect(responded.json.items.map((q: { id: string }) => q.id)).toEqual([b]);
    expect(responded.json.total).toBe(responded.json.counts.RESPONDED);
    // the counts stay those of every status under the other filters
    expect(responded.json.counts).toEqual(all.json.counts);
    const forms = await list('cra.demo', { targetKind: 'siteForm', participantId: w.alice });
    expect(forms.json.items.map((q: { id: string }) => q.id)).toEqual([c]);
    const madrid = await list('cra.demo', { siteId: w.madrid });
    expect(madrid.json.items).toEqual([]);
    const byStatus = await list('cra.demo', { participantId: w.alice, sort: 'status', order: 'asc' });
    expect(byStatus.json.items.map((q: { status: string }) => q.status)).toEqual(
      [...byStatus.json.items.map((q: { status: string }) => q.status)].sort(),
    );
    expect([a, b, c].every((id) => all.json.items.some((q: { id: string }) => q.id === id))).toBe(true);
    const paged = await list('cra.demo', { participantId: w.alice, pageSize: 10, pageNum: 2 });
    expect(paged.json).toMatchObject({ page: 2, pageSize: 10 });
  });

  it('a reader without responses.view is refused', async () => {
    const admin = await list('admin');
    // the platform admin has no responses.view in the matrix
    expect(admin.status).toBe(403);
  });
});

describe('two people changing one query at once', () => {
  it('a response and a closing from the same status: one wins, the other gets 409, the thread has one of them', async () => {
    const own = await createIsolatedTestApp();
    try {
      const world = await buildQueryWorld(own);
      const response = await addResponse(world, world.alice, ANSWERS);
      const opened = await call(own.app, openDataQuery, {
        params: { studyId: world.demo },
        body: { targetKind: 'response', targetId: response, item: 'weight', text: 'Check' },
        token: world.tokens['cra.demo'],
      });
      expect(opened.status).toBe(200);
      const params = { studyId: world.demo, queryId: opened.json.id };
      const [respond, close] = await Promise.all([
        call(own.app, updateDataQueryStatus, {
          params,
          body: { status: 'RESPONDED', expectedStatus: 'OPEN', text: 'Corrected' },
          token: world.tokens['crc.demo'],
        }),
        call(own.app, updateDataQueryStatus, {
          params,
          body: { status: 'CLOSED', expectedStatus: 'OPEN' },
          token: world.tokens['cra.demo'],
        }),
      ]);
      expect([respond.status, close.status].sort()).toEqual([200, 409]);
      const loser = respond.status === 409 ? respond : close;
      expect(loser.json.message).toMatch(/^Someone changed this query meanwhile: it is now (RESPONDED|CLOSED)\./);
      const after = await call(own.app, getDataQuery, { params, token: world.tokens['cra.demo'] });
      expect(after.json.messageCount).toBe(2);
    } finally {
      await own.close();
    }
  });
});

describe('assigning a query to a role of the site team (decision E-queries, addendum)', () => {
  it('is opened assigned or not, filtered by it, reassigned by the monitor side, audited; refused when closed', async () => {
    const target = await responseTarget();
    const opened = await call(w.t.app, openDataQuery, {
      params: { studyId: w.demo },
      body: { ...target, item: 'weight', text: 'Check the scale log', assignedRole: 'Pi' },
      token: w.tokens['cra.demo'],
    });
    expect(opened.status).toBe(200);
    expect(opened.json.assignedRole).toBe('Pi');
    const id = opened.json.id as string;
    const ids = async (query: Record<string, string>) =>
      (await list('cra.demo', query)).json.items.map((q: { id: string }) => q.id);
    expect(await ids({ assignedRole: 'Pi' })).toEqual([id]);
    expect(await ids({ assignedRole: 'NONE' })).not.toContain(id);
    expect((await list('cra.demo', { assignedRole: 'Cra' })).status).toBe(400);

    const assign = (user: string, assignedRole: string | null) =>
      call(w.t.app, assignDataQuery, {
        params: { studyId: w.demo, queryId: id },
        body: { assignedRole },
        token: w.tokens[user],
      });
    expect((await assign('crc.demo', 'StudyCoordinator')).status).toBe(403);
    const moved = await assign('cra.demo', 'StudyCoordinator');
    expect(moved.json.assignedRole).toBe('StudyCoordinator');
    expect((await assign('cra.demo', null)).json.assignedRole).toBeNull();
    expect(await auditActions(w.t.db, id)).toEqual(['query.open', 'query.assign', 'query.assign']);
    // the same assignment again changes nothing
    expect((await assign('cra.demo', null)).status).toBe(200);
    expect(await auditActions(w.t.db, id)).toHaveLength(3);

    expect((await put('cra.demo', id, { status: 'CLOSED', expectedStatus: 'OPEN', text: '' })).status).toBe(200);
    const closed = await assign('cra.demo', 'Pi');
    expect(closed.status).toBe(409);
    expect(closed.json.message).toBe('This query is closed: reopen it before assigning it.');
  });
});
