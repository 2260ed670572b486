import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium';

// One server for the run, on a fresh embedded database seeded with the demo data set.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = mkdtempSync(path.join(tmpdir(), 'trialpath-e2e-'));
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: '.',
  // trial-conduct/ sorts last: its journey changes DEMO's participants (a transfer, a new live version)
  testMatch: ['staff/**/*.spec.ts', 'participant/**/*.spec.ts', 'journeys/**/*.spec.ts', 'trial-conduct/**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(root, 'test-results/reports/e2e.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `node --import tsx apps/api/src/server.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_MAX: '1000',
    },
  },
});
