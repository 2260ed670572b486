/**
 * The participant's own tasks and activity results (issue 11, decision B-091): today's participant-facing tasks
 * with their titles, one task with its version's definition (another participant's is not found), and the
 * submission — checked again by the domain's rules per question, stored once per client uuid (sequential and
 * concurrent repeats answer `duplicate`), completing the task and audited in the same transaction; refused for a
 * closed or answered task, someone else's identity, activities turned off, and staff tokens.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  assignParticipantVersion,
  createActivity,
  getActivityRevision,
  getMyTask,
  listMyTasks,
  saveActivityRevision,
  setParticipantActivitiesDisabled,
  submitActivityResult,
  triggerDayZero,
} from '@trialpath/contract';
import {
  type Activity,
  type ActivityResultPayload,
  AnswerEntrySchema,
  type AnswerMap,
  buildResultPayload,
  parseActivity,
} from '@trialpath/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../src/kernel/context';
import type { HttpError } from '../src/kernel/errors';
import { STORE_RESULTS } from '../src/modules/responses/submission.service';
import { runDueScheduleJobs } from '../src/modules/schedules/schedules.job';
import {
  auditActions,
  call,
  createIsolatedTestApp,
  createTestApp,
  idOf,
  participantAccess,
  staffAccess,
  type TestApp,
} from './helpers';
import { daily, scheduleFixtures } from './schedule-fixtures';

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const DIARY_QUESTIONS = [
  {
    id: 'q1',
    identifier: 'mood',
    type: 'MultiChoice',
    body: { en: 'How do you feel?', es: '¿Cómo se siente?' },
    constraints: { subType: 'single' },
    options: [
      { id: 'good', body: { en: 'Good', es: 'Bien' } },
      { id: 'bad', body: { en: 'Bad', es: 'Mal' } },
    ],
    // feeling good skips the severity question
    branching: { rules: [{ operator: 'eq', value: 'good', skipTo: 'weight' }] },
  },
  {
    id: 'q2',
    identifier: 'severity',
    type: 'NumberScale',
    body: { en: 'How bad is it?', es: '¿Cuánto?' },
    constraints: { min: 0, max: 10, step: 1 },
  },
  {
    id: 'q3',
    identifier: 'weight',
    type: 'Number',
    body: { en: 'Weight (kg)', es: 'Peso (kg)' },
    constraints: { min: 20, max: 300, softMax: 200 },
  },
  {
    id: 'q4',
    identifier: 'notes',
    type: 'Text',
    body: { en: 'Notes', es: 'Notas' },
    optional: true,
    constraints: { maxLength: 200 },
  },
];

interface World {
  t: TestApp;
  demo: string;
  site: string;
  /** participant.demo and participant.us2 (both on the version, day 2 today). */
  me: { id: string; token: string };
  other: { id: string; token: string };
  staff: string;
  versionId: string;
  diary: { id: string; definition: Activity };
  weekly: string;
  form: string;
  /** participant.demo's DIARY tasks by study day. */
  diaryTasks: Record<number, string>;
}

/**
 * A published version: DIARY (a survey with branching) daily on days 0–6, WEEKLY (an ePRO) on day 5, and the site's
 * VITALS form on day 2 both as a packet and scheduled alone. Two participants on it, two days into the study
 * (the tasks are made with day zero today, then the clock of their tasks moves two days back).
 */
