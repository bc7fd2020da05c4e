import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirDb, type Db } from '../src/db/database.ts';
import { crearIndicesEnLinea, INDICES_EN_LINEA } from '../src/db/indices-en-linea.ts';
import { migrar, pendientes } from '../src/db/migrate.ts';
import { baseDeDatosNueva } from './entorno.ts';

/**
 * Issue 40: migrations must not lock the ledger. Migration 0033 built an index on `recargas`
 * inside the migration transaction and blocked new top-ups for 20 s at 1,000,000 rows.
 */
const CARPETA = join(import.meta.dirname, '../src/db/migrations');

/**
 * Applied history: 1.0.0's migrations built their indexes the old way and cannot change now
 * (those of 0031, 0033 and 0034, which came after it, moved to indices-en-linea.ts in 1.1.0).
 */
const HISTORIA = 30;

/** Tables that grow with the business: an index on them is built `concurrently`. */
const GRANDES = [
  'recargas',
  'recargas_api',
  'lineas',
  'auditoria',
  'portabilidades',
  'usuarios',
  'lineas_masivas',
  'intentos_login',
  'sesiones',
  'entregas',
  'notificaciones',
  'eventos_webhook',
  'ventas_dia',
  'ventas_hora',
  'ventas_chips_dia',
  'ventas_chips_hora',
];

/**
 * Every index a migration text builds on a large table without `concurrently`; a table the same
 * migration creates is empty, so its indexes block nothing.
 */
