import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** One copy of React and Mantine for the app and @trialpath/ui (workspaces may hold their own copies). */
export const SHARED_DEPENDENCIES = [
  'react',
  'react-dom',
  'react-router',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/notifications',
  'i18next',
  'react-i18next',
];

/**
 * Message tables that join the catalogue when imported (translate.ts registerMessages): every `*-catalogue.ts`
 * (a list of names missed each table added after it: their keys then showed instead of their texts).
 */
const SELF_REGISTERING_MESSAGES = /\/domain\/src\/messages\/(staff-messages|[a-z-]+-catalogue)\.ts$/;

// Staff portal: served by the API at `/` (hash routes), dev server proxies /api to the API.
export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: { dedupe: SHARED_DEPENDENCIES },
  server: {
    port: 5173,
    strictPort: true,
    // ws: the call's signalling WebSocket goes through too (decision F-calls)
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // As the participant portal (decision 0011): the workspace packages are libraries of declarations,
      // so a module none of whose exports the portal uses (activity rules, their parser) is left out of
      // the first route; zod's schema builders have no side effects.
      treeshake: {
        // The staff message tables register themselves when imported (staff-messages.ts): kept (decision 0034).
        moduleSideEffects: (id: string) =>
          !/\/packages\/(contract|domain|ui)\/src\//.test(id) ||
          /\.css$/.test(id) ||
          SELF_REGISTERING_MESSAGES.test(id),
        manualPureFunctions: ['z'],
      },
    },
  },
});
