import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'participant',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
