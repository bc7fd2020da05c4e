import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { abrirDb } from '../apps/server/src/db/database.ts';
import { migrar } from '../apps/server/src/db/migrate.ts';
import { PASSWORD_DEMO, sembrar } from '../apps/server/src/db/seed/index.ts';
import { aleatorio, hashPassword, sha256 } from '../apps/server/src/lib/claves.ts';
import { baseNueva, type Cifra, guardarResultados, proceso, puertoLibre, tamano } from './comun.ts';
import { generarRecargas } from './reportes-consultas.ts';

/**
 * npm run bench:topups — throughput and p50/p99 of POST /checkOut (real PostgreSQL, workers on)
 * at 50 and 200 connections with platform 1 on the in-process simulator, then on the Reloadly
 * adapter over HTTP to the simulator's Reloadly sandbox, beside a bare Fastify endpoint doing one
 * INSERT on the same database, in the same run; and POST /v1/recargas (the reseller API, an API
 * key per user) on the simulator. Each connection is its own user (when
 * BENCH_USUARIOS is below the connections, the users are shared in turn).
 */
const SEGUNDOS = tamano('BENCH_SEGUNDOS', 10, 2);
/** BENCH_TOPUPS_SOLO=1: /checkOut on the simulator at 50 connections alone (profiling a change). */
const SOLO = process.env.BENCH_TOPUPS_SOLO === '1';
const USUARIOS = tamano('BENCH_USUARIOS', 200, 20);
/** Top-ups already in the ledger before the first request. */
const HISTORIA = tamano('BENCH_HISTORIA', 300_000, 1_000);

const base = await baseNueva('topups');
const db = await abrirDb({ databaseUrl: base.url, dataDir: 'memory://' });
await migrar(db);
await sembrar(db);
// The ledger of a portal in use: top-ups of past days, analysed, so that the statements are planned
// as in production. On the few rows of a new database the generic plans of the pooled connections
// read the whole table, and went on doing so as it grew during the run.
await generarRecargas(db, 1, HISTORIA);
await sql`analyze`.execute(db);
const hash = await hashPassword(PASSWORD_DEMO);
const usuariosBench = await db
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
  .returning('id')
  .execute();
// One API key per user for the /v1 round, written as POST /api/llaves writes them.
const llaves = usuariosBench.map(() => ({ prefijo: randomBytes(6).toString('hex'), secreto: aleatorio(32) }));
await db
  .insertInto('llaves_api')
  .values(
    llaves.map((k, i) => ({
      empresa_id: 1,
      usuario_id: usuariosBench[i]?.id ?? 0,
      nombre: `bench${i}`,
      prefijo: k.prefijo,
      secreto_hash: sha256(k.secreto),
      ips: [],
    })),
  )
  .execute();
await db.destroy();

/**
 * The API as production runs it: compiled, with plain node (the script builds it first). Under
 * tsx each function carried esbuild's name helper and source maps: 1.3 % of the API's CPU went to
 * `__name` alone, which production never runs.
 */
const API_COMPILADA = 'apps/server/dist/main.js';

const libre = puertoLibre;
const [pApi, pDesnudo, pSandbox] = [await libre(), await libre(), await libre()];
const api = `http://127.0.0.1:${pApi}`;
const desnudo = `http://127.0.0.1:${pDesnudo}`;
// The provider simulator over HTTP: its Reloadly sandbox serves the second round.
const sandbox = `http://127.0.0.1:${pSandbox}`;
const comun = {
  DATABASE_URL: base.url,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  API_LLAVE_POR_MINUTO: '100000000',
  JWT_SECRET: 'bench-secreto-0123456789-0123456789',
  DOS_PASOS_CLAVES: 'prueba:bench-secreto-0123456789-0123456789',
  // Tens of thousands of top-ups a cell: the simulated balances must outlast them.
  SIMULADOR_SALDO: '1000000000000',
};
const entornoApi = {
  ...comun,
  PORT: String(pApi),
  HOST: '127.0.0.1',
  WEB_DIR: '/nonexistent',
  RELOADLY_BENCH_CLIENT_ID: 'bench',
  RELOADLY_BENCH_CLIENT_SECRET: 'bench-secreto',
  RELOADLY_BENCH_URL: `${sandbox}/reloadly`,
};
const hijos = [
  await proceso(API_COMPILADA, api, entornoApi),
  await proceso('bench/servidor-insert.ts', desnudo, { ...comun, PORT: String(pDesnudo) }),
  await proceso('apps/server/dist/cli/simulador.js', sandbox, {
    ...comun,
    PROVIDER_SIM_PORT: String(pSandbox),
  }),
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
  /** CPU (user + system) the serving process spent per request, µs: steadier than req/s on a busy machine. */
  cpu: number;
  p50: number;
  p99: number;
  errores: number;
  total: number;
}

