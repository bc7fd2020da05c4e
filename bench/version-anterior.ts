import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type pg from 'pg';

/** The repository this bench runs from. */
export const RAIZ = resolve(import.meta.dirname, '..');

export const git = (...args: string[]) => execFileSync('git', args, { cwd: RAIZ, encoding: 'utf8' }).trim();

/** BENCH_DESDE, else the commit before the first one that added migration 0031: 1.0.0 as deployed. */
export function anterior() {
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
export function arbol(rev: string) {
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

/**
 * Copies the newest top-up `n` times in batches of 100,000, each with its own key, number and
 * time over the past year, whatever columns the release's schema has.
 */
export async function llenar(sql: pg.Pool, n: number) {
  const columnas = (
    await sql.query(
      `select column_name as c from information_schema.columns where table_name = 'recargas' and column_name <> 'id'`,
    )
  ).rows.map((r) => r.c as string);
  const cuando = `now() - g * interval '31 second'`;
  const propio: Record<string, string> = {
    idempotencia: `'historia-' || g`,
    dn: `'55' || lpad((g::bigint * 7919 % 100000000)::text, 8, '0')`,
    creada: cuando,
    enviada: cuando,
    terminada: `${cuando} + interval '2 second'`,
    dia: `(${cuando})::date`,
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
    const s = Math.round((Date.now() - inicio) / 1000);
    process.stdout.write(`\r${hasta.toLocaleString('en')} recargas (${s} s)`);
  }
  await sql.query('analyze recargas');
  console.log();
}