function indicesBloqueantes(texto: string): string[] {
  const nuevas = [
    ...texto.matchAll(/createTable\(\s*'(\w+)'|create\s+table\s+(?:if\s+not\s+exists\s+)?(\w+)/gi),
  ].map((m) => (m[1] ?? m[2] ?? '').toLowerCase());
  const grande = (tabla: string) =>
    GRANDES.includes(tabla.toLowerCase()) && !nuevas.includes(tabla.toLowerCase());
  const hallados: string[] = [];
  // The query builder: .createIndex('nombre')...on('tabla') (it has no concurrently).
  for (const m of texto.matchAll(/createIndex\(\s*'(\w+)'\s*\)[\s\S]*?\.on\(\s*'(\w+)'/g))
    if (grande(m[2] ?? '')) hallados.push(`${m[1]} en ${m[2]}`);
  // SQL text: create [unique] index [concurrently] [if not exists] nombre on [only] tabla.
  const crear =
    /create\s+(?:unique\s+)?index\s+(concurrently\s+)?(?:if\s+not\s+exists\s+)?(\w+)\s+on\s+(?:only\s+)?(\w+)/gi;
  for (const m of texto.matchAll(crear)) if (!m[1] && grande(m[3] ?? '')) hallados.push(`${m[2]} en ${m[3]}`);
  return hallados;
}

describe('migrations build no blocking index on a large table', () => {
  it('the check finds one, in either spelling', () => {
    expect(
      indicesBloqueantes(`await db.schema.createIndex('x').on('recargas').column('dn').execute()`),
    ).toEqual(['x en recargas']);
    expect(indicesBloqueantes('await sql`create unique index if not exists y on lineas (icc)`')).toEqual([
      'y en lineas',
    ]);
    expect(indicesBloqueantes('await sql`create index concurrently z on auditoria (creada)`')).toEqual([]);
    expect(indicesBloqueantes(`db.schema.createIndex('w').on('claves_vapid').column('id')`)).toEqual([]);
    const nueva = `db.schema.createTable('ventas_hora')...; sql\`create index v on ventas_hora (hora)\``;
    expect(indicesBloqueantes(nueva)).toEqual([]);
    expect(indicesBloqueantes(nueva.replace("createTable('ventas_hora')", "createTable('otra')"))).toEqual([
      'v en ventas_hora',
    ]);
  });

  it('no migration after the applied history builds one; online indexes say concurrently', () => {
    const nuevas = readdirSync(CARPETA)
      .filter((f) => Number(f.slice(0, 4)) > HISTORIA)
      .map((f) => [f, indicesBloqueantes(readFileSync(join(CARPETA, f), 'utf8'))] as const);
    expect(nuevas.filter(([, h]) => h.length > 0)).toEqual([]);
    for (const i of INDICES_EN_LINEA) {
      expect(i.sql).toMatch(
        new RegExp(`^create (unique )?index concurrently if not exists ${i.nombre} on ${i.tabla}\\b`),
      );
    }
  });
});

describe('the online indexes, on either database', () => {
  let db: Db;
  let base: Awaited<ReturnType<typeof baseDeDatosNueva>>;
  beforeAll(async () => {
    base = await baseDeDatosNueva();
    db = await abrirDb({ databaseUrl: base.url, dataDir: 'memory://' });
    await migrar(db);
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await base?.borrar();
  });

  const indices = async () =>
    (
      await sql<{ nombre: string; valido: boolean }>`select c.relname as nombre, ix.indisvalid as valido
        from pg_class c join pg_index ix on ix.indexrelid = c.oid`.execute(db)
    ).rows;

  it('a fresh database has each one valid and none of the indexes they replace', async () => {
    const hay = await indices();
    for (const i of INDICES_EN_LINEA) {
      expect(hay.find((x) => x.nombre === i.nombre)?.valido, i.nombre).toBe(true);
      if (i.reemplaza) expect(hay.some((x) => x.nombre === i.reemplaza)).toBe(false);
    }
  });

  it('a database a newer release migrated is left as it is: this process runs, it does not refuse', async () => {
    const avisos: unknown[] = [];
    await sql`insert into kysely_migration (name, timestamp) values ('9999_futura', now())`.execute(db);
    const log = { info: () => {}, warn: (o: unknown) => avisos.push(o) };
    expect(await migrar(db, log)).toEqual([]);
    expect(avisos).toEqual([{ desconocidas: ['9999_futura'] }]);
    expect(await pendientes(db)).toEqual([]);
    await sql`delete from kysely_migration where name = '9999_futura'`.execute(db);
    expect(await migrar(db, log)).toEqual([]);
    expect(avisos).toHaveLength(1);
  });
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('on PostgreSQL', () => {
  let db: Db;
  let base: Awaited<ReturnType<typeof baseDeDatosNueva>>;
  beforeAll(async () => {
    base = await baseDeDatosNueva();
    db = await abrirDb({ databaseUrl: base.url, dataDir: '' });
    await migrar(db);
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await base?.borrar();
  });

  it('a migration behind a long read gives way to writes and is retried until it applies', async () => {
    // 0040 again (and what came after it): its `alter table proveedores` needs the table to itself.
    await db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '>=', '0040_proveedor_taecel' as never)
      .execute();
    await sql`alter table proveedores drop constraint proveedores_adaptador, drop constraint proveedores_cuenta_taecel,
      add constraint proveedores_adaptador check (adaptador in ('simulador', 'reloadly', 'ninguno'))`.execute(
      db,
    );
    const otraVez = await pendientes(db);
    expect(otraVez[0]).toBe('0040_proveedor_taecel');

    const lector = new pg.Client({ connectionString: base.url });
    await lector.connect();
    await lector.query('begin');
    await lector.query('select count(*) from proveedores');
    const migrando = migrar(db);
    await new Promise((ok) => setTimeout(ok, 300));
    // A write while the migration waits for its lock: it waits at most the migration's 2 s.
    const inicio = Date.now();
    await sql`update proveedores set operadores = operadores where id = (select min(id) from proveedores)`.execute(
      db,
    );
    const espera = Date.now() - inicio;
    // The read ends after 6 s: before, the write would have queued behind the DDL all that time.
    await new Promise((ok) => setTimeout(ok, 6000 - espera));
    await lector.query('commit');
    await lector.end();
    expect(await migrando).toEqual(otraVez);
    expect(espera).toBeLessThan(3500);
    expect(await pendientes(db)).toEqual([]);
  }, 60_000);

  it('an online index is built without a transaction, rebuilt when invalid, left when valid', async () => {
    const indice = {
      nombre: 'prueba_en_linea',
      tabla: 'recargas',
      sql: 'create index concurrently if not exists prueba_en_linea on recargas (folio)',
    };
    const valido = async () =>
      (
        await sql<{ v: boolean }>`select ix.indisvalid as v from pg_class c join pg_index ix
          on ix.indexrelid = c.oid where c.relname = 'prueba_en_linea'`.execute(db)
      ).rows[0]?.v;
    const log = { info: () => {} };
    await db.connection().execute((c) => crearIndicesEnLinea(c, log, [indice]));
    expect(await valido()).toBe(true);
    // Marked invalid, as a build killed half-way leaves it: dropped and built again.
    await sql`update pg_index set indisvalid = false where indexrelid = 'prueba_en_linea'::regclass`.execute(
      db,
    );
    expect(await valido()).toBe(false);
    await db.connection().execute((c) => crearIndicesEnLinea(c, log, [indice]));
    expect(await valido()).toBe(true);
  }, 60_000);
});
