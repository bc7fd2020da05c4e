// npm run typecheck: the contracts first (the others read their declarations), then the other
// four projects in two lanes. A tsc uses one core and the machines have two: one after another
// they took 56 s, in two lanes 46 (2026-11-30, AMD EPYC 2 cores).
import { spawn } from 'node:child_process';
import { desde } from './construir.mjs';

const TSC = desde('node_modules/.bin/tsc');
const tsc = (proyecto) =>
  new Promise((ok) =>
    spawn(TSC, ['-p', proyecto], { cwd: desde(), stdio: 'inherit' }).on('exit', (codigo) => ok(codigo ?? 1)),
  );
const enFila = async (proyectos) => {
  for (const p of proyectos) if ((await tsc(p)) !== 0) return 1;
  return 0;
};

if ((await tsc('packages/contracts')) !== 0) process.exit(1);
const carriles = await Promise.all([enFila(['apps/server', 'e2e']), enFila(['apps/web', 'bench'])]);
process.exitCode = carriles.includes(1) ? 1 : 0;