async function buildWorld(t: TestApp): Promise<World> {
  const demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  const admin = (await staffAccess(t, 'studyadmin')).accessToken;
  const crc = (await staffAccess(t, 'crc.demo')).accessToken;
  const fx = scheduleFixtures(t, demo, admin);
  const make = async (identifier: string, kind: string, title: Record<string, string>, questions?: unknown[]) => {
    const a = (await call(t.app, createActivity, { token: admin, body: { studyId: demo, kind, identifier, title } }))
      .json;
    if (questions) {
      const params = { activityId: a.id, revisionId: a.latest.id };
      const def = (await call(t.app, getActivityRevision, { token: admin, params })).json;
      const saved = await call(t.app, saveActivityRevision, {
        token: admin,
        params,
        body: { lockVersion: def.lockVersion, definition: { ...def.definition, questions } },
      });
      expect(saved.status).toBe(200);
    }
    return a as { id: string; latest: { id: string } };
  };
  const diary = await make('DIARY', 'survey', { en: 'Daily diary', es: 'Diario' }, DIARY_QUESTIONS);
  const weekly = await make('WEEKLY', 'epro', { en: 'Weekly check', es: 'Control semanal' }, [DIARY_QUESTIONS[2]]);
  const form = await make('VITALS', 'dataCaptureForm', { en: 'Vitals', es: 'Constantes' }, [DIARY_QUESTIONS[2]]);
  await fx.saveSection('studyActivities', {
    items: [diary, weekly, form].map((a) => ({ id: a.id, revisionId: a.latest.id })),
  });
  await fx.saveSection('schedule', {
    milestones: [],
    packets: [{ id: 'visit', name: { en: 'Visit' }, activityIds: [form.id] }],
    schedules: [
      daily(diary.id, 0, 6),
      { id: 'weekly', target: { kind: 'activity', activityId: weekly.id }, startDay: 5 },
      { id: 'visit-2', target: { kind: 'packet', packetId: 'visit' }, startDay: 2 },
      { id: 'form-2', target: { kind: 'activity', activityId: form.id }, startDay: 2 },
    ],
  });
  const versionId = await fx.publish();

  const people = [] as { id: string; token: string }[];
  for (const [code, username] of [
    ['DEMO-US001-0001', 'participant.demo'],
    ['DEMO-US001-0002', 'participant.us2'],
  ] as const) {
    const id = await idOf(t.db, 'participants', { participant_code: code });
    const params = { studyId: demo, participantId: id };
    const assigned = await call(t.app, assignParticipantVersion, {
      token: crc,
      params,
      body: { versionId, reason: 'Enrolled' },
    });
    expect(assigned.status).toBe(200);
    await call(t.app, triggerDayZero, { token: crc, params, body: { date: isoDay(0), timeZone: 'UTC' } });
    people.push({ id, token: (await participantAccess(t, username)).accessToken });
  }
  await runDueScheduleJobs(t.platform);
  const back = sql`interval '2 days'`;
  for (const p of people) {
    await t.db
      .updateTable('participant_tasks')
      .set({ opens_at: sql`opens_at - ${back}`, closes_at: sql`closes_at - ${back}` })
      .where('participant_id', '=', p.id)
      .execute();
    await t.db
      .updateTable('participants')
      .set({ day_zero: isoDay(-2) })
      .where('id', '=', p.id)
      .execute();
  }
  const [me, other] = people as [World['me'], World['me']];
  const tasks = await t.db
    .selectFrom('participant_tasks')
    .select(['id', 'start_day'])
    .where('participant_id', '=', me.id)
    .where('target_id', '=', diary.id)
    .execute();
  const site = (
    await t.db.selectFrom('participants').select('site_id').where('id', '=', me.id).executeTakeFirstOrThrow()
  ).site_id;
  const definition = (
    await call(t.app, getActivityRevision, {
      token: admin,
      params: { activityId: diary.id, revisionId: diary.latest.id },
    })
  ).json.definition;
  return {
    t,
    demo,
    site,
    me,
    other,
    staff: crc,
    versionId,
    diary: { id: diary.id, definition: parseActivity(definition) },
    weekly: weekly.id,
    form: form.id,
    diaryTasks: Object.fromEntries(tasks.map((r) => [r.start_day, r.id])),
  };
}

/** A result as the participant portal packages it (the domain's builder), for participant.demo unless told. */
function payload(
  w: World,
  answers: AnswerMap,
  o: { taskId?: string | null; uuid?: string; participantId?: string } = {},
) {
  return buildResultPayload(w.diary.definition, answers, {
    studyId: w.demo,
    participantId: o.participantId ?? w.me.id,
    deviceId: 'device-1',
    uuidFromMobile: o.uuid ?? randomUUID(),
    taskInstanceId: o.taskId === undefined ? w.diaryTasks[2] : o.taskId,
    studyVersionId: w.versionId,
    siteId: w.site,
    appLanguageId: 1,
    displayLanguage: 'en',
    timeZone: 'UTC',
  });
}

const VALID: AnswerMap = { mood: { optionId: 'bad' }, severity: { answer: '4' }, weight: { answer: '250' } };

