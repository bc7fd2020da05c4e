import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type Config, MEMORIA } from '../config.ts';
import { crearBitacora } from '../lib/bitacora.ts';
import { BaseEnUso, tomarCandado } from './candado.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { opcionesSesion, PLAZOS_POR_DEFECTO, PlazoCliente } from './plazos.ts';
import { conRetorno, leerNodos, Primaria } from './primaria.ts';
import type { DB } from './schema.ts';

export type Db = Kysely<DB>;

// bigint (count(*), bigserial) as JS numbers: our counts stay far below 2^53.
// date as its 'yyyy-mm-dd' text: a calendar day has no time zone to shift it.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

/**
 * Marks a statement of the top-up path to be prepared once per connection. Parsing and planning
 * were 64 % of PostgreSQL's time per top-up (bench:topups, log_min_duration_statement): a named
 * statement is parsed once and planned once (plan_cache_mode below: each is a lookup by key, so
 * the generic plan is the plan). Only fixed texts carry it (a statement built from chips would
 * fill every connection with plans); PGlite ignores it. Unnamed statements are planned each time
 * but generically too under that setting: a long IN list of parameters is then compared row by
 * row, not hashed (1,000 values against 100,000 rows: 2.9 s, 23 ms with a custom plan), so a
 * statement with many values joins them as unnest($1::text[]) instead (lineas/repo-subidas.ts).
 */
const PREPARADA = '/* preparada */';
export const preparada = sql.raw(PREPARADA);

/**
 * A statement of the hot path, fixed text with numbered parameters: sent as it is (no query
 * builder to build and compile on every call) and prepared (above).
 */
export function sentencia<R>(texto: string) {
  const marcado = `${PREPARADA} ${texto}`;
  return async (db: Db, parametros: readonly unknown[]) =>
    (await db.executeQuery<R>(CompiledQuery.raw(marcado, [...parametros]))).rows;
}

/** Names of the marked statements by their text (a fixed few: see PREPARADA). */
const nombres = new Map<string, string>();

const consultar = pg.Client.prototype.query as (this: pg.Client, ...a: unknown[]) => unknown;

const conectarUno = pg.Client.prototype.connect as unknown as (this: pg.Client) => Promise<unknown>;

/**
 * A pg client that sends marked statements by name (a hash of their text) and gives up on a
 * server that does not answer within the statement's limit (plazos.ts). With several nodes
 * (primaria.ts) it connects to the one believed primary, and only if it is.
 */
function clienteCon(sentenciaMs: number, primaria?: Primaria) {
  class Cliente extends pg.Client {
    readonly plazo = new PlazoCliente(sentenciaMs);
    readonly nodo = primaria?.destino();

    constructor(config?: pg.ClientConfig) {
      super(config);
      if (this.nodo) Object.assign(this, { host: this.nodo.host, port: this.nodo.port });
    }
  }
  if (primaria)
    Object.defineProperty(Cliente.prototype, 'connect', {
      value(this: Cliente, callback?: (e?: Error) => void) {
        const hecho = primaria.conectar(this, () => conectarUno.call(this), this.nodo?.indice ?? 0);
        if (!callback) return hecho;
        hecho.then(() => callback(), callback);
      },
    });
  Object.defineProperty(Cliente.prototype, 'query', {
    value(this: Cliente, config: unknown, values?: unknown, callback?: unknown) {
      if (typeof config !== 'string') return consultar.call(this, config, values, callback);
      const ms = this.plazo.para(config);
      if (config.includes(PREPARADA)) {
        let name = nombres.get(config);
        if (!name) {
          name = `p${createHash('sha1').update(config).digest('base64url')}`;
          nombres.set(config, name);
        }
        return PlazoCliente.vigilar(consultar.call(this, { name, text: config, values }, callback), ms, this);
      }
      return PlazoCliente.vigilar(consultar.call(this, config, values, callback), ms, this);
    },
  });
  return Cliente;
}

