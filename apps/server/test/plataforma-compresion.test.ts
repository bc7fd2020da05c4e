import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar, PASSWORD_DEMO, type Sesion } from './entorno.ts';
import { pedir } from './peticion.ts';

// Issue 40 item 6: answers over 1 KiB go out compressed when the client accepts it; what is
// already compressed (an .xlsx, the web build's .br and .gz files) goes out as it is.

const UMBRAL = 1024;
let e: Entorno;
let admin: Sesion;
let web: string;
/** A hashed file of the web build and the brotli copy the build made of it. */
const JS = `export const x = '${'a'.repeat(4000)}';`;
const JS_BR = brotliCompressSync(JS);

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(web, 'assets'));
  // Just under 1 KiB: the page of a company (its manifest, Cargando…) goes over it, / does not.
  writeFileSync(
    join(web, 'index.html'),
    `<html><head></head><body><div id="root"></div>${'<!-- -->'.repeat(115)}</body></html>`,
  );
  writeFileSync(join(web, 'assets', 'app-abc123.js'), JS);
  writeFileSync(join(web, 'assets', 'app-abc123.js.br'), JS_BR);
  writeFileSync(join(web, 'assets', 'app-abc123.js.gz'), gzipSync(JS));
  e = await crearEntorno({ webDir: web });
  admin = await entrar(e.app, 'admin');
  // Enough users for the first page of the list to pass the threshold many times over.
  const demo = await e.db
    .selectFrom('empresas')
    .select('id')
    .where('codigo', '=', 'demo')
    .executeTakeFirstOrThrow();
  await e.db
    .insertInto('usuarios')
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        empresa_id: demo.id,
        username: `vendedor${i}`,
        nombre: `Vendedor de prueba número ${i}`,
        password_hash: 'x',
        nivel: 1,
      })),
    )
    .execute();
});
afterAll(async () => {
  await e.cerrar();
  rmSync(web, { recursive: true, force: true });
});

/** GET `url` as the admin, accepting `codificacion` (none: no Accept-Encoding header). */
const aceptando = (url: string, codificacion?: string, extra: Record<string, string> = {}) =>
  pedir(e.app, admin, 'GET', url, undefined, {
    cabeceras: { ...(codificacion ? { 'accept-encoding': codificacion } : {}), ...extra },
  });

describe('answers compressed above 1 KiB', () => {
  it('a long JSON list goes out gzip or brotli, and decodes to the same JSON', async () => {
    const llano = await aceptando('/api/usuarios');
    expect(llano.statusCode).toBe(200);
    expect(llano.headers['content-encoding']).toBeUndefined();
    expect(llano.rawPayload.length).toBeGreaterThan(3 * UMBRAL);

    const gz = await aceptando('/api/usuarios', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.rawPayload.length).toBeLessThan(llano.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(llano.json());

    const br = await aceptando('/api/usuarios', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(llano.json());
    // The plugin's opt-out (a person debugging with curl), which only the plugin honours.
    const sin = await aceptando('/api/usuarios', 'gzip', { 'x-no-compression': '1' });
    expect(sin.headers['content-encoding']).toBeUndefined();
  });

  it('a short answer, below the threshold, goes out as it is', async () => {
    const r = await aceptando('/api/usuarios?limit=1', 'gzip');
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.length).toBeLessThan(UMBRAL);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toHaveProperty('usuarios');
  });

  it('the page of the web app is compressed; a file the build compressed is sent as made', async () => {
    const html = { accept: 'text/html' };
    const llana = await aceptando('/demo', undefined, html);
    expect(llana.rawPayload.length).toBeGreaterThan(UMBRAL);
    const pagina = await aceptando('/demo', 'gzip', html);
    expect(pagina.headers['content-type']).toMatch(/^text\/html/);
    expect(pagina.headers['content-encoding']).toBe('gzip');
    expect(pagina.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(pagina.rawPayload).toString()).toBe(llana.body);
    // The bare page, under the threshold, goes as it is.
    const corta = await aceptando('/', 'gzip', html);
    expect([corta.statusCode, corta.headers['content-encoding']]).toEqual([200, undefined]);
    expect(corta.rawPayload.length).toBeLessThan(UMBRAL);

    const js = await aceptando('/assets/app-abc123.js', 'br, gzip');
    expect(js.headers['content-encoding']).toBe('br');
    // The build's own bytes, not compressed a second time.
    expect(js.rawPayload.equals(JS_BR)).toBe(true);
    expect((await aceptando('/assets/app-abc123.js')).body).toBe(JS);
  });

  it('an .xlsx download is never compressed: its bytes and length as stored', async () => {
    const gen = await pedir(e.app, admin, 'POST', '/excel', { tipo: 'USUARIOS' });
    expect(gen.statusCode).toBe(200);
    const url = `/excel/descargar?nombre=${gen.json().nombreArchivo}`;
    const archivo = await aceptando(url, 'gzip, br');
    expect(archivo.statusCode).toBe(200);
    expect(archivo.headers['content-encoding']).toBeUndefined();
    expect(Number(archivo.headers['content-length'])).toBe(archivo.rawPayload.length);
    expect(archivo.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(archivo.rawPayload.equals((await aceptando(url)).rawPayload)).toBe(true);
  });

  it('/metrics is compressed for a scraper that accepts gzip', async () => {
    const r = await aceptando('/metrics', 'gzip');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(r.rawPayload).toString()).toContain('# HELP');
  });

  it('a gzip-encoded request body is not inflated: the bytes as sent are refused', async () => {
    const r = await pedir(
      e.app,
      null,
      'POST',
      '/iniciarSesion',
      gzipSync(JSON.stringify({ username: 'admin', password: PASSWORD_DEMO, empresa: 'demo' })),
      { cabeceras: { 'content-type': 'application/json', 'content-encoding': 'gzip' } },
    );
    expect(r.statusCode).toBe(400);
  });
});