const submit = (w: World, body: unknown, o: { token?: string; activityId?: string } = {}) =>
  call(w.t.app, submitActivityResult, {
    token: o.token ?? w.me.token,
    params: { activityId: o.activityId ?? w.diary.id },
    body,
  });

const responseRows = (w: World, participantId = w.me.id) =>
  w.t.db
    .withTables<{
      activity_responses: { id: string; participant_id: string; task_id: string | null; answers: unknown };
    }>()
    .selectFrom('activity_responses')
    .select(['id', 'task_id', 'answers'])
    .where('participant_id', '=', participantId)
    .execute();

let w: World;
beforeAll(async () => {
  w = await buildWorld(await createTestApp());
});
afterAll(() => w?.t.close());

describe("the participant's tasks (listMyTasks, getMyTask)", () => {
  it('today: only the participant-facing tasks open now, with their titles; all: every one by study day', async () => {
    const today = await call(w.t.app, listMyTasks, { token: w.me.token, query: { scope: 'today' } });
    expect(today.status).toBe(200);
    expect(today.json).toMatchObject({ participantCurrentDay: 2, timeZone: 'UTC', hold: null });
    // day 2: the diary only — the site's VITALS (packet and alone) and the upcoming tasks are left out
    expect(today.json.items).toEqual([
      expect.objectContaining({
        id: w.diaryTasks[2],
        activityId: w.diary.id,
        title: { en: 'Daily diary', es: 'Diario' },
        kind: 'survey',
        startDay: 2,
        status: 'AVAILABLE',
        canAnswer: true,
      }),
    ]);
    const all = await call(w.t.app, listMyTasks, { token: w.me.token, query: { scope: 'all' } });
    const seen = all.json.items.map((i: { startDay: number; kind: string; status: string }) => [
      i.startDay,
      i.kind,
      i.status,
    ]);
    expect(seen).toEqual([
      [0, 'survey', 'EXPIRED'],
      [1, 'survey', 'EXPIRED'],
      [2, 'survey', 'AVAILABLE'],
      [3, 'survey', 'SCHEDULED'],
      [4, 'survey', 'SCHEDULED'],
      [5, 'survey', 'SCHEDULED'],
      [5, 'epro', 'SCHEDULED'],
      [6, 'survey', 'SCHEDULED'],
    ]);
    expect(all.json.items.filter((i: { canAnswer: boolean }) => i.canAnswer)).toHaveLength(1);
  });

  it("one task with its version's definition; another participant's task is not found, like a missing one", async () => {
    const mine = await call(w.t.app, getMyTask, { token: w.me.token, params: { taskId: w.diaryTasks[2]! } });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({
      task: { id: w.diaryTasks[2], canAnswer: true, title: { en: 'Daily diary' } },
      studyId: w.demo,
      studyVersionId: w.versionId,
      participantId: w.me.id,
      siteId: w.site,
    });
    expect(mine.json.activity.questions.map((q: { identifier: string }) => q.identifier)).toEqual([
      'mood',
      'severity',
      'weight',
      'notes',
    ]);
    const theirs = await call(w.t.app, getMyTask, { token: w.other.token, params: { taskId: w.diaryTasks[2]! } });
    const missing = await call(w.t.app, getMyTask, { token: w.other.token, params: { taskId: randomUUID() } });
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(theirs.json).toEqual(missing.json);
  });

  it('a staff token cannot call them', async () => {
    const list = await call(w.t.app, listMyTasks, { token: w.staff, query: { scope: 'today' } });
    expect(list.status).toBe(401);
    const sent = await submit(w, payload(w, VALID), { token: w.staff });
    expect(sent.status).toBe(401);
    expect(await responseRows(w)).toEqual([]);
  });
});

