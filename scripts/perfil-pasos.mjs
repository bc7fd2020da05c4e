#!/usr/bin/env node
/**
 * node scripts/perfil-pasos.mjs <file.cpuprofile> [requests] [from s]: the API's CPU by step of a
 * top-up, from `from` seconds into the profile on (leaving out start-up and logins).
 * Each sample goes to the step of the leaf-most frame that names one (zod under a route is
 * validation, pg under the write is the database driver); idle is left out. With the number
 * of requests the profile served, each step is also given in µs per request. Used for
 * docs/benchmarks.md (issue 42); profiles come from `BENCH_PERFIL=<dir> npm run bench:topups`.
 */
import { readFileSync } from 'node:fs';

/** [step, test on the frame's url and function]: the first that matches names the frame's step. */
const PASOS = [
  ['logging', (u) => /\/(pino|pino-std-serializers|sonic-boom|thread-stream)\//.test(u)],
  ['helmet', (u) => /\/(helmet|@fastify\/helmet)\//.test(u)],
  [
    'compression',
    (u) => /\/(@fastify\/compress|minipass|pumpify|duplexify)\//.test(u) || /compresion\.ts/.test(u),
  ],
  ['cookies', (u) => /\/(@fastify\/cookie|cookie|cookie-signature)\//.test(u)],
  ['rate limit', (u) => /\/@fastify\/rate-limit\//.test(u) || /plugins\/limites\.ts/.test(u)],
  ['metrics', (u) => /\/prom-client\//.test(u) || /plugins\/metricas\.ts|lib\/metricas\.ts/.test(u)],
  ['auth (JWT)', (u) => /\/jose\//.test(u)],
  ['auth (session, XSRF, levels)', (u) => /plugins\/acceso\.ts|modules\/auth\//.test(u)],
  ['validation (zod)', (u) => /\/zod\/|fastify-type-provider-zod/.test(u)],
  ['serialisation', (u) => /fast-json-stringify|\/fastify\/lib\/(reply|error-serializer)/.test(u)],
  ['idempotency', (u) => /recargas\/idempotencia\.ts/.test(u)],
  [
    'rules (amount, platform, limits)',
    (u) => /contracts\/(src|dist)\/recargas|recargas\/service\.ts/.test(u),
  ],
  ['provider', (u) => /\/providers\//.test(u)],
  ['close and events', (u) => /recargas\/(cierre|respuesta)\.ts|integraciones\//.test(u)],
  ['insert (SQL, batching)', (u) => /recargas\/repo|db\/(lotes|database)\.ts/.test(u)],
  ['database driver (pg)', (u) => /\/(pg|pg-protocol|pg-pool|pg-types|postgres-array|kysely)\//.test(u)],
  ['job queue (pg-boss)', (u) => /\/pg-boss\//.test(u)],
  [
    'fastify (routing, hooks)',
    (u) => /\/(fastify|find-my-way|avvio|light-my-request|@fastify\/[a-z-]+)\//.test(u),
  ],
  ['other app code', (u) => /apps\/server\/src|packages\/contracts/.test(u)],
  ['node: http', (u) => /^node:(_http|http|net|stream|internal\/streams|internal\/http)/.test(u)],
  ['node: other', (u) => /^node:/.test(u)],
];

const [archivo, peticiones, desde] = process.argv.slice(2);
if (!archivo) {
  console.error('uso: node scripts/perfil-pasos.mjs <archivo.cpuprofile> [peticiones]');
  process.exit(2);
}
const perfil = JSON.parse(readFileSync(archivo, 'utf8'));
const padre = new Map();
const nodos = new Map(perfil.nodes.map((n) => [n.id, n]));
for (const n of perfil.nodes) for (const h of n.children ?? []) padre.set(h, n.id);

/** The step of a stack, from its leaf up; native leaves (GC, program) by their name. */
const cache = new Map();
function pasoDe(id) {
  if (cache.has(id)) return cache.get(id);
  const hoja = nodos.get(id).callFrame.functionName;
  let paso = { '(garbage collector)': 'GC', '(idle)': null, '(program)': 'V8 and native (program)' }[hoja];
  if (paso === undefined) {
    paso = 'unattributed';
    for (let n = id; n !== undefined; n = padre.get(n)) {
      const url = nodos.get(n).callFrame.url;
      const encontrado = url && PASOS.find(([, prueba]) => prueba(url));
      if (encontrado) {
        paso = encontrado[0];
        break;
      }
    }
  }
  cache.set(id, paso);
  return paso;
}

const porPaso = new Map();
let total = 0;
let reloj = 0;
perfil.samples.forEach((id, i) => {
  const us = perfil.timeDeltas[i] ?? 0;
  reloj += us;
  const paso = pasoDe(id);
  if (paso === null || reloj < (Number(desde) || 0) * 1e6) return;
  porPaso.set(paso, (porPaso.get(paso) ?? 0) + us);
  total += us;
});
const n = Number(peticiones) || 0;
console.log(`| step | share of CPU |${n ? ' µs per request |' : ''}`);
console.log(`| --- | ---: |${n ? ' ---: |' : ''}`);
for (const [paso, us] of [...porPaso].sort((a, b) => b[1] - a[1]))
  console.log(`| ${paso} | ${((100 * us) / total).toFixed(1)} % |${n ? ` ${(us / n).toFixed(0)} |` : ''}`);
console.log(`| total (busy) | 100 % |${n ? ` ${(total / n).toFixed(0)} |` : ''}`);
