import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import { abrirDb } from '../apps/server/src/db/database.ts';
import { migrar } from '../apps/server/src/db/migrate.ts';
import { sembrar } from '../apps/server/src/db/seed/index.ts';
import { administrar, urlDe } from '../apps/server/test/servidor-pg.ts';

/** BENCH_RAPIDO=1: small data sets, to check that the benches and `npm run bench` run end to end. */
export const RAPIDO = process.env.BENCH_RAPIDO === '1';

/** A size from its environment variable, else the full default (or the quick one with BENCH_RAPIDO=1). */
export const tamano = (variable: string, completo: number, rapido: number) =>
  Number(process.env[variable] ?? (RAPIDO ? rapido : completo));

/** The PostgreSQL server the benches make their databases on (default: the local one). */
export const SERVIDOR_BENCH = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database on the PostgreSQL of BENCH_DATABASE_URL, named BENCH_PREFIJO (default bench)_<nombre>_<time>. */
export async function baseNueva(nombre: string) {
  const servidor = SERVIDOR_BENCH;
  const base = `${process.env.BENCH_PREFIJO ?? 'bench'}_${nombre}_${Date.now()}`;
  await administrar(servidor, `create database ${base}`);
  const version = (await administrar(servidor, 'show server_version')).rows[0]?.server_version as string;
  return {
    url: urlDe(servidor, base),
    version,
    borrar: () => administrar(servidor, `drop database if exists ${base} with (force)`),
  };
}

/**
 * BENCH_BASE=<name>: a database of BENCH_DATABASE_URL's server that the bench keeps, made the
 * first time (`nueva` true: generate its data) and reused after (migrated to the last migration
 * by baseSembrada, its data kept), so that a 10,000,000-row set is generated once.
 */
export async function baseGuardada(nombre: string) {
  const c = new pg.Client({ connectionString: SERVIDOR_BENCH });
  await c.connect();
  try {
    const existe = (await c.query('select 1 from pg_database where datname = $1', [nombre])).rowCount === 1;
    if (!existe) await c.query(`create database ${pg.escapeIdentifier(nombre)}`);
    const version = (await c.query('show server_version')).rows[0]?.server_version as string;
    return { url: urlDe(SERVIDOR_BENCH, nombre), version, nueva: !existe, borrar: async () => {} };
  } finally {
    await c.end();
  }
}

/** A fresh database (baseNueva's url) migrated and seeded: its handle and the demo company's id. */
export async function baseSembrada(url: string) {
  const db = await abrirDb({ databaseUrl: url, dataDir: 'memory://' });
  await migrar(db);
  await sembrar(db);
  const { id } = await db
    .selectFrom('empresas')
    .select('id')
    .where('codigo', '=', 'demo')
    .executeTakeFirstOrThrow();
  return { db, empresa: id };
}

/**
 * The environment of a server under measure: no rate limit, no workers, no web, quiet logs.
 * Without a `dataDir` the server keeps its default DATA_DIR.
 */
export const entornoServidor = (
  databaseUrl: string | undefined,
  dataDir: string | undefined,
  puerto: number,
) => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  JWT_SECRET: 'bench-secreto-0123456789-0123456789',
  DOS_PASOS_CLAVES: 'prueba:bench-secreto-0123456789-0123456789',
  WORKERS: '0',
  PORT: String(puerto),
  HOST: '127.0.0.1',
  WEB_DIR: '/nonexistent',
});

/** Row `i` of a generated upload of lines (administrator's template): half of them the demo leader's. */
export const filaLinea = (i: number) => [
  `8953${String(i).padStart(15, '0')}`,
  `33${String(i).padStart(8, '0')}`,
  ['T', 'M', 'A'][i % 3],
  50,
  i % 2 ? 'Lider Demo' : '',
  '',
  '',
];

/**
 * Starts an entry point as its own process and waits for GET <url>/health: TypeScript through
 * tsx, or a compiled `.js` with plain node, as production runs it.
 */
export async function proceso(entrada: string, url: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // BENCH_PERFIL=<dir>: each process writes a V8 CPU profile there when it exits (open in DevTools).
  const perfil = process.env.BENCH_PERFIL ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PERFIL}`] : [];
  const cargador = entrada.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const hijo = spawn(process.execPath, [...perfil, ...cargador, entrada], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const limite = Date.now() + 90_000;
  while (Date.now() < limite) {
    if (hijo.exitCode !== null) throw new Error(`${entrada} terminó con ${hijo.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return hijo;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${entrada} no respondió`);
}

/** A port free right now: benches never bind fixed ports (others may be running). */
export const puertoLibre = () =>
  new Promise<number>((ok, mal) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
    s.on('error', mal);
  });

/** The API (apps/server/src/main.ts) on a free port over a bench's database, once it answers: its url and process. */
export async function servidorApi(databaseUrl: string) {
  const puerto = await puertoLibre();
  const api = `http://127.0.0.1:${puerto}`;
  const hijo = await proceso('apps/server/src/main.ts', api, entornoServidor(databaseUrl, undefined, puerto));
  return { api, hijo };
}

/** Peak and current resident memory of a process, MiB (Linux /proc). */
export const memoria = (pid: number) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
  return { pico: kb('VmHWM') / 1024, actual: kb('VmRSS') / 1024 };
};