describe('submitting a result (submitActivityResult)', () => {
  it('a valid result is stored, completes its task and is audited in the same transaction', async () => {
    const body = payload(w, VALID);
    const r = await submit(w, body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      status: 'stored',
      dataChecks: [],
      // the soft maximum warns and passes
      warnings: { weight: ['This value is above the expected maximum of 200. Please check your answer.'] },
    });
    const rows = await responseRows(w);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: r.json.responseId, task_id: w.diaryTasks[2] });
    expect(
      (rows[0]!.answers as { questionId: string; answerText: string }[]).map((a) => [a.questionId, a.answerText]),
    ).toEqual([
      ['mood', ''],
      ['severity', '4'],
      ['weight', '250'],
      ['notes', ''],
    ]);
    const task = await w.t.db
      .selectFrom('participant_tasks')
      .select(['status', 'answered_at'])
      .where('id', '=', w.diaryTasks[2]!)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe('COMPLETED');
    expect(task.answered_at).not.toBeNull();
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'actor_id', 'entity_type', 'after'])
      .where('entity_id', '=', r.json.responseId)
      .execute();
    // the audit entry holds the digest of the answers as stored (recomputed from the jsonb: canonical JSON)
    const canonical = JSON.stringify(rows[0]!.answers, Object.keys(AnswerEntrySchema.shape).sort());
    const digest = createHash('sha256').update(canonical).digest('hex');
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'participant.response.submit',
        actor_type: 'participant',
        actor_id: w.me.id,
        entity_type: 'activity_response',
        after: expect.objectContaining({
          activityId: w.diary.id,
          taskId: w.diaryTasks[2],
          answerCount: 4,
          answersSha256: digest,
        }),
      }),
    ]);
    // today's list still shows it (answered today), no longer answerable
    const today = await call(w.t.app, listMyTasks, { token: w.me.token, query: { scope: 'today' } });
    expect(today.json.items).toEqual([
      expect.objectContaining({ id: w.diaryTasks[2], status: 'COMPLETED', canAnswer: false }),
    ]);
  });

  it('the same uuid sent 5 times in a row is stored once; the later answers are duplicates of the first', async () => {
    const body = payload(w, VALID);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await submit(w, body));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json.status)).toEqual(['stored', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(new Set(answers.map((a) => a.json.responseId)).size).toBe(1);
    expect(answers[4]!.json.warnings).toEqual(answers[0]!.json.warnings);
    expect(await responseRows(w)).toHaveLength(1);
    expect(await auditActions(w.t.db, answers[0]!.json.responseId)).toEqual([
      'participant.response.submit',
      'participant.response.repeat',
      'participant.response.repeat',
      'participant.response.repeat',
      'participant.response.repeat',
    ]);
    // a new uuid for the answered task is refused
    const again = await submit(w, payload(w, VALID));
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This task has already been answered.');
  });

  it('a uuid stored without a task and sent again naming an open task: the first result, the task left open', async () => {
    const uuid = randomUUID();
    const first = await submit(w, payload(w, VALID, { uuid, taskId: null }));
    expect(first.json.status).toBe('stored');
    const again = await submit(w, payload(w, VALID, { uuid }));
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: 'duplicate', responseId: first.json.responseId });
    const task = await w.t.db
      .selectFrom('participant_tasks')
      .select(['status', 'answered_at'])
      .where('id', '=', w.diaryTasks[2]!)
      .executeTakeFirstOrThrow();
    expect(task).toEqual({ status: 'SCHEDULED', answered_at: null });
    expect(await responseRows(w)).toHaveLength(1);
  });

  it('the same uuid sent 5 times at once (real concurrency): one row, one stored, four duplicates', async () => {
    const own = await buildWorld(await createIsolatedTestApp());
    try {
      const body = payload(own, VALID);
      const answers = await Promise.all(Array.from({ length: 5 }, () => submit(own, body)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((a) => a.json.status).sort()).toEqual([
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
        'stored',
      ]);
      expect(new Set(answers.map((a) => a.json.responseId)).size).toBe(1);
      expect(await responseRows(own)).toHaveLength(1);
      // and without a task: the unique key alone decides
      const free = payload(own, VALID, { taskId: null });
      const freeAnswers = await Promise.all(Array.from({ length: 5 }, () => submit(own, free)));
      expect(freeAnswers.map((a) => a.json.status).filter((s) => s === 'stored')).toHaveLength(1);
      expect(new Set(freeAnswers.map((a) => a.json.responseId)).size).toBe(1);
      expect(await responseRows(own)).toHaveLength(2);
    } finally {
      await own.t.close();
    }
  });

  it('invalid answers are refused per question with the catalogue texts; nothing stored, the task stays open', async () => {
    const r = await submit(w, payload(w, { mood: { optionId: 'bad' }, weight: { answer: '500' } }));
    expect(r.status).toBe(422);
    expect(r.json.code).toBe('VALIDATION_FAILED');
    expect(r.json.fieldErrors).toEqual({
      severity: ['Please select an answer'],
      weight: ['Please enter a number that is between 20 (Min) and 300 (Max).'],
    });
    expect(await responseRows(w)).toEqual([]);
    const open = await call(w.t.app, getMyTask, { token: w.me.token, params: { taskId: w.diaryTasks[2]! } });
    expect(open.json.task.canAnswer).toBe(true);
  });

  it('an answer to a question that branching skipped is refused', async () => {
    const body = payload(w, { mood: { optionId: 'good' }, weight: { answer: '70' } });
    const severity = body.results.find((e) => e.questionId === 'severity')!;
    Object.assign(severity, { answerText: '7', isSkipped: false });
    const r = await submit(w, body);
    expect(r.status).toBe(422);
    expect(r.json.fieldErrors).toEqual({
      severity: ['This question was skipped by the answers given earlier, so it cannot be answered.'],
    });
    // the same answers without it are fine
    expect((await submit(w, payload(w, { mood: { optionId: 'good' }, weight: { answer: '70' } }))).status).toBe(200);
  });

  it('a closed task, one not open yet and a task of another activity are refused with their messages', async () => {
    const closed = await submit(w, payload(w, VALID, { taskId: w.diaryTasks[0] }));
    expect(closed.status).toBe(409);
    expect(closed.json.message).toBe('This task is no longer open.');
    expect(closed.json.fieldErrors).toEqual({ taskInstanceId: ['This task is no longer open.'] });
    const early = await submit(w, payload(w, VALID, { taskId: w.diaryTasks[4] }));
    expect(early.status).toBe(409);
    expect(early.json.message).toBe('This task is not open yet.');
    const weeklyTask = await w.t.db
      .selectFrom('participant_tasks')
      .select('id')
      .where('participant_id', '=', w.me.id)
      .where('target_id', '=', w.weekly)
      .executeTakeFirstOrThrow();
    for (const taskId of [weeklyTask.id, randomUUID(), 'not-a-task']) {
      const wrong = await submit(w, payload(w, VALID, { taskId }));
      expect(wrong.status).toBe(422);
      expect(wrong.json.fieldErrors).toEqual({
        taskInstanceId: ['This task is not one of your tasks for this activity.'],
      });
    }
    // another participant's task is not theirs either
    const otherTask = await w.t.db
      .selectFrom('participant_tasks')
      .select('id')
      .where('participant_id', '=', w.other.id)
      .where('start_day', '=', 2)
      .where('target_id', '=', w.diary.id)
      .executeTakeFirstOrThrow();
    expect((await submit(w, payload(w, VALID, { taskId: otherTask.id }))).status).toBe(422);
    expect(await responseRows(w)).toEqual([]);
  });

  it("a body naming someone else's participant or study is refused (403)", async () => {
    const other = await submit(w, payload(w, VALID, { participantId: w.other.id }));
    expect(other.status).toBe(403);
    expect(other.json.fieldErrors).toEqual({
      participantId: ['This result names another participant or study than the one signed in.'],
    });
    const study = await submit(w, { ...payload(w, VALID), studyId: randomUUID() });
    expect(study.status).toBe(403);
    expect(Object.keys(study.json.fieldErrors)).toEqual(['studyId']);
    // the participant's own code names them too
    const byCode = await submit(w, payload(w, VALID, { participantId: 'DEMO-US001-0001' }));
    expect(byCode.status).toBe(200);
    expect(await responseRows(w)).toHaveLength(1);
    expect(await responseRows(w, w.other.id)).toEqual([]);
  });

  it('activities turned off by staff: the list holds them, a submission is refused', async () => {
    const off = await call(w.t.app, setParticipantActivitiesDisabled, {
      token: w.staff,
      params: { studyId: w.demo, participantId: w.me.id },
      body: { activitiesDisabled: true, notificationsDisabled: false, reason: 'Hospitalised' },
    });
    expect(off.status).toBe(200);
    const today = await call(w.t.app, listMyTasks, { token: w.me.token, query: { scope: 'today' } });
    expect(today.json.hold).toBe('activitiesDisabled');
    expect(today.json.items.map((i: { canAnswer: boolean }) => i.canAnswer)).toEqual([false]);
    const r = await submit(w, payload(w, VALID));
    expect(r.status).toBe(409);
    expect(r.json.message).toBe(
      'Your study team has paused your activities. Please contact them if you have any questions.',
    );
    expect(await responseRows(w)).toEqual([]);
  });

  it("an on-demand answer (no task) to the version's activity is stored; a site form is not the participant's", async () => {
    const free = await submit(w, payload(w, VALID, { taskId: null }));
    expect(free.status).toBe(200);
    expect(await responseRows(w)).toEqual([expect.objectContaining({ id: free.json.responseId, task_id: null })]);
    const form = await submit(
      w,
      { ...payload(w, VALID, { taskId: null }), activityId: w.form },
      { activityId: w.form },
    );
    expect(form.status).toBe(404);
    expect(form.json.message).toBe('This activity is not one of yours.');
    const mismatch = await submit(w, payload(w, VALID, { taskId: null }), { activityId: w.weekly });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.fieldErrors).toEqual({
      activityId: ['This result is for another activity than the one it was sent to.'],
    });
  });

  it('results sent at the same moment are checked and written together, each answered by its own outcome', async () => {
    const own = await buildWorld(await createIsolatedTestApp());
    try {
      const scopeOf = (participantId: string): Scope => ({
        actor: {
          type: 'participant',
          participantId,
          studyId: own.demo,
          siteId: own.site,
          environment: 'LIVE',
          sessionId: randomUUID(),
        },
        env: 'LIVE',
        request: { ip: `10.1.0.${participantId === own.me.id ? 1 : 2}`, userAgent: 'batch', language: 'en' },
      });
      const send = (participantId: string, body: ActivityResultPayload) =>
        own.t.platform.groups.submit(own.t.platform, STORE_RESULTS, scopeOf(participantId), {
          activityId: own.diary.id,
          body,
        });
      const twinUuid = randomUUID();
      const theirs = (answers: AnswerMap, taskId: string | null) =>
        payload(own, answers, { participantId: own.other.id, taskId });
      // one turn of the event loop: one batch
      const outcomes = await Promise.allSettled([
        send(own.me.id, payload(own, VALID, { uuid: twinUuid })),
        send(own.me.id, payload(own, VALID, { uuid: twinUuid })),
        send(own.other.id, theirs(VALID, null)),
        send(own.other.id, theirs({ ...VALID, weight: { answer: '5000' } }, null)),
        send(own.other.id, theirs(VALID, own.diaryTasks[3]!)),
        send(own.me.id, payload(own, VALID)),
      ]);
      const seen = outcomes.map((o) =>
        o.status === 'fulfilled' ? o.value.status : (o.reason as { status: number }).status,
      );
      expect(seen).toEqual(['stored', 'duplicate', 'stored', 422, 422, 409]);
      const [first, twin, onDemand] = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : null));
      expect(twin!.responseId).toBe(first!.responseId);
      const rejected = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as HttpError).body : null));
      expect(Object.keys(rejected[3]!.fieldErrors ?? {})).toEqual(['weight']);
      expect(rejected[4]!.fieldErrors).toEqual({
        taskInstanceId: ['This task is not one of your tasks for this activity.'],
      });
      expect(rejected[5]!.message).toBe('This task has already been answered.');
      // two rows, the day-2 task answered once, the other participant's day-3 task untouched
      expect(await responseRows(own)).toHaveLength(1);
      expect(await responseRows(own, own.other.id)).toEqual([
        expect.objectContaining({ id: onDemand!.responseId, task_id: null }),
      ]);
      const day3 = await own.t.db
        .selectFrom('participant_tasks')
        .select('status')
        .where('id', '=', own.diaryTasks[3]!)
        .executeTakeFirstOrThrow();
      expect(day3.status).toBe('SCHEDULED');
      // audited in one transaction, each entry in its own participant's name
      const audit = await own.t.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id', 'ip', 'at'])
        .where('entity_id', 'in', [first!.responseId, onDemand!.responseId])
        .orderBy('id')
        .execute();
      expect(audit.map((a) => [a.action, a.actor_id, a.ip])).toEqual([
        ['participant.response.submit', own.me.id, '10.1.0.1'],
        ['participant.response.repeat', own.me.id, '10.1.0.1'],
        ['participant.response.submit', own.other.id, '10.1.0.2'],
      ]);
      expect(new Set(audit.map((a) => a.at.getTime())).size).toBe(1);
    } finally {
      await own.t.close();
    }
  });
});
