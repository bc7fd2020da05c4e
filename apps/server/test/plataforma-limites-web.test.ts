import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from './entorno.ts';
import { pedir } from './peticion.ts';

// Issue 39: one cold start of the app loads over a hundred files, and an office's browsers share
// one address. The per-address limit counts the API only.

const MAX = 5;
let e: Entorno;
let web: string;
beforeAll(async () => {
  // A web build of a few files (plugins/web.ts serves whatever WEB_DIR holds).
  web = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(join(web, 'assets', 'indice-abc123.js'), 'export {};');
  writeFileSync(join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  e = await crearEntorno({ rateLimitMax: MAX, webDir: web });
});
afterAll(async () => {
  await e.cerrar();
  rmSync(web, { recursive: true, force: true });
});

/** GET `url` from `ip`, as a page load (Accept: text/html) or not. */
const desde = (url: string, ip: string, html = false) =>
  pedir(e.app, null, 'GET', url, undefined, { ip, cabeceras: html ? { accept: 'text/html' } : {} });

/** What a browser asks for before any API call: files, pages, the manifest, its icons, the logo. */
const DE_LA_WEB: [url: string, html: boolean, status: number][] = [
  ['/assets/indice-abc123.js', false, 200],
  ['/sw.js', false, 200],
  ['/offline.html', false, 200],
  ['/demo', true, 200],
  ['/in/recargas', true, 200],
  ['/getEmpresa/demo/manifest.webmanifest', false, 200],
  ['/getEmpresa/demo/icono/192', false, 200],
  ['/getEmpresa/demo/logo', false, 404],
];

describe('the per-address rate limit', () => {
  it('never counts the web app; the API is still limited', async () => {
    const ip = '10.6.0.1';
    // Ten browsers' worth of cold starts from one address, far past MAX.
    for (let vez = 0; vez < 10; vez++) {
      for (const [url, html, status] of DE_LA_WEB) {
        const r = await desde(url, ip, html);
        expect([url, r.statusCode]).toEqual([url, status]);
        expect(r.headers['x-ratelimit-remaining']).toBeUndefined();
      }
    }
    // The API's whole allowance is still there, and then it ends.
    const api = [];
    for (let i = 0; i <= MAX; i++) api.push((await desde('/getEmpresa/demo', ip)).statusCode);
    expect(api).toEqual([...Array(MAX).fill(200), 429]);
    // An address over its API limit still loads the app (no browser left on "Cargando…").
    for (const [url, html, status] of DE_LA_WEB) expect((await desde(url, ip, html)).statusCode).toBe(status);
  });
});
