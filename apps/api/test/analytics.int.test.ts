/**
 * The study dashboard's facts (issue 13; G-043…G-053; decision G-analytics-data): a data set whose every number is
 * known, checked against the API for each filter; the counters the database keeps equal a count of the raw rows
 * through inserts, changes, transfers and deletions; the caller's sites and blinding bound what is counted (A-117).
 */
import { getConsentDisposition, getParticipantAnalytics, getStudyAnalytics } from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let boston: string;
let madrid: string;
let version: string;
const tokens: Record<string, string> = {};
const ACTIVITY = '00000000-0000-4000-8000-00000000a001';

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
  version = (
    await t.db.selectFrom('study_versions').select('id').where('study_id', '=', demo).executeTakeFirstOrThrow()
  ).id;
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
  await seedKnownStudy();
});
afterAll(() => t?.close());

const facts = (user: string, query: Record<string, string> = {}, headers?: Record<string, string>) =>
  call(t.app, getStudyAnalytics, { params: { studyId: demo }, query, token: tokens[user], headers });

/**
 * Ten participants more (AN-01…AN-10): six at Boston registered in January and March 2026, four at Madrid in
 * March; each with four tasks of which 0…4 are completed; two withdrawn with a reason, one failed screening.
 */
async function seedKnownStudy() {
  const rows = Array.from({ length: 10 }, (_, i) => ({
    study_id: demo,
    site_id: i < 6 ? boston : madrid,
    participant_code: `AN-${String(i + 1).padStart(2, '0')}`,
    status: i === 0 || i === 6 ? 'WITHDRAWSTUDY' : i === 1 ? 'SCREENFAILED' : 'ACTIVE',
    registration_date: new Date(i < 3 ? '2026-01-15T10:00:00Z' : '2026-03-10T10:00:00Z'),
    source: 'MANUAL' as const,
  }));
  const made = await t.db.insertInto('participants').values(rows).returning(['id', 'participant_code']).execute();
  const id = (code: string) => made.find((m) => m.participant_code === code)!.id;
  // four tasks each, opening 2026-03-01; participant i completes (i mod 5) of them
  const tasks = made.flatMap((p, i) =>
    Array.from({ length: 4 }, (_, k) => ({
      participant_id: p.id,
      study_id: demo,
      version_id: version,
      schedule_id: 's1',
      task_key: `k${k}`,
      target_kind: 'activity' as const,
      target_id: ACTIVITY,
      start_day: k,
      opens_at: new Date('2026-03-01T00:00:00Z'),
      delivery: 'scheduled' as const,
      telehealth: false,
      status: k < i % 5 ? ('COMPLETED' as const) : k === 3 && i === 8 ? ('EXPIRED' as const) : ('SCHEDULED' as const),
      created_at: new Date(),
      updated_at: new Date(),
    })),
  );
  await t.db.insertInto('participant_tasks').values(tasks).execute();
  for (const [code, to, reason] of [
    ['AN-01', 'WITHDRAWSTUDY', 'Moved away'],
    ['AN-07', 'WITHDRAWSTUDY', 'Moved away'],
    ['AN-02', 'SCREENFAILED', 'Failure to meet Inclusion Criteria'],
  ] as const) {
    const by = await idOf(t.db, 'users', { username: 'crc.demo' });
    await sql`insert into participant_status_changes (participant_id, study_id, environment, from_status, to_status, reason_code, reason, changed_by)
      values (${id(code)}, ${demo}, 'LIVE', 'ACTIVE', ${to}, ${reason}, ${reason}, ${by})`.execute(t.db);
  }
  // two responses at Boston (3 and 2 answers), one at Madrid (1 answer)
  for (const [code, site, when, answers] of [
    ['AN-04', boston, '2026-03-02T09:00:00Z', { a: 1, b: 2, c: 3 }],
    ['AN-05', boston, '2026-03-05T09:00:00Z', { a: 1, b: 2 }],
    ['AN-08', madrid, '2026-03-04T09:00:00Z', { a: 1 }],
  ] as const) {
    await sql`insert into activity_responses (participant_id, study_id, version_id, site_id, environment, activity_id,
        revision_id, client_uuid, device_id, language, answers, completed_at, completed_local, completed_offset)
      values (${id(code)}, ${demo}, ${version}, ${site}, 'LIVE', ${ACTIVITY}, gen_random_uuid(), gen_random_uuid()::text,
        'd', 'en', ${JSON.stringify(answers)}::jsonb, ${when}, ${when}, '+00:00')`.execute(t.db);
  }
  // eConsents: AN-04 countersigned after a quiz of 2 attempts, AN-05 not countersigned (1 attempt), AN-08
  // countersigned without a quiz
  for (const [code, attempts, countersigned] of [
    ['AN-04', 2, true],
    ['AN-05', 1, false],
    ['AN-08', 0, true],
  ] as const) {
    await sql`insert into consent_signatures (participant_id, study_id, version_id, environment, consent_id, content_hash,
        request_id, local_offset, participant_name, meaning, language, quiz_attempts)
      values (${id(code)}, ${demo}, ${version}, 'LIVE', 'main', 'h', gen_random_uuid(), '+00:00', ${code}, 'I agree', 'en',
        ${attempts})`.execute(t.db);
    if (countersigned)
      await sql`update consent_signatures set countersigned_at = now() where participant_id = ${id(code)}`.execute(
        t.db,
      );
  }
  // queries at Boston: two open (one for the unblinded only), one answered, one closed
  const monitor = await idOf(t.db, 'users', { username: 'cra.demo' });
  for (const [status, unblindedOnly] of [
    ['OPEN', false],
    ['OPEN', true],
    ['RESPONDED', false],
    ['CLOSED', false],
  ] as const) {
    await sql`insert into data_queries (study_id, site_id, environment, participant_id, target_kind, target_id, item,
        activity_id, activity_title, item_text, unblinded_only, status, opened_by, closed_by, closed_at)
      values (${demo}, ${boston}, 'LIVE', ${id('AN-04')}, 'response', gen_random_uuid(), 'q1', ${ACTIVITY},
        '{"en":"A"}', '{"en":"Q"}', ${unblindedOnly}, ${status}, ${monitor}, ${status === 'CLOSED' ? monitor : null},
        ${status === 'CLOSED' ? new Date() : null})`.execute(t.db);
  }
}

