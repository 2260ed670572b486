/**
 * A participant's forms, study start, pause and sign-off (issue 10, decision 0046; E-123, E-130…E-136, C-133):
 * form statuses per facing and at a milestone day, moved by the domain's rules with a reason; the start
 * confirmed by participant and investigator and marked rescheduled when moved; activities turned off; the
 * investigator's password-signed sign-off; the full detail as of a version; the dashboard's activity figures.
 */
import {
  assignParticipantVersion,
  confirmOwnStudyStart,
  confirmParticipantStudyStart,
  getDashboardActivities,
  getParticipantFormStatuses,
  getParticipantFullDetail,
  getParticipantStudyStart,
  sendJustInTimeTasks,
  setParticipantActivitiesDisabled,
  setParticipantFormStatuses,
  setParticipantMilestones,
  signOffParticipant,
  triggerDayZero,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueScheduleJobs } from '../src/modules/schedules/schedules.job';
import {
  auditActions,
  call,
  createTestApp,
  DEMO_PASSWORD,
  idOf,
  participantAccess,
  staffAccess,
  type TestApp,
} from './helpers';
import { scheduleFixtures } from './schedule-fixtures';

let t: TestApp;
let demo: string;
let participant: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  participant = await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0001' });
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo', 'pi.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const params = () => ({ studyId: demo, participantId: participant });
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The demo participant on the fixture's version, tasks made, then ten days on (the day-7 visit is due). */
async function startedParticipant() {
  const built = await scheduleFixtures(t, demo, tokens.studyadmin!).buildVersion();
  const crc = tokens['crc.demo'];
  await call(t.app, assignParticipantVersion, {
    token: crc,
    params: params(),
    body: { versionId: built.versionId, reason: 'Enrolled' },
  });
  await call(t.app, triggerDayZero, { token: crc, params: params(), body: { date: isoDay(0), timeZone: 'UTC' } });
  await runDueScheduleJobs(t.platform);
  // ten days pass (tasks whose window has ended are never made, so the clock moves instead)
  const back = sql`interval '10 days'`;
  await t.db
    .updateTable('participant_tasks')
    .set({ opens_at: sql`opens_at - ${back}`, closes_at: sql`closes_at - ${back}` })
    .where('participant_id', '=', participant)
    .execute();
  await t.db
    .updateTable('participants')
    .set({ day_zero: isoDay(-10) })
    .where('id', '=', participant)
    .execute();
  return built;
}

const forms = (facing: 'site' | 'participant', query: Record<string, string | number> = {}, token = 'crc.demo') =>
  call(t.app, getParticipantFormStatuses, { token: tokens[token], params: params(), query: { facing, ...query } });
const setForms = (body: Record<string, unknown>, token = 'crc.demo') =>
  call(t.app, setParticipantFormStatuses, { token: tokens[token], params: params(), body });

