import { CARRIERS } from '@recargas/contracts/carriers';
import type { ColumnaVenta, FilaVenta, Periodo } from '@recargas/contracts/reportes';
import { CLAVES_VENTAS, TIPOS_RECARGA } from '@recargas/contracts/reportes';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { condicionChips } from '../../lib/chips.ts';
import { finSql, inicioSql, type Rango } from '../../lib/fechas.ts';

/** Whose rows: the company, narrowed to a leader (level 2, or the admin's idLider) or one user (level 3). */
export interface Alcance {
  empresaId: number;
  liderId?: number | undefined;
  usuarioId?: number | undefined;
  plataforma?: 1 | 2 | undefined;
}

export type { Rango } from '../../lib/fechas.ts';

export interface Posicion {
  creada: string;
  id: string;
}

const companiaTexto = sql`case r.compania ${sql.join(
  Object.entries(CARRIERS).map(([c, n]) => sql`when ${c} then ${n}`),
  sql` `,
)} else r.compania end`;
const tipoTexto = sql`case r.tipo_recarga ${sql.join(
  Object.entries(TIPOS_RECARGA).map(([t, n]) => sql`when ${Number(t)} then ${n}`),
  sql` `,
)} else '' end`;

/** The text each column shows: the chips match against it, the screen and the export print it. */
function texto(col: ColumnaVenta, zona: string): RawBuilder<unknown> {
  switch (col) {
    case 'folioConfirmacion':
      return sql`coalesce(r.folio, r.folio_externo, '')`;
    case 'estatus':
      return sql`r.estado`;
    case 'mensaje':
      return sql`coalesce(r.mensaje, '')`;
    case 'fecha':
      return sql`to_char(r.creada at time zone ${zona}, 'YYYY/MM/DD HH24:MI:SS')`;
    case 'compania':
      return companiaTexto;
    case 'icc':
      return sql`r.icc`;
    case 'dn':
      return sql`r.dn`;
    case 'monto':
      return sql`r.monto::text`;
    case 'usuario':
      return sql`coalesce(u.username, '')`;
    case 'nombre':
      return sql`coalesce(u.nombre, '')`;
    case 'lider':
      return sql`coalesce(lr.nombre, '')`;
    case 'cliente':
      return sql`coalesce(cr.nombre, '')`;
    case 'liderOrigen':
      return sql`coalesce(lo.nombre, '')`;
    case 'clienteOrigen':
      return sql`coalesce(co.nombre, '')`;
    case 'nombreOrigen':
      return sql`coalesce(uo.nombre, '')`;
    case 'tipoRecarga':
      return tipoTexto;
  }
}

const desde = inicioSql;
const hasta = finSql;

function base(db: Db, a: Alcance, r: Rango, filtros: Partial<Record<ColumnaVenta, string[]>>) {
  let q = db
    .selectFrom('recargas as r')
    .innerJoin('proveedores as p', 'p.id', 'r.proveedor_id')
    .leftJoin('usuarios as u', 'u.id', 'r.usuario_id')
    .leftJoin('lideres as lr', 'lr.id', 'r.lider_id')
    .leftJoin('clientes as cr', 'cr.id', 'r.cliente_id')
    .leftJoin('lineas as l', 'l.id', 'r.linea_id')
    .leftJoin('lideres as lo', 'lo.id', 'l.lider_id')
    .leftJoin('clientes as co', 'co.id', 'l.cliente_id')
    .leftJoin('usuarios as uo', 'uo.id', 'l.subido_por')
    .where('r.empresa_id', '=', a.empresaId)
    .where(sql<SqlBool>`r.creada >= ${desde(r)} and r.creada < ${hasta(r)}`);
  if (a.liderId !== undefined) q = q.where('r.lider_id', '=', a.liderId);
  if (a.usuarioId !== undefined) q = q.where('r.usuario_id', '=', a.usuarioId);
  if (a.plataforma !== undefined) q = q.where('p.numero', '=', a.plataforma);
  const chips: Expression<SqlBool> | undefined = condicionChips(filtros, (c) => texto(c, r.zona));
  if (chips) q = q.where(chips);
  return q;
}

