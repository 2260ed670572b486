/**
 * ★ The schedule engine on the server (issue 10, decision 0044; E-120…E-125, E-139…E-143): a published
 * version's plan becomes each participant's dated tasks through a job the staff screen polls; day zero and
 * milestones move anchored tasks; a new version never touches an answered task; a job killed halfway
 * finishes on the next run without one duplicate; a job that keeps failing says "Internal Server Error".
 */
import {
  assignParticipantVersion,
  createStudyDraft,
  computeCompliance,
  getParticipantCompliance,
  getScheduleJob,
  listJustInTimeTasks,
  sendJustInTimeTasks,
  sendSiteJustInTimeTasks,
  withdrawOnDemandTask,
  listParticipantTasks,
  setParticipantMilestones,
  triggerDayZero,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueScheduleJobs, runScheduleJob } from '../src/modules/schedules/schedules.job';
import { call, createTestApp, draftVersionId, idOf, staffAccess, type TestApp } from './helpers';
import { daily, scheduleFixtures } from './schedule-fixtures';

let t: TestApp;
let demo: string;
let participant: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  participant = await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0001' });
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const today = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
const draftId = () => draftVersionId(t.db, demo);

const fixtures = () => scheduleFixtures(t, demo, tokens.studyadmin!);
const saveSection = (section: 'studyActivities' | 'schedule', value: unknown) => fixtures().saveSection(section, value);
const publish = () => fixtures().publish();
const buildVersion = () => fixtures().buildVersion();

const tasks = (query: Record<string, string | number> = {}) =>
  call(t.app, listParticipantTasks, {
    token: tokens['crc.demo'],
    params: { studyId: demo, participantId: participant },
    query,
  });
const job = (jobId: string) =>
  call(t.app, getScheduleJob, { token: tokens['crc.demo'], params: { studyId: demo, jobId } });

