import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { abrirDb } from '../apps/server/src/db/database.ts';
import { migrar } from '../apps/server/src/db/migrate.ts';
import { PASSWORD_DEMO, sembrar } from '../apps/server/src/db/seed/index.ts';
import { hashPassword } from '../apps/server/src/lib/claves.ts';
import { baseNueva, type Cifra, guardarResultados, proceso, tamano } from './comun.ts';

/**
 * npm run bench:topups — throughput and p50/p99 of POST /checkOut (in-process simulator, real
 * PostgreSQL, workers on) at 50 and 200 connections, beside a bare Fastify endpoint doing one
 * INSERT on the same database, in the same run. Each connection is its own user (when
 * BENCH_USUARIOS is below the connections, the users are shared in turn).
 */
const SEGUNDOS = tamano('BENCH_SEGUNDOS', 10, 2);
const USUARIOS = tamano('BENCH_USUARIOS', 200, 20);

const base = await baseNueva('topups');
const db = await abrirDb({ databaseUrl: base.url, dataDir: 'memory://' });
await migrar(db);
await sembrar(db);
const hash = await hashPassword(PASSWORD_DEMO);
await db
  .insertInto('usuarios')
  .values(
    Array.from({ length: USUARIOS }, (_, i) => ({
      empresa_id: 1,
      username: `bench${i}`,
      nombre: `Bench ${i}`,
      password_hash: hash,
      nivel: 3,
      max_recargas: 1_000_000,
    })),
  )
  .execute();
await db.destroy();

const api = 'http://127.0.0.1:3801';
const desnudo = 'http://127.0.0.1:3802';
const comun = {
  DATABASE_URL: base.url,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  JWT_SECRET: 'bench-secreto-0123456789-0123456789',
  // Tens of thousands of top-ups a cell: the simulated balances must outlast them.
  SIMULADOR_SALDO: '1000000000000',
};
const hijos = [
  await proceso('apps/server/src/main.ts', api, {
    ...comun,
    PORT: '3801',
    HOST: '127.0.0.1',
    WEB_DIR: '/nonexistent',
  }),
  await proceso('bench/servidor-insert.ts', desnudo, { ...comun, PORT: '3802' }),
];

const sesiones: { token: string; xsrf: string }[] = [];
for (let i = 0; i < USUARIOS; i++) {
  const r = await fetch(`${api}/iniciarSesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench${i}`, password: PASSWORD_DEMO, empresa: 'demo' }),
  });
  const { token } = (await r.json()) as { token: string };
  sesiones.push({ token, xsrf: /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '' });
}

interface Medida {
  rps: number;
  p50: number;
  p99: number;
  errores: number;
  total: number;
}

function medir(url: string, conexiones: number, ruta: string, recarga: boolean): Promise<Medida> {
  let siguiente = 0;
  return new Promise((ok, mal) => {
    autocannon(
      {
        url,
        connections: conexiones,
        duration: SEGUNDOS,
        requests: [
          {
            method: 'POST',
            path: ruta,
            setupRequest: (req, contexto: { s?: (typeof sesiones)[number] }) => {
              contexto.s ??= sesiones[siguiente++ % sesiones.length];
              const dn = `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
              return {
                ...req,
                headers: {
                  'content-type': 'application/json',
                  ...(recarga
                    ? {
                        authorization: `Bearer ${contexto.s?.token}`,
                        'x-xsrf-token': contexto.s?.xsrf ?? '',
                        'idempotency-key': randomUUID(),
                      }
                    : {}),
                },
                body: JSON.stringify({ dn, compania: 'T' }),
              };
            },
          },
        ],
      },
      (err, r) => {
        if (err) return mal(err);
        ok({
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errores: r.non2xx + r.errors,
          total: r.requests.total,
        });
      },
    );
  });
}

const cifrasDe = (caso: string, m: Medida): Cifra[] => [
  { caso, medida: 'throughput', valor: m.rps, unidad: 'req/s' },
  { caso, medida: 'p50', valor: m.p50, unidad: 'ms' },
  { caso, medida: 'p99', valor: m.p99, unidad: 'ms' },
  { caso, medida: 'non-2xx', valor: m.errores, unidad: `of ${m.total}` },
];

const filas: string[] = [];
const cifras: Cifra[] = [];
for (const conexiones of [50, 200]) {
  const yardstick = await medir(desnudo, conexiones, '/insert', false);
  const checkout = await medir(api, conexiones, '/checkOut', true);
  cifras.push(
    ...cifrasDe(`POST /checkOut, ${conexiones} connections`, checkout),
    ...cifrasDe(`bare INSERT, ${conexiones} connections`, yardstick),
  );
  filas.push(
    `| ${conexiones} | ${checkout.rps.toFixed(0)} | ${checkout.p50} | ${checkout.p99} | ${checkout.errores}/${checkout.total} | ` +
      `${yardstick.rps.toFixed(0)} | ${yardstick.p50} | ${yardstick.p99} | ${(checkout.rps / yardstick.rps).toFixed(2)} |`,
  );
}
for (const h of hijos) h.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
await base.borrar();

guardarResultados('topups', {
  bench: 'bench:topups',
  base: `PostgreSQL ${base.version}`,
  condiciones: `${SEGUNDOS} s per cell; ${USUARIOS} users taken in turn by the connections; in-process provider simulator; workers on.`,
  tablas: [
    '| connections | /checkOut req/s | p50 ms | p99 ms | non-2xx/total | bare INSERT req/s | p50 ms | p99 ms | ratio |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...filas,
  ],
  cifras,
});
process.exit(0);
