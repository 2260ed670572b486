// `npm run bench:analytics-probe -w bench`: the limit of this machine for the study dashboard's data (issue 13),
// measured before its design is chosen. On a fresh PostgreSQL database: the demo data set and the large study
// (BENCH_PARTICIPANTS participants, 5 tasks each, BENCH_RESPONSES responses of 20 answers, BENCH_QUERIES queries);
// then each chart's bare query over the raw rows, BENCH_RUNS times, with its median and worst time; and the sum of
// the medians against the dashboard's budget (all charts under 300 ms). Findings go to docs/decisions/.
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { seedDemoDatabase } from './demo-database';
import { makeLargeStudy } from './large-study';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 100_000);
const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BUDGET_MS = 300;
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

/** Each chart's data as one query over the raw rows of the live data space ($1: the study). */
const CHARTS: [string, string][] = [
  [
    'status per site (Status Analytics, Top Sites)',
    `select site_id, status, count(*) from participants where study_id = $1 and environment = 'LIVE' group by 1, 2`,
  ],
  [
    'status per site from the list counters',
    `select site_id, status, sum(n) from participant_list_counts where study_id = $1 and environment = 'LIVE' group by 1, 2`,
  ],
  [
    'monthly enrolment (Enrollment Analytics)',
    `select date_trunc('month', registration_date) as m, count(*) from participants
     where study_id = $1 and environment = 'LIVE' and registration_date is not null group by 1`,
  ],
  [
    'first participant in per site (FPI)',
    `select site_id, min(registration_date) from participants where study_id = $1 and environment = 'LIVE' group by 1`,
  ],
  [
    'consents per site (E-Consent vs Uploaded)',
    `select p.site_id, count(*) from consent_signatures c join participants p on p.id = c.participant_id
     where c.study_id = $1 and c.environment = 'LIVE' group by 1`,
  ],
  [
    'completion per participant (Participant Percent Completed)',
    `select participant_id, count(*) filter (where status = 'COMPLETED') * 100.0 / count(*) from participant_tasks
     where study_id = $1 and status <> 'WITHDRAWN' group by 1`,
  ],
  [
    'completion per activity (Activity Completion Overview)',
    `select target_id, status, count(*) from participant_tasks where study_id = $1 group by 1, 2`,
  ],
  [
    'first data per site',
    `select site_id, min(completed_at) from activity_responses where study_id = $1 and environment = 'LIVE' group by 1`,
  ],
  [
    'answers (datapoints) per site',
    `select site_id, sum((select count(*) from jsonb_object_keys(answers))) from activity_responses
     where study_id = $1 and environment = 'LIVE' group by 1`,
  ],
  [
    'queries per status (data queries)',
    `select site_id, status, count(*) from data_queries where study_id = $1 and environment = 'LIVE' group by 1, 2`,
  ],
];

async function time(c: pg.Client, sql: string, study: string) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await c.query(sql, [study]);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
}

async function main() {
  const dbName = `trialpath_bench_analytics_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  try {
    await seedDemoDatabase(url, 'bench-analytics-secret-bench-analytics-secret');
    const s = await makeLargeStudy(url, {
      participants: PARTICIPANTS,
      tasksPerParticipant: 5,
      responses: RESPONSES,
      queries: QUERIES,
    });
    console.log(
      `\nthe large study made in ${s.seconds.toFixed(1)} s: ${Object.entries(s.counts)
        .map(([k, v]) => `${fmt(v)} ${k}`)
        .join(', ')} (${fmt(s.counts.responses * 20)} answers); ${cpus().length} cores, load ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}; ${RUNS} runs a query`,
    );
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    let total = 0;
    try {
      console.log('\n| chart data, bare query over the raw rows | median ms | max ms |');
      console.log('|---|---:|---:|');
      for (const [name, sql] of CHARTS) {
        const r = await time(c, sql, s.study);
        if (!name.includes('counters')) total += r.median;
        console.log(`| ${name} | ${r.median.toFixed(1)} | ${r.max.toFixed(1)} |`);
      }
    } finally {
      await c.end();
    }
    console.log(
      `\nall charts from the raw rows, one after another: ${total.toFixed(0)} ms (budget ${BUDGET_MS} ms for the dashboard)`,
    );
  } finally {
    if (!process.env.BENCH_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    else console.log(`kept database ${dbName}`);
    await admin.end();
  }
}

await main();
