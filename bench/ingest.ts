// `npm run bench:ingest -w bench`: ★ the activity submission budget (DESIGN §5: 20 answers, validated, audited,
// 10 concurrent clients: ≥ 1,000/s, p99 < 50 ms, no deferred backlog) on a fresh PostgreSQL database.
//  1. Seeds the demo data set, one participant-facing ePRO of 20 answerable questions (every answerable type,
//     branching, data edit checks, scoring), participants on a published version pinning it, each with open
//     tasks, and an access token per participant (a session row each, as sign-in makes).
//  2. Starts the API server as production does (`tsx`, NODE_ENV=production) and drives submitActivityResult
//     with autocannon: each request a fresh uuidFromMobile, the next unanswered task (then on-demand answers
//     once the tasks run out), a valid 20-answer payload. A warm-up run first (counted, reported apart), then a
//     run of as many requests as the warm-up's pace makes in BENCH_SECONDS (20): a run of a fixed number of
//     requests waits for every answer, so nothing the server stored goes uncounted.
//  3. Checks that the stored rows, the tasks marked answered and the audit entries each equal the 2xx answers
//     (nothing deferred, nothing lost, nothing stored twice).
//  4. CPU per submission of each side (the API process, its PostgreSQL backends, this process): the machine is
//     shared, and a figure per submission holds better than one per second while other work runs.
//  5. The machine's limit: plain INSERTs of the same rows (same row shape), 10 connections, per second; and the
//     ratio of the two.
// Figures, and an exit code of 1 when the budget is missed — nothing here is part of the test run. Findings:
// docs/decisions/B-bench-ingest.md. BENCH_NO_MAIN=1 imports the seeding and payload helpers without running.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { startApiServer } from './server';
import { testConfig } from '../apps/api/src/config';
import { connectPostgres } from '../apps/api/src/db/database';
import { runMigrations } from '../apps/api/src/db/migrate';
import { openSession, participantAccessToken } from '../apps/api/src/modules/auth/session-tokens';
import { createPlatform } from '../apps/api/src/platform';
import { seedDemo } from '../apps/api/src/seed/demo';
import { buildResultPayload } from '../packages/domain/src/activity/build-payload';
import { EVERY_TYPE_ACTIVITY_INPUT, META, VALID_ANSWERS } from '../packages/domain/src/activity/fixtures';
import { prepareActivity } from '../packages/domain/src/activity/prepared';
import { validateSubmission } from '../packages/domain/src/activity/validate-submission';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 1_500);
const INSERT_SECONDS = Number(process.env.BENCH_INSERT_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 1_000);
const TASKS_EACH = Number(process.env.BENCH_TASKS_EACH ?? 40);
const BUDGET_PER_S = 1_000;
const BUDGET_P99_MS = 50;
const JWT_SECRET = 'bench-ingest-secret-bench-ingest-secret';
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

// ── the activity: the domain's every-type fixture plus three questions, 20 answers (as bench:activity) ──

function activityInput(activityId: string) {
  const input = structuredClone(EVERY_TYPE_ACTIVITY_INPUT);
  input.questions.push(
    {
      id: 'b1',
      identifier: 'extraNumber',
      type: 'Number',
      body: { en: 'Extra number' },
      constraints: { min: 0, max: 10 },
    },
    { id: 'b2', identifier: 'extraText', type: 'Text', body: { en: 'Extra text' }, constraints: { maxLength: 50 } },
    {
      id: 'b3',
      identifier: 'extraDate',
      type: 'Date',
      body: { en: 'Extra date' },
      constraints: { range: { kind: 'fixed', end: 'current' } },
    },
  );
  input.questions[1]!.branching = { rules: [{ operator: 'eq', value: 'good', skipTo: 'severity' }] };
  // stamped as the activities module stores a revision: its ids are the activity's
  return { ...input, id: activityId, activityId, identifier: 'BENCH-INGEST', type: 'epro' as const, revisionId: '1' };
}

