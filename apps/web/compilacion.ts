import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Manifest, Plugin } from 'vite';

/** Files worth compressing; images and fonts are compressed already. */
const COMPRIMIBLE = /\.(js|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MINIMO = 1024;

/**
 * The built files (JavaScript and CSS) of the entry, of the app it imports once the page has
 * painted (src/arranque.tsx) and of some modules, with what they import statically.
 */
export function archivosDe(manifiesto: Manifest, modulos: string[]): string[] {
  const vistos = new Set<string>();
  const visitar = (clave: string) => {
    const parte = manifiesto[clave];
    if (!parte || vistos.has(clave)) return;
    vistos.add(clave);
    for (const i of parte.imports ?? []) visitar(i);
  };
  for (const m of ['index.html', 'src/arranque.tsx', ...modulos]) visitar(m);
  const archivos = [...vistos].flatMap((c) => [manifiesto[c]?.file ?? '', ...(manifiesto[c]?.css ?? [])]);
  return [...new Set(archivos.filter((f) => f.endsWith('.js') || f.endsWith('.css')))].sort();
}

/** The service worker's list to keep for offline start: the entry, the login route and what they import. */
export const archivosDelLogin = (manifiesto: Manifest) =>
  archivosDe(manifiesto, ['src/features/auth/Login.tsx']);

/**
 * The toasts' modules and what they import at the first toast (notistack): kept by the service
 * worker, so a message still shows when the network dropped before any toast (issue 41).
 */
export function archivosDeLosAvisos(manifiesto: Manifest): string[] {
  const avisos = 'src/app/Avisos.tsx';
  const alUsarse = (manifiesto[avisos]?.imports ?? []).flatMap((i) => manifiesto[i]?.dynamicImports ?? []);
  return archivosDe(manifiesto, [avisos, ...alUsarse]);
}

/** What a page under /in/ runs before its screen: the shell, the screens' router and the toasts. */
export const archivosDelShell = (manifiesto: Manifest) =>
  archivosDe(manifiesto, ['src/app/Shell.tsx', 'src/app/Pantallas.tsx', 'src/app/Avisos.tsx']);

async function* recorrer(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const ruta = join(dir, e.name);
    if (e.isDirectory()) yield* recorrer(ruta);
    else yield ruta;
  }
}

/**
 * sw.js gets the login's and the toasts' files and a version that changes with them (a new build
 * installs anew); .vite/login.json lists the login's for the server, which asks a company's page
 * to preload them, and .vite/shell.json the files a page under /in/ needs before its screen
 * (preloaded there too).
 */
async function prepararTrabajador(salida: string): Promise<void> {
  const ruta = join(salida, 'sw.js');
  const manifiesto = JSON.parse(await readFile(join(salida, '.vite/manifest.json'), 'utf8')) as Manifest;
  const login = archivosDelLogin(manifiesto);
  await writeFile(join(salida, '.vite/login.json'), JSON.stringify(login));
  await writeFile(join(salida, '.vite/shell.json'), JSON.stringify(archivosDelShell(manifiesto)));
  const precarga = [...new Set([...login, ...archivosDeLosAvisos(manifiesto)])].map((f) => `/${f}`);
  const version = createHash('sha256').update(precarga.join('\n')).digest('hex').slice(0, 12);
  const fuente = await readFile(ruta, 'utf8');
  const hecho = fuente
    .replace(/const PRECARGA = \[\];/, `const PRECARGA = ${JSON.stringify(precarga)};`)
    .replace(/const VERSION = 'desarrollo';/, `const VERSION = '${version}';`);
  if (hecho === fuente) throw new Error('sw.js: faltan PRECARGA o VERSION');
  await writeFile(ruta, hecho);
}

/** Brotli (best) and gzip (best) beside every compressible file, for @fastify/static's preCompressed. */
async function comprimir(salida: string): Promise<void> {
  for await (const ruta of recorrer(salida)) {
    if (!COMPRIMIBLE.test(ruta) || (await stat(ruta)).size < MINIMO) continue;
    const datos = await readFile(ruta);
    await writeFile(
      `${ruta}.br`,
      brotliCompressSync(datos, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: datos.length },
      }),
    );
    await writeFile(`${ruta}.gz`, gzipSync(datos, { level: 9 }));
  }
}

/** After `vite build` has written everything (public/ included): the service worker's list, then compression. */
export function compilacion(): Plugin {
  let salida = '';
  return {
    name: 'recargas-compilacion',
    apply: 'build',
    configResolved(c) {
      salida = resolve(c.root, c.build.outDir);
    },
    async closeBundle() {
      await prepararTrabajador(salida);
      await comprimir(salida);
    },
  };
}
