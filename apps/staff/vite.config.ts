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

// Staff portal: served by the API at `/` (hash routes), dev server proxies /api to the API.
export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: { dedupe: SHARED_DEPENDENCIES },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
});
