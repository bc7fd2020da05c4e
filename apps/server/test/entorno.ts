import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { construirApp } from '../src/app.ts';
import { type Config, leerConfig } from '../src/config.ts';
import { abrirDb, type Db } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import { PASSWORD_DEMO, sembrar } from '../src/db/seed/index.ts';
import { cuentasReloadly } from '../src/providers/reloadly-sesion.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import type { Fallas } from '../src/providers/simulador.ts';
import type { Plantilla } from './plantilla.ts';
import { administrar, urlDe } from './servidor-pg.ts';

export { PASSWORD_DEMO };

export interface Entorno {
  app: FastifyInstance;
  db: Db;
  config: Config;
  cerrar: () => Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file: an in-memory PGlite, or, when
 * DATABASE_URL is set, a new database on that PostgreSQL server (dropped at the end); a copy of
 * the run's template (plantilla.ts) when there is one.
 */
export async function crearEntorno(ajustes: Partial<Config> = {}): Promise<Entorno> {
  const base = leerConfig({
    ...process.env,
    DATA_DIR: 'memory://',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DOS_PASOS_CLAVES: `prueba:${randomBytes(32).toString('hex')}`,
  });
  const plantilla = plantillaVigente();
  const { url, borrar } = await baseDeDatosNueva(plantilla?.base);
  const config: Config = {
    ...base,
    databaseUrl: url,
    logLevel: 'silent',
    rateLimitMax: 100_000,
    trabajadores: false,
    ...ajustes,
  };
  // The template's copy: a database cloned on the server, or the files PGlite starts from.
  const copia = url ? plantilla?.base : plantilla?.archivo;
  const db = await abrirDb(config, !url && copia ? new Blob([readFileSync(copia)]) : undefined);
  if (!copia) {
    await migrar(db);
    await sembrar(db);
  }
  const app = await construirApp(config, db);
  await app.ready();
  return {
    app,
    db,
    config,
    cerrar: async () => {
      await app.close();
      await db.destroy();
      await borrar();
    },
  };
}

/** The hours behind UTC of the zones a company may have (fechas.ts), whole: 0 to 8. */
const HORAS_ATRAS = Array.from({ length: 9 }, (_, h) => h);
const diaDe = (t: number, atras: number) => Math.floor((t - atras * 3_600_000) / 86_400_000);

/**
 * The run's template (plantilla.ts), if any and still like a seed made now: the seed places its
 * rows relative to its moment, so a template seeded before a midnight of any zone, or over half an
 * hour ago, is not used (the database is then migrated and seeded here, as before it).
 */
function plantillaVigente(): Plantilla | undefined {
  const p = inject('plantilla');
  const ahora = Date.now();
  if (!p || ahora - p.sembrada > 30 * 60_000) return undefined;
  return HORAS_ATRAS.every((h) => diaDe(p.sembrada, h) === diaDe(ahora, h)) ? p : undefined;
}

/** A new database on DATABASE_URL's server (a copy of `plantilla` if named), or none for PGlite. */
export async function baseDeDatosNueva(
  plantilla?: string,
): Promise<{ url: string | undefined; borrar: () => Promise<void> }> {
  const servidor = process.env.DATABASE_URL;
  if (!servidor) return { url: undefined, borrar: async () => {} };
  const nombre = `prueba_${randomBytes(6).toString('hex')}`;
  await administrar(servidor, `create database ${nombre}${plantilla ? ` template ${plantilla}` : ''}`);
  /**
   * pg's Pool.end() resolves before its clients have finished closing; dropping `with (force)`
   * at once would kill them mid-close and surface as an uncaught 57P01. Wait for them to go.
   */
  const borrar = async () => {
    const c = new pg.Client({ connectionString: servidor });
    await c.connect();
    try {
      for (let i = 0; i < 50; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          nombre,
        ]);
        if (r.rows[0].n === 0) break;
        await new Promise((ok) => setTimeout(ok, 100));
      }
      await c.query(`drop database if exists ${nombre} with (force)`);
    } finally {
      await c.end();
    }
  };
  return { url: urlDe(servidor, nombre), borrar };
}

/** Logs in through the API and returns what a browser would keep: token and the XSRF value. */
export async function entrar(
  app: FastifyInstance,
  username: string,
  empresa = 'demo',
  password = PASSWORD_DEMO,
) {
  const r = await app.inject({
    method: 'POST',
    url: '/iniciarSesion',
    payload: { username, password, empresa },
  });
  if (r.statusCode !== 200) throw new Error(`login ${username}@${empresa}: ${r.statusCode} ${r.body}`);
  const xsrf = r.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const rt = r.cookies.find((c) => c.name === 'rt')?.value ?? '';
  return { ...(r.json() as { token: string; nivel: number }), xsrf, rt };
}

export type Sesion = Awaited<ReturnType<typeof entrar>>;

/** The id of the company with code `codigo`. */
export const idEmpresa = async (e: Entorno, codigo: string) =>
  (await e.db.selectFrom('empresas').select('id').where('codigo', '=', codigo).executeTakeFirstOrThrow()).id;

/** The id of user `username` of the company with id `empresa`. */
export const idUsuario = async (e: Entorno, empresa: number, username: string) =>
  (
    await e.db
      .selectFrom('usuarios')
      .select('id')
      .where('empresa_id', '=', empresa)
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

/** A new leader `nombre` of the company with id `empresa`; its id. */
export const nuevoLider = async (e: Entorno, empresa: number, nombre: string) =>
  (
    await e.db
      .insertInto('lideres')
      .values({ empresa_id: empresa, nombre })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const conToken = (token: string, xsrf?: string) => ({
  authorization: `Bearer ${token}`,
  ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
});

/** A call as a logged-in user (bearer token, XSRF header and, for money, an Idempotency-Key). */
export const pedirComo = (
  e: Entorno,
  s: Sesion,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  clave?: string,
) =>
  e.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { ...conToken(s.token, s.xsrf), ...(clave ? { 'idempotency-key': clave } : {}) },
  });

