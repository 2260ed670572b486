/**
 * Corrections of participant-reported answers (decision E-response-corrections): the stored result never changes; site
 * staff who enter data correct one answer with a reason, checked by the question's rules, audited with the old and
 * new value; a monitor may read the corrections but never correct; a blinded person never reads nor corrects an
 * answer that unblinds; another site's staff and the other data space do not find the response.
 */
import { randomUUID } from 'node:crypto';
import {
  assignParticipantVersion,
  correctResponseAnswer,
  createActivity,
  getActivityRevision,
  getParticipantResponse,
  listParticipantUnblindings,
  listResponseCorrections,
  saveActivityRevision,
  submitActivityResult,
  triggerDayZero,
  unblindParticipant,
} from '@trialpath/contract';
import { buildResultPayload, parseActivity } from '@trialpath/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueScheduleJobs } from '../src/modules/schedules/schedules.job';
import { call, createTestApp, idOf, participantAccess, staffAccess, type TestApp } from './helpers';
import { daily, scheduleFixtures } from './schedule-fixtures';

const QUESTIONS = [
  {
    id: 'q1',
    identifier: 'weight',
    type: 'Number',
    body: { en: 'Weight (kg)' },
    constraints: { min: 20, max: 300 },
  },
  { id: 'q2', identifier: 'kit', type: 'Text', body: { en: 'Kit number' }, unblindedOnly: true },
];

let t: TestApp;
let demo: string;
let participant: string;
let responseId: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo', 'admin', 'pi.demo'])
    tokens[u] = (await staffAccess(t, u)).accessToken;
  const admin = tokens.studyadmin!;
  const made = (
    await call(t.app, createActivity, {
      token: admin,
      body: { studyId: demo, kind: 'survey', identifier: 'WEIGH', title: { en: 'Weigh-in' } },
    })
  ).json;
  const params = { activityId: made.id, revisionId: made.latest.id };
  const def = (await call(t.app, getActivityRevision, { token: admin, params })).json;
  const definition = { ...def.definition, questions: QUESTIONS };
  await call(t.app, saveActivityRevision, { token: admin, params, body: { lockVersion: def.lockVersion, definition } });
  const fx = scheduleFixtures(t, demo, admin);
  await fx.saveSection('studyActivities', { items: [{ id: made.id, revisionId: made.latest.id }] });
  await fx.saveSection('schedule', { milestones: [], packets: [], schedules: [daily(made.id, 0, 3)] });
  const versionId = await fx.publish();
  participant = await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0001' });
  const p = { studyId: demo, participantId: participant };
  await call(t.app, assignParticipantVersion, {
    token: tokens['crc.demo'],
    params: p,
    body: { versionId, reason: 'In' },
  });
  const today = new Date().toISOString().slice(0, 10);
  await call(t.app, triggerDayZero, { token: tokens['crc.demo'], params: p, body: { date: today, timeZone: 'UTC' } });
  await runDueScheduleJobs(t.platform);
  const task = await t.db
    .selectFrom('participant_tasks')
    .select('id')
    .where('participant_id', '=', participant)
    .where('start_day', '=', 0)
    .executeTakeFirstOrThrow();
  const site = (
    await t.db.selectFrom('participants').select('site_id').where('id', '=', participant).executeTakeFirstOrThrow()
  ).site_id;
  const body = buildResultPayload(
    parseActivity({ ...definition, revisionId: made.latest.id }),
    {
      weight: { answer: '27' },
      kit: { answer: 'K-114' },
    },
    {
      studyId: demo,
      participantId: participant,
      deviceId: 'device-1',
      uuidFromMobile: randomUUID(),
      taskInstanceId: task.id,
      studyVersionId: versionId,
      siteId: site,
      appLanguageId: 1,
      displayLanguage: 'en',
      timeZone: 'UTC',
    },
  );
  const me = (await participantAccess(t, 'participant.demo')).accessToken;
  const stored = await call(t.app, submitActivityResult, { token: me, params: { activityId: made.id }, body });
  expect(stored.status).toBe(200);
  responseId = stored.json.responseId;
});
afterAll(() => t?.close());

const correct = (user: string, body: Record<string, unknown>, id = responseId) =>
  call(t.app, correctResponseAnswer, {
    token: tokens[user],
    params: { studyId: demo, participantId: participant, responseId: id },
    body,
  });
const corrections = (user: string, headers?: Record<string, string>) =>
  call(t.app, listResponseCorrections, {
    token: tokens[user],
    params: { studyId: demo, participantId: participant, responseId },
    headers,
  });

