import type { Transaction } from 'kysely';
import type { Ctx } from '../../contexto.ts';
import { type Db, unaConexion } from '../../db/database.ts';
import { Cerrojo, cediendo } from '../../db/pglite-dialect.ts';
import { plazoLargo } from '../../db/plazos.ts';
import type { DB } from '../../db/schema.ts';
import type { Bitacora } from '../../lib/bitacora.ts';
import { avanzador } from './avance.ts';
import { deshacedorDe, type TablaConDeshacer } from './registro.ts';
import * as repo from './repo.ts';

type Tx = Transaction<DB>;

/** Rows written per statement on PostgreSQL (one transaction for them all). */
export const TRAMO = 1000;
/**
 * Rows per chunk (statement and transaction) on the embedded database: what another request may
 * wait behind. 500 rows took 30-140 ms there (2 cores, bench:uploads: action 2, which also keeps
 * the old values, is the slowest); 1,000 rows took up to 0.5 s under load.
 */
export const TRAMO_EMBEBIDA = 500;

/**
 * Records, in the chunk's transaction, what undoes the chunk; null on PostgreSQL, where the
 * upload's one transaction undoes everything by itself.
 */
export type Anotar = ((d: Omit<repo.Deshacer, 'tabla'>) => Promise<void>) | null;

/** One upload's writes: its company (whose uploads take turns), action and table. */
interface Escritura {
  empresaId: number;
  accion: number;
  /** The table its chunks write, analyzed and undone by the module that owns it (registro.ts). */
  tabla: TablaConDeshacer;
}

/** Per database handle (tests open several in one process): uploads running, each company's turn. */
const estados = new WeakMap<Db, { activas: Set<number>; turnos: Map<number, Cerrojo> }>();
function estadoDe(db: Db) {
  let e = estados.get(db);
  if (!e) {
    e = { activas: new Set(), turnos: new Map() };
    estados.set(db, e);
  }
  return e;
}

/**
 * Writes the valid rows of one upload, `escribir` taking one chunk of rows at a time.
 *
 * PostgreSQL: every chunk in one transaction, as before: all or nothing by the database itself,
 * and other requests have connections of their own (bench:uploads shows what they wait).
 *
 * The embedded PGlite is one connection for the whole process, and one transaction of 100,000
 * rows held every other request for 9–12 s. There each chunk is its own short transaction, which
 * also records how to undo it, and the connection is free between chunks. The upload is
 * registered before its first chunk; unregistering it after the last is its commit, one short
 * step. A failure undoes the chunks written, last first, each in a short transaction, then the
 * error goes on; a process that dies mid-way leaves the registration, and the next start undoes
 * it before the server answers anyone (recuperar). One company's uploads take turns, so one never
 * undoes over another's writes. What others do see meanwhile: the chunks written so far, until
 * the upload ends or is undone.
 */
export async function escribirPorTramos<T>(
  ctx: Ctx,
  o: Escritura,
  filas: T[],
  escribir: (tx: Tx, tramo: T[], anotar: Anotar) => Promise<void>,
): Promise<void> {
  if (filas.length === 0) return;
  const { db } = ctx;
  const avanzar = avanzador('escribiendo');
  avanzar(0, filas.length);
  if (!unaConexion(db)) {
    await db.transaction().execute(async (tx) => {
      // One transaction of up to SUBIDA_MAX_FILAS rows: long work's statement limit.
      await plazoLargo(tx, ctx.config.baseDeDatos);
      for (let i = 0; i < filas.length; i += TRAMO) {
        await escribir(tx, filas.slice(i, i + TRAMO), null);
        avanzar(i + TRAMO, filas.length);
      }
    });
    return;
  }
  const estado = estadoDe(db);
  let turno = estado.turnos.get(o.empresaId);
  if (!turno) {
    turno = new Cerrojo();
    estado.turnos.set(o.empresaId, turno);
  }
  const liberar = await turno.acquire();
  try {
    // Every statement of it gives way to the requests in course (pglite-dialect.ts).
    await cediendo(() => escribirConDiario(db, ctx.log, o, filas, escribir, avanzar));
  } finally {
    liberar();
  }
}

/** The embedded database's way (see escribirPorTramos): short transactions, each with its undo. */
async function escribirConDiario<T>(
  db: Db,
  log: Bitacora,
  o: Escritura,
  filas: T[],
  escribir: (tx: Tx, tramo: T[], anotar: Anotar) => Promise<void>,
  avanzar: (hechas: number, total: number) => void,
) {
  const { activas } = estadoDe(db);
  await recuperar(db).catch((e) =>
    log.error({ err: e }, 'Subidas: no se pudo deshacer una subida inconclusa'),
  );
  // PGlite has no autovacuum: nothing else ever updates its statistics, and chunks looking up ICCs
  // in a table that grew since were 3-10 times slower (500 ICCs in 100,000 lines: 70 -> 5 ms).
  // ANALYZE takes ~0.1 s there (0.15 s at 1,000,000 lines); once before, once after.
  const { tabla } = o;
  await analizar(db, log, tabla);
  const subida = await repo.abrir(db, o.empresaId, o.accion);
  activas.add(subida.id);
  try {
    for (let i = 0; i < filas.length; i += TRAMO_EMBEBIDA) {
      const tramo = filas.slice(i, i + TRAMO_EMBEBIDA);
      await db.transaction().execute((tx) =>
        escribir(tx, tramo, async (d) => {
          await repo.anotar(tx, subida.id, { ...d, tabla });
        }),
      );
      avanzar(i + TRAMO_EMBEBIDA, filas.length);
    }
    await repo.cerrar(db, subida.id);
  } catch (error) {
    await deshacer(db, subida).catch((e) =>
      log.error({ err: e }, `Subida ${subida.id}: no se pudo deshacer; se deshará al iniciar`),
    );
    throw error;
  } finally {
    activas.delete(subida.id);
  }
  await analizar(db, log, tabla);
}

const analizar = (db: Db, log: Bitacora, tabla: TablaConDeshacer) =>
  repo.analizar(db, tabla).catch((e) => log.warn({ err: e }, `Subidas: analyze ${tabla} falló`));

/**
 * Undoes the uploads left in progress by a process that died (or an undo that failed), except
 * those this process is writing. Called at start, before the server listens, and before each
 * upload on the embedded database.
 */
export async function recuperar(db: Db): Promise<number> {
  const { activas } = estadoDe(db);
  let n = 0;
  for (const s of await repo.enCurso(db)) {
    if (activas.has(s.id)) continue;
    await deshacer(db, s);
    n++;
  }
  await repo.borrarHuerfanos(db);
  return n;
}

/** One chunk per transaction, last first; each step reads the chunk it undoes, so two may race. */
async function deshacer(db: Db, s: { id: number; empresa_id: number }) {
  for (;;) {
    const quedan = await db.transaction().execute(async (tx) => {
      const t = await repo.ultimoTramo(tx, s.id);
      if (!t) {
        await repo.borrarSubida(tx, s.id);
        return false;
      }
      await deshacedorDe(t.tabla)(tx, s.empresa_id, t);
      await repo.borrarTramo(tx, t.id);
      return true;
    });
    if (!quedan) return;
  }
}
