/**
 * Telehealth team, availability and free times (issue 15; F-004, F-030, F-038, F-041; decision F-appointments): the
 * team of a site is its staff in 002 §6's telehealth roles, never a rater, seen only for the caller's sites; a
 * member's weekly windows in a time zone are replaced whole, audited, refused when they overlap, are badly written or
 * name an unknown zone or a non-member; the free times leave out what is booked or past, at most 62 days at once.
 */
import {
  bookAppointment,
  listTelehealthAvailability,
  listTelehealthSlots,
  listTelehealthTeam,
  saveTelehealthAvailability,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, idOf, type TestApp } from './helpers';
import { addDays, addStaff, telehealthWorld, todayIn } from './telehealth-world';

let t: TestApp;
let demo: string;
let boston: string;
let madrid: string;
let ids: Record<string, string> = {};
let tokens: Record<string, string> = {};
const NY = 'America/New_York';

beforeAll(async () => {
  ({ t, demo, boston, madrid, ids, tokens } = await telehealthWorld());
  ids['rater.boston'] = await addStaff(t, { username: 'rater.boston', role: 'Rater', studyId: demo, siteId: boston });
  ids['hhc.boston'] = await addStaff(t, {
    username: 'hhc.boston',
    role: 'HomeHealthCoordinator',
    studyId: demo,
    siteId: boston,
  });
});
afterAll(() => t?.close());

const P = { studyId: '' };
const params = () => ({ ...P, studyId: demo });

describe('the telehealth team (F-030, F-038, F-041)', () => {
  it("is the site's staff in a telehealth role: raters, roles without telehealth and monitors left out", async () => {
    const r = await call(t.app, listTelehealthTeam, { params: params(), token: tokens['crc.demo'] });
    expect(r.status).toBe(200);
    const people = r.json.items.map((m: { id: string }) => m.id).sort();
    expect(people).toEqual([ids['pi.demo'], ids['crc.demo']].sort());
    expect(r.json.items.find((m: { id: string }) => m.id === ids['pi.demo'])).toEqual({
      id: ids['pi.demo'],
      firstName: 'Priya',
      lastName: 'Investigator',
      userRole: 'Pi',
      siteIds: [boston],
      invitedInTelehealthVisit: false,
      realmOfPermission: null,
    });
  });

  it('a rater is never on it; the same person made an interviewer is', async () => {
    await t.db
      .updateTable('study_assignments')
      .set({ role: 'Interviewer' })
      .where('user_id', '=', ids['rater.boston']!)
      .execute();
    const withInterviewer = await call(t.app, listTelehealthTeam, { params: params(), token: tokens['crc.demo'] });
    expect(withInterviewer.json.items.map((m: { id: string }) => m.id)).toContain(ids['rater.boston']);
    await t.db
      .updateTable('study_assignments')
      .set({ role: 'Rater' })
      .where('user_id', '=', ids['rater.boston']!)
      .execute();
    const r = await call(t.app, listTelehealthTeam, { params: params(), token: tokens['crc.demo'] });
    expect(r.json.items.map((m: { id: string }) => m.id)).not.toContain(ids['rater.boston']);
  });

  it('is site-scoped: a Madrid coordinator sees Madrid only, and is refused Boston by name', async () => {
    const r = await call(t.app, listTelehealthTeam, { params: params(), token: tokens['crc.madrid'] });
    expect(r.json.items.map((m: { id: string }) => m.id)).toEqual([ids['crc.madrid']]);
    const other = await call(t.app, listTelehealthTeam, {
      params: params(),
      query: { siteId: boston },
      token: tokens['crc.madrid'],
    });
    expect(other.status).toBe(403);
  });

  it('needs telehealth.call: the monitor and the study admin are refused', async () => {
    for (const u of ['cra.demo', 'studyadmin']) {
      const r = await call(t.app, listTelehealthTeam, { params: params(), token: tokens[u] });
      expect(r.status).toBe(403);
    }
  });
});

