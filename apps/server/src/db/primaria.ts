import type pg from 'pg';

/** One PostgreSQL node of a multi-host DATABASE_URL. */
export interface Nodo {
  host: string;
  port: number;
}

/**
 * A DATABASE_URL with several hosts, as libpq and `pg_autoctl show uri` write it:
 * `postgres://user@h1:5432,h2:5432/db?target_session_attrs=read-write`. node-postgres takes one
 * host only: `url` is the URL with the first one (for everything else it holds: user, database,
 * options) and `nodos` all of them, in order. One host: `nodos` is empty and `url` as given.
 */
export function leerNodos(url: string): { url: string; nodos: Nodo[] } {
  const m = /^(postgres(?:ql)?:\/\/)([^@/]*@)?([^/?#]*)(.*)$/.exec(url);
  const lista = m?.[3]?.split(',') ?? [];
  if (!m || lista.length < 2) return { url, nodos: [] };
  const nodos = lista.map((h) => {
    const [, host = '', port] = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(h) ?? [];
    if (!host) throw new Error(`DATABASE_URL: nodo no válido «${h}»`);
    return { host: host.replace(/^\[|\]$/g, ''), port: Number(port ?? 5432) };
  });
  // libpq's target_session_attrs: the pool always wants the primary (read-write), checked below.
  const resto = (m[4] ?? '').replace(/([?&])target_session_attrs=[^&]*&?/, '$1').replace(/[?&]$/, '');
  return { url: `${m[1]}${m[2] ?? ''}${lista[0]}${resto}`, nodos };
}

/**
 * Which node is the primary, as this process last found it. A connection goes to the current
 * node and asks `pg_is_in_recovery()`: a standby, or a node that refuses the connection, moves
 * the choice to the next node and the connection fails, so the pool's caller tries again (see
 * `conRetorno`). After a failover (pg_auto_failover promotes the standby) every process finds the
 * new primary at its next new connection; the old primary's connections died with it.
 */
export class Primaria {
  private actual = 0;

  constructor(readonly nodos: readonly Nodo[]) {}

  /** The node a new connection goes to, with its index (to say which one failed). */
  destino(): Nodo & { indice: number } {
    return { ...(this.nodos[this.actual] as Nodo), indice: this.actual };
  }

  /** Node `indice` is not the primary: the next one, unless another connection moved on already. */
  descartar(indice: number) {
    if (this.actual === indice) this.actual = (indice + 1) % this.nodos.length;
  }

  /** A new connection of `cliente` to the current node, refused unless it is the primary. */
  async conectar(cliente: pg.Client, conectar: () => Promise<unknown>, indice: number) {
    try {
      await conectar();
    } catch (e) {
      this.descartar(indice);
      throw e;
    }
    const r = await cliente.query<{ r: boolean }>('select pg_is_in_recovery() as r');
    if (r.rows[0]?.r) {
      this.descartar(indice);
      await cliente.end();
      throw new NoPrimaria(this.nodos[indice] as Nodo);
    }
  }
}

/**
 * A node that answered as a standby where the primary was expected: a failover under way, a
 * 503 (lib/errores.ts) as a write refused by a standby is (read_only_sql_transaction).
 */
export class NoPrimaria extends Error {
  readonly code = '25006';
  constructor(n: Nodo) {
    super(`${n.host}:${n.port} es una réplica en recuperación, no la primaria`);
  }
}

/**
 * `pool.connect` tried again while the nodes are being looked through, for up to `ms` in all
 * (the pool's connection wait): during a failover a request waits for the new primary instead of
 * failing at the first refused node; past the wait it fails as any lost database does (a 503).
 */
export function conRetorno<C>(conectar: () => Promise<C>, ms: number, pausaMs = 200) {
  return async (): Promise<C> => {
    const fin = Date.now() + ms;
    for (;;) {
      try {
        return await conectar();
      } catch (e) {
        if (Date.now() + pausaMs > fin) throw e;
        await new Promise((ok) => setTimeout(ok, pausaMs));
      }
    }
  };
}