/** Handles on the embedded PGlite (see unaConexion), with their client. */
const embebidas = new WeakMap<Db, PGlite>();

/**
 * Whether the database is the embedded PGlite: one connection for the whole process, so a long
 * transaction holds every other request (subidas/tramos.ts writes in chunks there instead).
 */
export const unaConexion = (db: Db) => embebidas.has(db);

/** Real PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR/pg. */
export async function abrirDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'logLevel' | 'baseDeDatos'>>,
  /** The embedded database's files to start from (`volcar`): the tests' template, test/plantilla.ts. */
  desde?: Blob,
): Promise<Db> {
  if (config.databaseUrl) {
    // Tests and scripts open a database without a whole config: their pool then logs at info.
    const log = crearBitacora({ logLevel: config.logLevel ?? 'info' });
    const plazos = config.baseDeDatos ?? PLAZOS_POR_DEFECTO;
    const { url, nodos } = leerNodos(config.databaseUrl);
    const primaria = nodos.length > 1 ? new Primaria(nodos) : undefined;
    const pool = new pg.Pool({
      connectionString: url,
      max: plazos.poolMax,
      connectionTimeoutMillis: plazos.conexionMs,
      Client: clienteCon(plazos.sentenciaMs, primaria),
      // No JIT: the planner compiles a query whose estimated cost passes jit_above_cost, and a
      // count that stops at 1,001 lines of 10,000,000 is estimated at 550,000 though it reads
      // 1,178 pages: 20 ms of work took 70 ms, 50 of them compiling (issue 25, auto_explain).
      options: `-c plan_cache_mode=force_generic_plan -c jit=off ${opcionesSesion(plazos)}`,
    });
    // An idle connection closed by the server (restart, failover) is an 'error' event; without a
    // listener it would crash the process. The pool drops it and the next query reconnects.
    // Debug only: db/vigia.ts says once that the database stopped answering.
    pool.on('error', (e) => log.debug(`PostgreSQL: conexión inactiva cerrada (${e.message})`));
    // The pool listens only while a connection is idle. One closed while checked out (between the
    // statements of a transaction) emits on its client, so every client gets a listener too: the
    // next statement then fails (a 503 for the caller) instead of the process crashing.
    pool.on('connect', (cliente) => {
      cliente.on('error', (e) => log.debug(`PostgreSQL: conexión en uso cerrada (${e.message})`));
    });
    // Several nodes: a connection refused or made to a standby is tried again on the next one.
    const conectar = primaria ? conRetorno(() => pool.connect(), plazos.conexionMs) : undefined;
    const destino = conectar ? { connect: conectar, end: () => pool.end() } : pool;
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool: destino }) });
  }
  const dir = config.dataDir === MEMORIA ? MEMORIA : join(config.dataDir, 'pg');
  let soltar = () => {};
  if (dir !== MEMORIA) {
    mkdirSync(dir, { recursive: true });
    soltar = candado(config.dataDir);
  }
  const client = await PGlite.create(dir, {
    parsers: { 20: (v: string) => Number(v), 1082: (v: string) => v },
    extensions: { pg_trgm },
    loadDataDir: desde,
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  const destruir = db.destroy.bind(db);
  db.destroy = async () => {
    await destruir();
    soltar();
  };
  embebidas.set(db, client);
  return db;
}

/** The embedded database's files as one tar, for `abrirDb(…, desde)`. */
export const volcar = (db: Db) => {
  const client = embebidas.get(db);
  if (!client) throw new Error('Solo la base embebida se vuelca');
  return client.dumpDataDir('none');
};

/**
 * The embedded folder's lock (candado.ts). Held by another process: the server, the worker and
 * the admin CLI all stop here with the same one line, not a stack.
 */
function candado(dataDir: string) {
  try {
    return tomarCandado(dataDir);
  } catch (e) {
    if (!(e instanceof BaseEnUso)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}
