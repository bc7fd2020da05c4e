import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as escritura from '../src/modules/recargas/repo-escritura.ts';
import { crearEntorno, type Entorno } from './entorno.ts';
import { porNumeroDemo, proveedorDemo } from './recargas-prueba.ts';

/**
 * How a top-up's statements meet a ledger in use (issue 42): found under bench:topups with
 * auto_explain, not by reading the code.
 */
let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

/** `n` top-ups of company 1 from `desde` on, in state `estado`, as a day of sales leaves them. */
const recargas = (desde: number, n: number, estado: 'exitosa' | 'pendiente') =>
  sql`insert into recargas (empresa_id, usuario_id, idempotencia, proveedor_id, dn, compania, monto, tipo,
      tipo_recarga, estado, dia)
    select 1, null, 'plan-' || g, (select min(id) from proveedores where empresa_id = 1),
      '55' || lpad(g::text, 8, '0'), 'T', 50, 'todito', 1, ${estado}, current_date
    from generate_series(${desde}::int, ${desde + n - 1}::int) g`.execute(e.db);

it('the index of number pieces has no pending list to merge in the middle of a top-up', async () => {
  const { rows } = await sql<{ opciones: string[] | null }>`select reloptions as opciones from pg_class
    where relname = 'recargas_dn_subcadenas'`.execute(e.db);
  expect(rows[0]?.opciones).toContain('fastupdate=off');
});

/** The ids in the table of open top-ups (0043). */
const enCurso = async () =>
  (await sql<{ id: number }>`select id from recargas_en_curso order by id`.execute(e.db)).rows.map(
    (r) => r.id,
  );

it('the table of open top-ups follows every write: insert, close, reopen, delete', async () => {
  await recargas(900_001, 3, 'pendiente');
  const ids = (
    await sql<{
      id: number;
    }>`select id from recargas where idempotencia like 'plan-90000%' order by id`.execute(e.db)
  ).rows.map((r) => r.id);
  expect(await enCurso()).toEqual(expect.arrayContaining(ids));
  const [a, b, c] = ids as [number, number, number];
  await sql`update recargas set estado = 'exitosa' where id = ${a}`.execute(e.db);
  await sql`update recargas set consultas = consultas + 1 where id = ${b}`.execute(e.db);
  await sql`delete from recargas where id = ${c}`.execute(e.db);
  expect(await enCurso()).toContain(b);
  expect(await enCurso()).not.toContain(a);
  expect(await enCurso()).not.toContain(c);
  // A row put back to open (by hand, as a test does) is open again.
  await sql`update recargas set estado = 'pendiente' where id = ${a}`.execute(e.db);
  expect(await enCurso()).toContain(a);
  await sql`update recargas set estado = 'fallida' where id in (${a}, ${b})`.execute(e.db);
  expect(await enCurso()).not.toEqual(expect.arrayContaining([a]));
  expect(await enCurso()).not.toContain(b);
});

it("a top-up's close is a HOT update: it writes no index entry", async () => {
  const proveedorId = await proveedorDemo(e.db);
  const calientes = await e.db.transaction().execute(async (tx) => {
    // The backend's counts not yet reported (this transaction's and maybe earlier ones'): a difference.
    const cuentas = async () =>
      (
        await sql<{
          n: number;
          hot: number;
        }>`select pg_stat_get_xact_tuples_updated('recargas'::regclass)::int as n,
          pg_stat_get_xact_tuples_hot_updated('recargas'::regclass)::int as hot`.execute(tx)
      ).rows[0] ?? { n: 0, hot: 0 };
    const antes = await cuentas();
    const fila = await escritura.insertarYContar(
      tx,
      porNumeroDemo(proveedorId, 'plan-hot', '5511223344'),
      'America/Mexico_City',
      1000,
    );
    if (!fila) throw new Error('no se escribió');
    const cerrada = await escritura.cerrar(
      tx,
      fila,
      { estado: 'exitosa', folio: 'F-HOT' },
      {
        usuarioId: null,
        usuario: 'prueba',
        ip: null,
      },
    );
    expect(cerrada?.estado).toBe('exitosa');
    // One update of recargas since `antes`, and it was HOT.
    const despues = await cuentas();
    return { n: despues.n - antes.n, hot: despues.hot - antes.hot };
  });
  expect(calientes).toEqual({ n: 1, hot: 1 });
});

describe.skipIf(!process.env.DATABASE_URL)('plans on PostgreSQL', () => {
  it('a batch close finds its rows by primary key, whatever the statistics say of open rows', async () => {
    // The statistics saw no open row; the open-rows index then holds 2,000 the planner never saw.
    await recargas(1, 20_000, 'exitosa');
    await sql`analyze recargas`.execute(e.db);
    await recargas(20_001, 2_000, 'pendiente');
    const ids = (
      await sql<{
        id: number;
      }>`select id from recargas where estado = 'pendiente' order by id limit 3`.execute(e.db)
    ).rows.map((r) => r.id);
    const plan = await e.db.connection().execute(async (c) => {
      const rastro = { antes: 'pendiente', quien: { usuarioId: null, usuario: 'prueba', ip: null } };
      const cerradas = await Promise.all(
        ids.map((id) => escritura.cerrarExitosa(c, { id, folio: `F${id}`, mensaje: 'ok', rastro })),
      );
      expect(cerradas.map((f) => f?.estado)).toEqual(['exitosa', 'exitosa', 'exitosa']);
      // The connection's own prepared close, planned generically as the pool plans it.
      const { rows } = await sql<{ name: string; n: number }>`select name, cardinality(parameter_types) as n
        from pg_prepared_statements where statement like '%update recargas r set estado = ''exitosa''%'`.execute(
        c,
      );
      const cierre = rows[0];
      if (!cierre) throw new Error('el cierre no quedó preparado');
      const nulos = Array.from({ length: cierre.n }, () => 'null').join(', ');
      const lineas = await sql
        .raw<Record<string, string>>(`explain (costs off) execute "${cierre.name}"(${nulos})`)
        .execute(c);
      return lineas.rows.map((l) => Object.values(l).join('')).join('\n');
    });
    expect(plan).toContain('recargas_pkey');
    expect(plan).not.toContain('recargas_abiertas');
  }, 60_000);
});
