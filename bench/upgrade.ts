import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { PASSWORD_DEMO } from '../apps/server/src/db/seed/index.ts';
import { baseNueva, entornoServidor, guardarResultados, proceso, puertoLibre, tamano } from './comun.ts';

/**
 * npm run bench:upgrade — issue 40: a database of the release before (1.0.0 as deployed: its
 * migrations end at 0030) holding BENCH_RECARGAS (1,000,000) top-ups is upgraded by this tree's
 * `npm run migrate` while that release's API takes top-ups, as the rolling upgrade does
 * (deploy/actualizar.sh: migrate first, then the processes one by one). It prints the slowest
 * top-up during the upgrade (goal < 1 s) beside the slowest before it.
 *
 * The old release runs from `git archive` of BENCH_DESDE (default: the commit before migration
 * 0031 came) with this tree's node_modules. BENCH_MIGRADOR=<rev> migrates with another
 * revision's code instead of this tree's (to measure the migrations as they were).
 */
const RECARGAS = tamano('BENCH_RECARGAS', 1_000_000, 50_000);
const CLIENTES = tamano('BENCH_CLIENTES', 8, 4);
const ANTES_MS = 5000;
const DESPUES_MS = 3000;
const RAIZ = resolve(import.meta.dirname, '..');

const git = (...args: string[]) => execFileSync('git', args, { cwd: RAIZ, encoding: 'utf8' }).trim();

/** The commit before the first one that added migration 0031: the code of 1.0.0 as deployed. */
function anterior() {
  if (process.env.BENCH_DESDE) return git('rev-parse', process.env.BENCH_DESDE);
  const agrego = git(
    'log',
    '--diff-filter=A',
    '--format=%H',
    '--',
    'apps/server/src/db/migrations/0031_lineas_recorrido.ts',
  );
  return git('rev-parse', `${agrego.split('\n').pop()}^`);
}

/**
 * A revision's tree in /tmp (kept for the next run), with this tree's node_modules linked entry
 * by entry except the workspace's own packages, which point at that tree's; contracts compiled.
 */