const ANSWERS = {
  ...VALID_ANSWERS,
  extraNumber: { answer: '5' },
  extraText: { answer: 'fine' },
  extraDate: { date: '2024-01-01' },
};

// ── seeding ──────────────────────────────────────────────────────────────────────────────────────

interface Seeded {
  studyId: string;
  siteId: string;
  versionId: string;
  activityId: string;
  participants: { id: string; token: string }[];
  /** Open tasks, one participant after another (index into participants, task id). */
  tasks: { p: number; id: string }[];
}

export async function seed(url: string): Promise<Seeded> {
  const handle = connectPostgres(url, 4);
  try {
    await runMigrations(handle);
    const config = testConfig({ jwtSecret: new TextEncoder().encode(JWT_SECRET), accessTokenTtlSeconds: 3_600 });
    await seedDemo(createPlatform(handle.db, config));
    const db = handle.db;
    const study = await db
      .selectFrom('studies')
      .select(['id', 'client_id'])
      .where('code', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    const { site_id: siteId } = await db
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

    const activity = await db
      .insertInto('activities')
      .values({
        client_id: study.client_id,
        study_id: study.id,
        scope_id: study.id,
        kind: 'epro',
        identifier: 'BENCH-INGEST',
        identifier_key: 'bench-ingest',
        title: JSON.stringify({ en: 'Bench diary' }),
        created_by: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const revision = await db
      .insertInto('activity_revisions')
      .values({
        activity_id: activity.id,
        number: 1,
        status: 'ACTIVE',
        definition: JSON.stringify(activityInput(activity.id)),
        created_by: user.id,
        updated_by: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('study_versions')
      .set({
        snapshot: JSON.stringify({
          ...((version.snapshot ?? version.content) as object),
          studyActivities: { items: [{ id: activity.id, revisionId: revision.id }] },
          schedule: { milestones: [], packets: [], schedules: [] },
        }),
      })
      .where('id', '=', version.id)
      .execute();

    const raw = new pg.Client({ connectionString: url });
    await raw.connect();
    const ids = (
      await raw.query<{ id: string }>(
        `insert into participants (study_id, site_id, participant_code, status, environment, language, time_zone,
           day_zero, version_id, updated_at)
         select $1, $2, 'INGEST-' || lpad(g::text, 6, '0'), 'ACTIVE', 'LIVE', 'en', 'America/New_York',
           (now() at time zone 'UTC')::date - 1, $3, now()
         from generate_series(1, $4::int) g
         returning id`,
        [study.id, siteId, version.id, PARTICIPANTS],
      )
    ).rows.map((r) => r.id);
    // every task open now, all through the run (scheduled, opened an hour ago, no end)
    const tasks = (
      await raw.query<{ id: string; participant_id: string }>(
        `insert into participant_tasks (participant_id, study_id, version_id, schedule_id, task_key, target_kind,
           target_id, start_day, end_day, opens_at, closes_at, delivery)
         select p, $1, $2, 'bench', 'bench:' || d, 'activity', $3, d, null, now() - interval '1 hour', null, 'scheduled'
         from unnest($4::uuid[]) p, generate_series(1, $5::int) d
         returning id, participant_id`,
        [study.id, version.id, activity.id, ids, TASKS_EACH],
      )
    ).rows;
    await raw.query('analyze');
    await raw.end();

    const participants: Seeded['participants'] = [];
    for (const id of ids) {
      const session = await openSession({ db }, { participantId: id });
      const token = await participantAccessToken(config, {
        participantId: id,
        studyId: study.id,
        environment: 'LIVE',
        sessionId: session.id,
      });
      participants.push({ id, token });
    }
    const indexOf = new Map(ids.map((id, i) => [id, i]));
    // one task of each participant in turn, so concurrent requests rarely wait on the same participant
    const byParticipant = new Map<number, string[]>();
    for (const t of tasks) {
      const p = indexOf.get(t.participant_id)!;
      byParticipant.set(p, [...(byParticipant.get(p) ?? []), t.id]);
    }
    const ordered: Seeded['tasks'] = [];
    for (let round = 0; round < TASKS_EACH; round++)
      for (let p = 0; p < ids.length; p++) {
        const id = byParticipant.get(p)?.[round];
        if (id) ordered.push({ p, id });
      }
    return {
      studyId: study.id,
      siteId,
      versionId: version.id,
      activityId: activity.id,
      participants,
      tasks: ordered,
    };
  } finally {
    await handle.close();
  }
}

// ── the load ─────────────────────────────────────────────────────────────────────────────────────

/** A valid 20-answer payload as the portal builds it, with holes for the participant, the uuid and the task. */
export function payloadTemplate(s: Seeded) {
  const activity = prepareActivity(activityInput(s.activityId));
  const payload = buildResultPayload(activity, ANSWERS, {
    ...META,
    studyId: s.studyId,
    participantId: '__PID__',
    uuidFromMobile: '__UUID__',
    taskInstanceId: '__TASK__',
    studyVersionId: s.versionId,
    siteId: s.siteId,
  });
  const check = validateSubmission(activity, payload, { timeZone: 'America/New_York' });
  if (!check.valid) throw new Error(`bench payload is not valid: ${JSON.stringify(check.questions)}`);
  const answered = payload.results.filter((r) => r.answerText || r.optionId).length;
  const text = JSON.stringify(payload);
  return { answered, entries: payload.results.length, bytes: text.length, text };
}

export function makeRequests(s: Seeded, template: string) {
  let next = 0;
  let onDemand = 0;
  const path = `/api/v1/participant/activities/${s.activityId}/results`;
  return {
    counts: () => ({ withTask: Math.min(next, s.tasks.length), onDemand }),
    request: {
      method: 'POST' as const,
      path,
      setupRequest: (req: autocannon.Request) => {
        const task = s.tasks[next++];
        const p = task ? task.p : onDemand++ % s.participants.length;
        const who = s.participants[p]!;
        const body = template
          .replace('__PID__', who.id)
          .replace('__UUID__', randomUUID())
          .replace('"__TASK__"', task ? `"${task.id}"` : 'null');
        return {
          ...req,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
          body,
        };
      },
    },
  };
}

/**
 * A run of `amount` requests: autocannon waits for every answer, so each request the server finished is counted
 * (a run cut at a duration drops the answers in flight, which the server still stored).
 */
/** A run's result, with its duration measured here (autocannon's own is in whole ticks). */
type RunResult = autocannon.Result & { seconds: number };

function run(url: string, amount: number, request: autocannon.Request): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, amount, connections: CONNECTIONS, requests: [request], timeout: 30 },
      (err, result) => (err ? reject(err) : resolve({ ...result, seconds: (performance.now() - started) / 1000 })),
    );
    instance.on('error', reject);
  });
}