/** pedirComo with the environment already given. */
export type OmitirEntorno = (
  ...a: Parameters<typeof pedirComo> extends [Entorno, ...infer R] ? R : never
) => ReturnType<typeof pedirComo>;

/** The in-process simulator behind platform `numero` of a company (made on first use). */
export async function simuladorDe(e: Entorno, empresa = 'demo', numero = 1) {
  const fila = await e.db
    .selectFrom('proveedores as p')
    .innerJoin('empresas as e', 'e.id', 'p.empresa_id')
    .selectAll('p')
    .where('e.codigo', '=', empresa)
    .where('p.numero', '=', numero)
    .executeTakeFirstOrThrow();
  e.app.proveedores.de(fila);
  const sim = e.app.proveedores.simuladores.get(fila.id);
  if (!sim) throw new Error('sin simulador');
  return sim;
}

/** The cells of the first sheet of an .xlsx, row by row, as a second reader (exceljs) sees them. */
export async function leerXlsx(datos: Buffer) {
  const { default: excel } = await import('exceljs');
  const wb = new excel.Workbook();
  await wb.xlsx.load(datos as unknown as ArrayBuffer);
  const ws = wb.worksheets[0] as ExcelJS.Worksheet;
  const filas: unknown[][] = [];
  ws.eachRow((r) => {
    filas.push((r.values as unknown[]).slice(1));
  });
  return filas;
}

/**
 * The provider simulator over real HTTP with faults, and the API settings that talk to it:
 * short send timeout, fast reconciliation, workers on.
 */
export async function simuladorConFallas(fallas: Partial<Fallas>) {
  const sim = servidorSimulador({ esperaTimeoutMs: 1500, fallas });
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  return {
    url,
    ajustes: {
      providerSimUrl: url,
      providerTimeoutMs: 300,
      reconciliarTras: 1,
      // "Never received" is believed after this many seconds: longer than a loaded CI machine can
      // delay a request on its way to the simulator (2 s was not: the ledger then differed by one).
      graciaNoEncontrada: 15,
      trabajadores: true,
      reloadly: reloadlyPrueba(url),
    } satisfies Partial<Config>,
    cerrar: async () => {
      sim.server.closeAllConnections();
      await new Promise((ok) => sim.server.close(ok));
    },
  };
}

/** Account PRUEBA of the Reloadly sandbox inside the simulator at `simUrl` (its secret must never be logged). */
export const reloadlyPrueba = (simUrl: string) =>
  cuentasReloadly({
    RELOADLY_PRUEBA_CLIENT_ID: 'cliente-prueba',
    RELOADLY_PRUEBA_CLIENT_SECRET: 'secreto-prueba-que-no-sale-en-bitacoras',
    RELOADLY_PRUEBA_URL: `${simUrl}/reloadly`,
  });

/** Platform `numero` of company `empresa` on the Reloadly adapter, account PRUEBA (before any top-up). */
export const plataformaReloadly = (db: Db, empresa = 'demo', numero = 1) =>
  db
    .updateTable('proveedores')
    .set({ adaptador: 'reloadly', cuenta: 'PRUEBA' })
    .where('numero', '=', numero)
    .where('empresa_id', '=', db.selectFrom('empresas').select('id').where('codigo', '=', empresa))
    .execute();

/**
 * crearEntorno with platform 1 of `demo` on the Reloadly adapter, talking over HTTP to the
 * simulator's Reloadly sandbox (closed with the rest).
 */
export async function crearEntornoReloadly(
  ajustes: Partial<Config> = {},
): Promise<Entorno & { sandbox: ReturnType<typeof servidorSimulador> }> {
  const sim = servidorSimulador();
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  const e = await crearEntorno({ reloadly: reloadlyPrueba(url), ...ajustes });
  await plataformaReloadly(e.db);
  return {
    ...e,
    sandbox: sim,
    cerrar: async () => {
      await e.cerrar();
      sim.server.closeAllConnections();
      await new Promise((ok) => sim.server.close(ok));
    },
  };
}

/**
 * The simulator's own ledger (GET /libro) over all its accounts: how many times each top-up id
 * arrived, how much was charged, and how many ids arrived more than once.
 */
export async function libroSimulador(url: string) {
  const libro = (await (await fetch(`${url}/libro`)).json()) as Record<
    string,
    { recibidos: Record<string, number>; cobrado: number }
  >;
  if (Object.keys(libro).length === 0) throw new Error('el simulador no recibió nada');
  const recibidos: Record<string, number> = Object.assign(
    {},
    ...Object.values(libro).map((c) => c.recibidos),
  );
  return {
    recibidos,
    cobrado: Object.values(libro).reduce((t, c) => t + c.cobrado, 0),
    dobles: Object.values(recibidos).filter((n) => n > 1).length,
  };
}

/** The demo client without its daily cap: load tests send thousands of top-ups as it. */
export const sinTopeCliente = (db: Db) =>
  db.updateTable('usuarios').set({ max_recargas: 1_000_000 }).where('username', '=', 'cliente').execute();

/** A fresh database (baseDeDatosNueva's url) for a load of top-ups: migrated, seeded, no client cap; the caller closes it. */
export async function baseParaCarga(url: string | undefined) {
  const db = await abrirDb({ databaseUrl: url, dataDir: 'memory://' });
  await migrar(db);
  await sembrar(db);
  await sinTopeCliente(db);
  return db;
}
