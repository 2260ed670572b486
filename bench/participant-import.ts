// `npm run bench:import -w bench`: ★ the participant import budget (issue 12, E-076: a file of 10,000 participants
// imported, all rows or none, in under 5 s on PostgreSQL, parsing included).
//  1. A fresh PostgreSQL database: migrations and the demo data set; an access token of the Boston coordinator
//     (crc.demo, who may add participants at US-001).
//  2. The API server as production runs it; BENCH_RUNS (3) times a generated CSV of BENCH_ROWS (10,000) rows is
//     uploaded to importParticipants, each time with fresh e-mail addresses and phone numbers (a tenth of the rows
//     with their own participant id, the rest numbered at the site). The wall time of each request, its median,
//     and the participant count checked to grow by exactly the file's rows.
//  3. The same file checked without saving (checkParticipantImport), and a file whose last row is bad: refused
//     (400, the report naming that row) and nothing saved; how long each takes.
// Exit code 1 when an import misses the budget or a count is wrong. The database is dropped at the end
// (BENCH_KEEP_DB=1 keeps it).
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { seedDemoDatabase } from './demo-database';
import { startApiServer } from './server';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_MS = 5_000;
const JWT_SECRET = 'bench-import-secret-bench-import-secret-b';
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

const FIRST = ['Ana', 'Ben', 'Carla', 'David', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jon', 'Kira', 'Luis'];
const LAST = ['García', 'Moreno', 'Sánchez', 'López', 'Brown', 'Jones', 'Miller', 'Davis', "O'Neil", 'Wilson'];

/** A CSV of `rows` participants at Boston, unique to run `run`; `badLast` spoils the last row's e-mail address. */
function csvFile(run: number, rows: number, badLast = false): Uint8Array<ArrayBuffer> {
  const lines = ['Participant ID,Site code,First name,Last name,E-mail,Phone country code,Phone,Text messages'];
  for (let i = 0; i < rows; i++) {
    const id = i % 10 === 0 ? `BENCH-${run}-${i}` : '';
    const email = badLast && i === rows - 1 ? 'not-an-address' : `run${run}.p${i}@bench.example`;
    // 10 digits, unique per run and row: no shared phone number
    const phone = `6${String(run).padStart(2, '0')}${String(i).padStart(7, '0')}`;
    lines.push(
      [
        id,
        'US-001',
        FIRST[i % FIRST.length],
        `"${LAST[i % LAST.length]}"`,
        email,
        '+1',
        phone,
        i % 3 ? 'no' : 'yes',
      ].join(','),
    );
  }
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

async function count(c: pg.Client, study: string) {
  return Number((await c.query(`select count(*) as n from participants where study_id = $1`, [study])).rows[0].n);
}

async function upload(url: string, token: string, file: Uint8Array<ArrayBuffer>) {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: file,
  });
  const body = (await res.json()) as Record<string, unknown>;
  return { ms: performance.now() - t0, status: res.status, body };
}

async function main() {
  const dbName = `trialpath_bench_import_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  let failed = false;
  const client = new pg.Client({ connectionString: url });
  try {
    const token = await seedDemoDatabase(url, JWT_SECRET);
    await client.connect();
    const study = (await client.query(`select id from studies where code = 'DEMO'`)).rows[0].id as string;
    const server = await startApiServer({ DATABASE_URL: url, JWT_SECRET });
    const imports = `${server.url}/api/v1/studies/${study}/participant-imports`;
    const checks = `${server.url}/api/v1/studies/${study}/participant-import-checks`;
    console.log(
      `\nimportParticipants on PostgreSQL: ${fmt(ROWS)} rows a file (${fmt(csvFile(0, ROWS).length / 1024)} KiB of CSV), ` +
        `${RUNS} runs; ${cpus().length} cores, load ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}\n`,
    );
    const times: number[] = [];
    try {
      for (let run = 1; run <= RUNS; run++) {
        const before = await count(client, study);
        const r = await upload(imports, token, csvFile(run, ROWS));
        const grew = (await count(client, study)) - before;
        const ok = r.status === 200 && r.body.imported === ROWS && grew === ROWS;
        if (!ok || r.ms >= BUDGET_MS) failed = true;
        times.push(r.ms);
        console.log(
          `run ${run}: ${fmt(r.ms)} ms — HTTP ${r.status}, imported ${r.body.imported ?? '-'}, participants +${fmt(grew)}` +
            (ok ? '' : ` ✗ ${JSON.stringify(r.body).slice(0, 300)}`),
        );
      }

      const checked = await upload(checks, token, csvFile(RUNS + 1, ROWS));
      console.log(
        `\ncheck without saving (checkParticipantImport), ${fmt(ROWS)} rows: ${fmt(checked.ms)} ms — HTTP ${checked.status}, rows ${checked.body.rows ?? '-'}`,
      );
      if (checked.status !== 200 || checked.body.rows !== ROWS) failed = true;

      const before = await count(client, study);
      const refused = await upload(imports, token, csvFile(RUNS + 2, ROWS, true));
      const after = await count(client, study);
      const report = (refused.body.details as { rows?: { row: number; column: string }[] } | undefined)?.rows ?? [];
      const named = report.length === 1 && report[0]!.row === ROWS + 1 && report[0]!.column === 'E-mail';
      const refusedOk = refused.status === 400 && named && after === before;
      if (!refusedOk) failed = true;
      console.log(
        `refusal, ${fmt(ROWS)} rows with the last one bad: ${fmt(refused.ms)} ms — HTTP ${refused.status} "${refused.body.message}", ` +
          `report ${JSON.stringify(report)}, participants +${after - before}${refusedOk ? '' : ' ✗'}`,
      );
    } finally {
      await server.stop();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `\nbudget < ${fmt(BUDGET_MS)} ms for ${fmt(ROWS)} rows: runs ${times.map(fmt).join(', ')} ms, median ${fmt(median)} ms — ${
        failed ? 'MISSED' : 'met'
      }`,
    );
  } finally {
    await client.end().catch(() => {});
    if (!process.env.BENCH_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    else console.log(`kept database ${dbName}`);
    await admin.end();
  }
  process.exit(failed ? 1 : 0);
}

await main();
