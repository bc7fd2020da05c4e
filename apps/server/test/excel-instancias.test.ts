import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp } from '../src/app.ts';
import { abrirDb, type Db } from '../src/db/database.ts';
import { registrarExportador } from '../src/modules/excel/service.ts';
import { conToken, crearEntorno, type Entorno, entrar, leerXlsx } from './entorno.ts';

/**
 * Issue 20: an export is stored in the database, so a second API process on the same database
 * serves its download (on PostgreSQL with a pool of its own; on PGlite the one handle).
 */
let e: Entorno;
let db2: Db;
let otra: FastifyInstance;
const urls: string[] = [];

const escuchar = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  e = await crearEntorno();
  db2 = e.config.databaseUrl ? await abrirDb(e.config) : e.db;
  otra = await construirApp(e.config, db2);
  urls.push(await escuchar(e.app), await escuchar(otra));
});
afterAll(async () => {
  await otra.close();
  if (db2 !== e.db) await db2.destroy();
  await e.cerrar();
});

/** Rows of random hex: they hardly compress, so the file spans several 1 MiB chunks. */
const FILAS = 40_000;
const fila = (i: number) => [String(i), createHash('sha256').update(`f${i}`).digest('hex')];

describe('an export made through one API process downloads through another', () => {
  it('streams every chunk in order: the same rows, the size announced', async () => {
    registrarExportador('PORTAS', async () => ({
      hoja: 'Prueba',
      titulos: ['N', 'Valor'],
      numericas: [0],
      filas: async function* () {
        for (let i = 0; i < FILAS; i += 5000) yield Array.from({ length: 5000 }, (_, j) => fila(i + j));
      },
    }));
    const s = await entrar(e.app, 'admin');
    const r = await fetch(`${urls[0]}/excel`, {
      method: 'POST',
      headers: {
        ...conToken(s.token, s.xsrf),
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${s.xsrf}`,
      },
      body: JSON.stringify({ tipo: 'PORTAS', fechas: {} }),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    const { nombreArchivo, filas } = (await r.json()) as { nombreArchivo: string; filas: number };
    expect(filas).toBe(FILAS);
    const { trozos } = await e.db
      .selectFrom('excel_archivos')
      .select('trozos')
      .where('nombre', '=', nombreArchivo)
      .executeTakeFirstOrThrow();
    expect(trozos).toBeGreaterThan(1);

    const d = await fetch(`${urls[1]}/excel/descargar?nombre=${nombreArchivo}`);
    expect(d.status).toBe(200);
    const cuerpo = Buffer.from(await d.arrayBuffer());
    expect(Number(d.headers.get('content-length'))).toBe(cuerpo.length);
    const [titulos, ...leidas] = await leerXlsx(cuerpo);
    expect(titulos).toEqual(['N', 'Valor']);
    expect(leidas).toHaveLength(FILAS);
    expect(leidas[0]).toEqual([0, fila(0)[1]]);
    expect(leidas[FILAS - 1]).toEqual([FILAS - 1, fila(FILAS - 1)[1]]);
  });

  it('an expired export is refused by every process', async () => {
    const nombre = `portas-20260101-000000-${randomBytes(16).toString('hex')}.xlsx`;
    const empresa = await e.db.selectFrom('empresas').select('id').executeTakeFirstOrThrow();
    await sql`insert into excel_archivos (nombre, empresa_id, completo, expira)
      values (${nombre}, ${empresa.id}, true, now() - interval '1 minute')`.execute(e.db);
    for (const url of urls) expect((await fetch(`${url}/excel/descargar?nombre=${nombre}`)).status).toBe(404);
  });
});
