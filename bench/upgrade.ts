import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { PASSWORD_DEMO } from '../apps/server/src/db/seed/index.ts';
import { caddy } from './caddy.ts';
import { baseNueva, entornoServidor, guardarResultados, proceso, puertoLibre, tamano } from './comun.ts';
import { anterior, arbol, git, llenar, RAIZ } from './version-anterior.ts';

/**
 * npm run bench:upgrade — issue 40: the rolling upgrade of deploy/actualizar.sh, with processes
 * instead of containers. Two APIs of the release before (1.0.0 as deployed, migrations up to
 * 0030) behind compose's Caddy (its Caddyfile; bench/caddy.ts) over a database with BENCH_RECARGAS (1,000,000)
 * top-ups, clients topping up without pause; then `npm run migrate` of the new release while
 * the old APIs serve, then each API in turn stopped with SIGTERM and started from the new
 * release (compiled, as the image runs it). Per phase, the top-ups and the slowest (goal < 1 s),
 * and whether every answered top-up is one row. Then each API is restarted once more, as the next
 * upgrade will stop this release's APIs (they drain: SHUTDOWN_DRAIN_MS).
 *
 * The old release runs from `git archive` of BENCH_DESDE (default: the commit before migration
 * 0031 came) with this tree's node_modules; the new one is this tree, or BENCH_NUEVO=<rev>.
 */
const RECARGAS = tamano('BENCH_RECARGAS', 1_000_000, 50_000);
const CLIENTES = tamano('BENCH_CLIENTES', 8, 4);
const ANTES_MS = 5000;
const DESPUES_MS = 3000;

const desde = anterior();
const viejo = arbol(desde);
const nuevo = process.env.BENCH_NUEVO ? arbol(git('rev-parse', process.env.BENCH_NUEVO)) : RAIZ;
// The new release runs compiled, as its image does (a start through tsx took the CPU of the API
// still serving on this 2-core machine): contracts and server built when stale.
execFileSync(process.execPath, ['scripts/construir.mjs', 'contracts', 'server'], {
  cwd: nuevo,
  stdio: 'inherit',
});
const base = await baseNueva('upgrade');
const sql = new pg.Pool({ connectionString: base.url, max: 2 });

const puertos = [await puertoLibre(), await puertoLibre()];
const apis = puertos.map((p) => `http://127.0.0.1:${p}`);
const entorno = (i: number) => ({
  ...entornoServidor(base.url, `/tmp/recargas-upgrade-${puertos[i]}`, puertos[i] ?? 0),
  SEED_DEMO: '1',
  // As compose.yaml: an API told to stop keeps answering this long while Caddy's health check
  // takes it out of rotation (1.0.0 ignores it).
  SHUTDOWN_DRAIN_MS: '3000',
  SIMULADOR_SALDO: '1000000000000',
});
const hijos: ChildProcess[] = [];
process.on('exit', () => {
  for (const h of hijos) h.kill('SIGKILL');
});
const api = (entrada: string, i: number, extra: Record<string, string> = {}) =>
  proceso(entrada, apis[i] ?? '', { ...entorno(i), ...extra });
const viejaApi = join(viejo, 'apps/server/src/main.ts');

// The old release's first API makes its schema (up to 0030) and the demo data.
// With its workers on: they make pg-boss's schema, which its /ready (Caddy's health check) reads.
hijos[0] = await api(viejaApi, 0, { WORKERS: '1' });
const { rows } = await sql.query<{ name: string }>('select name from kysely_migration order by name');
console.log(`${desde.slice(0, 10)}: ${rows.length} migraciones, la última ${rows.at(-1)?.name}`);
const proxy = await caddy(viejo, puertos);
process.on('exit', () => proxy.hijo.kill('SIGKILL'));
const sesion = await entrar();
const primera = await recargar();
if (primera.estado >= 300)
  throw new Error(`la recarga de muestra respondió ${primera.estado}: ${primera.texto}`);
// Its history: RECARGAS top-ups over the past year, copies of that one.
await llenar(sql, RECARGAS);
hijos[1] = await api(viejaApi, 1);

