import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * Kysely dialect for the embedded PGlite. PGlite is one connection, so a connection is
 * handed to one caller at a time: without this lock, a query of another request would run
 * inside someone else's open transaction (and be rolled back with it). kysely-pglite's
 * driver shares the client without a lock, which is why it is not used.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly client: PGlite) {}
  createAdapter = () => new PostgresAdapter();
  createDriver = (): Driver => new PGliteDriver(this.client);
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);
  createQueryCompiler = () => new PostgresQueryCompiler();
}

/** A FIFO lock: `acquire` resolves with the function that releases it. */
export class Cerrojo {
  private cola: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let liberar!: () => void;
    const siguiente = new Promise<void>((r) => {
      liberar = r;
    });
    const turno = this.cola.then(() => liberar);
    this.cola = this.cola.then(() => siguiente);
    return turno;
  }
}

/** Work that gives way to requests (an upload's chunks): see PGliteDriver.acquireConnection. */
const segundoPlano = new AsyncLocalStorage<true>();

/**
 * Runs `trabajo` in the background of the embedded database: each time it takes the connection
 * it first lets the requests in course have it (up to CEDER_MAX_MS). On PostgreSQL, just runs it.
 */
export const cediendo = <T>(trabajo: () => Promise<T>) => segundoPlano.run(true, trabajo);

/** The longest background work gives way before it takes its turn anyway (it cannot starve). */
const CEDER_MAX_MS = 250;

const turno = () => new Promise<void>((r) => setImmediate(r));

class PGliteDriver implements Driver {
  private readonly cerrojo = new Cerrojo();
  private readonly liberadores = new WeakMap<DatabaseConnection, () => void>();
  /** Callers not in the background between asking for the connection and giving it back. */
  private enCurso = 0;
  constructor(private readonly client: PGlite) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const fondo = segundoPlano.getStore() === true;
    if (!fondo) this.enCurso++;
    // PGlite answers in microtasks: a caller that runs query after query (an upload's chunks, an
    // export's pages) would otherwise never let the event loop read a new request, so nothing
    // could even queue behind it (measured: /health held 12 s by a 100,000-row upload). One
    // macrotask turn first lets the requests that arrived meanwhile take their place in line.
    await turno();
    // Background work also waits while any other caller is between asking for the connection and
    // giving it back. A request asks its next query in the same turn as its last answer, so if
    // background work waited only for a free connection it would slip in between the queries of
    // every request: bench:uploads, login p99 during a 100,000-row upload 1.4-1.6 s that way,
    // 0.4-0.75 s giving way (1,000-row chunks, 2 busy cores).
    if (fondo) {
      const hasta = performance.now() + CEDER_MAX_MS;
      while (this.enCurso > 0 && performance.now() < hasta) await turno();
    }
    const liberar = await this.cerrojo.acquire();
    const conexion = new PGliteConnection(this.client);
    this.liberadores.set(
      conexion,
      fondo
        ? liberar
        : () => {
            this.enCurso--;
            liberar();
          },
    );
    return conexion;
  }
  async beginTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('BEGIN'));
  }
  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('COMMIT'));
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }
  async releaseConnection(c: DatabaseConnection) {
    this.liberadores.get(c)?.();
    this.liberadores.delete(c);
  }
  async destroy() {
    await this.client.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    // Without parameters, the simple protocol: it allows several statements (pg-boss sends such).
    const r =
      q.parameters.length === 0
        ? ((await this.client.exec(q.sql)).at(-1) ?? { rows: [], affectedRows: 0 })
        : await this.client.query<R>(q.sql, [...q.parameters]);
    return {
      rows: r.rows as R[],
      numAffectedRows: r.affectedRows === undefined ? undefined : BigInt(r.affectedRows),
    };
  }
  // biome-ignore lint/correctness/useYield: PGlite has no cursors; callers page with keysets instead
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite no admite cursores');
  }
}
