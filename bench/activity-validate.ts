// `npm run bench:activity -w bench`:
//  1. validateSubmission of a 20-answer activity (every answerable question type, branching, data edit
//     checks, scoring) on one core, against a prepared activity (as the server holds it) and against
//     the plain definition (parsed on every call). A figure; the budget is ≥ 50,000/s prepared.
//  2. Long hostile answers, one family per rule (packages/domain/src/activity/hostile-answers.ts):
//     CPU milliseconds per answer at 100,000 characters (the budget below: linear work costs about
//     1 ms, the quadratic patterns this replaced cost seconds; the script exits with 1 when a family
//     is over it), and, for information, how the time grows from 25,000 to 100,000 characters (4× for
//     linear work, 16× for quadratic; V8's regexp stack and large-string allocation add steps).
//  3. The request sanitiser (sanitizeContent, run on every request body) on the same kind of text.
// The script bundles this file with esbuild first (no keepNames, as the production server build) and
// runs the bundle in a fresh node process: decision docs/decisions/B-bench-validate-submission.md.
import { cpus, loadavg } from 'node:os';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildResultPayload } from '../packages/domain/src/activity/build-payload';
import { EVERY_TYPE_ACTIVITY_INPUT, META, VALID_ANSWERS } from '../packages/domain/src/activity/fixtures';
import {
  HOSTILE_ACTIVITY_INPUT,
  HOSTILE_LENGTH,
  hostileAnswers,
  hostilePayload,
} from '../packages/domain/src/activity/hostile-answers';
import { parseActivity } from '../packages/domain/src/activity/model';
import { prepareActivity } from '../packages/domain/src/activity/prepared';
import { validateSubmission } from '../packages/domain/src/activity/validate-submission';
import { sanitizeContent } from '../packages/domain/src/sanitize';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** CPU milliseconds one hostile answer of 100,000 characters may cost (linear work costs about 1). */
const HOSTILE_BUDGET_MS = 25;
const THROUGHPUT_BUDGET = 50_000;

const input = structuredClone(EVERY_TYPE_ACTIVITY_INPUT);
// three more answerable questions make 20 answers with the 17 of the fixture (+ the instruction)
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
const prepared = prepareActivity(input);
const plain = parseActivity(input);
const answers = {
  ...VALID_ANSWERS,
  extraNumber: { answer: '5' },
  extraText: { answer: 'fine' },
  extraDate: { date: '2024-01-01' },
};
const payload = JSON.parse(JSON.stringify(buildResultPayload(prepared, answers, META)));
const answered = payload.results.filter(
  (r: { answerText: string; optionId: string }) => r.answerText || r.optionId,
).length;
const ctx = { now: '2024-06-15T14:30:00Z', timeZone: 'America/New_York' };
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// the machine's load before and after: a figure taken while other work runs reads low
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const loadBefore = load();

function throughput(name: string, activity: unknown, seconds: number): number {
  const check = validateSubmission(activity, payload, ctx);
  if (!check.valid) throw new Error(`bench payload is not valid: ${JSON.stringify(check.questions)}`);
  for (let i = 0; i < 2_000; i++) validateSubmission(activity, payload, ctx);
  let n = 0;
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(seconds * 1e9));
  let now = start;
  while (now < end) {
    for (let i = 0; i < 200; i++) validateSubmission(activity, payload, ctx);
    n += 200;
    now = process.hrtime.bigint();
  }
  const wall = Number(now - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `validateSubmission, ${answered} answers, ${name}: ${fmt(n / wall)} validations/s wall clock, ` +
      `${fmt(n / cpuSeconds)} per CPU-second (${n.toLocaleString('en-US')} runs, ${wall.toFixed(2)} s wall)`,
  );
  return n / cpuSeconds;
}

const perCpuSecond = throughput('prepared activity', prepared, SECONDS);
throughput('plain definition, parsed per call', plain, Math.max(1, SECONDS / 3));
console.log(
  `budget ≥ ${fmt(THROUGHPUT_BUDGET)}/s per CPU-second, prepared: ${perCpuSecond >= THROUGHPUT_BUDGET ? 'within' : 'BELOW'}`,
);

/** Median CPU milliseconds of `f` over a few runs. */
function medianMs(f: () => unknown, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = cpuMs();
    f();
    times.push(cpuMs() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
}

let over = 0;
function report(rule: string, ms: number, small: number) {
  const growth = ms / Math.max(small, 0.05);
  const ok = ms <= HOSTILE_BUDGET_MS;
  if (!ok) over++;
  console.log(
    `  ${ok ? 'ok  ' : 'OVER'} ${ms.toFixed(2).padStart(7)} ms/answer  ×${growth.toFixed(1).padStart(4)} from 25k  ${rule}`,
  );
}

const hostile = prepareActivity(HOSTILE_ACTIVITY_INPUT);
console.log(
  `\nlong hostile answers (${HOSTILE_LENGTH.toLocaleString('en-US')} characters), validateSubmission, CPU ms per answer;` +
    ` budget ${HOSTILE_BUDGET_MS} ms (growth from 25,000 characters for information):`,
);
const quarter = hostileAnswers(HOSTILE_LENGTH / 4);
hostileAnswers().forEach((h, i) => {
  const long = hostilePayload(hostile, h);
  const short = hostilePayload(hostile, quarter[i] as typeof h);
  const r = validateSubmission(hostile, long, ctx);
  const keys = r.questions[h.questionId]?.errors.map((m) => m.key);
  if (JSON.stringify(keys) !== JSON.stringify(h.errors)) throw new Error(`${h.rule}: ${JSON.stringify(keys)}`);
  report(
    h.rule,
    medianMs(() => validateSubmission(hostile, long, ctx)),
    medianMs(() => validateSubmission(hostile, short, ctx)),
  );
});

const SANITISER: [string, (n: number) => string][] = [
  ['`<` then spaces', (n) => `<${' '.repeat(n - 2)}x`],
  ['unclosed script tags', (n) => 'a<script>'.repeat(n / 9)],
  ['script tags without `>`, one closing tag', (n) => `${'<script '.repeat(n / 8 - 2)}</script>x`],
  ['handlers nested in one tag', (n) => `<a${' onx'.repeat(n / 8 - 2)} ony=""${'=""'.repeat(n / 8 - 2)}>`],
  ['`<` only', (n) => '<'.repeat(n)],
];
console.log('\nthe request sanitiser (sanitizeContent) on the same kind of text:');
for (const [shape, make] of SANITISER) {
  const long = make(HOSTILE_LENGTH);
  const short = make(HOSTILE_LENGTH / 4);
  report(
    shape,
    medianMs(() => sanitizeContent(long)),
    medianMs(() => sanitizeContent(short)),
  );
}

console.log(
  `\nload average (1, 5, 15 min) before ${loadBefore}, after ${load()} on ${cpus().length} cores;` +
    ` ${basename(fileURLToPath(import.meta.url))} on node ${process.version}`,
);
if ((loadavg()[0] ?? 0) >= 1.5)
  console.log('the machine is busy (load ≥ 1.5): compare runs back to back before trusting this');
if (over > 0) {
  console.log(`${over} hostile case(s) over budget`);
  process.exitCode = 1;
}
