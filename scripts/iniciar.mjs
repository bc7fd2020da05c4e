// npm start (API), npm run worker and npm run migrate: compile what is missing or stale, then run the compiled
// JavaScript in this same process, so SIGTERM and SIGINT reach the server's own handlers.
// Production images run `node apps/server/dist/main.js` directly (nothing to build there).
import { pathToFileURL } from 'node:url';
import { construir, desde, pendiente } from './construir.mjs';

const ENTRADAS = {
  main: 'apps/server/dist/main.js',
  worker: 'apps/server/dist/worker.js',
  migrar: 'apps/server/dist/cli/migrar.js',
};
const entrada = ENTRADAS[process.argv[2] ?? 'main'];
if (!entrada) {
  console.error(`Uso: node scripts/iniciar.mjs ${Object.keys(ENTRADAS).join('|')}`);
  process.exit(2);
}

// Only the API serves pages, WEB_DIR when it is set instead of apps/web/dist.
const partes = [
  'contracts',
  'server',
  ...((process.argv[2] ?? 'main') !== 'main' || process.env.WEB_DIR ? [] : ['web']),
];
try {
  for (const p of partes) if (pendiente(p)) construir(p);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
await import(pathToFileURL(desde(entrada)).href);