/** CPU model, cores, memory and Node version of the machine a bench runs on. */
export const maquina = () => {
  const c = cpus();
  return `${c[0]?.model.trim()}, ${c.length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`;
};

/** Median and 95th percentile (ms) of `veces` sequential calls, after 5 warm-up calls. */
export async function cronometrar(pedir: () => Promise<unknown>, veces: number) {
  for (let i = 0; i < 5; i++) await pedir();
  const t: number[] = [];
  for (let i = 0; i < veces; i++) {
    const inicio = performance.now();
    await pedir();
    t.push(performance.now() - inicio);
  }
  t.sort((a, b) => a - b);
  const q = (p: number) => t[Math.min(t.length - 1, Math.floor(p * t.length))] ?? 0;
  return { p50: q(0.5), p95: q(0.95) };
}

/** Logs in over HTTP and returns the bearer token. */
export async function iniciarSesion(api: string, username: string, password: string, empresa = 'demo') {
  const r = await fetch(`${api}/iniciarSesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, empresa }),
  });
  if (!r.ok) throw new Error(`login ${username}: ${r.status}`);
  return ((await r.json()) as { token: string }).token;
}

/** One figure of a bench, as `npm run bench` puts it in its table. */
export interface Cifra {
  caso: string;
  medida: string;
  valor: number;
  unidad: string;
}

/** What a bench leaves in bench/resultados/<nombre>.json for `npm run bench` (bench/todos.ts). */
export interface Resultado {
  bench: string;
  fecha: string;
  rapido: boolean;
  base: string;
  condiciones: string;
  cifras: Cifra[];
}

/** A figure as the tables show it: two decimals below 10, one above, then its unit. */
export const textoDeCifra = (c: Cifra) =>
  `${c.valor.toLocaleString('en', { maximumFractionDigits: Math.abs(c.valor) < 10 ? 2 : 1 })}${c.unidad ? ` ${c.unidad}` : ''}`;

/** The median and the 95th percentile of a case, as two figures. */
export const cifrasDeTiempo = (caso: string, t: { p50: number; p95: number }): Cifra[] => [
  { caso, medida: 'median', valor: t.p50, unidad: 'ms' },
  { caso, medida: 'p95', valor: t.p95, unidad: 'ms' },
];

/**
 * Writes a bench's report, bench/resultados/<nombre>.md (heading, machine, conditions, then its
 * own tables), and its figures as <nombre>.json, and prints the report.
 */
export function guardarResultados(
  nombre: string,
  r: Omit<Resultado, 'fecha' | 'rapido'> & { tablas: string[] },
) {
  const { tablas, ...resto } = r;
  const resultado: Resultado = { ...resto, fecha: new Date().toISOString(), rapido: RAPIDO };
  const informe = [
    `## ${r.bench} — ${resultado.fecha.slice(0, 10)}${RAPIDO ? ' (BENCH_RAPIDO: small data sets)' : ''}`,
    '',
    `Machine: ${maquina()}; ${r.base}; ${r.condiciones}`,
    '',
    ...tablas,
    '',
  ].join('\n');
  mkdirSync('bench/resultados', { recursive: true });
  writeFileSync(`bench/resultados/${nombre}.md`, informe);
  writeFileSync(`bench/resultados/${nombre}.json`, `${JSON.stringify(resultado, null, 2)}\n`);
  console.log(informe);
}

/** The row count a scaled bench runs at: BENCH_FILAS, else its own variable, else its default. */
export const filasBench = (variable: string, completo: number, rapido: number) =>
  Number(process.env.BENCH_FILAS ?? process.env[variable] ?? (RAPIDO ? rapido : completo));

/** The size the scaled benches are compared against. */
const ESCALA_BASE = 1_000_000;

/**
 * A scaled bench keeps its figures as bench/resultados/<nombre>-<filas>.json; at another size
 * than 1,000,000 rows it answers a table of its medians beside those of the 1,000,000-row run
 * (when there is one) and their ratio.
 */
export function comparacionDeEscala(nombre: string, filas: number, cifras: Cifra[]): string[] {
  mkdirSync('bench/resultados', { recursive: true });
  writeFileSync(`bench/resultados/${nombre}-${filas}.json`, `${JSON.stringify(cifras, null, 2)}\n`);
  if (filas === ESCALA_BASE) return [];
  let base: Cifra[];
  try {
    base = JSON.parse(readFileSync(`bench/resultados/${nombre}-${ESCALA_BASE}.json`, 'utf8')) as Cifra[];
  } catch {
    return [];
  }
  const filasTabla = cifras
    .filter((c) => c.unidad === 'ms' && c.medida.includes('median'))
    .flatMap((c) => {
      const b = base.find((x) => x.caso === c.caso && x.medida === c.medida);
      return b
        ? [
            `| ${c.caso} | ${c.medida} | ${b.valor.toFixed(1)} | ${c.valor.toFixed(1)} | ${(c.valor / b.valor).toFixed(2)} |`,
          ]
        : [];
    });
  const n = (x: number) => x.toLocaleString('en');
  return [
    '',
    `Medians at ${n(filas)} rows against the ${n(ESCALA_BASE)}-row run (bench/resultados/${nombre}-${ESCALA_BASE}.json):`,
    '',
    `| case | measure | ${n(ESCALA_BASE)} ms | ${n(filas)} ms | ratio |`,
    '| --- | --- | --- | --- | --- |',
    ...filasTabla,
  ];
}
