/**
 * Telehealth appointments (issue 15; F-003, F-008…F-028; decision F-appointments): booked for one of the
 * participant's telehealth tasks inside its days (one per task) or unscheduled, at a free time of a telehealth member
 * of the participant's site; refused — nothing written — outside availability, when the host is busy, in the past,
 * for a participant who left; changed, cancelled and ended with a reason, audited; over means over; seen only for
 * the caller's sites and data space; the participant is e-mailed in their language with the time in their zone and
 * reads their own appointments with the status codes of 001 §4.
 */
import {
  assignParticipantVersion,
  bookAppointment,
  cancelAppointment,
  createActivity,
  getAppointment,
  getTelehealthCountryFeatures,
  listAppointments,
  listMyAppointments,
  listParticipantTelehealthTasks,
  listTelehealthSlots,
  recordAppointmentOutcome,
  rescheduleAppointment,
  saveTelehealthAvailability,
  triggerDayZero,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueScheduleJobs } from '../src/modules/schedules/schedules.job';
import { call, idOf, latestOutbox, participantAccess, type TestApp } from './helpers';
import { scheduleFixtures } from './schedule-fixtures';
import { addDays, telehealthWorld, todayIn } from './telehealth-world';

let t: TestApp;
let demo: string;
let boston: string;
let madrid: string;
let ids: Record<string, string> = {};
const pids: Record<string, string> = {};
let tokens: Record<string, string> = {};
const NY = 'America/New_York';
const MADRID = 'Europe/Madrid';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' }));
let taskId: string;
let scheduledSlot: { startsAt: string; endsAt: string };
// biome-ignore lint/suspicious/noExplicitAny: the answers as the endpoint gave them
let scheduled: any;
// biome-ignore lint/suspicious/noExplicitAny: the answers as the endpoint gave them
let unscheduled: any;

beforeAll(async () => {
  ({ t, demo, boston, madrid, ids, tokens } = await telehealthWorld());
  for (const code of ['DEMO-US001-0001', 'DEMO-US001-0002', 'DEMO-US001-0003', 'DEMO-ES001-0001', 'TEST-US001-0001'])
    pids[code] = await idOf(t.db, 'participants', { participant_code: code });

  // crc.demo (Boston) and crc.madrid hold visits at any time of day; pi.demo keeps the seeded weekdays 09–17
  for (const [user, site] of [
    ['crc.demo', boston],
    ['crc.madrid', madrid],
  ] as const) {
    const r = await call(t.app, saveTelehealthAvailability, {
      params: { studyId: demo, siteId: site, userId: ids[user]! },
      body: { timeZone: NY, windows: EVERY_DAY },
      token: tokens[user],
    });
    expect(r.status).toBe(200);
  }

  // a published version with a telehealth visit (a packet) open on days 5–9, and DEMO-US001-0001 started today
  const fx = scheduleFixtures(t, demo, tokens.studyadmin!);
  const make = (identifier: string, kind: string) =>
    call(t.app, createActivity, {
      token: tokens.studyadmin,
      body: { studyId: demo, kind, identifier, title: { en: identifier } },
    }).then((r) => r.json);
  const form = await make('TELEVISIT', 'dataCaptureForm');
  await fx.saveSection('studyActivities', { items: [{ id: form.id, revisionId: form.latest.id }] });
  await fx.saveSection('schedule', {
    milestones: [],
    packets: [
      { id: 'tele', name: { en: 'Week 1 video visit', es: 'Videovisita de la semana 1' }, activityIds: [form.id] },
    ],
    schedules: [
      { id: 'tele-1', target: { kind: 'packet', packetId: 'tele' }, startDay: 5, endDay: 9, telehealth: true },
      { id: 'clinic', target: { kind: 'activity', activityId: form.id }, startDay: 3 },
    ],
  });
  const versionId = await fx.publish();
  const pp = { studyId: demo, participantId: pids['DEMO-US001-0001']! };
  expect(
    (
      await call(t.app, assignParticipantVersion, {
        token: tokens['crc.demo'],
        params: pp,
        body: { versionId, reason: 'Enrolled' },
      })
    ).status,
  ).toBe(200);
  expect(
    (await call(t.app, triggerDayZero, { token: tokens['crc.demo'], params: pp, body: { timeZone: NY } })).status,
  ).toBe(200);
  while ((await runDueScheduleJobs(t.platform)) > 0) {}

  // kept for the whole file (each test's own writes are rolled back after it): a scheduled visit on day 7 and an
  // unscheduled phone call on day 2 of DEMO-US001-0001
  const task = await t.db
    .selectFrom('participant_tasks')
    .select('id')
    .where('participant_id', '=', pids['DEMO-US001-0001']!)
    .where('telehealth', '=', true)
    .executeTakeFirstOrThrow();
  taskId = task.id;
  scheduledSlot = (await freeOn(addDays(today(), 7)))[20]!;
  const s = await book({
    participantId: pids['DEMO-US001-0001'],
    taskId,
    startsAt: scheduledSlot.startsAt,
    note: 'Bring pill box',
  });
  expect(s.status).toBe(200);
  scheduled = s.json;
  const u = await book({
    participantId: pids['DEMO-US001-0001'],
    startsAt: (await freeOn(addDays(today(), 2)))[30]!.startsAt,
    visitType: 'phonecall',
    allowRecording: false,
  });
  expect(u.status).toBe(200);
  unscheduled = u.json;
});
afterAll(() => t?.close());

