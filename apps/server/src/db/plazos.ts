import { sql } from 'kysely';
import type pg from 'pg';

/**
 * Time limits towards PostgreSQL (issue 40). A database that stops answering (connections open,
 * no bytes) held every request and /ready for 150 s with no log line. Each statement now has a
 * server limit (statement_timeout) and, a little later, a client one that cuts the connection
 * when the server says nothing at all; getting a connection waits at most conexionMs.
 */
export interface PlazosBase {
  /** Connections per process (4 processes × 10 stay far below PostgreSQL's default 100). */
  poolMax: number;
  /** Opening a connection, or waiting for a free one of the pool. */
  conexionMs: number;
  /** One statement of the request path. */
  sentenciaMs: number;
  /** One statement of long work (uploads, the nightly sums, migrations): see plazoLargo. */
  sentenciaLargaMs: number;
  /** A transaction left open and idle (a crashed caller) is ended by the server. */
  transaccionInactivaMs: number;
  /** Waiting for a lock held by another transaction. */
  bloqueoMs: number;
}

export const PLAZOS_POR_DEFECTO: PlazosBase = {
  poolMax: 10,
  conexionMs: 5000,
  sentenciaMs: 10_000,
  sentenciaLargaMs: 10 * 60_000,
  transaccionInactivaMs: 60_000,
  bloqueoMs: 5000,
};

/** The client waits this much longer than the server's limit: the server's cancel comes first. */
const MARGEN_MS = 2000;

/** The connection's options: the server-side limits of every session. */
export const opcionesSesion = (p: PlazosBase) =>
  [
    `-c statement_timeout=${p.sentenciaMs}`,
    `-c lock_timeout=${p.bloqueoMs}`,
    `-c idle_in_transaction_session_timeout=${p.transaccionInactivaMs}`,
  ].join(' ');

const FIJAR = /^set (local )?statement_timeout = (\d+)$/;

/**
 * The client-side limit of one pg client: the session's statement_timeout plus a margin, as
 * changed by `set [local] statement_timeout = N` through it (plazoLargo, sinPlazos), back at
 * commit/rollback or `reset`. 0: none. Past it the socket is closed: the query fails as a lost
 * connection (a 503), and the pool drops the client instead of handing out a stuck one.
 */
export class PlazoCliente {
  private sesion: number;
  private local: number | undefined;

  constructor(private readonly base: number) {
    this.sesion = base;
  }

  /** Notes a statement's effect on the limit; returns the ms to wait for its answer (0: forever). */
  para(texto: string): number {
    const m = FIJAR.exec(texto);
    if (m) {
      if (m[1]) this.local = Number(m[2]);
      else this.sesion = Number(m[2]);
    } else if (texto === 'commit' || texto === 'rollback') this.local = undefined;
    else if (texto === 'reset statement_timeout') this.sesion = this.base;
    const ms = this.local ?? this.sesion;
    return ms === 0 ? 0 : ms + MARGEN_MS;
  }

  /** The answer of `consulta`, or the socket closed once `ms` passed without one. */
  static vigilar<T>(consulta: T, ms: number, cliente: pg.Client): T {
    if (ms === 0 || !(consulta instanceof Promise)) return consulta;
    const reloj = setTimeout(() => {
      (cliente as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }, ms);
    return consulta.finally(() => clearTimeout(reloj)) as T;
  }
}

/** What can run a statement: the database, a transaction or a connection. */
type Ejecutor = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

/**
 * Long work inside its transaction (a large upload, the nightly sums): its statements get
 * sentenciaLargaMs instead of the request path's limit, until the transaction ends.
 */
export const plazoLargo = (tx: Ejecutor, p: Pick<PlazosBase, 'sentenciaLargaMs'>) =>
  sql.raw(`set local statement_timeout = ${Math.trunc(p.sentenciaLargaMs)}`).execute(tx);

/**
 * A connection without time limits for as long as `hacer` runs (migrations, waiting for the
 * start-up lock while another process migrates), put back as it was afterwards.
 */
export async function sinPlazos<T>(conexion: Ejecutor, hacer: () => Promise<T>): Promise<T> {
  await sql.raw('set statement_timeout = 0').execute(conexion);
  await sql.raw('set lock_timeout = 0').execute(conexion);
  try {
    return await hacer();
  } finally {
    await sql.raw('reset statement_timeout').execute(conexion);
    await sql.raw('reset lock_timeout').execute(conexion);
  }
}
