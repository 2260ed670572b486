import { defineConfig } from 'vitest/config';

// Checks of the repository's structure (import boundaries), run with the unit tests.
export default defineConfig({ test: { name: 'architecture', include: ['**/*.test.ts'] } });