const params = () => ({ studyId: demo });
const today = () => todayIn(NY);

/** The host's free times on a day (New York dates). */
async function freeOn(date: string, host = 'crc.demo', site = boston, token = tokens['crc.demo']) {
  const r = await call(t.app, listTelehealthSlots, {
    params: params(),
    query: { siteId: site, hostId: ids[host]!, from: date, to: date, minutes: 30 },
    token,
  });
  expect(r.status).toBe(200);
  return r.json.items as { startsAt: string; endsAt: string }[];
}

const book = (body: Record<string, unknown>, token = tokens['crc.demo'], headers?: Record<string, string>) =>
  call(t.app, bookAppointment, {
    params: params(),
    body: { hostId: ids['crc.demo'], visitType: 'telehealth', minutes: 30, ...body },
    token,
    headers,
  });

const countAppointments = async () =>
  Number(
    (
      await t.db
        .selectFrom('appointments')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const atZone = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso));

describe('booking', () => {
  it('lists the telehealth tasks still to come, by name, with their days and the appointment booked for it', async () => {
    const r = await call(t.app, listParticipantTelehealthTasks, {
      params: { studyId: demo, participantId: pids['DEMO-US001-0001']! },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(200);
    expect(r.json.items).toEqual([
      expect.objectContaining({
        taskId,
        name: 'Week 1 video visit',
        startDay: 5,
        endDay: 9,
        appointmentId: scheduled.id,
      }),
    ]);
    // the booking shows each free time in the participant's zone too
    expect(r.json.participantTimeZone).toBe(NY);
  });

  it('a scheduled visit inside its task’s days: BOOKED, audited, the participant e-mailed in New York time', async () => {
    const slot = scheduledSlot;
    expect(scheduled).toMatchObject({
      studyId: demo,
      siteId: boston,
      participantCode: 'DEMO-US001-0001',
      participantTimeZone: NY,
      host: { id: ids['crc.demo'], name: 'Carlos Coordinator' },
      visitType: 'telehealth',
      visitMode: 'video',
      kind: 'SCHEDULED',
      taskId,
      taskName: 'Week 1 video visit',
      taskStartDay: 5,
      taskEndDay: 9,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      state: 'BOOKED',
      statusCode: 2,
      note: 'Bring pill box',
      createdBy: { id: ids['crc.demo'], name: 'Carlos Coordinator' },
      endedReason: null,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after', 'environment'])
      .where('entity_id', '=', scheduled.id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'appointment.book',
        environment: 'LIVE',
        after: expect.objectContaining({ taskId, hostId: ids['crc.demo'], startsAt: slot.startsAt, state: 'BOOKED' }),
      },
    ]);
    const mails = await t.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', 'participant.demo@trialpath.example')
      .execute();
    expect(mails).toContainEqual({
      subject: 'Your appointment for Trialpath Demo Study',
      body: expect.stringContaining(
        `Video call with Carlos Coordinator\n${atZone(slot.startsAt, NY)} (America/New_York)`,
      ),
    });
  });

  it('a task has one appointment at a time; a date outside its days is refused with them; nothing written', async () => {
    const n = await countAppointments();
    const again = await book({
      participantId: pids['DEMO-US001-0001'],
      taskId,
      startsAt: (await freeOn(addDays(today(), 8)))[10]!.startsAt,
    });
    expect(again.status).toBe(409);
    expect(again.json.messageKey).toBe('telehealth.taskBooked');
    const late = await book({
      participantId: pids['DEMO-US001-0001'],
      taskId,
      startsAt: (await freeOn(addDays(today(), 12)))[10]!.startsAt,
    });
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({ messageKey: 'telehealth.taskOutsideWindow', params: { from: 5, to: 9 } });
    const notTelehealth = await t.db
      .selectFrom('participant_tasks')
      .select('id')
      .where('participant_id', '=', pids['DEMO-US001-0001']!)
      .where('telehealth', '=', false)
      .executeTakeFirstOrThrow();
    const wrong = await book({
      participantId: pids['DEMO-US001-0001'],
      taskId: notTelehealth.id,
      startsAt: (await freeOn(addDays(today(), 3)))[10]!.startsAt,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.messageKey).toBe('telehealth.taskNotTelehealth');
    expect(await countAppointments()).toBe(n);
  });

  it('unscheduled: no task, its task days are its own day of study', () => {
    // F-037: booked as a visit not to be recorded; one booked without saying may be
    expect(scheduled.allowRecording).toBe(true);
    expect(unscheduled).toMatchObject({
      allowRecording: false,
      kind: 'UNSCHEDULED',
      taskId: null,
      taskName: null,
      taskStartDay: 2,
      taskEndDay: 2,
      visitMode: 'phone',
    });
  });

  it('refused, nothing written: outside the host’s availability, host busy, in the past, a participant who left', async () => {
    const n = await countAppointments();
    const mails = Number(
      (
        await t.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    // pi.demo works weekdays 09–17 New York time: a Sunday noon UTC is outside, whatever the offset
    let sunday = addDays(today(), 3);
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    const outside = await book({
      participantId: pids['DEMO-US001-0002'],
      hostId: ids['pi.demo'],
      startsAt: `${sunday}T16:00:00Z`,
    });
    expect(outside.status).toBe(400);
    expect(outside.json).toMatchObject({
      messageKey: 'telehealth.outsideAvailability',
      message: 'Priya Investigator is not available at this time. Choose one of the free times.',
    });

    const taken = (
      await call(t.app, listAppointments, {
        params: params(),
        query: { participantId: pids['DEMO-US001-0001']! },
        token: tokens['crc.demo'],
      })
    ).json.items[0];
    const busy = await book({ participantId: pids['DEMO-US001-0002'], startsAt: taken.startsAt, minutes: 15 });
    expect(busy.status).toBe(409);
    expect(busy.json).toMatchObject({ messageKey: 'telehealth.hostBusy', params: { name: 'Carlos Coordinator' } });
    // overlapping the end of it counts too
    const overlapping = await book({
      participantId: pids['DEMO-US001-0002'],
      startsAt: new Date(new Date(taken.startsAt).getTime() - 15 * 60_000).toISOString(),
    });
    expect(overlapping.status).toBe(409);

    const past = await book({
      participantId: pids['DEMO-US001-0002'],
      startsAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.json.messageKey).toBe('telehealth.inPast');

    await t.db
      .updateTable('participants')
      .set({ status: 'WITHDRAWSTUDY' })
      .where('id', '=', pids['DEMO-US001-0003']!)
      .execute();
    const left = await book({
      participantId: pids['DEMO-US001-0003'],
      startsAt: (await freeOn(addDays(today(), 4)))[5]!.startsAt,
    });
    expect(left.status).toBe(409);
    expect(left.json.messageKey).toBe('telehealth.participantNotActive');

    const notMember = await book({
      participantId: pids['DEMO-US001-0002'],
      hostId: ids['crc.madrid'],
      startsAt: (await freeOn(addDays(today(), 4)))[5]!.startsAt,
    });
    expect(notMember.status).toBe(400);
    expect(notMember.json.messageKey).toBe('telehealth.notTelehealthMember');

    expect(await countAppointments()).toBe(n);
    expect(
      Number(
        (
          await t.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(mails);
  });
});

describe('change, cancel, outcome', () => {
  async function fresh(day: number, index: number) {
    const slot = (await freeOn(addDays(today(), day)))[index]!;
    const r = await book({ participantId: pids['DEMO-US001-0002'], startsAt: slot.startsAt });
    expect(r.status).toBe(200);
    return r.json as { id: string; startsAt: string };
  }
  const P = (appointmentId: string) => ({ studyId: demo, appointmentId });

  it('rescheduling needs a reason; it is audited before/after with it and the participant is told', async () => {
    const a = await fresh(10, 18);
    const to = (await freeOn(addDays(today(), 11)))[24]!;
    const body = { hostId: ids['pi.demo'], visitType: 'homevisit', startsAt: to.startsAt, minutes: 60 };
    const noReason = await call(t.app, rescheduleAppointment, { params: P(a.id), body, token: tokens['crc.demo'] });
    expect(noReason.status).toBe(400);
    // pi.demo is not free at midnight-ish times: use crc.demo again but with the new time and visit type
    const r = await call(t.app, rescheduleAppointment, {
      params: P(a.id),
      body: { ...body, hostId: ids['crc.demo'], reason: 'Participant asked for a later day' },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ startsAt: to.startsAt, visitType: 'homevisit', visitMode: 'home', state: 'BOOKED' });
    expect(new Date(r.json.endsAt).getTime() - new Date(to.startsAt).getTime()).toBe(3600_000);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after', 'reason'])
      .where('entity_id', '=', a.id)
      .where('action', '=', 'appointment.reschedule')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      reason: 'Participant asked for a later day',
      before: { startsAt: a.startsAt, visitType: 'telehealth' },
      after: { startsAt: to.startsAt, visitType: 'homevisit' },
    });
    const mail = await latestOutbox(t.db, 'participant.us2@trialpath.example');
    expect(mail.subject).toBe('Your appointment for Trialpath Demo Study has changed');
    expect(mail.body).toContain(`Home visit with Carlos Coordinator\n${atZone(to.startsAt, 'UTC')} (UTC)`);
    expect(mail.body).toContain(`It was on ${atZone(a.startsAt, 'UTC')}.`);
  });

  it('cancel needs a reason, frees the time, tells the participant; a cancelled one cannot change (409)', async () => {
    const a = await fresh(12, 18);
    expect(
      (await call(t.app, cancelAppointment, { params: P(a.id), body: {}, token: tokens['crc.demo'] })).status,
    ).toBe(400);
    const r = await call(t.app, cancelAppointment, {
      params: P(a.id),
      body: { reason: 'Hospitalised' },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ state: 'CANCELLED', statusCode: 10, endedReason: 'Hospitalised' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after', 'reason'])
      .where('entity_id', '=', a.id)
      .where('action', '=', 'appointment.cancel')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ reason: 'Hospitalised', before: { state: 'BOOKED' }, after: { state: 'CANCELLED' } });
    expect((await latestOutbox(t.db, 'participant.us2@trialpath.example')).subject).toBe(
      'Your appointment for Trialpath Demo Study is cancelled',
    );
    expect((await freeOn(addDays(today(), 12))).map((s) => s.startsAt)).toContain(a.startsAt);
    for (const [endpoint, body] of [
      [cancelAppointment, { reason: 'again' }],
      [recordAppointmentOutcome, { outcome: 'COMPLETE', reason: 'done' }],
      [
        rescheduleAppointment,
        { hostId: ids['crc.demo'], visitType: 'telehealth', startsAt: a.startsAt, minutes: 30, reason: 'x' },
      ],
    ] as const) {
      const over = await call(t.app, endpoint, { params: P(a.id), body, token: tokens['crc.demo'] });
      expect(over.status).toBe(409);
      expect(over.json.messageKey).toBe('telehealth.appointmentOver');
    }
  });

  it('an outcome needs a reason and the visit’s time to have come; then it is final', async () => {
    const a = await fresh(13, 18);
    const early = await call(t.app, recordAppointmentOutcome, {
      params: P(a.id),
      body: { outcome: 'NO_SHOW', reason: 'Did not answer' },
      token: tokens['crc.demo'],
    });
    expect(early.status).toBe(409);
    expect(early.json.messageKey).toBe('telehealth.notStartedYet');
    // the visit's time comes
    await t.db
      .updateTable('appointments')
      .set({ starts_at: new Date(Date.now() - 40 * 60_000), ends_at: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', a.id)
      .execute();
    expect(
      (
        await call(t.app, recordAppointmentOutcome, {
          params: P(a.id),
          body: { outcome: 'NO_SHOW' },
          token: tokens['crc.demo'],
        })
      ).status,
    ).toBe(400);
    const r = await call(t.app, recordAppointmentOutcome, {
      params: P(a.id),
      body: { outcome: 'NO_SHOW', reason: 'Did not answer' },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ state: 'NO_SHOW', statusCode: 11, endedReason: 'Did not answer' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['after', 'reason'])
      .where('entity_id', '=', a.id)
      .where('action', '=', 'appointment.outcome')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ reason: 'Did not answer', after: { state: 'NO_SHOW' } });
    const again = await call(t.app, recordAppointmentOutcome, {
      params: P(a.id),
      body: { outcome: 'COMPLETE', reason: 'changed my mind' },
      token: tokens['crc.demo'],
    });
    expect(again.status).toBe(409);
  });
});

describe('who sees what', () => {
  it('site scope: another site’s coordinator does not list Boston’s appointments and cannot touch one', async () => {
    const boston = await call(t.app, listAppointments, { params: params(), token: tokens['crc.demo'] });
    expect(boston.json.total).toBeGreaterThan(0);
    const one = boston.json.items[0];
    const madridList = await call(t.app, listAppointments, { params: params(), token: tokens['crc.madrid'] });
    expect(madridList.status).toBe(200);
    expect(madridList.json.items.map((a: { id: string }) => a.id)).not.toContain(one.id);
    const cancel = await call(t.app, cancelAppointment, {
      params: { studyId: demo, appointmentId: one.id },
      body: { reason: 'not mine' },
      token: tokens['crc.madrid'],
    });
    expect(cancel.status).toBe(403);
    const madridBooksBoston = await book(
      {
        participantId: pids['DEMO-US001-0002'],
        hostId: ids['crc.madrid'],
        startsAt: (await freeOn(addDays(today(), 4)))[7]!.startsAt,
      },
      tokens['crc.madrid'],
    );
    expect(madridBooksBoston.status).toBe(403);
  });

  it('the visit detail (F-114): one appointment to whom may see it, with whether it may be recorded', async () => {
    const one = (await call(t.app, listAppointments, { params: params(), token: tokens['crc.demo'] })).json.items[0];
    const got = await call(t.app, getAppointment, {
      params: { studyId: demo, appointmentId: one.id },
      token: tokens['crc.demo'],
    });
    expect(got.status).toBe(200);
    expect(got.json).toEqual(one);
    const other = await call(t.app, getAppointment, {
      params: { studyId: demo, appointmentId: one.id },
      token: tokens['crc.madrid'],
    });
    expect(other.status).toBe(403);
    const none = await call(t.app, getAppointment, {
      params: { studyId: demo, appointmentId: '00000000-0000-4000-8000-000000000000' },
      token: tokens['crc.demo'],
    });
    expect([403, 404]).toContain(none.status);
  });

  it('the country features (F-112): the study’s recording, and a visit’s in a country or a participant’s', async () => {
    const { features: before } = await t.db
      .selectFrom('studies')
      .select('features')
      .where('id', '=', demo)
      .executeTakeFirstOrThrow();
    const setFeatures = (f: object) =>
      t.db
        .updateTable('studies')
        .set({ features: JSON.stringify(f) })
        .where('id', '=', demo)
        .execute();
    await setFeatures({ ...before, telehealthRecording: true, 'telehealthRecording:ES': false });
    const features = (query: Record<string, string>, token = tokens['crc.demo']) =>
      call(t.app, getTelehealthCountryFeatures, { params: params(), query, token });
    expect((await features({ countryId: 'ES' })).json).toEqual({
      countryId: 'ES',
      studyTelehealthRecordingEnabled: true,
      visitTelehealthRecordingEnabled: false,
    });
    expect((await features({ countryId: 'US' })).json.visitTelehealthRecordingEnabled).toBe(true);
    // a participant's: theirs, else their site's (Boston: the United States)
    const bostonOne = await features({ participantId: pids['DEMO-US001-0002']! });
    expect(bostonOne.status).toBe(200);
    expect(bostonOne.json.visitTelehealthRecordingEnabled).toBe(true);
    // someone the caller may not see is not told about
    expect((await features({ participantId: pids['DEMO-US001-0002']! }, tokens['crc.madrid'])).status).toBe(404);
    expect((await features({ countryId: 'ES' }, tokens['cra.demo'])).status).toBe(403);
    await setFeatures({ ...before, telehealthRecording: false });
    expect((await features({ countryId: 'US' })).json).toMatchObject({
      studyTelehealthRecordingEnabled: false,
      visitTelehealthRecordingEnabled: false,
    });
    await setFeatures(before);
  });

  it('permission: the monitor (no telehealth.call) is refused every call', async () => {
    expect((await call(t.app, listAppointments, { params: params(), token: tokens['cra.demo'] })).status).toBe(403);
    expect(
      (
        await book(
          { participantId: pids['DEMO-US001-0002'], startsAt: new Date(Date.now() + 86400_000).toISOString() },
          tokens['cra.demo'],
        )
      ).status,
    ).toBe(403);
  });

  it('the list filters by participant, state and dates and pages', async () => {
    const all = (
      await call(t.app, listAppointments, { params: params(), query: { pageSize: 100 }, token: tokens['crc.demo'] })
    ).json;
    const starts = all.items.map((a: { startsAt: string }) => a.startsAt);
    expect(starts).toEqual([...starts].sort());
    const cancelled = await call(t.app, listAppointments, {
      params: params(),
      query: { state: 'CANCELLED' },
      token: tokens['crc.demo'],
    });
    expect(cancelled.json.items.every((a: { state: string }) => a.state === 'CANCELLED')).toBe(true);
    expect(cancelled.json.total).toBe(all.items.filter((a: { state: string }) => a.state === 'CANCELLED').length);
    const page = await call(t.app, listAppointments, {
      params: params(),
      query: { pageSize: 1, pageNum: 2 },
      token: tokens['crc.demo'],
    });
    expect(page.json).toMatchObject({ total: all.total, pageNum: 2, pageSize: 1, items: [all.items[1]] });
    const d = addDays(today(), 7);
    const day = await call(t.app, listAppointments, {
      params: params(),
      query: { from: d, to: d },
      token: tokens['crc.demo'],
    });
    for (const a of day.json.items) expect(a.startsAt.slice(0, 10)).toBe(d);
  });

  it('data space: a TEST participant is booked in TEST only, never listed in LIVE; the host’s time is blocked in both', async () => {
    const slot = (await freeOn(addDays(today(), 15)))[18]!;
    const noHeader = await book({ participantId: pids['TEST-US001-0001'], startsAt: slot.startsAt });
    expect(noHeader.status).toBe(403);
    const r = await book({ participantId: pids['TEST-US001-0001'], startsAt: slot.startsAt }, tokens['crc.demo'], {
      env: 'test',
    });
    expect(r.status).toBe(200);
    expect(
      (
        await t.db
          .selectFrom('appointments')
          .select('environment')
          .where('id', '=', r.json.id)
          .executeTakeFirstOrThrow()
      ).environment,
    ).toBe('TEST');
    const live = await call(t.app, listAppointments, {
      params: params(),
      query: { pageSize: 100 },
      token: tokens['crc.demo'],
    });
    expect(live.json.items.map((a: { id: string }) => a.id)).not.toContain(r.json.id);
    const test = await call(t.app, listAppointments, {
      params: params(),
      token: tokens['crc.demo'],
      headers: { env: 'test' },
    });
    expect(test.json.items.map((a: { id: string }) => a.id)).toEqual([r.json.id]);
    const clash = await book({ participantId: pids['DEMO-US001-0002'], startsAt: slot.startsAt });
    expect(clash.status).toBe(409);
    expect(clash.json.messageKey).toBe('telehealth.hostBusy');
  });
});

describe('the participant', () => {
  it('is e-mailed in their language with the time in their zone (Madrid, Spanish)', async () => {
    await t.db
      .updateTable('participants')
      .set({ time_zone: MADRID })
      .where('id', '=', pids['DEMO-ES001-0001']!)
      .execute();
    const slot = (await freeOn(addDays(today(), 5), 'crc.madrid', madrid, tokens['crc.madrid']))[30]!;
    const r = await book(
      { participantId: pids['DEMO-ES001-0001'], hostId: ids['crc.madrid'], startsAt: slot.startsAt },
      tokens['crc.madrid'],
    );
    expect(r.status).toBe(200);
    expect(r.json.participantTimeZone).toBe(MADRID);
    const mail = await latestOutbox(t.db, 'participante.es1@trialpath.example');
    const when = new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeStyle: 'short', timeZone: MADRID }).format(
      new Date(slot.startsAt),
    );
    expect(mail.subject).toBe('Su cita para Trialpath Demo Study');
    expect(mail.body).toContain(`Videollamada con Marta Madrid\n${when} (Europe/Madrid)`);
  });

  it('reads only their own appointments, upcoming first, with the status codes of 001 §4 (F-023, F-028)', async () => {
    // another participant's appointment is not theirs
    const other = await book({
      participantId: pids['DEMO-US001-0002'],
      startsAt: (await freeOn(addDays(today(), 3)))[9]!.startsAt,
    });
    expect(other.status).toBe(200);
    const me = await participantAccess(t, 'participant.demo');
    const r = await call(t.app, listMyAppointments, { token: me.accessToken });
    expect(r.status).toBe(200);
    const mine = (
      await t.db
        .selectFrom('appointments')
        .select('id')
        .where('participant_id', '=', pids['DEMO-US001-0001']!)
        .execute()
    ).map((a) => a.id);
    expect(mine).toHaveLength(2);
    expect(r.json.data.map((a: { id: string }) => a.id).sort()).toEqual(mine.sort());
    expect(r.json.statusCode).toBe(2);
    const scheduled = r.json.data.find((a: { kind: string }) => a.kind === 'SCHEDULED');
    expect(scheduled).toMatchObject({
      taskName: 'Week 1 video visit',
      hostName: 'Carlos Coordinator',
      siteName: expect.any(String),
      statusCode: 2,
    });
    const starts = r.json.data.map((a: { startsAt: string }) => a.startsAt);
    expect(starts).toEqual([...starts].sort());

    // the scheduled visit's time comes while the participant is on day 0: not time for the call (task days 5–9)
    const soon = { starts_at: new Date(Date.now() - 5 * 60_000), ends_at: new Date(Date.now() + 25 * 60_000) };
    await t.db.updateTable('appointments').set(soon).where('id', '=', scheduled.id).execute();
    const early = await call(t.app, listMyAppointments, { token: me.accessToken });
    expect(early.json.data[0]).toMatchObject({ id: scheduled.id, statusCode: 2 });
    // on day 6 (day zero moved back six days) it is time for the call, for that appointment and overall
    await t.db
      .updateTable('participants')
      .set({ day_zero: addDays(today(), -6) })
      .where('id', '=', pids['DEMO-US001-0001']!)
      .execute();
    const due = await call(t.app, listMyAppointments, { token: me.accessToken });
    expect(due.json.data[0]).toMatchObject({ id: scheduled.id, statusCode: 3 });
    expect(due.json.statusCode).toBe(3);

    const nobody = await participantAccess(t, 'participant.test');
    await t.db.deleteFrom('appointments').where('participant_id', '=', pids['TEST-US001-0001']!).execute();
    const none = await call(t.app, listMyAppointments, { token: nobody.accessToken });
    expect(none.json).toEqual({ data: [], statusCode: 1 });
  });
});
