import { defineConfig } from 'vitest/config';

// Unit tests of every workspace but the API (whose integration tests need a database per run).
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/contract',
      'packages/ui',
      'apps/staff',
      'apps/participant',
      'scripts/architecture',
    ],
    passWithNoTests: true,
  },
});
