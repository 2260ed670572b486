// `npm run bench:analytics -w bench`: ★ the study dashboard's budget (issue 13: every chart of a study with 100,000
// participants, 2,000,000 answers and 20,000 queries under 300 ms in all, on PostgreSQL).
//  1. A fresh PostgreSQL database: migrations, the demo data set, then the large study of large-study.ts
//     (BENCH_PARTICIPANTS participants, 5 tasks each, BENCH_RESPONSES responses of 20 answers, BENCH_QUERIES queries).
//  2. The API server as production runs it; the study's admin (every site) and Boston's coordinator (one site) ask
//     getStudyAnalytics — every fact of every chart in one call — one request at a time, BENCH_REQUESTS times a
//     scenario after a warm-up, with no filter, with Spain and a date range, and for 20 chosen participants.
//  3. Per scenario p50 / p95 / max in ms; exit code 1 when a p95 misses the budget. Findings: decision G-analytics-data.
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { seedDemoDatabase, staffTokenFor } from './demo-database';
import { makeLargeStudy } from './large-study';
import { startApiServer } from './server';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 100_000);
const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const BUDGET_P95_MS = 300;
const JWT_SECRET = 'bench-analytics-secret-bench-analytics-secret';
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(url: string, token: string, query: Record<string, string>) {
  const qs = new URLSearchParams(query);
  const ask = async () => {
    const t0 = performance.now();
    const res = await fetch(`${url}?${qs}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { sites?: unknown[]; datapointsBySite?: { answers: number }[] };
    if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    const answers = (body.datapointsBySite ?? []).reduce((n, d) => n + d.answers, 0);
    return { ms: performance.now() - t0, sites: body.sites?.length ?? 0, answers };
  };
  for (let i = 0; i < 5; i++) await ask();
  const times: number[] = [];
  let last = { sites: 0, answers: 0 };
  for (let i = 0; i < REQUESTS; i++) {
    const r = await ask();
    times.push(r.ms);
    last = r;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, ...last };
}

async function main() {
  const dbName = `trialpath_bench_analytics_api_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  let failed = false;
  try {
    const crc = await seedDemoDatabase(url, JWT_SECRET, 'crc.demo');
    const studyAdmin = await staffTokenFor(url, JWT_SECRET, 'studyadmin');
    const s = await makeLargeStudy(url, {
      participants: PARTICIPANTS,
      tasksPerParticipant: 5,
      responses: RESPONSES,
      queries: QUERIES,
    });
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const chosen = (
      await c.query(`select id from participants where study_id = $1 and participant_code like 'P%' limit 20`, [
        s.study,
      ])
    ).rows.map((r) => r.id as string);
    await c.end();
    console.log(
      `\ngetStudyAnalytics on PostgreSQL: the large study made in ${s.seconds.toFixed(1)} s: ${Object.entries(s.counts)
        .map(([k, v]) => `${fmt(v)} ${k}`)
        .join(', ')} (${fmt(s.counts.responses * 20)} answers); ${REQUESTS} requests a scenario, one at a time; ` +
        `${cpus().length} cores, load ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
    );
    const server = await startApiServer({ DATABASE_URL: url, JWT_SECRET });
    const call = `${server.url}/api/v1/studies/${s.study}/analytics/overall`;
    const scenarios: [string, string, Record<string, string>][] = [
      ['the study admin, every site, no filter', studyAdmin, {}],
      [
        'the study admin, Spain and a date range',
        studyAdmin,
        { countryIds: 'ES', fromDate: '2025-01-01', toDate: '2026-06-30' },
      ],
      ['Boston’s coordinator, no filter', crc, {}],
      ['the study admin, 20 chosen participants', studyAdmin, { participantsIds: chosen.join(',') }],
    ];
    const results: [string, Awaited<ReturnType<typeof measure>>][] = [];
    try {
      for (const [name, token, query] of scenarios) results.push([name, await measure(call, token, query)]);
    } finally {
      await server.stop();
    }
    console.log('\n| scenario | sites | answers counted | p50 ms | p95 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [name, r] of results) {
      if (r.p95 >= BUDGET_P95_MS) failed = true;
      console.log(
        `| ${name} | ${r.sites} | ${fmt(r.answers)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`,
      );
    }
    const worst = Math.max(...results.map(([, r]) => r.p95));
    console.log(
      `\nbudget p95 < ${BUDGET_P95_MS} ms for all charts: worst ${worst.toFixed(1)} ms — ${failed ? 'MISSED' : 'met'}`,
    );
  } finally {
    if (!process.env.BENCH_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    else console.log(`kept database ${dbName}`);
    await admin.end();
  }
  process.exit(failed ? 1 : 0);
}

await main();
