// `npm run bench:export -w bench`: ★ the study data zip's budget (issue 14, DESIGN §5: 100,000 submissions with
// 2,000,000 answers in under 5 s, streamed, server memory flat under 200 MB, byte-identical on repeat; ODK Central
// measured on the same kind of machine: 14 s, 160 MB). ODM and FHIR of the same data are measured and reported.
//  1. A fresh PostgreSQL database (or BENCH_DB, kept by an earlier run with BENCH_KEEP_DB=1): migrations, the demo data set, BENCH_PARTICIPANTS participants (large-study.ts),
//     a survey of 20 number questions made through the API, and BENCH_SUBMISSIONS results of it (20 answers each)
//     written by SQL from one stored result (the first answer varied per row).
//  2. The API server as production runs it; the study admin asks for the study data export (CSV), waits for it
//     (polling), downloads it; then again (the SHA-256 must be the same); then with ODM, then with FHIR.
//  3. Time from asking to the file being ready, the server's peak RSS and its growth over the idle server (sampled
//     from /proc every 50 ms), the sizes.
//     Exit code 1 when the CSV export misses 5 s or grows the server by 200 MB, or the repeat differs. Findings: decision H-exports.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { buildResultPayload, parseActivity } from '@trialpath/domain';
import pg from 'pg';
import { seedDemoDatabase, staffTokenFor } from './demo-database';
import { makeLargeStudy } from './large-study';
import { startApiServer } from './server';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 100_000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);
const BUDGET_MS = 5_000;
const BUDGET_RSS_MB = 200;
const JWT_SECRET = 'bench-export-secret-bench-export-secret-bench';
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

const QUESTIONS = Array.from({ length: 20 }, (_, i) => ({
  id: `q${i + 1}`,
  identifier: `value${i + 1}`,
  type: 'Number',
  body: { en: `Value ${i + 1}` },
  constraints: { min: 0, max: 1000 },
}));

async function api(base: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** The survey of 20 numbers, made and saved through the API; its revision's definition. */
async function makeSurvey(base: string, token: string, study: string) {
  const made = (await (
    await api(base, token, 'POST', '/api/v1/activities', {
      studyId: study,
      kind: 'survey',
      identifier: 'BENCH20',
      title: { en: 'Twenty numbers' },
    })
  ).json()) as { id: string; latest: { id: string } };
  const path = `/api/v1/activities/${made.id}/revisions/${made.latest.id}`;
  const def = (await (await api(base, token, 'GET', path)).json()) as {
    lockVersion: number;
    definition: Record<string, unknown>;
  };
  const definition = { ...def.definition, questions: QUESTIONS };
  await api(base, token, 'PUT', path, { lockVersion: def.lockVersion, definition });
  return { activity: made.id, revision: made.latest.id, definition: parseActivity(definition) };
}

/** The DEMO study's id in the database at `url`. */
async function studyIdOf(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(`select id from studies where code = 'DEMO'`)).rows[0].id as string;
  } finally {
    await c.end();
  }
}

/**
 * The limit of this machine for the export (issue 17: W4 against COPY … TO of the same data): the server writes the
 * long CSV's rows (each answer's participant, site, submission, question, type, value and label, in the export's
 * order) as CSV to /dev/null; the best of two runs, in ms.
 */
async function copyLimit(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 2; i++) {
      const t0 = performance.now();
      await c.query(`copy (select p.participant_code, s.site_code, r.id, a.identifier, 1, e->>'questionId',
          e->>'questionText', e->>'questionType', '', e->>'answerText', e->>'displayAnswerText', ''
        from activity_responses r join participants p on p.id = r.participant_id join sites s on s.id = p.site_id
          join activities a on a.id = r.activity_id, jsonb_array_elements(r.answers) e
        order by r.activity_id, p.participant_code, r.completed_at, r.id) to '/dev/null' with (format csv)`);
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  } finally {
    await c.end();
  }
}

