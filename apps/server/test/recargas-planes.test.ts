import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as escritura from '../src/modules/recargas/repo-escritura.ts';
import { crearEntorno, type Entorno } from './entorno.ts';

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
