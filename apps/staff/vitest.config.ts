import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // As in vite.config.ts: one copy of React and Mantine for the app and @trialpath/ui, so components of
    // the shared package render inside the app's MantineProvider in component tests too.
    dedupe: [
      'react',
      'react-dom',
      'react-router',
      '@mantine/core',
      '@mantine/hooks',
      '@mantine/notifications',
      'i18next',
      'react-i18next',
    ],
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'happy-dom',
  },
});
