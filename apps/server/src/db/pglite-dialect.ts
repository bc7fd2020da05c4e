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

class PGliteDriver implements Driver {
  private readonly cerrojo = new Cerrojo();
  private readonly liberadores = new WeakMap<DatabaseConnection, () => void>();
  constructor(private readonly client: PGlite) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const liberar = await this.cerrojo.acquire();
    const conexion = new PGliteConnection(this.client);
    this.liberadores.set(conexion, liberar);
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