describe('form statuses, site-facing and participant-facing (E-130…E-132)', () => {
  it('lists each facing apart: the packet’s form for the site, the diary days for the participant', async () => {
    const { form, survey } = await startedParticipant();
    const site = await forms('site');
    expect(site.status).toBe(200);
    expect(site.json.items).toEqual([
      expect.objectContaining({
        activityId: form.id,
        activityIdentifier: 'VITALS',
        kind: 'dataCaptureForm',
        facing: 'site',
        packetId: 'visit',
        startDay: 7,
        status: 'NOT_STARTED',
        reason: null,
      }),
    ]);
    const own = await forms('participant', { pageSize: 3 });
    expect(own.json).toMatchObject({ totalRecords: 7, totalPage: 3, pageSize: 3 });
    expect(own.json.items.map((f: { startDay: number }) => f.startDay)).toEqual([0, 1, 2]);
    expect(own.json.items[0]).toMatchObject({ activityId: survey.id, facing: 'participant', status: 'NOT_STARTED' });
  });

  it('site staff move a site form through the workflow with a reason; a refused move names the form', async () => {
    await startedParticipant();
    const [visit] = (await forms('site')).json.items;
    const ref = { taskId: visit.taskId, activityId: visit.activityId };
    const started = await setForms({ facing: 'site', status: 'IN_PROGRESS', forms: [ref], reason: 'Visit began' });
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({ changed: 1, items: [{ status: 'IN_PROGRESS', reason: 'Visit began' }] });
    const done = await setForms({ facing: 'site', status: 'COMPLETED', forms: [ref], reason: 'Entered' });
    expect(done.json.items[0].status).toBe('COMPLETED');
    // COMPLETED → NOT_DONE is not a move of the workflow: refused on the form, nothing changed
    const refused = await setForms({ facing: 'site', status: 'NOT_DONE', forms: [ref], reason: 'Oops' });
    expect(refused.status).toBe(409);
    expect(refused.json.fieldErrors['forms.0'][0]).toBe('A form cannot go from this status to the one chosen.');
    expect((await forms('site')).json.items[0].status).toBe('COMPLETED');
    expect(await auditActions(t.db, participant)).toContain('participant.forms.status');
    // a form that is not the participant's, and a missing reason
    const unknown = await setForms({
      facing: 'site',
      status: 'IN_PROGRESS',
      forms: [{ taskId: visit.taskId, activityId: 'not-a-form' }],
      reason: 'x',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fieldErrors['forms.0'][0]).toBe('This form is not one of the participant’s.');
    const noReason = await setForms({ facing: 'site', status: 'IN_PROGRESS', forms: [ref] });
    expect(noReason.status).toBe(400);
  });

  it('staff can only mark a participant’s form not done (or undo that): the answer completes it', async () => {
    await startedParticipant();
    const [day0] = (await forms('participant')).json.items;
    const ref = { taskId: day0.taskId, activityId: day0.activityId };
    const completed = await setForms({ facing: 'participant', status: 'COMPLETED', forms: [ref], reason: 'x' });
    expect(completed.status).toBe(409);
    expect(completed.json.fieldErrors['forms.0'][0]).toBe(
      'Only the participant’s answer completes this form: staff can mark it not done, or undo that.',
    );
    const notDone = await setForms({ facing: 'participant', status: 'NOT_DONE', forms: [ref], reason: 'In hospital' });
    expect(notDone.json.items[0]).toMatchObject({ status: 'NOT_DONE', reason: 'In hospital' });
    // the participant answers after all: their answer wins
    await t.db.updateTable('participant_tasks').set({ answered_at: new Date() }).where('id', '=', ref.taskId).execute();
    expect((await forms('participant')).json.items[0].status).toBe('COMPLETED');
  });

  it('at a milestone and its day: the list and the move keep to the forms of that day (E-132)', async () => {
    await startedParticipant();
    await call(t.app, setParticipantMilestones, {
      token: tokens['crc.demo'],
      params: params(),
      body: { participantMileStoneList: [{ milestoneId: 'surgery', date: isoDay(0) }], reason: 'Operated today' },
    });
    await runDueScheduleJobs(t.platform);
    const postOp = await forms('participant', { milestoneId: 'surgery' });
    expect(postOp.json.items.map((f: { milestoneDay: number }) => f.milestoneDay)).toEqual([0, 1, 2]);
    const day1 = await forms('participant', { milestoneId: 'surgery', milestoneDay: 1 });
    expect(day1.json.items).toHaveLength(1);
    expect(day1.json.items[0]).toMatchObject({ milestoneId: 'surgery', milestoneDay: 1, startDay: 11 });
    const moved = await setForms({
      facing: 'participant',
      status: 'NOT_DONE',
      milestoneId: 'surgery',
      milestoneDay: 1,
      reason: 'Sedated',
    });
    expect(moved.json.changed).toBe(1);
    const after = await forms('participant', { milestoneId: 'surgery' });
    expect(after.json.items.map((f: { status: string }) => f.status)).toEqual([
      'NOT_STARTED',
      'NOT_DONE',
      'NOT_STARTED',
    ]);
    const none = await setForms({ facing: 'site', status: 'IN_PROGRESS', milestoneId: 'surgery', reason: 'x' });
    expect(none.status).toBe(400);
    expect(none.json.fieldErrors.milestoneId[0]).toBe('The participant has no such forms at this milestone.');
  });

  it('a monitor reads form statuses but cannot move them', async () => {
    await startedParticipant();
    expect((await forms('site', {}, 'cra.demo')).status).toBe(200);
    const [visit] = (await forms('site')).json.items;
    const r = await setForms(
      {
        facing: 'site',
        status: 'IN_PROGRESS',
        forms: [{ taskId: visit.taskId, activityId: visit.activityId }],
        reason: 'x',
      },
      'cra.demo',
    );
    expect(r.status).toBe(403);
  });
});

describe('the investigator’s sign-off (E-136)', () => {
  const sign = (body: Record<string, unknown>, token = 'pi.demo') =>
    call(t.app, signOffParticipant, { token: tokens[token], params: params(), body });

  it('is refused while a site form due is not settled, then signs with the password what was due', async () => {
    await startedParticipant();
    const blocked = await sign({ currentPassword: DEMO_PASSWORD });
    expect(blocked.status).toBe(409);
    expect(blocked.json.message).toBe(
      'Every site form due so far must be completed or marked not done before signing: 1 are not.',
    );
    const [visit] = (await forms('site')).json.items;
    const ref = { taskId: visit.taskId, activityId: visit.activityId };
    await setForms({ facing: 'site', status: 'NOT_DONE', forms: [ref], reason: 'Participant did not come' });
    const wrong = await sign({ currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.json.fieldErrors)).toEqual(['currentPassword']);
    const signed = await sign({ currentPassword: DEMO_PASSWORD });
    expect(signed.status).toBe(200);
    // seven diary days and the visit form were due (day zero ten days ago)
    expect(signed.json).toMatchObject({
      signerName: 'Priya Investigator',
      meaning: 'I have reviewed this participant’s data and confirm that it is accurate and complete.',
      formCount: 8,
      milestoneId: null,
    });
    expect((await forms('site')).json.items[0]).toMatchObject({ status: 'NOT_DONE', signoffId: signed.json.id });
    expect((await forms('participant')).json.items[0].signoffId).toBe(signed.json.id);
    // a later change takes the form out of the signature
    await setForms({ facing: 'site', status: 'IN_PROGRESS', forms: [ref], reason: 'Late data arrived' });
    expect((await forms('site')).json.items[0].signoffId).toBeNull();
    expect(await auditActions(t.db, participant)).toContain('participant.signoff');
  });

  it('only a signer may sign (a coordinator has no responses.sign)', async () => {
    await startedParticipant();
    expect((await sign({ currentPassword: DEMO_PASSWORD }, 'crc.demo')).status).toBe(403);
  });
});

describe('the study start, and activities turned off (E-133…E-135)', () => {
  const start = (token = 'crc.demo') =>
    call(t.app, getParticipantStudyStart, { token: tokens[token], params: params() });

  it('is confirmed by the investigator and by the participant; moving day zero asks both again', async () => {
    await startedParticipant();
    expect((await start()).json).toMatchObject({
      dayZero: isoDay(-10),
      isConfirmed: false,
      isPiConfirmed: false,
      isReschedule: false,
    });
    const pi = await call(t.app, confirmParticipantStudyStart, {
      token: tokens['pi.demo'],
      params: params(),
      body: {},
    });
    expect(pi.json.isPiConfirmed).toBe(true);
    const own = await participantAccess(t, 'participant.demo');
    const mine = await call(t.app, confirmOwnStudyStart, { token: own.accessToken, body: {} });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ isConfirmed: true, isPiConfirmed: true, isReschedule: false });
    await call(t.app, triggerDayZero, {
      token: tokens['crc.demo'],
      params: params(),
      body: { date: isoDay(-9) },
    });
    expect((await start()).json).toMatchObject({
      dayZero: isoDay(-9),
      isConfirmed: false,
      isPiConfirmed: false,
      isReschedule: true,
    });
    expect(await auditActions(t.db, participant)).toEqual(
      expect.arrayContaining(['participant.start.piConfirm', 'participant.start.confirm']),
    );
  });

  it('nothing to confirm before day zero', async () => {
    const pi = await call(t.app, confirmParticipantStudyStart, {
      token: tokens['pi.demo'],
      params: params(),
      body: {},
    });
    expect(pi.status).toBe(409);
    expect(pi.json.message).toBe('There is no study start to confirm yet: set the participant’s day zero first.');
  });

  it('activities turned off stop sending just-in-time tasks until turned on again (E-135)', async () => {
    await startedParticipant();
    const off = await call(t.app, setParticipantActivitiesDisabled, {
      token: tokens['crc.demo'],
      params: params(),
      body: { activitiesDisabled: true, notificationsDisabled: true, reason: 'Hospitalised' },
    });
    expect(off.json).toEqual({ activitiesDisabled: true, notificationsDisabled: true });
    const task = await t.db
      .selectFrom('participant_tasks')
      .select('id')
      .where('participant_id', '=', participant)
      .executeTakeFirstOrThrow();
    const send = await call(t.app, sendJustInTimeTasks, {
      token: tokens['crc.demo'],
      params: params(),
      body: { taskIds: [task.id] },
    });
    expect(send.status).toBe(409);
    expect(send.json.message).toBe(
      'Activities are turned off for this participant: turn them on again before sending any.',
    );
    expect(await auditActions(t.db, participant)).toContain('participant.activities.disable');
  });
});

