import { defineConfig } from 'vitest/config';

// Unit tests of every workspace but the API (whose integration tests need a database per run) and the domain (whose
// tests run once, with their coverage: scripts/test.sh).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/ui', 'apps/staff', 'apps/participant', 'scripts/architecture'],
    passWithNoTests: true,
  },
});