function arbol(rev: string) {
  const dir = `/tmp/recargas-${rev.slice(0, 10)}`;
  if (existsSync(join(dir, '.listo'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules/@recargas'), { recursive: true });
  execFileSync('sh', ['-c', `git archive ${rev} | tar -x -C ${dir}`], { cwd: RAIZ });
  for (const e of readdirSync(join(RAIZ, 'node_modules')))
    if (e !== '@recargas' && !existsSync(join(dir, 'node_modules', e)))
      symlinkSync(join(RAIZ, 'node_modules', e), join(dir, 'node_modules', e));
  for (const [nombre, ruta] of [
    ['contracts', 'packages/contracts'],
    ['server', 'apps/server'],
    ['web', 'apps/web'],
  ] as const)
    symlinkSync(join(dir, ruta), join(dir, 'node_modules/@recargas', nombre));
  execFileSync(join(RAIZ, 'node_modules/.bin/tsc'), ['-p', 'packages/contracts'], { cwd: dir });
  writeFileSync(join(dir, '.listo'), rev);
  return dir;
}

const desde = anterior();
const viejo = arbol(desde);
const migrador = process.env.BENCH_MIGRADOR ? arbol(git('rev-parse', process.env.BENCH_MIGRADOR)) : RAIZ;
const base = await baseNueva('upgrade');
const sql = new pg.Pool({ connectionString: base.url, max: 2 });

// The old release's API makes its schema (up to 0030) and the demo data at its first start.
const puerto = await puertoLibre();
const api = `http://127.0.0.1:${puerto}`;
const entorno = {
  ...entornoServidor(base.url, `/tmp/recargas-upgrade-${puerto}`, puerto),
  SEED_DEMO: '1',
  SIMULADOR_SALDO: '1000000000000',
};
const hijo = await proceso(join(viejo, 'apps/server/src/main.ts'), api, entorno);
process.on('exit', () => hijo.kill('SIGKILL'));
const migraciones = (await sql.query('select name from kysely_migration order by name')).rows.map(
  (r) => r.name,
);
console.log(`${desde.slice(0, 10)}: ${migraciones.length} migraciones, la última ${migraciones.at(-1)}`);

// Its history: RECARGAS top-ups over the past year, copies of one made through its API.
const sesion = await entrar();
const primera = await recargar(sesion);
if (primera.estado >= 300)
  throw new Error(`la recarga de muestra respondió ${primera.estado}: ${primera.texto}`);
await llenar(RECARGAS);

/** Logs in as the demo administrator (no daily limit); bearer and XSRF token. */
async function entrar() {
  const r = await fetch(`${api}/iniciarSesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD_DEMO, empresa: 'demo' }),
  });
  if (!r.ok) throw new Error(`login: ${r.status}`);
  const { token } = (await r.json()) as { token: string };
  return { token, xsrf: /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '' };
}

async function recargar(s: { token: string; xsrf: string }) {
  const inicio = performance.now();
  const r = await fetch(`${api}/checkOut`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${s.token}`,
      'x-xsrf-token': s.xsrf,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      dn: `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      compania: 'T',
      monto: 50,
    }),
  });
  const texto = await r.text();
  return { inicio, ms: performance.now() - inicio, estado: r.status, texto };
}

/** Copies the newest top-up `n` times in batches of 100,000, each with its own key, number and time. */
async function llenar(n: number) {
  const columnas = (
    await sql.query(
      `select column_name as c from information_schema.columns where table_name = 'recargas' and column_name <> 'id'`,
    )
  ).rows.map((r) => r.c as string);
  const propio: Record<string, string> = {
    idempotencia: `'historia-' || g`,
    dn: `'55' || lpad((g * 7919 % 100000000)::text, 8, '0')`,
    creada: `now() - g * interval '31 second'`,
    enviada: `now() - g * interval '31 second'`,
    terminada: `now() - g * interval '31 second' + interval '2 second'`,
    dia: `(now() - g * interval '31 second')::date`,
    estado: `'exitosa'`,
  };
  const valores = columnas.map((c) => propio[c] ?? `t.${c}`).join(', ');
  const inicio = Date.now();
  for (let desde = 1; desde <= n; desde += 100_000) {
    const hasta = Math.min(n, desde + 99_999);
    await sql.query(
      `insert into recargas (${columnas.join(', ')}) select ${valores}
        from (select * from recargas order by id desc limit 1) t, generate_series(${desde}, ${hasta}) g`,
    );
    process.stdout.write(
      `\r${hasta.toLocaleString('en')} recargas (${Math.round((Date.now() - inicio) / 1000)} s)`,
    );
  }
  await sql.query('analyze recargas');
  console.log();
}

// Top-ups from CLIENTES loops, before, during and after the migration.
const medidas: Awaited<ReturnType<typeof recargar>>[] = [];
let seguir = true;
const clientes = Array.from({ length: CLIENTES }, async () => {
  while (seguir) medidas.push(await recargar(sesion));
});
await new Promise((ok) => setTimeout(ok, ANTES_MS));
const salida: string[] = [];
const migracion = { inicio: performance.now(), fin: 0, codigo: -1 };
await new Promise<void>((ok) => {
  const m = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/migrar.ts'], {
    cwd: migrador,
    env: { ...process.env, ...entorno, LOG_LEVEL: 'info', PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  m.stdout.on('data', (d: Buffer) => salida.push(d.toString()));
  m.on('exit', (codigo) => {
    migracion.fin = performance.now();
    migracion.codigo = codigo ?? -1;
    ok();
  });
});
await new Promise((ok) => setTimeout(ok, DESPUES_MS));
seguir = false;
await Promise.all(clientes);
hijo.kill('SIGTERM');
const aplicadas = (await sql.query('select count(*)::int as n from kysely_migration')).rows[0]?.n as number;
await sql.end();
await base.borrar();
if (migracion.codigo !== 0)
  throw new Error(`npm run migrate terminó con ${migracion.codigo}:\n${salida.join('')}`);

const durante = medidas.filter((m) => m.inicio + m.ms >= migracion.inicio && m.inicio <= migracion.fin);
const antes = medidas.filter((m) => m.inicio + m.ms < migracion.inicio);
const maximo = (xs: typeof medidas) => Math.max(0, ...xs.map((m) => m.ms));
const p99 = (xs: typeof medidas) =>
  xs.map((m) => m.ms).sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;
const fallidas = medidas.filter((m) => m.estado >= 300);
const codigos = [...new Set(fallidas.map((m) => m.estado))].join(', ');
const indices = salida.join('').match(/Índice \w+ creado en \w+/g) ?? [];
const segundos = (migracion.fin - migracion.inicio) / 1000;
const quien = migrador === RAIZ ? 'this tree' : migrador;
guardarResultados('upgrade', {
  bench: 'bench:upgrade',
  base: `PostgreSQL ${base.version}`,
  condiciones: `release ${desde.slice(0, 10)} (${migraciones.length} migrations) with ${RECARGAS.toLocaleString('en')} top-ups, ${CLIENTES} clients topping up through its API without pause; npm run migrate of ${quien} (${aplicadas - migraciones.length} migrations${indices.length ? `, then ${indices.length} online indexes` : ''}).`,
  cifras: [
    { caso: 'npm run migrate', medida: 'duration', valor: segundos, unidad: 's' },
    { caso: 'top-ups during the upgrade', medida: 'slowest', valor: maximo(durante), unidad: 'ms' },
    { caso: 'top-ups during the upgrade', medida: 'p99', valor: p99(durante), unidad: 'ms' },
    { caso: 'top-ups before the upgrade', medida: 'slowest', valor: maximo(antes), unidad: 'ms' },
  ],
  tablas: [
    '| | top-ups | slowest ms | p99 ms | non-2xx |',
    '| --- | --- | --- | --- | --- |',
    `| before (${ANTES_MS / 1000} s) | ${antes.length} | ${maximo(antes).toFixed(0)} | ${p99(antes).toFixed(0)} | – |`,
    `| during npm run migrate (${segundos.toFixed(1)} s) | ${durante.length} | ${maximo(durante).toFixed(0)} | ${p99(durante).toFixed(0)} | ${fallidas.length} in the whole run${codigos ? ` (${codigos})` : ''} |`,
    '',
    ...indices.map((i) => `- ${i}`),
  ],
});
process.exit(maximo(durante) < 1000 ? 0 : 1);