describe('the full detail (E-123) and the dashboard’s activities (C-133)', () => {
  it('gathers the participant’s path, as of their version or another one of the study', async () => {
    const { versionId, survey, form } = await startedParticipant();
    const r = await call(t.app, getParticipantFullDetail, { token: tokens['crc.demo'], params: params() });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      participant: { participantId: 'DEMO-US001-0001' },
      schedule: { versionId, dayZero: isoDay(-10) },
      studyStart: { isConfirmed: false },
      activitiesDisabled: false,
      compliance: { participantId: participant },
      forms: { site: { NOT_STARTED: 1 }, participant: { NOT_STARTED: 7 } },
      signoffs: [],
    });
    expect(r.json.version.activities.map((a: { identifier: string }) => a.identifier)).toEqual(['DIARY', 'VITALS']);
    expect(r.json.version.milestones).toEqual([{ id: 'surgery', date: null }]);
    expect(r.json.version.activities.map((a: { id: string }) => a.id)).toEqual([survey.id, form.id]);
    const other = await call(t.app, getParticipantFullDetail, {
      token: tokens['crc.demo'],
      params: params(),
      query: { studyVersionId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(other.status).toBe(400);
    expect(Object.keys(other.json.fieldErrors)).toEqual(['studyVersionId']);
  });

  it('counts each activity’s tasks of the participants one may see', async () => {
    const { survey } = await startedParticipant();
    const r = await call(t.app, getDashboardActivities, { token: tokens['crc.demo'], params: { studyId: demo } });
    expect(r.status).toBe(200);
    const diary = r.json.items.find((i: { targetId: string }) => i.targetId === survey.id);
    // seven days of which all have passed without an answer: missed, 0 % completion
    expect(diary).toMatchObject({
      type: 'activity',
      name: 'DIARY',
      kind: 'survey',
      participants: 1,
      missed: 7,
      completion: 0,
    });
    const visit = r.json.items.find((i: { type: string }) => i.type === 'packet');
    expect(visit).toMatchObject({ name: 'Visit 1', kind: 'dataCaptureForm', open: 1, missed: 0, participants: 1 });
  });
});