describe('correcting a participant-reported answer', () => {
  it('keeps the original, records the correction with its reason, old and new value, and audits it', async () => {
    const made = await correct('crc.demo', {
      item: 'weight',
      answer: { answer: '72' },
      reason: 'Typo: 72 kg on the scale log',
    });
    expect(made.status).toBe(200);
    expect(made.json.items).toEqual([
      expect.objectContaining({
        item: 'weight',
        oldValue: expect.objectContaining({ answerText: '27' }),
        newValue: expect.objectContaining({ answerText: '72', displayAnswerText: '72' }),
        reason: 'Typo: 72 kg on the scale log',
        correctedBy: 'Carlos Coordinator',
      }),
    ]);
    // the submitted result is untouched
    const stored = await sql<{
      answers: unknown;
    }>`select answers from activity_responses where id = ${responseId}`.execute(t.db);
    expect(JSON.stringify(stored.rows[0]!.answers)).toContain('"answerText":"27"');
    const audit = await sql<{ reason: string; item: string; old_value: unknown; new_value: unknown }>`
      select l.reason, i.item, i.old_value, i.new_value from audit_log l join audit_items i on i.audit_id = l.id
      where l.entity_id = ${responseId} and l.action = 'participant.response.correct'`.execute(t.db);
    expect(audit.rows).toEqual([
      { reason: 'Typo: 72 kg on the scale log', item: 'weight', old_value: '27', new_value: '72' },
    ]);
    // staff read the answer as corrected, marked; who enters data may correct, a monitor may not
    const read = (user: string) =>
      call(t.app, getParticipantResponse, {
        token: tokens[user],
        params: { studyId: demo, participantId: participant, responseId },
      });
    const seen = (await read('crc.demo')).json;
    expect(seen).toMatchObject({ answers: { weight: { answer: '72' } }, corrected: ['weight'], mayCorrect: true });
    expect((await read('cra.demo')).json).toMatchObject({ corrected: ['weight'], mayCorrect: false });
    // a second correction replaces the corrected value, and keeps it as its old value
    const again = await correct('crc.demo', {
      item: 'weight',
      answer: { answer: '73' },
      reason: 'Re-weighed at the visit',
    });
    expect(again.json.items.map((c: { oldValue: { answerText: string } }) => c.oldValue.answerText)).toEqual([
      '27',
      '72',
    ]);
  });

  it('checks the answer by its question’s rules, needs a reason, and knows the question', async () => {
    const out = await correct('crc.demo', { item: 'weight', answer: { answer: '900' }, reason: 'Scale' });
    expect(out.status).toBe(400);
    expect(out.json.fieldErrors.answer[0]).toMatch(/300/);
    expect((await correct('crc.demo', { item: 'weight', answer: { answer: '70' } })).status).toBe(400);
    const unknown = await correct('crc.demo', { item: 'height', answer: { answer: '170' }, reason: 'Scale' });
    expect(unknown.json.fieldErrors).toEqual({ item: ['This response has no question height.'] });
    // the same value again is no change: nothing recorded
    expect(
      (await correct('crc.demo', { item: 'weight', answer: { answer: '27' }, reason: 'Same' })).json.items,
    ).toEqual([]);
  });

  it('a monitor reads but never corrects; another site and the other data space do not find it', async () => {
    expect(
      (await correct('cra.demo', { item: 'weight', answer: { answer: '72' }, reason: 'Monitor fix' })).status,
    ).toBe(403);
    expect((await corrections('cra.demo')).status).toBe(200);
    await sql`delete from site_assignments where user_id = (select id from users where username = 'crc.demo')`.execute(
      t.db,
    );
    expect((await correct('crc.demo', { item: 'weight', answer: { answer: '72' }, reason: 'Scale' })).status).toBe(403);
    // the participant is live: in the test data space they are not found
    expect((await corrections('cra.demo', { env: 'TEST' })).status).toBe(403);
  });

  it('a blinded person neither reads nor corrects an answer that unblinds; a team member marked not blinded does', async () => {
    const blinded = await correct('crc.demo', { item: 'kit', answer: { answer: 'K-200' }, reason: 'Kit swapped' });
    expect(blinded.status).toBe(403);
    // the coordinator is the site's unblinded pharmacist (C-155): not blinded at their site
    await sql`update site_assignments set blinded = false where user_id = (select id from users where username = 'crc.demo')`.execute(
      t.db,
    );
    const unblinded = await correct('crc.demo', { item: 'kit', answer: { answer: 'K-200' }, reason: 'Kit swapped' });
    expect(unblinded.status).toBe(200);
    expect((await corrections('crc.demo')).json.items.map((c: { item: string }) => c.item)).toEqual(['kit']);
    // the monitor (blinded) is not told of it
    expect((await corrections('cra.demo')).json.items).toEqual([]);
  });
});

describe('emergency unblinding (decision E-blinding, addendum)', () => {
  it('an investigator unblinds one participant for themselves with a reason, recorded and audited; nobody else', async () => {
    const read = (user: string) =>
      call(t.app, getParticipantResponse, {
        token: tokens[user],
        params: { studyId: demo, participantId: participant, responseId },
      });
    const questions = async (user: string) =>
      (await read(user)).json.activityDefinition.questions.map((q: { identifier: string }) => q.identifier);
    expect(await questions('pi.demo')).toEqual(['weight']);
    const unblind = (user: string, body: Record<string, unknown>) =>
      call(t.app, unblindParticipant, {
        token: tokens[user],
        params: { studyId: demo, participantId: participant },
        body,
      });
    // a monitor may not; a reason is needed
    expect((await unblind('cra.demo', { reason: 'Curious' })).status).toBe(403);
    expect((await unblind('pi.demo', {})).status).toBe(400);
    const done = await unblind('pi.demo', { reason: 'Serious adverse event: treating physician needs the allocation' });
    expect(done.status).toBe(200);
    expect(done.json.items).toEqual([
      expect.objectContaining({
        by: 'Priya Investigator',
        reason: 'Serious adverse event: treating physician needs the allocation',
      }),
    ]);
    expect(await questions('pi.demo')).toEqual(['weight', 'kit']);
    expect((await read('pi.demo')).json.answers.kit).toEqual({ answer: 'K-114' });
    // only for them
    expect(await questions('crc.demo')).toEqual(['weight']);
    const audit = await sql<{ reason: string }>`select reason from audit_log
      where entity_id = ${participant} and action = 'participant.unblind'`.execute(t.db);
    expect(audit.rows).toEqual([{ reason: 'Serious adverse event: treating physician needs the allocation' }]);
    // a second unblinding records nothing new
    expect((await unblind('pi.demo', { reason: 'Again' })).json.items).toHaveLength(1);
    const listed = await call(t.app, listParticipantUnblindings, {
      token: tokens['cra.demo'],
      params: { studyId: demo, participantId: participant },
    });
    expect(listed.json.items).toHaveLength(1);
  });
});