/** The same facts counted from the raw rows, without the counters (an independent path). */
async function rawCounts(siteIds: string[], from?: string, to?: string) {
  const range = (col: string) =>
    sql`${from ? sql`and ${sql.ref(col)} >= ${from}::date` : sql``} ${to ? sql`and ${sql.ref(col)} < ${to}::date + 1` : sql``}`;
  const tasks = await sql<{ status: string; n: number }>`
    select t.status, count(*)::int as n from participant_tasks t join participants p on p.id = t.participant_id
    where t.study_id = ${demo} and p.environment = 'LIVE' and p.site_id = any(${sql.val(siteIds)}::uuid[]) ${range('t.opens_at')}
    group by 1 order by 1`.execute(t.db);
  const answers = await sql<{ site_id: string; responses: number; answers: number }>`
    select site_id, count(*)::int as responses, sum((select count(*) from jsonb_object_keys(answers)))::int as answers
    from activity_responses where study_id = ${demo} and environment = 'LIVE' and site_id = any(${sql.val(siteIds)}::uuid[])
      ${range('completed_at')}
    group by 1 order by 1`.execute(t.db);
  return { tasks: tasks.rows, answers: answers.rows };
}

const sumTasks = (r: { tasksByActivity: { status: string; tasks: number }[] }) => {
  const out: Record<string, number> = {};
  for (const x of r.tasksByActivity) out[x.status] = (out[x.status] ?? 0) + x.tasks;
  return Object.entries(out)
    .map(([status, n]) => ({ status, n }))
    .sort((a, b) => a.status.localeCompare(b.status));
};