describe('availability (F-004)', () => {
  const save = (userId: string, body: unknown, token = tokens['crc.demo'], siteId = boston) =>
    call(t.app, saveTelehealthAvailability, { params: { studyId: demo, siteId, userId }, body, token });

  it('the demo seed gives the telehealth team weekday 09:00–17:00 New York time; every member is listed', async () => {
    const r = await call(t.app, listTelehealthAvailability, { params: params(), token: tokens['crc.demo'] });
    expect(r.status).toBe(200);
    expect(r.json.items).toHaveLength(2);
    for (const a of r.json.items) {
      expect(a).toMatchObject({ siteId: boston, siteName: expect.any(String), timeZone: NY, updatedBy: null });
      expect(a.windows).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })));
    }
  });

  it('saving replaces the week (sorted), answers who saved it and is audited with before and after', async () => {
    const windows = [
      { weekday: 3, start: '13:00', end: '18:00' },
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 3, start: '08:00', end: '12:00' },
    ];
    const r = await save(ids['pi.demo']!, { timeZone: 'Europe/Madrid', windows });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      siteId: boston,
      member: { id: ids['pi.demo'], name: 'Priya Investigator' },
      timeZone: 'Europe/Madrid',
      windows: [windows[1], windows[2], windows[0]],
      updatedBy: { id: ids['crc.demo'], name: 'Carlos Coordinator' },
    });
    const listed = await call(t.app, listTelehealthAvailability, {
      params: params(),
      query: { userId: ids['pi.demo']! },
      token: tokens['crc.demo'],
    });
    expect(listed.json.items).toEqual([r.json]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'actor_id'])
      .where('entity_id', '=', `${boston}:${ids['pi.demo']}`)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'telehealth.availability.save',
      actor_id: ids['crc.demo'],
      before: { timeZone: NY, windows: expect.arrayContaining([{ weekday: 1, start: '09:00', end: '17:00' }]) },
      after: { timeZone: 'Europe/Madrid', windows: [windows[1], windows[2], windows[0]] },
    });
  });

  it('refuses overlapping windows of a day, a badly written time, an end before the start, an unknown zone', async () => {
    const before = await t.db.selectFrom('telehealth_availability').selectAll().execute();
    const overlap = await save(ids['crc.demo']!, {
      timeZone: NY,
      windows: [
        { weekday: 2, start: '09:00', end: '12:00' },
        { weekday: 2, start: '11:30', end: '14:00' },
      ],
    });
    expect(overlap.status).toBe(400);
    expect(overlap.json.messageKey).toBe('telehealth.windowsOverlap');
    expect(Object.keys(overlap.json.fieldErrorKeys)).toEqual(['windows.1']);

    const badTime = await save(ids['crc.demo']!, {
      timeZone: NY,
      windows: [{ weekday: 2, start: '9:00', end: '25:00' }],
    });
    expect(badTime.status).toBe(400);
    expect(JSON.stringify(badTime.json.fieldErrorKeys)).toContain('telehealth.timeFormat');

    const backwards = await save(ids['crc.demo']!, {
      timeZone: NY,
      windows: [{ weekday: 2, start: '12:00', end: '09:00' }],
    });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.json.fieldErrorKeys)).toContain('telehealth.windowOrder');

    const zone = await save(ids['crc.demo']!, { timeZone: 'Mars/Olympus_Mons', windows: [] });
    expect(zone.status).toBe(400);
    expect(zone.json.messageKey).toBe('telehealth.unknownTimeZone');
    expect(await t.db.selectFrom('telehealth_availability').selectAll().execute()).toEqual(before);
  });

  it('only for a telehealth member of the site; a rater or a monitor is not one; another site is not the caller’s', async () => {
    for (const who of ['rater.boston', 'cra.demo', 'hhc.boston', 'crc.madrid']) {
      const r = await save(ids[who]!, { timeZone: NY, windows: [] });
      expect(r.status, who).toBe(400);
      expect(r.json.messageKey).toBe('telehealth.notTelehealthMember');
    }
    const madridByBoston = await save(ids['crc.madrid']!, { timeZone: NY, windows: [] }, tokens['crc.demo'], madrid);
    expect(madridByBoston.status).toBe(403);
    const monitor = await save(ids['crc.demo']!, { timeZone: NY, windows: [] }, tokens['cra.demo']);
    expect(monitor.status).toBe(403);
  });
});

describe('free times', () => {
  const slots = (query: Record<string, string | number>, token = tokens['crc.demo']) =>
    call(t.app, listTelehealthSlots, {
      params: params(),
      query: { siteId: boston, hostId: ids['crc.demo']!, minutes: 30, ...query },
      token,
    });

  it('cut from the windows, read in their zone; what is booked and what has passed are left out', async () => {
    const every = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' }));
    const saved = await call(t.app, saveTelehealthAvailability, {
      params: { studyId: demo, siteId: boston, userId: ids['crc.demo']! },
      body: { timeZone: NY, windows: every },
      token: tokens['crc.demo'],
    });
    expect(saved.status).toBe(200);
    const today = todayIn(NY);
    const now = Date.now();
    const todays = await slots({ from: today, to: today });
    expect(todays.status).toBe(200);
    expect(todays.json.timeZone).toBe(NY);
    for (const s of todays.json.items) expect(new Date(s.startsAt).getTime()).toBeGreaterThan(now);

    const day = addDays(today, 3);
    const free = (await slots({ from: day, to: day })).json.items;
    expect(free).toHaveLength(47);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: NY, timeStyle: 'short' }).format(new Date(free[0].startsAt)),
    ).toBe('00:00');
    const participantId = await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0001' });
    const booked = await call(t.app, bookAppointment, {
      params: params(),
      body: {
        participantId,
        hostId: ids['crc.demo'],
        visitType: 'telehealth',
        startsAt: free[4].startsAt,
        minutes: 60,
      },
      token: tokens['crc.demo'],
    });
    expect(booked.status).toBe(200);
    const after = (await slots({ from: day, to: day })).json.items.map((s: { startsAt: string }) => s.startsAt);
    expect(after).toHaveLength(45);
    expect(after).not.toContain(free[4].startsAt);
    expect(after).not.toContain(free[5].startsAt);
    expect(after).toContain(free[3].startsAt);
    expect(after).toContain(free[6].startsAt);
  });

  it('at most 62 days at once; the host must be on the site’s telehealth team', async () => {
    const from = todayIn(NY);
    expect((await slots({ from, to: addDays(from, 61) })).status).toBe(200);
    const long = await slots({ from, to: addDays(from, 62) });
    expect(long.status).toBe(400);
    expect(long.json.messageKey).toBe('telehealth.rangeTooLong');
    const rater = await slots({ from, to: from, hostId: ids['rater.boston']! });
    expect(rater.status).toBe(400);
    expect(rater.json.messageKey).toBe('telehealth.notTelehealthMember');
    const otherSite = await slots({ from, to: from }, tokens['crc.madrid']);
    expect(otherSite.status).toBe(403);
  });
});