/** Successful answers per second of a run. */
const rate = (r: RunResult) => r['2xx'] / r.seconds;

const ok = (r: RunResult) => r['2xx'];

// ── CPU time of each side (the machine is shared: a figure per submission holds under other load) ───────

interface CpuSplit {
  server: number;
  /** Of the server's: in the kernel (system calls: socket reads and writes). */
  serverSystem: number;
  backends: number;
  bench: number;
}

/** CPU milliseconds a process has used so far (Linux /proc), in all and in the kernel; 0 when it is gone. */
function processCpu(pid: number): { all: number; system: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime: fields 14 and 15 of the line, 11 and 12 after the command name
    const system = (Number(fields[12]) * 1000) / CLOCK_TICKS;
    return { all: (Number(fields[11]) * 1000) / CLOCK_TICKS + system, system };
  } catch {
    return { all: 0, system: 0 };
  }
}
const processCpuMs = (pid: number) => processCpu(pid).all;
const CLOCK_TICKS = 100;

async function cpuNow(url: string, serverPid: number | undefined) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  // the API's pool connections to this database (other sessions of the machine's PostgreSQL are not counted)
  const pids = (
    await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
  ).rows.map((r) => r.pid);
  await c.end();
  const own = process.cpuUsage();
  return {
    server: serverPid ? processCpuMs(serverPid) : 0,
    serverSystem: serverPid ? processCpu(serverPid).system : 0,
    backends: new Map(pids.map((pid) => [pid, processCpuMs(pid)])),
    bench: (own.user + own.system) / 1000,
  };
}

