import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Integration tests (decision 0017): one migrated and seeded template database per run (global setup),
// one copy per worker, each file and each test in a rolled-back transaction (test/helpers.ts).
export default defineConfig({
  test: {
    include: ['test/**/*.int.test.ts', 'src/**/*.int.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Workers are reused across files so each makes its database copy once; the rolled-back
    // transactions, not fresh processes, keep one file's data from the next.
    isolate: false,
    // At least two workers, even on two cores (vitest's default there is one): a worker waits on the
    // database or a child process about as much as it computes. Measured in decision 0017.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/per-test-rollback.ts'],
    env: { NODE_ENV: 'test' },
  },
});
