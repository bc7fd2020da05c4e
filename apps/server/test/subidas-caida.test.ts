import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTILLAS } from '../src/modules/subidas/service.ts';
import { PASSWORD_DEMO } from './entorno.ts';
import { ProcesoApi, sesionHttp } from './proceso.ts';
import { libro } from './xlsx-prueba.ts';

/**
 * Issue 17: on the embedded database an upload is written chunk by chunk (subidas/tramos.ts).
 * The API process is killed with SIGKILL while it writes, then started again on the same data
 * folder: none of the upload's rows may be left, and the same file then goes in whole. PGlite
 * only: on PostgreSQL the upload is one transaction, which the database itself rolls back.
 */
const PUERTO = 3990 + Math.floor(Math.random() * 9);
const api = `http://127.0.0.1:${PUERTO}`;
const FILAS = 20_000;
const PREFIJO = '8952605';
let datos: string;
let servidor: ProcesoApi;

beforeAll(() => {
  datos = mkdtempSync(join(tmpdir(), 'recargas-subida-caida-'));
  servidor = new ProcesoApi(api, {
    ...process.env,
    PORT: String(PUERTO),
    HOST: '127.0.0.1',
    DATA_DIR: datos,
    DATABASE_URL: '',
    JWT_SECRET: 'secreto-de-la-prueba-de-subida-caida-0123456789',
    DOS_PASOS_CLAVES: 'prueba:secreto-de-la-prueba-de-subida-caida-0123456789',
    WORKERS: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
  });
});
afterAll(async () => {
  await servidor?.matar();
  rmSync(datos, { recursive: true, force: true });
});

/** Lines in the company's default range before the upload (the demo's own). */
let antes = 0;

/**
 * 'N encontrados' without chips, less the demo's lines: exact from the day totals (a chip on the
 * ICC would stop counting at 10,000 and say "más de").
 */
async function cuantas(cabeceras: Record<string, string>) {
  const r = await fetch(`${api}/iccs`, { headers: cabeceras });
  expect(r.status).toBe(200);
  return ((await r.json()) as { total: number }).total - antes;
}

function subir(cabeceras: Record<string, string>, archivo: Buffer) {
  const f = new FormData();
  f.set('accion', '1');
  f.set('archivo', new Blob([new Uint8Array(archivo)]), 'lineas.xlsx');
  const { 'content-type': _, ...resto } = cabeceras;
  return fetch(`${api}/subirArchivo`, { method: 'POST', headers: resto, body: f });
}

describe.skipIf(!!process.env.DATABASE_URL)('an upload cut short by the death of the process', () => {
  it('SIGKILL while it writes, restart: none of its rows, and the same file then goes in whole', async () => {
    const iccs = Array.from(
      { length: FILAS },
      (_, i) => `${PREFIJO}${String(100_000_000_000 + i).slice(-12)}`,
    );
    const archivo = await libro([[...PLANTILLAS.admin], ...iccs.map((i) => [i, '5512345678', 'T', 50])]);
    await servidor.arrancar();
    let cabeceras = await sesionHttp(api, 'admin', PASSWORD_DEMO);
    antes = await cuantas(cabeceras);

    const enVuelo = subir(cabeceras, archivo).catch((e: Error) => e);
    // Killed once some of its chunks are written (and before the last).
    let vistas = 0;
    const limite = Date.now() + 60_000;
    while (vistas === 0 && Date.now() < limite) {
      vistas = await cuantas(cabeceras);
      if (vistas === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(vistas).toBeGreaterThan(0);
    expect(vistas).toBeLessThan(FILAS);
    await servidor.matar();
    expect(await enVuelo).toBeInstanceOf(Error);

    await servidor.arrancar();
    cabeceras = await sesionHttp(api, 'admin', PASSWORD_DEMO);
    expect(await cuantas(cabeceras)).toBe(0);
    const r = await subir(cabeceras, archivo);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ total: FILAS, correctos: FILAS, duplicados: 0 });
    expect(await cuantas(cabeceras)).toBe(FILAS);
  }, 180_000);
});
