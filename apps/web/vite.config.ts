import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compilacion } from './compilacion.ts';

/**
 * In development (npm run dev -w apps/web) the API runs on :3000. Every request that is not a
 * page or one of Vite's own modules goes there, so new API routes need no proxy entry.
 */
const API = process.env.API_URL ?? 'http://localhost:3000';
const deVite = /^\/(src|@|node_modules)\//;

/** node_modules/<paquete>/ of a module id, for naming vendor chunks. */
const paquete = (id: string) => /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1] ?? null;

/**
 * The vendor code every page loads, in one chunk per library family: upgrading one family (or
 * changing one screen) leaves the others cached.
 */
const FAMILIAS: Record<string, RegExp> = {
  react: /^(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)$/,
  mui: /^(@mui[\\/](material|system|utils|styled-engine|private-theming|core-downloads-tracker|icons-material)|@emotion[\\/].*|@babel[\\/]runtime|stylis|react-transition-group|@popperjs[\\/]core|clsx|prop-types|react-is|hoist-non-react-statics)$/,
  zod: /^zod$/,
  datos: /^(@tanstack[\\/].*|notistack|goober|react-hook-form|@hookform[\\/].*)$/,
};
const familia = (id: string) => {
  const p = paquete(id);
  return p ? (Object.keys(FAMILIAS).find((f) => FAMILIAS[f]?.test(p)) ?? null) : null;
};

export default defineConfig({
  plugins: [react(), compilacion()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which files each route loads (the login's JavaScript budget test reads it).
    manifest: true,
    // No <link rel=modulepreload> per dependency of a lazy screen: /in/recargas appended about 60,
    // one long task of some 170 ms at 4× CPU, and its largest paint came later, not sooner
    // (Lighthouse, median of 5: 74 → 81, LCP 2.2 → 1.4 s). The browser's module loader fetches
    // them as it meets them. The page's own entry keeps its preloads (issue 21).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_f, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      // The app is an entry of its own, which main.tsx imports once the page has painted: what it
      // imports statically is initial code, split by library family like an entry's.
      input: { index: 'index.html', arranque: 'src/arranque.tsx' },
      output: {
        codeSplitting: {
          groups: [
            // What every page needs, by library family; the rest goes with the screens using it
            // (charts and pickers too), split by Rolldown where screens share it.
            { name: familia, debugName: 'familias', tags: ['$initial'] },
          ],
        },
      },
    },
  },
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
