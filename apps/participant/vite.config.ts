import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The participant portal is served by the API under /participant/ (hash routes #/participants/web/…).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: '/participant/',
  plugins: [react()],
  resolve: {
    // Workspace packages (@trialpath/ui) must share this app's single copy of React, Mantine and i18next.
    dedupe: [
      'react',
      'react-dom',
      '@mantine/core',
      '@mantine/hooks',
      '@mantine/notifications',
      'i18next',
      'react-i18next',
      'react-router',
    ],
  },
  server: {
    port: 5174,
    strictPort: true,
    // ws: the call's signalling WebSocket goes through too (decision F-calls)
    proxy: { '/api': { target: apiTarget, changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // The workspace packages are libraries of declarations: a module none of whose exports the
      // portal uses is left out (keeps the staff-only contract and domain parts out of this bundle).
      treeshake: {
        // The activity messages register themselves when imported (activity-catalogue.ts): kept (decision 0036).
        moduleSideEffects: (id: string) =>
          !/\/packages\/(contract|domain|ui)\/src\//.test(id) ||
          /\.css$/.test(id) ||
          /\/domain\/src\/messages\/activity-catalogue\.ts$/.test(id),
        // zod's schema builders and defineEndpoint have no side effects: a schema or endpoint this bundle never
        // uses is left out.
        manualPureFunctions: ['z', 'defineEndpoint'],
      },
      // Everything the first screen needs in one chunk: left to itself, rolldown splits the modules the lazy
      // pages share with the first screen (the activity player's) into small chunks that compress worse.
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
    },
  },
});