describe('a participant’s tasks from the version (E-009, E-011, E-120, E-125, E-139…E-142)', () => {
  it('assigning the version and day zero start jobs that are INPROGRESS until run, then SUCCEEDED with the tasks', async () => {
    const { versionId } = await buildVersion();
    const assigned = await call(t.app, assignParticipantVersion, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: { versionId, reason: 'Enrolled on amendment' },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.json).toMatchObject({
      versionId,
      dayZero: null,
      currentDay: null,
      job: { status: 'INPROGRESS', total: 1, processed: 0 },
    });
    // without day zero the job has nothing to place yet
    expect(await runDueScheduleJobs(t.platform)).toBe(1);
    expect((await job(assigned.json.job.id)).json).toMatchObject({ status: 'SUCCEEDED', processed: 1, added: 0 });
    const zone = 'America/New_York';
    const started = await call(t.app, triggerDayZero, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: { timeZone: zone },
    });
    expect(started.json).toMatchObject({
      dayZero: today(zone),
      timeZone: zone,
      currentDay: 0,
      job: { status: 'INPROGRESS' },
    });
    expect((await job(started.json.job.id)).json.status).toBe('INPROGRESS');

    expect(await runDueScheduleJobs(t.platform)).toBe(1);
    const done = (await job(started.json.job.id)).json;
    expect(done).toMatchObject({ status: 'SUCCEEDED', processed: 1, added: 8, error: null });
    expect(done.report).toEqual([
      expect.objectContaining({ participantCode: 'DEMO-US001-0001', added: 8, moved: 0, withdrawn: 0 }),
    ]);

    const list = await tasks();
    expect(list.json).toMatchObject({ participantCurrentDay: 0, totalRecords: 8, totalPage: 1 });
    expect(list.json.items.map((x: { startDay: number; type: string }) => `${x.type}:${x.startDay}`)).toEqual([
      'activity:0',
      'activity:1',
      'activity:2',
      'activity:3',
      'activity:4',
      'activity:5',
      'activity:6',
      'packet:7',
    ]);
    expect(list.json.items[0].status).toBe('AVAILABLE');
    expect(list.json.items[1].status).toBe('SCHEDULED');
    const packets = await tasks({ type: 'packet' });
    expect(packets.json.items).toHaveLength(1);
    // by who answers (E-009, E-011): the surveys; the site's forms are the visit's packet; no ePRO or eDRO here
    const group = async (activityGroup: string) =>
      (await tasks({ activityGroup })).json.items.map(
        (x: { type: string; startDay: number }) => `${x.type}:${x.startDay}`,
      );
    expect(await group('survey')).toEqual(
      list.json.items.slice(0, 7).map((x: { startDay: number }) => `activity:${x.startDay}`),
    );
    expect(await group('siteForm')).toEqual(['packet:7']);
    expect(await group('participantForm')).toEqual([]);
    expect((await tasks({ activityGroup: 'questionnaire' })).status).toBe(400);
    const page = await tasks({ pageIndex: 1, pageSize: 3, startDay: 1 });
    expect(page.json).toMatchObject({ totalRecords: 7, totalPage: 3, pageIndex: 1 });
    expect(page.json.items.map((x: { startDay: number }) => x.startDay)).toEqual([4, 5, 6]);
    // running again changes nothing: the job is done, and a new one would find nothing to do
    expect(await runDueScheduleJobs(t.platform)).toBe(0);
  });

  it('milestone dates add and move the anchored tasks only (E-122)', async () => {
    const { versionId } = await buildVersion();
    await call(t.app, assignParticipantVersion, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: { versionId, reason: 'r' },
    });
    await call(t.app, triggerDayZero, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: { timeZone: 'Europe/Madrid' },
    });
    await runDueScheduleJobs(t.platform);
    // dates counted from day zero itself (today in Madrid), so the test holds at any hour
    const at = (days: number) =>
      new Date(Date.parse(`${today('Europe/Madrid')}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const set = (date: string | null) =>
      call(t.app, setParticipantMilestones, {
        token: tokens['crc.demo'],
        params: { studyId: demo, participantId: participant },
        body: { participantMileStoneList: [{ milestoneId: 'surgery', date }], reason: 'Surgery booked' },
      });
    expect((await set(at(10))).json.milestones).toEqual([{ milestoneId: 'surgery', date: at(10) }]);
    await runDueScheduleJobs(t.platform);
    const postOp = await tasks({ milestoneId: 'surgery' });
    expect(postOp.json.items.map((x: { startDay: number }) => x.startDay)).toEqual([10, 11, 12]);
    // day 12 was planned before and stays; days 10 and 11 move to 13 and 14
    const moved = await set(at(12));
    await runDueScheduleJobs(t.platform);
    expect((await job(moved.json.job.id)).json).toMatchObject({
      status: 'SUCCEEDED',
      moved: 2,
      added: 0,
      withdrawn: 0,
    });
    expect((await tasks({ milestoneId: 'surgery' })).json.items.map((x: { startDay: number }) => x.startDay)).toEqual([
      12, 13, 14,
    ]);
    expect((await tasks()).json.totalRecords).toBe(11);
    const unknown = await call(t.app, setParticipantMilestones, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: { participantMileStoneList: [{ milestoneId: 'nope', date: at(1) }], reason: 'r' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fieldErrors['participantMileStoneList.0.milestoneId'][0]).toMatch(/milestone/i);
  });

  it('a new version moving the survey to days 1–7 leaves the answered day-0 task where it was', async () => {
    const first = await buildVersion();
    await call(t.app, assignParticipantVersion, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: { versionId: first.versionId, reason: 'r' },
    });
    await call(t.app, triggerDayZero, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: {},
    });
    await runDueScheduleJobs(t.platform);
    // the participant answers day 0 (the answer itself comes with the participant journey, issue 11)
    await t.db
      .updateTable('participant_tasks')
      .set({ answered_at: new Date(), status: 'COMPLETED' })
      .where('participant_id', '=', participant)
      .where('task_key', '=', 'daily:0')
      .execute();

    const draft = await call(t.app, createStudyDraft, {
      token: tokens.studyadmin,
      params: { studyId: demo },
      body: {},
      headers: { env: 'test' },
    });
    expect(draft.status).toBe(200);
    await saveSection('schedule', {
      ...first.plan,
      schedules: [daily(first.survey.id, 1, 7), ...first.plan.schedules.slice(1)],
    });
    const second = await publish();
    const moved = await call(t.app, assignParticipantVersion, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: { versionId: second, reason: 'Amendment 2' },
    });
    await runDueScheduleJobs(t.platform);
    const report = (await job(moved.json.job.id)).json;
    expect(report).toMatchObject({ status: 'SUCCEEDED', added: 1, moved: 0, withdrawn: 0 });
    expect(report.report[0]).toMatchObject({ added: 1, kept: 8 });
    const list = (await tasks({ type: 'activity' })).json.items;
    expect(list.map((x: { startDay: number; status: string }) => `${x.startDay}:${x.status}`)).toEqual([
      '0:COMPLETED',
      '1:SCHEDULED',
      '2:SCHEDULED',
      '3:SCHEDULED',
      '4:SCHEDULED',
      '5:SCHEDULED',
      '6:SCHEDULED',
      '7:SCHEDULED',
    ]);
    expect(list[0].versionId).toBe(first.versionId);
    expect(list[7].versionId).toBe(second);
  });

  it('a schedule taken out withdraws its future tasks (kept for the record); put back, they come back', async () => {
    const first = await buildVersion();
    const assign = (versionId: string) =>
      call(t.app, assignParticipantVersion, {
        token: tokens['crc.demo'],
        params: { studyId: demo, participantId: participant },
        body: { versionId, reason: 'r' },
      });
    await assign(first.versionId);
    await call(t.app, triggerDayZero, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: {},
    });
    await runDueScheduleJobs(t.platform);
    const newVersion = async (schedules: unknown[]) => {
      await call(t.app, createStudyDraft, {
        token: tokens.studyadmin,
        params: { studyId: demo },
        body: {},
        headers: { env: 'test' },
      });
      await saveSection('schedule', { ...first.plan, schedules });
      const id = await publish();
      const r = await assign(id);
      await runDueScheduleJobs(t.platform);
      return (await job(r.json.job.id)).json;
    };
    const [dailyOne, packet, postOp] = first.plan.schedules;
    expect(await newVersion([dailyOne, postOp])).toMatchObject({ status: 'SUCCEEDED', withdrawn: 1, added: 0 });
    expect(
      (await tasks({ status: 'WITHDRAWN' })).json.items.map(
        (x: { type: string; startDay: number }) => `${x.type}:${x.startDay}`,
      ),
    ).toEqual(['packet:7']);
    expect((await tasks({ type: 'packet' })).json.totalRecords).toBe(0);
    expect(await newVersion([dailyOne, packet, postOp])).toMatchObject({ status: 'SUCCEEDED', withdrawn: 0, added: 1 });
    expect((await tasks({ type: 'packet' })).json.items.map((x: { status: string }) => x.status)).toEqual([
      'SCHEDULED',
    ]);
    expect((await tasks({ status: 'WITHDRAWN' })).json.totalRecords).toBe(1);
  });

  it('refuses a draft version, and a monitor who may only read', async () => {
    const draft = await call(t.app, assignParticipantVersion, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: { versionId: await draftId(), reason: 'r' },
    });
    expect(draft.status).toBe(409);
    expect(draft.json.fieldErrors.versionId[0]).toMatch(/Only a published version/);
    expect(
      (
        await call(t.app, triggerDayZero, {
          token: tokens['cra.demo'],
          params: { studyId: demo, participantId: participant },
          body: {},
        })
      ).status,
    ).toBe(403);
  });
});

describe('the job survives being cut short (resumable, idempotent)', () => {
  async function versionForThree() {
    const { versionId } = await buildVersion();
    const ids = (
      await t.db
        .selectFrom('participants')
        .select('id')
        .where('study_id', '=', demo)
        .where('environment', '=', 'LIVE')
        .orderBy('id')
        .limit(3)
        .execute()
    ).map((r) => r.id);
    await t.db
      .updateTable('participants')
      .set({ version_id: versionId, day_zero: today('UTC') })
      .where('id', 'in', ids)
      .execute();
    const row = await t.db
      .insertInto('schedule_jobs')
      .values({
        study_id: demo,
        version_id: versionId,
        participant_id: null,
        environment: 'LIVE',
        total: 3,
        report: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ids, jobId: row.id, versionId };
  }

  it('killed after two of three participants, the next run finishes the third and makes no task twice', async () => {
    const { ids, jobId } = await versionForThree();
    await runScheduleJob(t.platform, { jobId }, { batchSize: 1, stopAfterBatches: 2 });
    const halfway = (await job(jobId)).json;
    expect(halfway).toMatchObject({ status: 'INPROGRESS', processed: 2, added: 16 });
    // and a crash in the middle of the third batch: its work is rolled back with it
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('schedule_jobs').set({ processed: 99 }).where('id', '=', jobId).execute();
        throw new Error('process killed');
      }),
    ).rejects.toThrow('process killed');
    await runScheduleJob(t.platform, { jobId }, { batchSize: 1 });
    expect((await job(jobId)).json).toMatchObject({ status: 'SUCCEEDED', processed: 3, added: 24 });
    const counts = await t.db
      .selectFrom('participant_tasks')
      .select([
        'participant_id',
        sql<number>`count(*)::int`.as('n'),
        sql<number>`count(distinct task_key)::int`.as('keys'),
      ])
      .where('participant_id', 'in', ids)
      .groupBy('participant_id')
      .execute();
    expect(counts).toHaveLength(3);
    for (const c of counts) expect(c).toMatchObject({ n: 8, keys: 8 });
    // a second job over the same version finds nothing to do
    const again = await t.db
      .insertInto('schedule_jobs')
      .values({
        study_id: demo,
        version_id: (
          await t.db.selectFrom('participants').select('version_id').where('id', '=', ids[0]!).executeTakeFirstOrThrow()
        ).version_id!,
        participant_id: null,
        environment: 'LIVE',
        total: 3,
        report: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await runScheduleJob(t.platform, { jobId: again.id });
    expect((await job(again.id)).json).toMatchObject({ status: 'SUCCEEDED', processed: 3, added: 0, report: [] });
  });

  it('a job whose batches keep failing ends FAILED with "Internal Server Error" (E-143)', async () => {
    const { jobId, versionId } = await versionForThree();
    await t.db
      .updateTable('study_versions')
      .set({ snapshot: JSON.stringify({ schedule: { schedules: 'broken' } }) })
      .where('id', '=', versionId)
      .execute();
    await runScheduleJob(t.platform, { jobId });
    expect((await job(jobId)).json).toMatchObject({ status: 'FAILED', error: 'Internal Server Error', processed: 0 });
  });
});

describe('compliance, just-in-time, pre-screened and on-demand tasks (E-124, E-126…E-129)', () => {
  /** A published version with the usual plan plus the schedules `extra` makes for its survey; the participant on it. */
  async function startedWith(extra: (surveyId: string) => unknown[]) {
    const built = await buildVersion();
    await call(t.app, createStudyDraft, {
      token: tokens.studyadmin,
      params: { studyId: demo },
      body: {},
      headers: { env: 'test' },
    });
    await saveSection('schedule', { ...built.plan, schedules: [...built.plan.schedules, ...extra(built.survey.id)] });
    const versionId = await publish();
    await call(t.app, assignParticipantVersion, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: { versionId, reason: 'r' },
    });
    await call(t.app, triggerDayZero, {
      token: tokens['crc.demo'],
      params: { studyId: demo, participantId: participant },
      body: {},
    });
    await runDueScheduleJobs(t.platform);
    return built;
  }
  const p = () => ({ studyId: demo, participantId: participant });

  it('compliance counts answered and missed tasks; the percentage is answered of due (E-124)', async () => {
    await startedWith(() => []);
    const none = await call(t.app, getParticipantCompliance, { token: tokens['cra.demo'], params: p() });
    expect(none.json).toEqual({
      participantId: participant,
      due: 0,
      completed: 0,
      missed: 0,
      upcoming: 8,
      percentage: null,
    });
    await t.db
      .updateTable('participant_tasks')
      .set({ answered_at: new Date(), status: 'COMPLETED' })
      .where('participant_id', '=', participant)
      .where('task_key', '=', 'daily:0')
      .execute();
    const past = new Date(Date.now() - 60_000);
    await t.db
      .updateTable('participant_tasks')
      .set({ closes_at: past })
      .where('participant_id', '=', participant)
      .where('task_key', 'in', ['daily:1', 'daily:2'])
      .execute();
    const r = await call(t.app, getParticipantCompliance, { token: tokens['cra.demo'], params: p() });
    expect(r.json).toMatchObject({ due: 3, completed: 1, missed: 2, upcoming: 5, percentage: 33.3 });
    const many = await call(t.app, computeCompliance, {
      token: tokens['cra.demo'],
      params: { studyId: demo },
      body: { participantIds: [participant, crypto.randomUUID()] },
    });
    expect(many.json.items).toEqual([expect.objectContaining({ participantId: participant, percentage: 33.3 })]);
  });

  it('a just-in-time task waits for staff to send it, to one participant or a whole site (E-126, E-127)', async () => {
    await startedWith((activityId) => [
      {
        id: 'jit',
        target: { kind: 'activity', activityId },
        startDay: 0,
        endDay: 6,
        delivery: 'justInTime',
        telehealth: true,
      },
    ]);
    const pending = await call(t.app, listJustInTimeTasks, {
      token: tokens['crc.demo'],
      params: p(),
      query: { status: 'PENDING_SEND', currentDay: 0 },
    });
    expect(pending.json).toMatchObject({
      totalRecords: 1,
      items: [{ scheduleId: 'jit', status: 'PENDING_SEND', telehealth: true, sentAt: null }],
    });
    const sent = await call(t.app, sendJustInTimeTasks, {
      token: tokens['crc.demo'],
      params: p(),
      body: { taskIds: [pending.json.items[0].id] },
    });
    expect(sent.json).toEqual({ sent: 1 });
    const after = await call(t.app, listJustInTimeTasks, {
      token: tokens['crc.demo'],
      params: p(),
      query: { status: 'SENT' },
    });
    expect(after.json.items[0]).toMatchObject({ status: 'AVAILABLE', sentAt: expect.any(String) });
    const again = await call(t.app, sendJustInTimeTasks, {
      token: tokens['crc.demo'],
      params: p(),
      body: { taskIds: [pending.json.items[0].id] },
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/nothing to send/);
    const site = (
      await t.db.selectFrom('participants').select('site_id').where('id', '=', participant).executeTakeFirstOrThrow()
    ).site_id;
    const bySite = await call(t.app, sendSiteJustInTimeTasks, {
      token: tokens['crc.demo'],
      params: { studyId: demo, siteId: site },
      body: { scheduleId: 'jit' },
    });
    expect(bySite.status).toBe(409); // the only one was sent already
    expect(
      (
        await call(t.app, sendJustInTimeTasks, {
          token: tokens['cra.demo'],
          params: p(),
          body: { taskIds: [pending.json.items[0].id] },
        })
      ).status,
    ).toBe(403);
  });

  it('an on-demand task can be taken away while unanswered (E-129); pre-screened ones are listed apart (E-128)', async () => {
    await startedWith((activityId) => [
      { id: 'od', target: { kind: 'activity', activityId }, startDay: 0, endDay: 13, delivery: 'onDemand' },
      { id: 'pre', target: { kind: 'activity', activityId }, startDay: 0, endDay: 2, delivery: 'preScreened' },
    ]);
    const onDemand = await tasks({ delivery: 'onDemand' });
    expect(onDemand.json.items).toEqual([expect.objectContaining({ scheduleId: 'od', startDay: 0, endDay: 13 })]);
    const pre = await call(t.app, listJustInTimeTasks, {
      token: tokens['crc.demo'],
      params: p(),
      query: { preScreened: 'true' },
    });
    expect(pre.json.items.map((x: { scheduleId: string }) => x.scheduleId)).toEqual(['pre']);
    const taskId = onDemand.json.items[0].id;
    const noReason = await call(t.app, withdrawOnDemandTask, {
      token: tokens['crc.demo'],
      params: { ...p(), taskId },
      body: {},
    });
    expect(noReason.status).toBe(400);
    const gone = await call(t.app, withdrawOnDemandTask, {
      token: tokens['crc.demo'],
      params: { ...p(), taskId },
      body: { reason: 'No longer needed' },
    });
    expect(gone.json).toMatchObject({ id: taskId, status: 'WITHDRAWN' });
    expect((await tasks({ delivery: 'onDemand' })).json.totalRecords).toBe(0);
    const twice = await call(t.app, withdrawOnDemandTask, {
      token: tokens['crc.demo'],
      params: { ...p(), taskId },
      body: { reason: 'x' },
    });
    expect(twice.status).toBe(409);
    const scheduled = (await tasks({ type: 'packet' })).json.items[0].id;
    const notOnDemand = await call(t.app, withdrawOnDemandTask, {
      token: tokens['crc.demo'],
      params: { ...p(), taskId: scheduled },
      body: { reason: 'x' },
    });
    expect(notOnDemand.status).toBe(409);
    expect(notOnDemand.json.message).toMatch(/Only an on-demand activity/);
  });
});