/** The server's resident memory in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function runExport(base: string, token: string, study: string, formats: string[], pid: number) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const t0 = performance.now();
  const asked = (await (
    await api(base, token, 'POST', `/api/v1/studies/${study}/exports`, {
      kind: 'STUDY_DATA',
      formats,
      filters: { siteIds: [], compliance: null, fromDate: null, toDate: null, activityIds: [] },
    })
  ).json()) as { id: string; token: string };
  let job: { status: string; sha256: string; byteSize: number; error: string | null; rowsTotal: number };
  for (;;) {
    job = (await (await api(base, token, 'GET', `/api/v1/studies/${study}/exports/${asked.id}`)).json()) as typeof job;
    if (job.status === 'SUCCEEDED' || job.status === 'FAILED') break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  if (job.status !== 'SUCCEEDED') throw new Error(`export failed: ${job.error}`);
  const file = await api(base, token, 'POST', `/api/v1/studies/${study}/exports/${asked.id}/file/${asked.token}`);
  const bytes = Buffer.from(await file.arrayBuffer());
  return { ms, peak, growth: peak - before, sha256: job.sha256, byteSize: bytes.length, rows: job.rowsTotal };
}

/** The large study and its survey's answers, made in the fresh database at `url`; answers the study's id. */
async function makeData(url: string, token: string, server: { url: string; pid?: number }) {
  const s = await makeLargeStudy(url, { participants: PARTICIPANTS });
  const survey = await makeSurvey(server.url, token, s.study);
  const answers = Object.fromEntries(QUESTIONS.map((q, i) => [q.identifier, { answer: String(10 * i + 7) }]));
  const template = buildResultPayload(survey.definition, answers, {
    studyId: s.study,
    participantId: 'bench',
    deviceId: 'bench-device',
    uuidFromMobile: 'bench',
    taskInstanceId: null,
    studyVersionId: s.version,
    siteId: s.boston,
    appLanguageId: 1,
    displayLanguage: 'en',
    timeZone: 'UTC',
  }).results;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = performance.now();
  await c.query(
    `insert into activity_responses (participant_id, study_id, version_id, site_id, environment, activity_id,
       revision_id, task_id, client_uuid, device_id, language, answers, completed_at, completed_local, completed_offset)
     select p.id, $1, $2, p.site_id, 'LIVE', $3, $4, null, 'bench-' || g, 'bench-device', 'en',
       jsonb_set($5::jsonb, '{0,answerText}', to_jsonb((g % 1000)::text)),
       p.created_at + interval '1 day', to_char(p.created_at, 'YYYY-MM-DD"T"HH24:MI:SS'), '+00:00'
     from generate_series(0, $6::int - 1) g
     join (select id, site_id, created_at, row_number() over (order by id) - 1 as n from participants
           where participant_code like 'P%') p on p.n = g % ${PARTICIPANTS}`,
    [s.study, s.version, survey.activity, survey.revision, JSON.stringify(template), SUBMISSIONS],
  );
  await c.query('analyze');
  await c.end();
  console.log(
    `\nstudy data export on PostgreSQL: ${fmt(PARTICIPANTS)} participants (made in ${s.seconds.toFixed(1)} s), ` +
      `${fmt(SUBMISSIONS)} submissions × 20 answers = ${fmt(SUBMISSIONS * 20)} answers (written in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return s.study;
}

async function main() {
  // BENCH_DB: a database kept by an earlier run (BENCH_KEEP_DB=1) is measured again without making the data
  const reused = process.env.BENCH_DB;
  const dbName = reused ?? `trialpath_bench_export_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  if (!reused) await admin.query(`CREATE DATABASE ${dbName}`);
  const url = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  let failed = false;
  try {
    if (!reused) await seedDemoDatabase(url, JWT_SECRET, 'crc.demo');
    const token = await staffTokenFor(url, JWT_SECRET, 'studyadmin');
    const server = await startApiServer({ DATABASE_URL: url, JWT_SECRET });
    const pid = server.pid ?? process.pid;
    try {
      const study = reused ? await studyIdOf(url) : await makeData(url, token, server);
      console.log(
        `${cpus().length} cores, load ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}; server RSS before: ${rssMb(pid).toFixed(0)} MB`,
      );
      const rows: [string, Awaited<ReturnType<typeof runExport>>][] = [];
      rows.push(['CSV zip', await runExport(server.url, token, study, [], pid)]);
      rows.push(['CSV zip, again', await runExport(server.url, token, study, [], pid)]);
      // BENCH_QUICK=1: the CSV zip only (while tuning it)
      if (!process.env.BENCH_QUICK)
        rows.push(['CSV zip + ODM 1.3.2', await runExport(server.url, token, study, ['ODM'], pid)]);
      if (!process.env.BENCH_QUICK)
        rows.push(['CSV zip + FHIR R4', await runExport(server.url, token, study, ['FHIR'], pid)]);
      console.log('\n| export | seconds | peak server RSS MB | RSS growth MB | zip MB | rows | SHA-256 (first 12) |');
      console.log('|---|---:|---:|---:|---:|---:|---|');
      for (const [name, r] of rows)
        console.log(
          `| ${name} | ${(r.ms / 1000).toFixed(2)} | ${r.peak.toFixed(0)} | ${r.growth.toFixed(0)} | ${(r.byteSize / 1e6).toFixed(1)} | ${fmt(r.rows)} | ${r.sha256.slice(0, 12)} |`,
        );
      const [first, again] = [rows[0]![1], rows[1]![1]];
      const same = first.sha256 === again.sha256;
      const worst = Math.max(first.ms, again.ms);
      // "memory flat": what the export adds to the running server (its idle size is the same with or without exports)
      const growth = Math.max(first.growth, again.growth);
      if (worst >= BUDGET_MS || growth >= BUDGET_RSS_MB || !same) failed = true;
      console.log(
        `\nbudget: CSV zip < ${BUDGET_MS / 1000} s (worst ${(worst / 1000).toFixed(2)} s), server RSS ` +
          `growth < ${BUDGET_RSS_MB} MB (worst ${growth.toFixed(0)} MB), byte-identical repeat (${same ? 'yes' : 'NO'}) — ${failed ? 'MISSED' : 'met'}`,
      );
      const limit = await copyLimit(url);
      console.log(
        `the machine's limit: PostgreSQL's COPY … TO of the long CSV's rows alone (every answer a line, in the ` +
          `export's order, no zip) ${(limit / 1000).toFixed(2)} s; the CSV zip takes ${(worst / limit).toFixed(1)}× that`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    if (!process.env.BENCH_KEEP_DB && !reused) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    else console.log(`kept database ${dbName}`);
    await admin.end();
  }
  process.exit(failed ? 1 : 0);
}

await main();
