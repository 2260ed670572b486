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
import { startApiServer } from './server';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const BUDGET_P95_MS = 30;
const JWT_SECRET = 'bench-list-secret-bench-list-secret-bench';
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

const FIRST = ['Ana', 'Ben', 'Carla', 'David', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jon', 'Kira', 'Luis'];
// 20 × 20 surnames, each about 1 in 400 participants (the commonest real surnames are 1–4 % of a population)
const LAST_START = [
  'Gar',
  'Mor',
  'San',
  'Lo',
  'Bra',
  'Jo',
  'Mil',
  'Da',
  'Ro',
  'Wil',
  'Fer',
  'Cas',
  'Her',
  'Ta',
  'Ne',
  'Pa',
  'Ki',
  'Ol',
  'Va',
  'Zu',
];
const LAST_END = [
  'cia',
  'eno',
  'chez',
  'pez',
  'own',
  'nes',
  'ler',
  'vis',
  'sa',
  'son',
  'nan',
  'tro',
  'rera',
  'lor',
  'lson',
  'rez',
  'ng',
  'sen',
  'lle',
  'ber',
];
const LAST = LAST_START.flatMap((a) => LAST_END.map((b) => a + b));

async function makeStudy(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const one = async <T>(q: string) => (await c.query(q)).rows[0] as T;
    const { id: study } = await one<{ id: string }>(`select id from studies where code = 'DEMO'`);
    const { id: boston } = await one<{ id: string }>(`select id from sites where site_code = 'US-001'`);
    const { id: madrid } = await one<{ id: string }>(`select id from sites where site_code = 'ES-001'`);
    const { id: version } = await one<{ id: string }>(
      `select id from study_versions where study_id = '${study}' and status = 'PUBLISHED' order by number desc limit 1`,
    );
    const started = performance.now();
    await c.query(
      `insert into participants (study_id, site_id, participant_code, first_name, last_name, email, status, source,
         environment, language, created_at, updated_at, registration_date, version_id)
       select $1, case when g % 5 = 0 then $3::uuid else $2::uuid end,
         'P' || lpad(g::text, 7, '0'),
         ($5::text[])[1 + g % array_length($5::text[], 1)],
         ($6::text[])[1 + (g * 7919) % array_length($6::text[], 1)],
         'p' || g || '@bench.example',
         (array['ACTIVE','ACTIVE','ACTIVE','ACTIVE','INVITED','NOTINVITED','REGISTERED','VERIFIED','SCREENING',
                'SCREENFAILED','WITHDRAWSTUDY','DISCONTINUED','ACTIVEWITHOUTAPP','PRESCREENED','DISQUALIFIED'])[1 + g % 15],
         (array['WEB','WEB','APP','MANUAL'])[1 + g % 4],
         'LIVE', 'en',
         timestamptz '2025-01-01' + (g * interval '7 minutes'),
         now(),
         case when g % 10 < 7 then timestamptz '2025-01-01' + (g * interval '7 minutes') + interval '1 day' end,
         case when g % 15 < 4 then $4::uuid end
       from generate_series(1, $7::int) g`,
      [study, boston, madrid, version, FIRST, LAST, PARTICIPANTS],
    );
    await c.query(
      `insert into participant_labels (study_id, name, color)
       select $1, 'Label ' || g, (array['blue','teal','green','yellow','orange','red','grape','gray'])[1 + g % 8]
       from generate_series(1, 20) g`,
      [study],
    );
    await c.query(
      `insert into participant_label_links (participant_id, label_id)
       select p.id, l.id from participants p
       join participant_labels l on l.study_id = p.study_id
         and l.name = 'Label ' || (1 + abs(hashtext(p.participant_code)) % 20)
       where p.participant_code like 'P%' and abs(hashtext(p.participant_code)) % 3 = 0`,
    );
    await c.query(
      `insert into consent_signatures (participant_id, study_id, version_id, environment, consent_id, content_hash,
         request_id, local_offset, participant_name, meaning, language)
       select p.id, p.study_id, $1, 'LIVE', 'main', repeat('a', 64), gen_random_uuid(), '+00:00',
         p.first_name || ' ' || p.last_name, 'I agree', 'en'
       from participants p where p.participant_code like 'P%' and abs(hashtext(p.participant_code || 'c')) % 5 < 2`,
      [version],
    );
    // a database in steady state: autovacuum has set the visibility map (index-only scans) and the statistics
    await c.query('vacuum analyze');
    const seconds = (performance.now() - started) / 1000;
    const { n: visible } = await one<{ n: string }>(
      `select count(*) as n from participants where site_id = '${boston}' and environment = 'LIVE'`,
    );
    const { n: labelled } = await one<{ n: string }>(`select count(*) as n from participant_label_links`);
    const { n: signed } = await one<{ n: string }>(`select count(*) as n from consent_signatures`);
    return {
      study,
      boston,
      label: (await one<{ id: string }>(`select id from participant_labels where name = 'Label 7'`)).id,
      visible: Number(visible),
      labelled: Number(labelled),
      signed: Number(signed),
      seconds,
    };
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
    const s = await makeStudy(url);
    console.log(
      `\nlistParticipants on PostgreSQL: ${fmt(PARTICIPANTS)} participants made in ${s.seconds.toFixed(1)} s ` +
        `(${fmt(s.labelled)} labels attached, ${fmt(s.signed)} signed consents); the coordinator sees ${fmt(s.visible)}; ` +
        `${REQUESTS} requests a scenario, one at a time; ${cpus().length} cores, load ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
    );
    const deep = Math.floor(s.visible / 25 / 2);
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