function cpuSince(a: Awaited<ReturnType<typeof cpuNow>>, b: Awaited<ReturnType<typeof cpuNow>>): CpuSplit {
  let backends = 0;
  for (const [pid, ms] of b.backends) backends += ms - (a.backends.get(pid) ?? 0);
  return {
    server: b.server - a.server,
    serverSystem: b.serverSystem - a.serverSystem,
    backends,
    bench: b.bench - a.bench,
  };
}

// ── plain INSERTs of the same rows ───────────────────────────────────────────────────────────────

async function plainInserts(url: string, seconds: number) {
  const clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const sample = (
    await clients[0]!.query(
      `select participant_id, study_id, version_id, site_id, environment, activity_id, revision_id, device_id, language,
         answers::text as answers, score::text as score, data_checks::text as data_checks, warnings::text as warnings,
         completed_at, completed_local, completed_offset
       from activity_responses limit 1`,
    )
  ).rows[0];
  const text = `insert into activity_responses (participant_id, study_id, version_id, site_id, environment, activity_id,
      revision_id, task_id, client_uuid, device_id, language, answers, score, data_checks, warnings, completed_at,
      completed_local, completed_offset)
    values ($1, $2, $3, $4, $5, $6, $7, null, $8, $9, $10, $11::jsonb, $12::jsonb, $13::jsonb, $14::jsonb, $15, $16, $17)
    on conflict (participant_id, client_uuid) do nothing returning id`;
  const values = (uuid: string) => [
    sample.participant_id,
    sample.study_id,
    sample.version_id,
    sample.site_id,
    sample.environment,
    sample.activity_id,
    sample.revision_id,
    uuid,
    sample.device_id,
    sample.language,
    sample.answers,
    sample.score,
    sample.data_checks,
    sample.warnings,
    sample.completed_at,
    sample.completed_local,
    sample.completed_offset,
  ];
  const pids = await Promise.all(
    clients.map(async (c) => (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid),
  );
  const backendCpu = () => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
  const cpu0 = backendCpu();
  let n = 0;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < end) {
        await c.query({ name: 'plain-insert', text, values: values(randomUUID()) });
        n++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const backendMs = backendCpu() - cpu0;
  await Promise.all(clients.map((c) => c.end()));
  return { perSecond: n / elapsed, rows: n, backendMsEach: backendMs / n };
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const dbName = `trialpath_bench_ingest_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  let failed = false;
  try {
    const seeded = await seed(url);
    const template = payloadTemplate(seeded);
    console.log(
      `\nsubmitActivityResult on PostgreSQL: ${fmt(PARTICIPANTS)} participants, ${fmt(seeded.tasks.length)} open tasks, ` +
        `payload ${template.entries} entries (${template.answered} answers, ${fmt(template.bytes)} bytes), ` +
        `${CONNECTIONS} connections, about ${SECONDS} s (after ${fmt(WARMUP_REQUESTS)} warm-up requests); ` +
        `${cpus().length} cores, ` +
        `load ${load()}`,
    );
    const server = await startApiServer({ DATABASE_URL: url, JWT_SECRET });
    const load1 = makeRequests(seeded, template.text);
    let results: RunResult;
    let warm: RunResult;
    let cpu: CpuSplit;
    try {
      warm = await run(server.url, WARMUP_REQUESTS, load1.request);
      const before = await cpuNow(url, server.pid);
      // about SECONDS at the warm-up's pace
      results = await run(server.url, Math.max(1_000, Math.round(rate(warm) * SECONDS)), load1.request);
      cpu = cpuSince(before, await cpuNow(url, server.pid));
    } finally {
      await server.stop();
    }
    const sent = load1.counts();
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const count = async (q: string) => Number((await check.query<{ n: string }>(q)).rows[0]!.n);
    const rows = await count('select count(*) as n from activity_responses');
    const answeredTasks = await count(
      `select count(*) as n from participant_tasks where schedule_id = 'bench' and answered_at is not null`,
    );
    const withTask = await count('select count(*) as n from activity_responses where task_id is not null');
    const audits = await count(`select count(*) as n from audit_log where action = 'participant.response.submit'`);
    await check.end();

    const twoXx = ok(warm) + ok(results);
    const rps = rate(results);
    const p50 = results.latency.p50;
    const p99 = results.latency.p99;
    console.log(
      '\n| run | time | 2xx | non-2xx | errors | timeouts | submissions/s | p50 ms | p97.5 ms | p99 ms | max ms |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [name, r] of [
      ['warm-up', warm],
      ['measured', results],
    ] as const)
      console.log(
        `| ${name} | ${r.seconds.toFixed(2)} s | ${fmt(ok(r))} | ${fmt(r.non2xx)} | ${r.errors} | ${r.timeouts} | ` +
          `${fmt(rate(r))} | ${r.latency.p50} | ${r.latency.p97_5} | ${r.latency.p99} | ${r.latency.max} |`,
      );
    console.log(
      `\nafter the run: ${fmt(rows)} rows stored (${fmt(withTask)} answering a task, ${fmt(rows - withTask)} on demand), ` +
        `${fmt(answeredTasks)} tasks marked answered, ${fmt(audits)} submit audit entries; ${fmt(twoXx)} 2xx answers ` +
        `(requests with a task: ${fmt(sent.withTask)}, on demand: ${fmt(sent.onDemand)})`,
    );
    const consistent =
      rows === twoXx && answeredTasks === withTask && audits === rows && warm.non2xx + results.non2xx === 0;
    console.log(
      consistent
        ? 'no backlog, nothing lost: every 2xx is one stored row, one answered task (when it named one), one audit entry'
        : 'MISMATCH between 2xx answers, stored rows, answered tasks and audit entries',
    );

    const per = (ms: number) => (ms / ok(results)).toFixed(2);
    console.log(
      `CPU per submission (measured run): API process ${per(cpu.server)} ms (${per(cpu.serverSystem)} in the kernel), its PostgreSQL backends ${per(cpu.backends)} ms, ` +
        `this process (autocannon) ${per(cpu.bench)} ms — ${cpus().length} cores give ${fmt(cpus().length * 1000)} ms a second`,
    );

    const plain = await plainInserts(url, INSERT_SECONDS);
    console.log(
      `\nplain INSERTs of the same rows, ${CONNECTIONS} connections, ${INSERT_SECONDS} s: ${fmt(plain.perSecond)}/s ` +
        `(${fmt(plain.rows)} rows, ${plain.backendMsEach.toFixed(2)} ms PostgreSQL CPU each); submissions reach ` +
        `${((rps / plain.perSecond) * 100).toFixed(0)} % of it`,
    );
    const within = rps >= BUDGET_PER_S && p99 < BUDGET_P99_MS;
    console.log(
      `\nbudget ≥ ${fmt(BUDGET_PER_S)}/s and p99 < ${BUDGET_P99_MS} ms: ${fmt(rps)}/s, p50 ${p50} ms, p99 ${p99} ms — ` +
        `${within ? 'within' : 'MISSED'}; load after ${load()}`,
    );
    failed = !within || !consistent;
  } finally {
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${dbName}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  if (failed) process.exitCode = 1;
}

if (!process.env.BENCH_NO_MAIN)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
