// `npm run bench:activity -w bench`: validateSubmission of a 20-answer activity (every answerable
// question type, branching, data edit checks, scoring) on one core. A figure, not a pass/fail.
// The script bundles this file with esbuild first (no keepNames, as the production server build) and
// runs the bundle in a fresh node process: decision docs/decisions/B-bench-validate-submission.md.
import { cpus, loadavg } from 'node:os';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildResultPayload } from '../packages/domain/src/activity/build-payload';
import { EVERY_TYPE_ACTIVITY_INPUT, META, VALID_ANSWERS } from '../packages/domain/src/activity/fixtures';
import { parseActivity } from '../packages/domain/src/activity/model';
import { validateSubmission } from '../packages/domain/src/activity/validate-submission';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

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
const activity = parseActivity(input);
const answers = {
  ...VALID_ANSWERS,
  extraNumber: { answer: '5' },
  extraText: { answer: 'fine' },
  extraDate: { date: '2024-01-01' },
};
const payload = JSON.parse(JSON.stringify(buildResultPayload(activity, answers, META)));
const answered = payload.results.filter(
  (r: { answerText: string; optionId: string }) => r.answerText || r.optionId,
).length;
const ctx = { now: '2024-06-15T14:30:00Z', timeZone: 'America/New_York' };

const check = validateSubmission(activity, payload, ctx);
if (!check.valid) throw new Error(`bench payload is not valid: ${JSON.stringify(check.questions)}`);

for (let i = 0; i < 5_000; i++) validateSubmission(activity, payload, ctx);

// the machine's load before and after: a figure taken while other work runs reads low
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const loadBefore = load();

let n = 0;
const cpuStart = process.cpuUsage();
const start = process.hrtime.bigint();
const end = start + BigInt(SECONDS * 1e9);
let now = start;
while (now < end) {
  for (let i = 0; i < 1_000; i++) validateSubmission(activity, payload, ctx);
  n += 1_000;
  now = process.hrtime.bigint();
}
const seconds = Number(now - start) / 1e9;
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
console.log(`validateSubmission, ${answered} answers: ${fmt(n / seconds)} validations/s (wall clock, one thread)`);
// CPU time of this process: the figure for one core even when other processes share the machine
console.log(`per CPU-second of this process: ${fmt(n / cpuSeconds)} validations/s`);
console.log(`(${n.toLocaleString('en-US')} runs in ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU)`);
console.log(
  `load average (1, 5, 15 min) before ${loadBefore}, after ${load()} on ${cpus().length} cores;` +
    ` ${basename(fileURLToPath(import.meta.url))} on node ${process.version}`,
);
if ((loadavg()[0] ?? 0) >= 1.5)
  console.log('the machine is busy (load ≥ 1.5): compare runs back to back before trusting this');
