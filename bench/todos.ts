import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { maquina, RAPIDO, type Resultado, SERVIDOR_BENCH, textoDeCifra } from './comun.ts';

/**
 * npm run bench — every benchmark in turn, then one table of all their figures with the machine
 * it ran on, in bench/resultados/todos.md. BENCH_RAPIDO=1 runs them on small data sets.
 */
const BENCHES = [
  ['bench:topups', 'topups'],
  ['bench:users', 'usuarios'],
  ['bench:lines', 'lineas'],
  ['bench:reports', 'reportes'],
  ['bench:bulk', 'masivas'],
] as const;

const inicio = new Date().toISOString();
const filas: string[] = [];
const condiciones: string[] = [];
const bases = new Set<string>();
const fallidos: string[] = [];
for (const [script, nombre] of BENCHES) {
  console.log(`== ${script}`);
  const { status } = spawnSync('npm', ['run', '--silent', script], {
    stdio: 'inherit',
    // bench:bulk is on the embedded database unless DATABASE_URL is set; here every bench runs on
    // the same PostgreSQL, so the table has one database.
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? SERVIDOR_BENCH },
  });
  const archivo = `bench/resultados/${nombre}.json`;
  const r = existsSync(archivo) ? (JSON.parse(readFileSync(archivo, 'utf8')) as Resultado) : undefined;
  // A file older than this run is a previous run's figures.
  if (status !== 0 || !r || r.fecha < inicio) {
    fallidos.push(script);
    filas.push(`| ${script} | – | failed (exit code ${status}) | – |`);
    continue;
  }
  bases.add(r.base);
  condiciones.push(`- ${script}: ${r.condiciones}`);
  filas.push(...r.cifras.map((c) => `| ${script} | ${c.caso} | ${c.medida} | ${textoDeCifra(c)} |`));
}

const informe = [
  `## npm run bench — ${inicio.slice(0, 10)}${RAPIDO ? ' (BENCH_RAPIDO: small data sets, not comparable with full runs)' : ''}`,
  '',
  `Machine: ${maquina()}; database: ${[...bases].join(', ') || '–'}.`,
  '',
  '| bench | case | figure | value |',
  '| --- | --- | --- | --- |',
  ...filas,
  '',
  "Conditions (each bench's own tables: bench/resultados/<name>.md):",
  '',
  ...condiciones,
  '',
].join('\n');
mkdirSync('bench/resultados', { recursive: true });
writeFileSync('bench/resultados/todos.md', informe);
console.log(informe);
if (fallidos.length > 0) {
  console.error(`Failed: ${fallidos.join(', ')}`);
  process.exit(1);
}
