import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { M } from '@recargas/contracts/mensajes';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir } from './peticion.ts';

/**
 * Issue 21: the built web app served precompressed with immutable caching for hashed files,
 * the page and the service worker revalidated, API answers never stored; each company's page
 * links its own web app manifest, with its icons, and /offline.html is the Spanish offline page.
 */
let e: Entorno;
let dir: string;
const JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recargas-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  // The login route's files, as the web build lists them.
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite/login.json'),
    JSON.stringify(['assets/index-abc123.js', 'assets/app-jkl012.js', 'assets/Login-def456.js']),
  );
  // And the shell's, for the pages under /in/.
  writeFileSync(
    join(dir, '.vite/shell.json'),
    JSON.stringify(['assets/index-abc123.js', 'assets/app-jkl012.js', 'assets/Shell-ghi789.js']),
  );
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  // The classic script that draws /in/*'s frame before the modules (apps/web/public/marco.js).
  writeFileSync(join(dir, 'marco.js'), 'void 0;');
  writeFileSync(join(dir, 'assets/index-abc123.js'), JS);
  // What the web build writes beside each file (apps/web/compilacion.ts), marked to tell them apart.
  writeFileSync(join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(`${JS}//br`));
  writeFileSync(join(dir, 'assets/index-abc123.js.gz'), gzipSync(`${JS}//gz`));
  e = await crearEntorno({ webDir: dir });
});
afterAll(async () => {
  await e?.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

/** GET `url` as a browser before logging in, with these headers. */
const sinSesion = (url: string, cabeceras: Record<string, string> = {}) =>
  pedir(e.app, null, 'GET', url, undefined, { cabeceras });

describe('static files: precompressed and cached by kind', () => {
  it('Accept-Encoding br gets the brotli file, immutable for a year', async () => {
    const r = await sinSesion('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(`${JS}//br`);
  });

  it('gzip only gets the gzip file; no encoding gets the plain one', async () => {
    const gz = await sinSesion('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${JS}//gz`);
    const plano = await sinSesion('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(plano.body).toBe(JS);
    expect(plano.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html, the page of any route and the service worker are revalidated (no-cache)', async () => {
    for (const url of ['/index.html', '/sw.js']) {
      expect((await sinSesion(url)).headers['cache-control'], url).toBe('no-cache');
    }
    const pagina = await sinSesion('/in/recargas', { accept: 'text/html' });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.headers['cache-control']).toBe('no-cache');
  });

  it('API answers, errors included, are never stored', async () => {
    expect((await sinSesion('/getEmpresa/demo')).headers['cache-control']).toBe('no-store');
    expect((await sinSesion('/quienSoy')).headers['cache-control']).toBe('no-store');
    const s = await entrar(e.app, 'admin');
    const r = await sinSesion('/movimientos', { authorization: `Bearer ${s.token}` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect((await sinSesion('/no-existe')).headers['cache-control']).toBe('no-store');
  });
});

describe('installable per company', () => {
  it("a company's page links its manifest; /in/ pages and / do not name one", async () => {
    const demo = await sinSesion('/demo', { accept: 'text/html' });
    expect(demo.body).toContain('<link rel="manifest" href="/getEmpresa/demo/manifest.webmanifest" />');
    // The login's own code is asked for at once (once: the entry is already in the page).
    expect(demo.body).toContain('<link rel="modulepreload" crossorigin href="/assets/Login-def456.js" />');
    expect(demo.body).not.toContain('modulepreload" crossorigin href="/assets/index-abc123.js');
    expect(demo.body).toContain('<div id="root"><p style="');
    expect(demo.body).toContain(`${M.cargando}</p></div>`);
    const vcell = await sinSesion('/vcell/recargasUsuario', { accept: 'text/html' });
    expect(vcell.body).not.toContain('Login-def456.js');
    expect(vcell.body).toContain('href="/getEmpresa/vcell/manifest.webmanifest"');
    const dentro = (await sinSesion('/in/recargas', { accept: 'text/html' })).body;
    expect(dentro).not.toContain('rel="manifest"');
    // A page of the shell asks for the shell's code at once (not the login's) and says Cargando….
    expect(dentro).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Shell-ghi789.js" />',
    );
    expect(dentro).not.toContain('Login-def456.js');
    // The app's core, which the login shares, at the usual priority; only the shell's own after it.
    expect(dentro).toContain('<link rel="modulepreload" crossorigin href="/assets/app-jkl012.js" />');
    expect(dentro).toContain(`${M.cargando}</p><script async src="/marco.js"></script></div>`);
    expect((await sinSesion('/', { accept: 'text/html' })).body).not.toContain('rel="manifest"');
  });

  it("only /in/* pages run marco.js, in #root after Cargando…, asked for before the app's modules", async () => {
    for (const url of ['/in/recargas', '/in', '/in/reportes?x=1']) {
      const pagina = (await sinSesion(url, { accept: 'text/html' })).body;
      expect(pagina).toContain(`<div id="root"><p style="`);
      expect(pagina.match(/<script async src="\/marco\.js"><\/script><\/div>/g)).toHaveLength(1);
      const precarga = pagina.indexOf(
        '<link rel="preload" as="script" fetchpriority="high" href="/marco.js" />',
      );
      expect(precarga).toBeGreaterThan(0);
      expect(precarga).toBeLessThan(pagina.indexOf('/assets/'));
    }
    for (const url of ['/demo', '/vcell/recargasUsuario', '/', '/inicio']) {
      expect((await sinSesion(url, { accept: 'text/html' })).body).not.toContain('marco.js');
    }
    const script = await sinSesion('/marco.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('no-cache');
  });

  it("the manifest is made from the company's data and starts at its login", async () => {
    const r = await sinSesion('/getEmpresa/vcell/manifest.webmanifest');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/manifest\+json/);
    const m = r.json();
    const empresa = (await sinSesion('/getEmpresa/vcell')).json();
    expect(m).toMatchObject({
      id: '/vcell',
      name: empresa.nombre,
      start_url: '/vcell',
      display: 'standalone',
      theme_color: empresa.primaryColor,
      background_color: empresa.backgroundColor,
    });
    expect(m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect((await sinSesion('/getEmpresa/no-existe/manifest.webmanifest')).statusCode).toBe(404);
  });

  it("each icon is a square PNG of its size, edge to edge in the company's primary colour", async () => {
    const m = (await sinSesion('/getEmpresa/demo/manifest.webmanifest')).json();
    const color = (await sinSesion('/getEmpresa/demo')).json().primaryColor as string;
    for (const icono of m.icons as { src: string; sizes: string }[]) {
      const r = await sinSesion(icono.src);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/png');
      const png = PNG.sync.read(r.rawPayload);
      expect(`${png.width}x${png.height}`).toBe(icono.sizes);
      const esquina = `#${[...png.data.subarray(0, 3)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
      expect(esquina).toBe(color);
    }
    expect((await sinSesion('/getEmpresa/demo/icono/64')).statusCode).toBe(400);
  });

  it('/offline.html is the Spanish offline page, with no script', async () => {
    const r = await sinSesion('/offline.html');
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body).toContain(M.sinConexionTitulo);
    expect(r.body).toContain(M.sinConexion);
    expect(r.body).not.toContain('<script');
  });
});