type FilaSinNumero = Omit<FilaVenta, 'numero'> & Posicion;

export async function pagina(
  db: Db,
  a: Alcance,
  r: Rango,
  filtros: Partial<Record<ColumnaVenta, string[]>>,
  despues: Posicion | undefined,
  limite: number,
): Promise<FilaSinNumero[]> {
  let q = base(db, a, r, filtros);
  if (despues)
    q = q.where(sql<SqlBool>`(r.creada, r.id) < (${despues.creada}::timestamptz, ${despues.id}::bigint)`);
  const columnas = CLAVES_VENTAS.map((c) => texto(c, r.zona).as(c));
  const filas = await q
    .select(columnas)
    .select([
      sql<string>`to_char(r.creada at time zone ${r.zona}, 'YYYY-MM-DD')`.as('fechaExcel'),
      sql<string>`to_char(r.creada at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('creada'),
      sql<string>`r.id::text`.as('id'),
    ])
    .orderBy('r.creada', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limite)
    .execute();
  return filas.map((f) => ({ ...f, monto: Number(f.monto) }) as unknown as FilaSinNumero);
}

/**
 * The rows of the range in scope (the numbering starts there). Without chips nothing but the
 * top-ups table is read, so the count is an index scan of (empresa_id, creada); chips need the
 * names the screen shows, so they count over the joined rows.
 */
export async function contar(
  db: Db,
  a: Alcance,
  r: Rango,
  filtros: Partial<Record<ColumnaVenta, string[]>>,
): Promise<number> {
  if (condicionChips(filtros, (c) => texto(c, r.zona))) {
    const f = await base(db, a, r, filtros).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(f.n);
  }
  let q = db
    .selectFrom('recargas as r')
    .where('r.empresa_id', '=', a.empresaId)
    .where(sql<SqlBool>`r.creada >= ${desde(r)} and r.creada < ${hasta(r)}`);
  if (a.liderId !== undefined) q = q.where('r.lider_id', '=', a.liderId);
  if (a.usuarioId !== undefined) q = q.where('r.usuario_id', '=', a.usuarioId);
  if (a.plataforma !== undefined) {
    const numero = a.plataforma;
    q = q.where('r.proveedor_id', 'in', (eb) =>
      eb
        .selectFrom('proveedores')
        .select('id')
        .where('empresa_id', '=', a.empresaId)
        .where('numero', '=', numero),
    );
  }
  const f = await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(f.n);
}

/** Amount of successful top-ups and count of attempts per leader and period, summed in SQL. */
export async function graficas(db: Db, empresaId: number, r: Rango, periodo: Periodo) {
  const unidad = { anual: 'year', mensual: 'month', semanal: 'week', diario: 'day' }[periodo];
  const formato = { anual: 'YYYY', mensual: 'YYYY/MM', semanal: 'YYYY/MM/DD', diario: 'YYYY/MM/DD' }[periodo];
  return (
    db
      .selectFrom('recargas as r')
      .innerJoin('lideres as l', 'l.id', 'r.lider_id')
      .where('r.empresa_id', '=', empresaId)
      .where(sql<SqlBool>`r.creada >= ${desde(r)} and r.creada < ${hasta(r)}`)
      .select([
        'l.id as idLider',
        'l.nombre as lider',
        sql<string>`coalesce((select min(u.username) from usuarios u where u.lider_id = l.id and u.nivel = 2 and u.eliminado is null), '')`.as(
          'username',
        ),
        sql<string>`to_char(date_trunc(${sql.lit(unidad)}, r.creada at time zone ${r.zona}), ${sql.lit(formato)})`.as(
          'periodo',
        ),
        sql<string>`coalesce(sum(r.monto) filter (where r.estado = 'exitosa'), 0)`.as('monto'),
        sql<string>`count(*)`.as('recargas'),
      ])
      // By the output name: the zone parameter would make a repeated expression differ.
      .groupBy([sql.ref('l.id'), sql.ref('l.nombre'), sql.ref('periodo')])
      .orderBy('l.nombre')
      .orderBy(sql.ref('periodo'))
      .execute()
  );
}
