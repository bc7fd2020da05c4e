import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * In development (npm run dev -w apps/web) the API runs on :3000. Every request that is not a
 * page or one of Vite's own modules goes there, so new API routes need no proxy entry.
 */
const API = process.env.API_URL ?? 'http://localhost:3000';
const deVite = /^\/(src|@|node_modules)\//;

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/': {
        target: API,
        bypass: (req) =>
          req.headers.accept?.includes('text/html') || deVite.test(req.url ?? '') ? req.url : undefined,
      },
    },
  },
});