describe('the study dashboard’s facts', () => {
  it('counts what the data set holds, per site, status, month, completion, activity, answers and queries', async () => {
    const r = await facts('studyadmin');
    expect(r.status).toBe(200);
    const body = r.json;
    expect(body.environment).toBe('LIVE');
    expect(body.sites.map((s: { siteCode: string }) => s.siteCode).sort()).toEqual(['ES-001', 'US-001']);
    const status = (site: string, s: string) =>
      body.statusBySite.find((x: { siteId: string; status: string }) => x.siteId === site && x.status === s)
        ?.participants ?? 0;
    expect(status(boston, 'WITHDRAWSTUDY')).toBe(1);
    expect(status(madrid, 'WITHDRAWSTUDY')).toBe(1);
    expect(status(boston, 'SCREENFAILED')).toBe(1);
    // the months: three in January (AN-01…03), seven in March, plus any the seed registered
    const month = (m: string) => body.enrolmentByMonth.find((x: { month: string }) => x.month === m)?.participants ?? 0;
    expect(month('2026-01')).toBe(3);
    expect(month('2026-03')).toBe(7);
    // completion tenths: i mod 5 of 4 tasks → 0 %, 25 %, 50 %, 75 %, 100 % twice each
    const bucket = (b: number) => body.completion.buckets.find((x: { bucket: number }) => x.bucket === b)?.participants;
    expect([bucket(0), bucket(2), bucket(5), bucket(7), bucket(9)]).toEqual([2, 2, 2, 2, 2]);
    expect(body.completion.average).toBe(50);
    const raw = await rawCounts([boston, madrid]);
    expect(sumTasks(body)).toEqual(raw.tasks);
    expect(body.tasksByActivity.find((x: { status: string }) => x.status === 'COMPLETED')).toMatchObject({
      activityId: ACTIVITY,
      tasks: 20,
    });
    expect(body.queries.totalMissing).toBe(1);
    const points = [...body.datapointsBySite].sort((a, b) => a.siteId.localeCompare(b.siteId));
    expect(points).toEqual(raw.answers.map((a) => ({ siteId: a.site_id, responses: a.responses, answers: a.answers })));
    expect(body.datapointsBySite.find((x: { siteId: string }) => x.siteId === boston)).toEqual({
      siteId: boston,
      responses: 2,
      answers: 5,
    });
    const madridDates = body.siteDates.find((x: { siteId: string }) => x.siteId === madrid);
    expect(madridDates).toMatchObject({ firstData: '2026-03-04', firstDataParticipant: 'AN-08' });
    // first participant in: the earliest registration at the site, with or without a date range (G-044)
    const fpi = await sql<{ d: string | null }>`
      select to_char(min(registration_date) at time zone 'UTC', 'YYYY-MM-DD') as d from participants
      where site_id = ${madrid} and environment = 'LIVE'`.execute(t.db);
    expect(madridDates.fpi).toBe(fpi.rows[0]!.d);
    const ranged = (await facts('studyadmin', { fromDate: '2026-03-01', toDate: '2026-03-31' })).json;
    expect(ranged.siteDates.find((x: { siteId: string }) => x.siteId === madrid).fpi).toBe(fpi.rows[0]!.d);
    expect(body.withdrawalReasons).toEqual([{ reason: 'Moved away', participants: 2 }]);
    expect(body.screenFailureReasons).toEqual([{ reason: 'Failure to meet Inclusion Criteria', participants: 1 }]);
  });

  it('filters by country, site, chosen participants and an inclusive date range (G-019, G-020)', async () => {
    const spain = (await facts('studyadmin', { countryIds: 'ES' })).json;
    expect(spain.sites.map((s: { id: string }) => s.id)).toEqual([madrid]);
    expect(spain.datapointsBySite).toEqual([{ siteId: madrid, responses: 1, answers: 1 }]);
    const site = (await facts('studyadmin', { siteIds: boston })).json;
    expect(site.datapointsBySite).toEqual([{ siteId: boston, responses: 2, answers: 5 }]);
    // the range keeps what happened on its first and last day, and nothing else
    const marchCall = await facts('studyadmin', { fromDate: '2026-03-02', toDate: '2026-03-04' });
    expect(marchCall.status, JSON.stringify(marchCall.json)).toBe(200);
    const march = marchCall.json;
    const raw = await rawCounts([boston, madrid], '2026-03-02', '2026-03-04');
    expect([...march.datapointsBySite].sort((a, b) => a.siteId.localeCompare(b.siteId))).toEqual(
      raw.answers.map((a) => ({ siteId: a.site_id, responses: a.responses, answers: a.answers })),
    );
    expect(march.datapointsBySite.reduce((n: number, x: { responses: number }) => n + x.responses, 0)).toBe(2);
    const january = (await facts('studyadmin', { fromDate: '2026-01-01', toDate: '2026-01-31' })).json;
    expect(january.enrolmentByMonth).toEqual([{ month: '2026-01', participants: 3 }]);
    const an04 = await idOf(t.db, 'participants', { participant_code: 'AN-04' });
    const one = (await facts('studyadmin', { participantsIds: an04 })).json;
    expect(one.datapointsBySite).toEqual([{ siteId: boston, responses: 1, answers: 3 }]);
    expect(sumTasks(one)).toEqual([
      { status: 'COMPLETED', n: 3 },
      { status: 'SCHEDULED', n: 1 },
    ]);
    const bad = await facts('studyadmin', { fromDate: '2026-03-05', toDate: '2026-03-01' });
    expect(bad.status).toBe(400);
  });

  it('counts eConsents by signature state, uploaded documents, the quiz and the queries (G-043, G-047, G-048)', async () => {
    const body = (await facts('studyadmin')).json;
    expect(body.blinded).toBe(false);
    const unsignedAtBoston = await sql<{ n: number }>`
      select count(*)::int as n from participants p where p.site_id = ${boston} and p.environment = 'LIVE'
        and not exists (select 1 from consent_signatures c where c.participant_id = p.id)`.execute(t.db);
    const at = (site: string) => body.consentsBySite.find((c: { siteId: string }) => c.siteId === site);
    expect(at(boston).econsent).toEqual({
      unsigned: unsignedAtBoston.rows[0]!.n,
      participantSigned: 1,
      piAndParticipantSigned: 1,
    });
    expect(at(madrid).econsent).toMatchObject({ participantSigned: 0, piAndParticipantSigned: 1 });
    expect(at(boston).uploaded).toEqual({ unsigned: 0, participantSigned: 0, piAndParticipantSigned: 0 });
    const quiz = (site: string) => body.quizBySite.find((q: { siteId: string }) => q.siteId === site);
    expect(quiz(boston)).toEqual({ siteId: boston, quizQompletion: 2, quizAttempts: 3 });
    expect(quiz(madrid)).toEqual({ siteId: madrid, quizQompletion: 0, quizAttempts: 0 });
    expect(body.queries).toEqual({ queryOpen: 2, queryResponded: 1, queryClosed: 1, totalMissing: 1 });
    // a blinded site role does not count the query raised for the unblinded only (A-117)
    const blinded = (await facts('crc.demo')).json;
    expect(blinded.blinded).toBe(true);
    // G-050: the data access type the server applied is the caller's own
    const own = await t.db
      .selectFrom('users')
      .select('data_access_type')
      .where('username', '=', 'crc.demo')
      .executeTakeFirstOrThrow();
    expect(blinded.userDataAccessType).toBe(own.data_access_type ?? 'BOTH');
    expect(body.userDataAccessType).toBe('BOTH');
    expect(blinded.queries).toEqual({ queryOpen: 1, queryResponded: 1, queryClosed: 1, totalMissing: 0 });
  });

  it('the test data space counts its own participants only, the live one its own', async () => {
    const count = async (env: string) =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from participants where study_id = ${demo} and environment = ${env}`.execute(t.db)
        ).rows[0]!.n,
      );
    const total = (body: { statusBySite: { participants: number }[] }) =>
      body.statusBySite.reduce((n, r) => n + r.participants, 0);
    const test = (await facts('studyadmin', {}, { env: 'test' })).json;
    expect(test.environment).toBe('TEST');
    expect(total(test)).toBe(await count('TEST'));
    expect(test.datapointsBySite).toEqual([]);
    expect(total((await facts('studyadmin')).json)).toBe(await count('LIVE'));
  });

  it('a data access type narrows the sites counted, and the answer says which it applied (G-050)', async () => {
    expect((await facts('cra.demo')).json.userDataAccessType).toBe('BOTH');
    await sql`update users set data_access_type = 'CLINIC' where username = 'cra.demo'`.execute(t.db);
    const narrowed = (await facts('cra.demo')).json;
    expect(narrowed.userDataAccessType).toBe('CLINIC');
    const clinics = await sql<{ id: string }>`
      select id from sites where study_id = ${demo} and site_sub_type = 'CLINIC' order by id`.execute(t.db);
    expect(narrowed.sites.map((s: { id: string }) => s.id).sort()).toEqual(clinics.rows.map((r) => r.id));
  });

  it('a site coordinator counts only their site; a study they are not on is refused (A-117)', async () => {
    const r = (await facts('crc.demo')).json;
    expect(r.sites.map((s: { id: string }) => s.id)).toEqual([boston]);
    expect(r.statusBySite.every((x: { siteId: string }) => x.siteId === boston)).toBe(true);
    expect(r.datapointsBySite).toEqual([{ siteId: boston, responses: 2, answers: 5 }]);
    // asking for another site gives nothing of it
    const other = (await facts('crc.demo', { siteIds: madrid })).json;
    expect(other.sites).toEqual([]);
    expect(other.datapointsBySite).toEqual([]);
    const sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
    const refused = await call(t.app, getStudyAnalytics, { params: { studyId: sleep }, token: tokens['crc.demo'] });
    expect(refused.status).toBe(403);
  });

  it('the kept counters equal a count of the raw rows through changes, a transfer and deletions', async () => {
    const agree = async () => {
      const body = (await facts('studyadmin')).json;
      const raw = await rawCounts([boston, madrid]);
      expect(sumTasks(body)).toEqual(raw.tasks);
    };
    const an03 = await idOf(t.db, 'participants', { participant_code: 'AN-03' });
    await sql`update participant_tasks set status = 'COMPLETED' where participant_id = ${an03}`.execute(t.db);
    await sql`update participant_tasks set status = 'WITHDRAWN' where task_key = 'k3' and participant_id in
      (select id from participants where participant_code like 'AN-0%')`.execute(t.db);
    await agree();
    // AN-03 moves to Madrid with its tasks
    await sql`update participants set site_id = ${madrid} where id = ${an03}`.execute(t.db);
    await agree();
    const madridOnly = (await facts('studyadmin', { siteIds: madrid })).json;
    const rawMadrid = await rawCounts([madrid]);
    expect(sumTasks(madridOnly)).toEqual(rawMadrid.tasks);
    // the participant's own totals follow: AN-03 completed 3 of its 3 that count (k3 withdrawn)
    const totals = await sql<{ total: number; completed: number }>`
      select total, completed from participant_task_totals where participant_id = ${an03}`.execute(t.db);
    expect(totals.rows[0]).toEqual({ total: 3, completed: 3 });
    await sql`delete from participant_tasks where participant_id = ${an03} and task_key = 'k0'`.execute(t.db);
    await agree();
    const after = await sql<{ total: number; completed: number }>`
      select total, completed from participant_task_totals where participant_id = ${an03}`.execute(t.db);
    expect(after.rows[0]).toEqual({ total: 2, completed: 2 });
  });

  it('the participant endpoint answers for chosen participants only, and asks for some (G-052)', async () => {
    const an04 = await idOf(t.db, 'participants', { participant_code: 'AN-04' });
    const one = await call(t.app, getParticipantAnalytics, {
      params: { studyId: demo },
      query: { participantsIds: an04 },
      token: tokens.studyadmin,
    });
    expect(one.status).toBe(200);
    expect(one.json.datapointsBySite).toEqual([{ siteId: boston, responses: 1, answers: 3 }]);
    expect(one.json.completion.buckets).toEqual([{ bucket: 7, participants: 1 }]);
    const none = await call(t.app, getParticipantAnalytics, {
      params: { studyId: demo },
      query: {},
      token: tokens.studyadmin,
    });
    expect(none.status).toBe(400);
    expect(Object.keys(none.json.fieldErrors)).toContain('participantsIds');
  });

  it('the consent disposition gives consents and the quiz per site, and the leading sites (G-053)', async () => {
    const r = await call(t.app, getConsentDisposition, {
      params: { studyId: demo },
      query: {},
      token: tokens.studyadmin,
    });
    expect(r.status).toBe(200);
    const bostonName = r.json.sites.find((s: { id: string }) => s.id === boston).name;
    // signed eConsents: Boston 2 (AN-04, AN-05), Madrid 1 (AN-08) → Boston leads with 67 %
    expect(r.json.summary).toEqual({ mostEconsent: { site: bostonName, percentage: 67 }, mostUploaded: null });
    expect(r.json.quizBySite).toContainEqual({ siteId: boston, quizQompletion: 2, quizAttempts: 3 });
    const coordinator = await call(t.app, getConsentDisposition, {
      params: { studyId: demo },
      query: {},
      token: tokens['crc.demo'],
    });
    expect(coordinator.json.consentsBySite.map((c: { siteId: string }) => c.siteId)).toEqual([boston]);
  });
});
