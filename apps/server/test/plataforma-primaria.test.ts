import { sql } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { leerConfig } from '../src/config.ts';
import { abrirDb } from '../src/db/database.ts';
import { leerNodos, NoPrimaria, Primaria } from '../src/db/primaria.ts';
import { puertoLibre } from './proceso.ts';

/**
 * Issue 46, the client side of a failover: a DATABASE_URL with several nodes (libpq's form, as
 * `pg_autoctl show uri` prints it) reaches the node that is the primary, passing over one that
 * refuses connections or answers as a standby. The whole failover runs in `npm run test:failover`.
 */
describe('a DATABASE_URL with several nodes', () => {
  it('is read as its nodes, the first in the URL node-postgres takes, without target_session_attrs', () => {
    expect(
      leerNodos('postgres://u:c@10.0.0.1:5433,db2/recargas?target_session_attrs=read-write&sslmode=require'),
    ).toEqual({
      url: 'postgres://u:c@10.0.0.1:5433/recargas?sslmode=require',
      nodos: [
        { host: '10.0.0.1', port: 5433 },
        { host: 'db2', port: 5432 },
      ],
    });
    expect(leerNodos('postgres://[::1]:6001,[::1]:6002/x').nodos).toEqual([
      { host: '::1', port: 6001 },
      { host: '::1', port: 6002 },
    ]);
    expect(leerNodos('postgres://u@h/db')).toEqual({ url: 'postgres://u@h/db', nodos: [] });
    // The configuration takes it as it takes one host, and refuses what is not postgres.
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DOS_PASOS_CLAVES: `a:${'y'.repeat(40)}` };
    expect(leerConfig({ ...base, DATABASE_URL: 'postgres://u@h1:1,h2:2/db' }).databaseUrl).toBe(
      'postgres://u@h1:1,h2:2/db',
    );
    expect(() => leerConfig({ ...base, DATABASE_URL: 'mysql://u@h1:1,h2:2/db' })).toThrow(/DATABASE_URL/);
  });

  it('a node answering as a standby is passed over, and the next connection goes to the other', async () => {
    const primaria = new Primaria([
      { host: 'a', port: 1 },
      { host: 'b', port: 2 },
    ]);
    let terminado = false;
    const replica = {
      query: async () => ({ rows: [{ r: true }] }),
      end: async () => {
        terminado = true;
      },
    } as unknown as pg.Client;
    await expect(primaria.conectar(replica, async () => {}, 0)).rejects.toThrow(NoPrimaria);
    expect([terminado, primaria.destino()]).toEqual([true, { host: 'b', port: 2, indice: 1 }]);
    // A late failure of node 0 does not move the choice off node 1.
    primaria.descartar(0);
    expect(primaria.destino().indice).toBe(1);
    await expect(
      primaria.conectar(replica, () => Promise.reject(new Error('ECONNREFUSED')), 1),
    ).rejects.toThrow('ECONNREFUSED');
    expect(primaria.destino().indice).toBe(0);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL: a refused first node, then every query on the one that answers',
    async () => {
      const real = new URL(process.env.DATABASE_URL as string);
      const cerrado = await puertoLibre();
      const url = `postgres://${real.username}@127.0.0.1:${cerrado},${real.host}${real.pathname}?target_session_attrs=read-write`;
      const db = await abrirDb({ databaseUrl: url, dataDir: 'memory://' });
      try {
        const filas = await Promise.all(
          Array.from({ length: 5 }, () =>
            sql<{ p: number; r: boolean }>`select inet_server_port() as p, pg_is_in_recovery() as r`.execute(
              db,
            ),
          ),
        );
        expect(new Set(filas.map((f) => JSON.stringify(f.rows[0])))).toEqual(
          new Set([JSON.stringify({ p: Number(real.port || 5432), r: false })]),
        );
      } finally {
        await db.destroy();
      }
    },
  );
});
