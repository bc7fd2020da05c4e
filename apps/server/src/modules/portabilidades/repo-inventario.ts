import { M } from '@recargas/contracts/mensajes';
import type { ColumnaInventario, PeticionInventario } from '@recargas/contracts/portabilidades';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { condicionChips } from '../../lib/chips.ts';
import { carrierSql } from '../../lib/etiquetas.ts';
import type { Rango } from '../../lib/fechas.ts';

/** Inventory days (spec section 2): read over the company's lines, leaders and clients. */

/** A leader of the company, by id (level 2 is held to its own) or by the name a screen sent. */
export const lider = (db: Db, empresaId: number, por: { id: number } | { nombre: string }) =>
  db
    .selectFrom('lideres')
    .select(['id', 'nombre'])
    .where('empresa_id', '=', empresaId)
    .where((eb) => ('id' in por ? eb('id', '=', por.id) : eb('nombre', '=', por.nombre)))
    .limit(1)
    .executeTakeFirst();

/** Days of a range, both ends counted: the pace of Dias de inventario. */
export const diasDe = (r: Rango) =>
  Math.max(
    1,
    Math.round((Date.parse(`${r.hasta}T00:00:00Z`) - Date.parse(`${r.desde}T00:00:00Z`)) / 86_400_000) + 1,
  );

export interface FilaInventarioSql {
  lider: string;
  cliente: string;
  compania: string;
  entregados: string;
  recargados: string;
  portabilidades: string;
  tipo: string;
  total: string;
  inventoryDays: string;
  idLider: number | null;
}

/**
 * Inventory days over the company's line inventory (the SIMs handed to leaders and clients):
 * per leader and carrier (leader mode), or per client of one leader and carrier. entregados
 * are the lines delivered in the range (delivery date, else upload date), recargados and
 * Portados what became of them, Inventario Actual what is left, and Dias de inventario how
 * many days that lasts at the range's pace (NA when nothing moved). Chips filter the shown text.
 */
export async function inventario(
  db: Db,
  empresaId: number,
  r: Rango,
  opciones: {
    lider?: string | undefined;
    monto?: number | undefined;
    filtros: PeticionInventario['filtros'];
  },
): Promise<FilaInventarioSql[]> {
  const dias = diasDe(r);
  const porCliente = opciones.lider !== undefined;
  const entrega = sql`coalesce(l.fecha_entrega, (l.fecha_subida at time zone ${r.zona})::date)`;
  const grupo = porCliente
    ? sql`coalesce(c.nombre, ${M.lineaSinCliente})`
    : sql`coalesce(ld.nombre, ${M.lineaSinLider})`;
  const filtros = [
    sql`l.empresa_id = ${empresaId}`,
    sql`${entrega} between ${r.desde}::date and ${r.hasta}::date`,
  ];
  if (opciones.lider !== undefined) filtros.push(sql`ld.nombre = ${opciones.lider}`);
  if (opciones.monto !== undefined) filtros.push(sql`l.monto = ${opciones.monto}`);
  const chips = condicionChips(opciones.filtros, (c: ColumnaInventario) => sql`g.${sql.ref(c)}`);
  const filas = await sql<FilaInventarioSql>`
    select * from (
      select
        ${porCliente ? sql`min(ld.nombre)` : grupo} as lider,
        ${porCliente ? grupo : sql`${M.todos}`} as cliente,
        ${carrierSql('l.compania')} as compania,
        count(*)::text as entregados,
        count(*) filter (where l.is_recargado)::text as recargados,
        count(*) filter (where l.fecha_portada is not null)::text as portabilidades,
        ${porCliente ? M.colCliente : M.colLider}::text as tipo,
        count(*) filter (where not l.is_recargado and l.fecha_portada is null)::text as total,
        case when count(*) filter (where l.is_recargado or l.fecha_portada is not null) = 0 then ${M.na}
          else ceil(count(*) filter (where not l.is_recargado and l.fecha_portada is null)::numeric * ${dias}
            / count(*) filter (where l.is_recargado or l.fecha_portada is not null))::text end as "inventoryDays",
        min(ld.id) as "idLider"
      from lineas l
      left join lideres ld on ld.id = l.lider_id and ld.empresa_id = l.empresa_id
      left join clientes c on c.id = l.cliente_id and c.empresa_id = l.empresa_id
      where ${sql.join(filtros, sql` and `)}
      group by ${porCliente ? sql`cliente, l.cliente_id` : sql`lider, l.lider_id`}, l.compania
    ) g
    ${chips ? sql`where ${chips}` : sql``}
    order by g.lider, g.cliente, g.compania
    limit 5000`.execute(db);
  return filas.rows;
}
