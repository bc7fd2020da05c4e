// npm run build: contracts and server compiled by tsc into their dist/ folders, the web by Vite.
// Plain JavaScript so it runs before anything is compiled; `npm start` (iniciar.mjs) uses it to
// build only what is missing or stale.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

export const RAIZ = resolve(import.meta.dirname, '..');
export const desde = (...p) => join(RAIZ, ...p);

/** Marks a finished build; its time is compared with the sources' newest. */
const SELLO = '.construido';

/**
 * The three parts in build order. `fuentes`: what a build reads (a newer file there makes it
 * stale); `hecho`: the file a finished build leaves.
 */
export const PARTES = {
  contracts: {
    fuentes: [
      'packages/contracts/src',
      'packages/contracts/package.json',
      'packages/contracts/tsconfig.build.json',
    ],
    hecho: desde('packages/contracts/dist', SELLO),
  },
  server: {
    fuentes: ['apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.build.json'],
    hecho: desde('apps/server/dist', SELLO),
  },
  web: {
    fuentes: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages/contracts/src',
    ],
    hecho: desde('apps/web/dist/index.html'),
  },
};

/** Newest modification time (ms) of a file or of every file under a folder; 0 when absent. */
function masReciente(ruta) {
  if (!existsSync(ruta)) return 0;
  const s = statSync(ruta);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const f of readdirSync(ruta, { recursive: true, withFileTypes: true })) {
    if (f.isFile()) max = Math.max(max, statSync(join(f.parentPath, f.name)).mtimeMs);
  }
  return max;
}

/** Whether a part has never been built, or a source changed after its last build. */
export function pendiente(nombre) {
  const { fuentes, hecho } = PARTES[nombre];
  if (!existsSync(hecho)) return true;
  const fuente = Math.max(
    masReciente(desde('tsconfig.base.json')),
    ...fuentes.map((f) => masReciente(desde(f))),
  );
  return fuente > statSync(hecho).mtimeMs;
}

function ejecutar(args, cwd) {
  const r = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`Falló: node ${args.map((a) => relative(RAIZ, a) || a).join(' ')}`);
}

/** tsc of a workspace's tsconfig.build.json into a clean dist/, with the non-TypeScript files beside. */
function compilar(carpeta) {
  const dist = desde(carpeta, 'dist');
  rmSync(dist, { recursive: true, force: true });
  // typescript is a development dependency: a production install runs what was built before.
  const tsc = createRequire(desde('package.json')).resolve('typescript/bin/tsc');
  ejecutar([tsc, '-p', desde(carpeta, 'tsconfig.build.json')], RAIZ);
  const src = desde(carpeta, 'src');
  for (const f of readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (f.isFile() && !f.name.endsWith('.ts')) {
      const origen = join(f.parentPath, f.name);
      cpSync(origen, join(dist, relative(src, origen)));
    }
  }
  writeFileSync(join(dist, SELLO), `${new Date().toISOString()}\n`);
}

export function construir(nombre) {
  console.log(`== compilando ${nombre}`);
  if (nombre === 'contracts') compilar('packages/contracts');
  else if (nombre === 'server') compilar('apps/server');
  else {
    const vite = dirname(createRequire(desde('apps/web/package.json')).resolve('vite/package.json'));
    ejecutar([join(vite, 'bin/vite.js'), 'build'], desde('apps/web'));
  }
}

if (process.argv[1] === import.meta.filename) {
  const nombres = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(PARTES);
  try {
    for (const n of nombres) {
      if (!(n in PARTES)) throw new Error(`Parte desconocida: ${n} (${Object.keys(PARTES).join(', ')})`);
      construir(n);
    }
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
