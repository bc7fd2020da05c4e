import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createConfig, formatProblems, getTotals, lintFromString } from '@redocly/openapi-core';
import { construirApp } from '../src/app.ts';
import { leerConfig } from '../src/config.ts';
import { abrirDb } from '../src/db/database.ts';

/**
 * `npm run lint:openapi` (part of `npm test`): the OpenAPI document the app serves at /docs/json,
 * built over an empty in-memory PGlite (the document needs routes, not data), linted with
 * Redocly's recommended rules, offline. Any error or warning fails. `--salida <file>` also
 * writes the document (for an integrator's code generator).
 */
const config = {
  ...leerConfig({
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: 'memory://',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DOS_PASOS_CLAVES: `lint:${randomBytes(32).toString('hex')}`,
  }),
  logLevel: 'silent',
  trabajadores: false,
};
const db = await abrirDb(config);
const app = await construirApp(config, db);
await app.ready();
const documento = JSON.stringify(app.swagger(), null, 2);
await app.close();
await db.destroy();

const salida = process.argv.indexOf('--salida');
if (salida > 0 && process.argv[salida + 1]) writeFileSync(process.argv[salida + 1] as string, documento);

const todos = await lintFromString({
  source: documento,
  absoluteRef: 'openapi.json',
  config: await createConfig({
    extends: ['recommended'],
    // A private portal's API: there is no licence to name. `/api/comments/` is the spec's URL
    // (portal-spec.md, the carriers' comments), slash included: the web app calls it so.
    rules: { 'info-license': 'off', 'no-path-trailing-slash': 'off' },
  }),
});
/**
 * The reseller API (`/v1`) and the integraciones calls declare every refusal; the screens' ~90
 * routes, called by this portal's own web app only, answer the same `{ mensaje }` errors
 * (docs/api.md) without declaring them one by one: that rule is kept for the former alone.
 */
const deIntegradores = /^#\/paths\/~1(v1|api~1llaves|api~1webhooks)/;
const pantallas = (p: (typeof todos)[number]) =>
  p.ruleId === 'operation-4xx-response' && !deIntegradores.test(p.location[0]?.pointer ?? '');
const problemas = todos.filter((p) => !pantallas(p));
formatProblems(problemas, { format: 'stylish', totals: getTotals(problemas), version: '' });
const { errors, warnings } = getTotals(problemas);
console.log(
  `lint:openapi: ${errors} errores, ${warnings} avisos (${todos.length - problemas.length} rutas de las pantallas sin sus 4xx declarados)`,
);
process.exit(errors + warnings > 0 ? 1 : 0);
