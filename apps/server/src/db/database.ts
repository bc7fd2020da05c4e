import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Config, MEMORIA } from '../config.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

export type Db = Kysely<DB>;

// bigint (count(*), bigserial) as JS numbers: our counts stay far below 2^53.
// date as its 'yyyy-mm-dd' text: a calendar day has no time zone to shift it.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

/** Real PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR/pg. */
export async function abrirDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 20 });
    // An idle connection closed by the server (restart, failover) is an 'error' event; without a
    // listener it would crash the process. The pool drops it and the next query reconnects.
    pool.on('error', (e) => console.warn(`PostgreSQL: conexión inactiva cerrada (${e.message})`));
    // The pool listens only while a connection is idle. One closed while checked out (between the
    // statements of a transaction) emits on its client, so every client gets a listener too: the
    // next statement then fails (a 503 for the caller) instead of the process crashing.
    pool.on('connect', (cliente) => {
      cliente.on('error', (e) => console.warn(`PostgreSQL: conexión en uso cerrada (${e.message})`));
    });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const dir = config.dataDir === MEMORIA ? MEMORIA : join(config.dataDir, 'pg');
  if (dir !== MEMORIA) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    parsers: { 20: (v: string) => Number(v), 1082: (v: string) => v },
  });
  return new Kysely<DB>({ dialect: new PGliteDialect(client) });
}
