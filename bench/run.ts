// `npm run bench`: sign-in/s, authenticated studies-list and study-details requests/s, p50/p99, on PGlite and on
// PostgreSQL. Each database gets a fresh server process seeded with the demo data set; autocannon drives it
// from this process over loopback. Figures only — nothing here passes or fails a test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { connectPostgres } from '../apps/api/src/db/database';
import { runMigrations } from '../apps/api/src/db/migrate';
import { testConfig } from '../apps/api/src/config';
import { createPlatform } from '../apps/api/src/platform';
import { seedDemo } from '../apps/api/src/seed/demo';
import { startApiServer } from './server';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Row {
  database: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'cra.demo', password: 'Trialpath#1' }),
  });
  const body = (await res.json()) as { tokens?: { accessToken: string } };
  if (!body.tokens) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.tokens.accessToken;
}

async function measure(database: string, url: string): Promise<Row[]> {
  const rows: Row[] = [];
  const login = await load({
    url: `${url}/api/v1/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'cra.demo', password: 'Trialpath#1' }),
  });
  rows.push(toRow(database, 'staff sign-in (argon2id)', login));
  const token = await signIn(url);
  const list = await load({
    url: `${url}/api/v1/studies?search=demo&sort=name&order=asc&page=1&pageSize=15`,
    headers: { authorization: `Bearer ${token}` },
  });
  rows.push(toRow(database, 'studies list (authenticated)', list));
  const studies = (await (
    await fetch(`${url}/api/v1/studies?page=1`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { items: { id: string }[] };
  const study = await load({
    url: `${url}/api/v1/studies/${studies.items[0]!.id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  rows.push(toRow(database, 'study details (access-checked)', study));
  return rows;
}

function toRow(database: string, scenario: string, r: autocannon.Result): Row {
  return {
    database,
    scenario,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];

  const dataDir = mkdtempSync(path.join(tmpdir(), 'trialpath-bench-'));
  const embedded = await startApiServer({ DATA_DIR: dataDir });
  try {
    rows.push(...(await measure('PGlite', embedded.url)));
  } finally {
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (await postgresReachable()) {
    const dbName = `trialpath_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
    // Production mode seeds nothing: load the demo data set into the fresh database ourselves.
    const handle = connectPostgres(databaseUrl, 2);
    await runMigrations(handle);
    await seedDemo(createPlatform(handle.db, testConfig()));
    await handle.close();
    const server = await startApiServer({
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    });
    try {
      rows.push(...(await measure('PostgreSQL', server.url)));
    } finally {
      await server.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log('PostgreSQL not reachable on 127.0.0.1:5432: PostgreSQL rows skipped');
  }

  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per scenario\n`);
  console.log('| database | scenario | requests/s | p50 ms | p99 ms | errors |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.database} | ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
