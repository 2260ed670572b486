import { defineConfig } from 'vitest/config';
import { SHARED_DEPENDENCIES } from './vite.config';

export default defineConfig({
  // As in the build: components of @trialpath/ui render inside the app's MantineProvider in component tests too.
  resolve: { dedupe: SHARED_DEPENDENCIES },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'happy-dom',
  },
});