/** Two measures of one path as one: mean rates and latencies, summed counts. */
const media = (x: Medida, y: Medida): Medida => ({
  rps: (x.rps + y.rps) / 2,
  cpu: (x.cpu + y.cpu) / 2,
  p50: (x.p50 + y.p50) / 2,
  p99: (x.p99 + y.p99) / 2,
  errores: x.errores + y.errores,
  total: x.total + y.total,
});

/** What a request carries: nothing (the bare INSERT), a session, or an API key. */
type Modo = 'insert' | 'sesion' | 'llave';

/** A process's CPU time so far (user + system), µs, from /proc. */
const cpuDe = (pid: number | undefined) => {
  const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(campos[11]) + Number(campos[12])) * 1e6) / 100;
};

function medir(url: string, conexiones: number, ruta: string, modo: Modo): Promise<Medida> {
  let siguiente = 0;
  const pid = (url === desnudo ? hijos[1] : hijos[0])?.pid;
  const antes = cpuDe(pid);
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
            setupRequest: (req, contexto: { s?: (typeof sesiones)[number]; k?: string }) => {
              contexto.s ??= sesiones[siguiente % sesiones.length];
              const k = llaves[siguiente++ % llaves.length];
              contexto.k ??= `rk_${k?.prefijo}_${k?.secreto}`;
              const dn = `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
              return {
                ...req,
                headers: {
                  'content-type': 'application/json',
                  ...(modo === 'llave' ? { 'x-api-key': contexto.k, 'idempotency-key': randomUUID() } : {}),
                  ...(modo === 'sesion'
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
          cpu: (cpuDe(pid) - antes) / Math.max(1, r.requests.total),
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
  { caso, medida: 'CPU per request', valor: Math.round(m.cpu), unidad: 'µs' },
  { caso, medida: 'non-2xx', valor: m.errores, unidad: `of ${m.total}` },
];

if (SOLO) {
  await medir(api, 50, '/checkOut', 'sesion'); // warm-up: JIT and pools
  // The database's share too: the CPU of the bench database's backends (the pool's, kept open).
  const pg = new (await import('pg')).default.Client({ connectionString: base.url });
  await pg.connect();
  const backends = async () =>
    (
      await pg.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((r) => r.pid);
  const cpuBase = async () => {
    let us = 0;
    for (const pid of await backends())
      try {
        us += cpuDe(pid);
      } catch {}
    return us;
  };
  const antesBase = await cpuBase();
  const [a, b] = [await medir(api, 50, '/checkOut', 'sesion'), await medir(api, 50, '/checkOut', 'sesion')];
  const porTopup = (await cpuBase()) - antesBase;
  await pg.end();
  const d = await medir(desnudo, 50, '/insert', 'insert');
  console.log(
    `/checkOut, 50 connections: ${a.rps.toFixed(0)} and ${b.rps.toFixed(0)} req/s; API CPU ${a.cpu.toFixed(0)} and ${b.cpu.toFixed(0)} µs per request`,
  );
  console.log(`database backends: ${(porTopup / (a.total + b.total)).toFixed(0)} µs CPU per top-up`);
  console.log(
    `bare INSERT, 50 connections: ${d.rps.toFixed(0)} req/s; CPU ${d.cpu.toFixed(0)} µs per request`,
  );
  for (const h of hijos) h.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await base.borrar();
  process.exit(0);
}

const filas: string[] = [];
const cifras: Cifra[] = [];
const pasadas: { simulador: Record<number, Medida>; reloadly: Record<number, Medida> } = {
  simulador: {},
  reloadly: {},
};
const desnudos: Record<number, Medida> = {};
const porLlave: Record<number, Medida> = {};
for (const adaptador of ['simulador', 'reloadly'] as const) {
  if (adaptador === 'reloadly') {
    // Platform 1 of the company on the Reloadly adapter, over HTTP to the sandbox: a new API process.
    hijos[0]?.kill('SIGTERM');
    await new Promise((r) => hijos[0]?.once('exit', r));
    const db = await abrirDb({ databaseUrl: base.url, dataDir: 'memory://' });
    await db
      .updateTable('proveedores')
      .set({ adaptador: 'reloadly', cuenta: 'BENCH' })
      .where('empresa_id', '=', 1)
      .where('numero', '=', 1)
      .execute();
    await db.destroy();
    hijos[0] = await proceso(API_COMPILADA, api, entornoApi);
  }
  for (const conexiones of [50, 200]) {
    desnudos[conexiones] ??= await medir(desnudo, conexiones, '/insert', 'insert');
    if (adaptador === 'simulador') {
      // Each path twice, in the order A B B A: a path measured later finds bigger tables and
      // count rows updated thousands of times more, which cost it up to 20 % at 50 connections
      // (/v1 measured first was 1.20-1.22 of /checkOut, measured second 0.83-0.93).
      const a = await medir(api, conexiones, '/checkOut', 'sesion');
      const b = await medir(api, conexiones, '/v1/recargas', 'llave');
      porLlave[conexiones] = media(b, await medir(api, conexiones, '/v1/recargas', 'llave'));
      pasadas[adaptador][conexiones] = media(a, await medir(api, conexiones, '/checkOut', 'sesion'));
    } else pasadas[adaptador][conexiones] = await medir(api, conexiones, '/checkOut', 'sesion');
  }
}
for (const conexiones of [50, 200]) {
  const yardstick = desnudos[conexiones] as Medida;
  const sim = pasadas.simulador[conexiones] as Medida;
  const rl = pasadas.reloadly[conexiones] as Medida;
  const v1 = porLlave[conexiones] as Medida;
  cifras.push(
    ...cifrasDe(`POST /checkOut, ${conexiones} connections`, sim),
    ...cifrasDe(`POST /v1/recargas (API key), ${conexiones} connections`, v1),
    ...cifrasDe(`POST /checkOut on Reloadly (HTTP sandbox), ${conexiones} connections`, rl),
    ...cifrasDe(`bare INSERT, ${conexiones} connections`, yardstick),
  );
  for (const [nombre, m] of [
    ['in-process simulator', sim],
    ['in-process simulator, POST /v1/recargas with an API key', v1],
    ['Reloadly adapter, HTTP sandbox', rl],
  ] as const)
    filas.push(
      `| ${conexiones} | ${nombre} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.cpu.toFixed(0)} | ${m.errores}/${m.total} | ` +
        `${yardstick.rps.toFixed(0)} | ${yardstick.p99} | ${(m.rps / yardstick.rps).toFixed(2)} | ${(m.rps / sim.rps).toFixed(2)} |`,
    );
}
for (const h of hijos) h.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
await base.borrar();

guardarResultados('topups', {
  bench: 'bench:topups',
  base: `PostgreSQL ${base.version}`,
  condiciones: `${HISTORIA} top-ups in the ledger before the run (analysed); ${SEGUNDOS} s per cell (/checkOut and /v1 on the simulator twice each, in the order A B B A, averaged); ${USUARIOS} users taken in turn by the connections; workers on; platform 1 on the in-process provider simulator, then (new API process) on the Reloadly adapter over HTTP to the simulator's Reloadly sandbox.`,
  tablas: [
    '| connections | provider | /checkOut req/s | p50 ms | p99 ms | API CPU µs/req | non-2xx/total | bare INSERT req/s | bare INSERT p99 ms | ratio to INSERT | ratio to in-process simulator |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...filas,
  ],
  cifras,
});
process.exit(0);