/** Logs in as the demo administrator (no daily limit): bearer and XSRF token. */
async function entrar() {
  const r = await fetch(`${proxy.url}/iniciarSesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD_DEMO, empresa: 'demo' }),
  });
  if (!r.ok) throw new Error(`login: ${r.status}`);
  const { token } = (await r.json()) as { token: string };
  return { token, xsrf: /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '' };
}

/**
 * One top-up, timed to its answer. A connection closed before any answer (a keep-alive one the
 * proxy or an API closed as it stopped) is sent again with the same Idempotency-Key, as the
 * browser does on a reused connection and the web app does when Recargar is pressed again:
 * `reenvios` counts them; one top-up either way.
 */
async function recargar() {
  const inicio = performance.now();
  const llave = randomUUID();
  const cuerpo = JSON.stringify({
    dn: `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    compania: 'T',
    monto: 50,
  });
  for (let reenvios = 0; ; reenvios++) {
    try {
      const r = await fetch(`${proxy.url}/checkOut`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${sesion.token}`,
          'x-xsrf-token': sesion.xsrf,
          'idempotency-key': llave,
        },
        body: cuerpo,
      });
      const texto = await r.text();
      return { inicio, ms: performance.now() - inicio, estado: r.status, texto, reenvios };
    } catch (e) {
      if (reenvios >= 3)
        return { inicio, ms: performance.now() - inicio, estado: 0, texto: String(e), reenvios };
    }
  }
}

/** npm run migrate of the new release, while the old APIs serve; its log lines. */
function migrar() {
  return new Promise<string>((ok, mal) => {
    const m = spawn(process.execPath, ['apps/server/dist/cli/migrar.js'], {
      cwd: nuevo,
      env: { ...process.env, ...entorno(0), LOG_LEVEL: 'info', PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let salida = '';
    m.stdout.on('data', (d: Buffer) => {
      salida += d;
    });
    m.on('exit', (codigo) =>
      codigo === 0 ? ok(salida) : mal(new Error(`npm run migrate: ${codigo}\n${salida}`)),
    );
  });
}

/**
 * API `i` replaced as deploy/actualizar.sh does: out of Caddy's upstreams (a reload with the other
 * alone), stopped as compose stops a container (SIGTERM, it drains), the new release's started,
 * both upstreams again.
 */
async function reemplazar(i: number) {
  const viejoHijo = hijos[i];
  proxy.recargar(
    nuevo,
    puertos.filter((_, j) => j !== i),
  );
  const salio = new Promise((ok) => viejoHijo?.once('exit', ok));
  viejoHijo?.kill('SIGTERM');
  await salio;
  hijos[i] = await api(join(nuevo, 'apps/server/dist/main.js'), i, { MIGRAR_AL_ARRANCAR: '0' });
  proxy.recargar(nuevo);
}

const medidas: Awaited<ReturnType<typeof recargar>>[] = [];
const desdeCarga = new Date();
let seguir = true;
const clientes = Array.from({ length: CLIENTES }, async () => {
  while (seguir) medidas.push(await recargar());
});
const fases: { nombre: string; inicio: number; fin: number }[] = [];
async function fase<T>(nombre: string, hacer: () => Promise<T>): Promise<T> {
  const f = { nombre, inicio: performance.now(), fin: 0 };
  fases.push(f);
  const r = await hacer();
  f.fin = performance.now();
  return r;
}
const espera = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
await fase('before', () => espera(ANTES_MS));
const salida = await fase('npm run migrate (old APIs serving)', migrar);
await fase('caddy reload with the new Caddyfile', async () => proxy.recargar(nuevo));
await fase('api1: SIGTERM, new release started', () => reemplazar(0));
await fase('api2: SIGTERM, new release started', () => reemplazar(1));
// A later release's rolling restart: the APIs stopped now are this release's, which drain.
await fase('api1: SIGTERM again (the new release drains), restarted', () => reemplazar(0));
await fase('api2: SIGTERM again (the new release drains), restarted', () => reemplazar(1));
await fase('after', () => espera(DESPUES_MS));
seguir = false;
await Promise.all(clientes);
const filas = (await sql.query('select count(*)::int as n from recargas where creada >= $1', [desdeCarga]))
  .rows[0]?.n as number;
await sql.end();
for (const h of [...hijos, proxy.hijo]) h.kill('SIGTERM');
await base.borrar();

const enFase = (f: (typeof fases)[number]) => medidas.filter((m) => m.inicio >= f.inicio && m.inicio < f.fin);
const maximo = (xs: typeof medidas) => Math.max(0, ...xs.map((m) => m.ms));
const p99 = (xs: typeof medidas) =>
  xs.map((m) => m.ms).sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;
const malas = (xs: typeof medidas) => {
  const f = xs.filter((m) => m.estado >= 300);
  return f.length ? `${f.length} (${[...new Set(f.map((m) => m.estado))].join(', ')})` : '0';
};
const mejoradas = fases.slice(1, 5).flatMap(enFase);
const indices = salida.match(/Índice \w+ creado en \w+/g) ?? [];
const respondidas = medidas.filter((m) => m.estado < 300).length;
const quien = nuevo === RAIZ ? 'this tree' : nuevo;
guardarResultados('upgrade', {
  bench: 'bench:upgrade',
  base: `PostgreSQL ${base.version}`,
  condiciones: `two APIs of release ${desde.slice(0, 10)} (${rows.length} migrations) behind Caddy (the old release's deploy/Caddyfile, then the new one, as deploy/actualizar.sh does), ${RECARGAS.toLocaleString('en')} top-ups in the database, ${CLIENTES} clients topping up without pause; the new release is ${quien}.`,
  cifras: [
    {
      caso: 'npm run migrate',
      medida: 'duration',
      valor: ((fases[1]?.fin ?? 0) - (fases[1]?.inicio ?? 0)) / 1000,
      unidad: 's',
    },
    { caso: 'top-ups during the upgrade', medida: 'slowest', valor: maximo(mejoradas), unidad: 'ms' },
    { caso: 'top-ups during the upgrade', medida: 'p99', valor: p99(mejoradas), unidad: 'ms' },
    {
      caso: 'top-ups before the upgrade',
      medida: 'slowest',
      valor: maximo(fases[0] ? enFase(fases[0]) : []),
      unidad: 'ms',
    },
  ],
  tablas: [
    '| phase | s | top-ups | slowest ms | p99 ms | non-2xx |',
    '| --- | --- | --- | --- | --- | --- |',
    ...fases.map((f) => {
      const xs = enFase(f);
      return `| ${f.nombre} | ${((f.fin - f.inicio) / 1000).toFixed(1)} | ${xs.length} | ${maximo(xs).toFixed(0)} | ${p99(xs).toFixed(0)} | ${malas(xs)} |`;
    }),
    '',
    `Top-ups answered 2xx: ${respondidas}; rows written during the run: ${filas}; sent again after a closed connection: ${medidas.filter((m) => m.reenvios > 0).length}.`,
    ...medidas.filter((m) => m.estado >= 300).map((m) => `- ${m.estado}: ${m.texto.slice(0, 200)}`),
    ...(indices.length ? ['', ...indices.map((i) => `- ${i}`)] : []),
  ],
});
process.exit(maximo(mejoradas) < 1000 && respondidas === medidas.length && filas === respondidas ? 0 : 1);
