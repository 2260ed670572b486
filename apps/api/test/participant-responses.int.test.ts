/**
 * The participant's submitted responses for staff (E-014, E-019; decision E-queries): the list, newest first, with
 * the queries still open on each; one response with the activity as the reader may see it, its answers and its
 * queries; blinded readers never receive unblinded questions or answers; other sites and the other data space refused.
 */
import { getParticipantResponse, listParticipantResponses, openDataQuery } from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addResponse, buildQueryWorld, type QueryWorld } from './data-queries-world';
import { call, createTestApp, idOf, staffAccess } from './helpers';

let w: QueryWorld;
beforeAll(async () => {
  w = await buildQueryWorld(await createTestApp());
});
afterAll(() => w?.t.close());

const ANSWERS = { mood: { optionId: 'bad' }, weight: { answer: '72' }, kit: { answer: 'KIT-7' } };

const listOf = (user: string, participantId = w.alice, headers?: Record<string, string>) =>
  call(w.t.app, listParticipantResponses, {
    params: { studyId: w.demo, participantId },
    token: w.tokens[user],
    headers,
  });
const one = (user: string, responseId: string, participantId = w.alice) =>
  call(w.t.app, getParticipantResponse, {
    params: { studyId: w.demo, participantId, responseId },
    token: w.tokens[user],
  });

describe("a participant's submitted responses (E-014)", () => {
  it('lists them newest first with the activity, when, and the queries still open on each', async () => {
    const older = await addResponse(w, w.alice, ANSWERS, '2026-11-30T08:00:00.000Z');
    const newer = await addResponse(w, w.alice, ANSWERS, '2026-12-01T08:00:00.000Z');
    await call(w.t.app, openDataQuery, {
      params: { studyId: w.demo },
      body: { targetKind: 'response', targetId: older, item: 'weight', text: 'Check' },
      token: w.tokens['cra.demo'],
    });
    const r = await listOf('crc.demo');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(r.json.items).toEqual([
      {
        id: newer,
        activity: { id: w.survey.id, title: { en: 'Daily diary', es: 'Diario' }, type: 'survey' },
        completedAt: '2026-12-01T08:00:00.000Z',
        completedLocal: '2026-12-01 10:00',
        completedOffset: '+01:00',
        task: null,
        activeQueries: 0,
      },
      expect.objectContaining({ id: older, activeQueries: 1 }),
    ]);
  });

  it("another site's staff and the other data space are refused", async () => {
    expect((await listOf('crc.demo', w.madridParticipant)).status).toBe(403);
    expect((await listOf('crc.demo', w.tester)).status).toBe(403);
    expect((await listOf('crc.demo', w.tester, { env: 'test' })).status).toBe(200);
  });
});

describe('one response (E-019)', () => {
  it('gives the activity, the answers by question and the queries on them', async () => {
    const id = await addResponse(w, w.alice, { mood: { optionId: 'good' }, weight: { answer: '72' } });
    await sql`update study_assignments set role = 'CraUB' where study_id = ${w.demo}
      and user_id = (select id from users where username = 'cra.demo')`.execute(w.t.db);
    const cra = (await staffAccess(w.t, 'cra.demo')).accessToken;
    const r = await call(w.t.app, getParticipantResponse, {
      params: { studyId: w.demo, participantId: w.alice, responseId: id },
      token: cra,
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      id,
      participant: { id: w.alice, participantId: 'DEMO-US001-0001' },
      language: 'en',
      answers: { mood: { optionsIds: ['good'] }, weight: { answer: '72' } },
      queries: [],
      mayRaise: true,
    });
    expect(r.json.activityDefinition.questions.map((q: { identifier: string }) => q.identifier)).toEqual([
      'mood',
      'weight',
      'kit',
      'notes',
    ]);
    expect(r.json.skipped).toEqual(expect.arrayContaining(['kit', 'notes']));
  });

  it('a blinded reader gets neither the unblinded question nor its answer', async () => {
    const id = await addResponse(w, w.alice, ANSWERS);
    const blinded = await one('crc.demo', id);
    expect(blinded.status).toBe(200);
    expect(blinded.json.activityDefinition.questions.map((q: { identifier: string }) => q.identifier)).toEqual([
      'mood',
      'weight',
      'notes',
    ]);
    expect(Object.keys(blinded.json.answers).sort()).toEqual(['mood', 'weight']);
    expect(JSON.stringify(blinded.json)).not.toContain('KIT-7');
    expect(blinded.json.mayRaise).toBe(false);
  });

  it("another participant's response, or one of another site, is not given", async () => {
    const theirs = await addResponse(w, w.madridParticipant, ANSWERS);
    const bob = await idOf(w.t.db, 'participants', { participant_code: 'DEMO-US001-0002' });
    expect((await one('crc.demo', theirs, bob)).status).toBe(404);
    expect((await one('crc.demo', theirs, w.madridParticipant)).status).toBe(403);
  });
});
