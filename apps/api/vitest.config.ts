import { defineConfig } from 'vitest/config';

// Integration tests: one fresh database per test file (test/helpers.ts), driven with app.inject.
export default defineConfig({
  test: {
    include: ['test/**/*.int.test.ts', 'src/**/*.int.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: { NODE_ENV: 'test' },
  },
});
