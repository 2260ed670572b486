// Adds up the JSON reports of every test run into the one closing line CI reads.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, stepFailures = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const r = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if (r.stats && 'expected' in r.stats) {
    // Playwright
    passed += r.stats.expected + (r.stats.flaky ?? 0);
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
    console.log(`${file}: ${r.stats.expected} passed, ${r.stats.unexpected} failed, ${r.stats.skipped} skipped`);
  } else {
    // Vitest (jest-compatible JSON)
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    console.log(`${file}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  }
}
const steps = Number(stepFailures);
if (steps > 0) console.log(`${steps} step(s) failed (see ✗ above)`);
console.log(`Total: ${passed} passed, ${failed + steps} failed, ${skipped} skipped`);
process.exit(failed + steps > 0 || passed === 0 ? 1 : 0);
