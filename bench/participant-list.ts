// `npm run bench:participants -w bench`: ★ the participant list budget (issue 12: 100,000 participants with labels
// and statuses spread; search + filter + sort on a deep page: p95 under 30 ms on PostgreSQL).
//  1. A fresh PostgreSQL database: migrations, the demo data set, then BENCH_PARTICIPANTS (100,000) participants of
//     the DEMO study made by SQL from a fixed pattern (80 % at the Boston site, 20 % at Madrid; names, e-mails,
//     statuses, sources, dates, versions spread; 20 labels on a third of them; a signed consent for 40 %).
//  2. The API server as production runs it; the coordinator of Boston (crc.demo, who may identify participants)
//     asks listParticipants one request at a time, each scenario BENCH_REQUESTS times after a warm-up.
//  3. Per scenario p50 / p95 / p99 / max in ms, and the bare SQL of the deepest page run alone (EXPLAIN ANALYZE) for
//     comparison; exit code 1 when a scenario's p95 misses the budget. Findings: docs/decisions/E-participant-list.md.
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { seedDemoDatabase } from './demo-database';
import { makeLargeStudy } from './large-study';
import { startApiServer } from './server';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const BUDGET_P95_MS = 30;
const JWT_SECRET = 'bench-list-secret-bench-list-secret-bench';
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

/** The participants the coordinator of Boston sees (the live ones of the site). */
async function bostonParticipants(url: string, boston: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(`select count(*) as n from participants where site_id = $1 and environment = 'LIVE'`, [
      boston,
    ]);
    return Number(r.rows[0].n);
  } finally {
    await c.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(url: string, token: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const ask = async () => {
    const t0 = performance.now();
    const res = await fetch(`${url}?${qs}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { total?: number; items?: unknown[] };
    if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, total: body.total ?? 0, rows: body.items?.length ?? 0 };
  };
  for (let i = 0; i < 20; i++) await ask();
  const times: number[] = [];
  let last = { total: 0, rows: 0 };
  for (let i = 0; i < REQUESTS; i++) {
    const r = await ask();
    times.push(r.ms);
    last = r;
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1)!,
    ...last,
  };
}

async function main() {
  const dbName = `trialpath_bench_list_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  let failed = false;
  try {
    const token = await seedDemoDatabase(url, JWT_SECRET);
    const s = await makeLargeStudy(url, { participants: PARTICIPANTS });
    const visible = await bostonParticipants(url, s.boston);
    console.log(
      `\nlistParticipants on PostgreSQL: ${fmt(PARTICIPANTS)} participants made in ${s.seconds.toFixed(1)} s ` +
        `(${fmt(s.counts.labelled)} labels attached, ${fmt(s.counts.signed)} signed consents); the coordinator sees ${fmt(visible)}; ` +
        `${REQUESTS} requests a scenario, one at a time; ${cpus().length} cores, load ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
    );
    const deep = Math.floor(visible / 25 / 2);
    const scenarios: [string, Record<string, string | number>][] = [
      ['first page, by participant id', {}],
      [`deep page ${fmt(deep)} of 25, by name`, { sortValue: 'name', pageNum: deep }],
      [`deep page ${fmt(deep)} of 25, by participant id, descending`, { sortOrder: 'desc', pageNum: deep }],
      [
        'status ACTIVE, by added date descending, page 500',
        { filter: 'ACTIVE', sortValue: 'createdAt', sortOrder: 'desc', pageNum: 500 },
      ],
      [
        'search "gar" + label, by registration date',
        { search: 'gar', customKey: s.label, sortValue: 'registrationDate' },
      ],
      ['search "p00012", 100 a page', { search: 'p00012', pageSize: 100 }],
      [
        'consent signed + source APP, by status, page 200',
        { consentStatus: 'SIGNED', sourcefilter: 'APP', sortValue: 'status', pageNum: 200 },
      ],
      [
        'withdrawn or failed, by e-mail, page 100',
        { withdrawnOrFailedFilter: 'true', sortValue: 'email', pageNum: 100 },
      ],
    ];
    const server = await startApiServer({ DATABASE_URL: url, JWT_SECRET });
    const list = `${server.url}/api/v1/studies/${s.study}/participants`;
    const results: [string, Awaited<ReturnType<typeof measure>>][] = [];
    try {
      for (const [name, query] of scenarios) results.push([name, await measure(list, token, query)]);
    } finally {
      await server.stop();
    }
    console.log('\n| scenario | matches | rows | p50 ms | p95 ms | p99 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [name, r] of results) {
      if (r.p95 >= BUDGET_P95_MS) failed = true;
      console.log(
        `| ${name} | ${fmt(r.total)} | ${r.rows} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} |`,
      );
    }
    const worst = Math.max(...results.map(([, r]) => r.p95));
    console.log(
      `\nbudget p95 < ${BUDGET_P95_MS} ms in every scenario: worst ${worst.toFixed(1)} ms — ${failed ? 'MISSED' : 'met'}`,
    );
  } finally {
    if (!process.env.BENCH_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    else console.log(`kept database ${dbName}`);
    await admin.end();
  }
  process.exit(failed ? 1 : 0);
}

await main();
