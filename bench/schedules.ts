// `npm run bench:schedules -w bench`: ★ the schedule engine's budgets (issue 10) on a fresh PostgreSQL database.
// 10,000 participants × 20 schedules: the job that makes their tasks (about half a million rows; budget 20 s,
// memory flat), the re-run after a new version moves two schedules by a day (only the changed tasks are
// touched), and one participant's task list with the E-120 filters over that table (budget p95 20 ms).
// Figures only — nothing here passes or fails a test.
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { testConfig } from '../apps/api/src/config';
import { connectPostgres } from '../apps/api/src/db/database';
import { runMigrations } from '../apps/api/src/db/migrate';
import { runScheduleJob } from '../apps/api/src/modules/schedules/schedules.job';
import { createPlatform } from '../apps/api/src/platform';
import { seedDemo } from '../apps/api/src/seed/demo';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 10_000);
const LIST_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const ZONES = ['America/New_York', 'Europe/Madrid', 'UTC', 'Asia/Tokyo'];

/** 20 schedules: 2 daily over ten days, 6 weekly over four weeks, 12 once — 56 tasks a participant. */
function plan(activityIds: string[], shift = 0) {
  const schedules = activityIds.map((activityId, i) => {
    const target = { kind: 'activity', activityId };
    if (i < 2) return { id: `d${i}`, target, startDay: 0, endDay: 9, repeat: { kind: 'everyNDays', interval: 1 } };
    if (i < 8) {
      const start = i < 4 ? shift : 0; // the new version moves two weekly schedules
      return { id: `w${i}`, target, startDay: start, endDay: 27 + start, repeat: { kind: 'everyNDays', interval: 7 } };
    }
    return { id: `o${i}`, target, startDay: i * 3, endDay: i * 3 + 2 };
  });
  return { milestones: [], packets: [], schedules };
}

function heapWatch() {
  let max = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    max = Math.max(max, process.memoryUsage().heapUsed);
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.round(max / 1048576);
  };
}

async function main() {
  const dbName = `trialpath_bench_sched_${Date.now()}`;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  const handle = connectPostgres(url, 4);
  try {
    await runMigrations(handle);
    const config = testConfig();
    const platform = createPlatform(handle.db, config);
    await seedDemo(platform);
    const db = handle.db;
    const study = await db
      .selectFrom('studies')
      .select(['id', 'client_id'])
      .where('code', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    const site = await db
      .selectFrom('participants')
      .select('site_id')
      .where('participant_code', '=', 'DEMO-US001-0001')
      .executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'studyadmin')
      .executeTakeFirstOrThrow();
    const version = await db
      .selectFrom('study_versions')
      .select(['id', 'snapshot', 'content'])
      .where('study_id', '=', study.id)
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();

    // 20 study activities with one ACTIVE revision each (empty definitions: the engine reads only the plan)
    const activityIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const a = await db
        .insertInto('activities')
        .values({
          client_id: study.client_id,
          study_id: study.id,
          scope_id: study.id,
          kind: 'survey',
          identifier: `BENCH-${i}`,
          identifier_key: `bench-${i}`,
          title: JSON.stringify({ en: `Bench ${i}` }),
          created_by: user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      activityIds.push(a.id);
    }
    const withPlan = (shift: number) =>
      JSON.stringify({
        ...((version.snapshot ?? version.content) as object),
        studyActivities: { items: activityIds.map((id) => ({ id, revisionId: id })) },
        schedule: plan(activityIds, shift),
      });
    await db
      .updateTable('study_versions')
      .set({ snapshot: withPlan(0) })
      .where('id', '=', version.id)
      .execute();

    const raw = new pg.Client({ connectionString: url });
    await raw.connect();
    await raw.query(
      `insert into participants (study_id, site_id, participant_code, environment, time_zone, day_zero, version_id, updated_at)
       select $1, $2, 'BENCH-' || lpad(g::text, 6, '0'), 'LIVE', ($3::text[])[1 + g % $4],
         (now() at time zone 'UTC')::date + (g % 7), $5, now()
       from generate_series(1, $6::int) g`,
      [study.id, site.site_id, ZONES, ZONES.length, version.id, PARTICIPANTS],
    );

    const runJob = async (label: string) => {
      const job = await db
        .insertInto('schedule_jobs')
        .values({
          study_id: study.id,
          version_id: version.id,
          participant_id: null,
          environment: 'LIVE',
          total: PARTICIPANTS,
          report: '[]',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const heap = heapWatch();
      const started = performance.now();
      await runScheduleJob(platform, { jobId: job.id });
      const seconds = (performance.now() - started) / 1000;
      const maxHeap = heap();
      const done = await db.selectFrom('schedule_jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
      console.log(
        `| ${label} | ${seconds.toFixed(1)} s | ${done.status} | ${done.processed} | ${done.added} | ${done.moved} | ${done.withdrawn} | ${maxHeap} MB |`,
      );
    };

    console.log(`\n${PARTICIPANTS} participants × 20 schedules on PostgreSQL\n`);
    console.log('| run | time | status | participants | added | moved | withdrawn | max heap |');
    console.log('|---|---:|---|---:|---:|---:|---:|---:|');
    await runJob('first materialisation');
    await runJob('re-run, nothing changed');
    await db
      .updateTable('study_versions')
      .set({ snapshot: withPlan(1) })
      .where('id', '=', version.id)
      .execute();
    await runJob('two schedules moved by a day');
    const rows = await db
      .selectFrom('participant_tasks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`\nparticipant_tasks rows: ${rows.n}`);

    // one participant's task list, through HTTP (app.inject), with the E-120 filters
    await raw.query('analyze participant_tasks');
    await raw.end();
    const app = await buildApp({ db, config });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'crc.demo', password: 'Trialpath#1' },
    });
    const token = (login.json() as { tokens: { accessToken: string } }).tokens.accessToken;
    const ids = (
      await db.selectFrom('participants').select('id').where('participant_code', 'like', 'BENCH-%').execute()
    ).map((r) => r.id);
    const queries = [
      '',
      '?startDay=0&endDay=14',
      '?status=SCHEDULED&pageSize=20',
      '?type=activity&showCompletedTasks=false&pageIndex=1&pageSize=10',
    ];
    const times: number[] = [];
    for (let i = 0; i < LIST_SAMPLES; i++) {
      const id = ids[(i * 7919) % ids.length]!;
      const started = performance.now();
      const r = await app.inject({
        method: 'GET',
        url: `/api/v1/studies/${study.id}/participants/${id}/tasks${queries[i % queries.length]}`,
        headers: { authorization: `Bearer ${token}` },
      });
      times.push(performance.now() - started);
      if (r.statusCode !== 200) throw new Error(`task list ${r.statusCode} ${r.body}`);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(1);
    console.log(
      `\ntask list of one participant (${LIST_SAMPLES} requests, 4 filter sets): p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, p99 ${pct(0.99)} ms`,
    );
    await app.close();
  } finally {
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
