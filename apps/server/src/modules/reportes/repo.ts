import type { ColumnaVenta, FilaVenta } from '@recargas/contracts/reportes';
import { CLAVES_VENTAS, TIPOS_RECARGA } from '@recargas/contracts/reportes';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { columnasConChips, condicionChips, hayChips } from '../../lib/chips.ts';
import { carrierSql, estadoSql } from '../../lib/etiquetas.ts';
import { finSql, inicioSql, type Rango } from '../../lib/fechas.ts';
import * as ventasChips from './ventasChips.ts';
import * as ventasDia from './ventasDia.ts';

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

const tipoTexto = sql`case r.tipo_recarga ${sql.join(
  Object.entries(TIPOS_RECARGA).map(([t, n]) => sql`when ${Number(t)} then ${n}`),
  sql` `,
)} else '' end`;

/**
 * The name columns: which table holds the name, and the id that points at it (the "Origen"
 * ones through the row's inventory line). Names are looked up by scalar subquery: the page plans
 * in under a millisecond (eight joins took 11 ms to plan).
 */
const deLaLinea = (columna: 'lider_id' | 'cliente_id' | 'subido_por') =>
  sql`(select ${sql.ref(`l.${columna}`)} from lineas l where l.id = r.linea_id)`;
const NOMBRES = {
  usuario: { tabla: 'usuarios', columna: 'username', id: sql`r.usuario_id` },
  nombre: { tabla: 'usuarios', columna: 'nombre', id: sql`r.usuario_id` },
  lider: { tabla: 'lideres', columna: 'nombre', id: sql`r.lider_id` },
  cliente: { tabla: 'clientes', columna: 'nombre', id: sql`r.cliente_id` },
  liderOrigen: {
    tabla: 'lideres',
    columna: 'nombre',
    id: deLaLinea('lider_id'),
  },
  clienteOrigen: {
    tabla: 'clientes',
    columna: 'nombre',
    id: deLaLinea('cliente_id'),
  },
  nombreOrigen: {
    tabla: 'usuarios',
    columna: 'nombre',
    id: deLaLinea('subido_por'),
  },
} as const satisfies Partial<
  Record<
    ColumnaVenta,
    { tabla: 'usuarios' | 'lideres' | 'clientes'; columna: string; id: RawBuilder<unknown> }
  >
>;
const esNombre = (col: ColumnaVenta): col is keyof typeof NOMBRES => col in NOMBRES;

/** The text each column shows: the chips match against it, the screen and the export print it. */
function texto(col: ColumnaVenta, zona: string): RawBuilder<unknown> {
  if (esNombre(col)) {
    const { tabla, columna, id } = NOMBRES[col];
    return sql`coalesce((select ${sql.ref(`x.${columna}`)} from ${sql.table(tabla)} x where x.id = ${id}), '')`;
  }
  switch (col) {
    case 'folioConfirmacion':
      return sql`coalesce(r.folio, r.folio_externo, '')`;
    case 'estatus':
      return estadoSql('r.estado');
    case 'mensaje':
      return sql`coalesce(r.mensaje, '')`;
    case 'fecha':
      return sql`to_char(r.creada at time zone ${zona}, 'YYYY/MM/DD HH24:MI:SS')`;
    case 'compania':
      return carrierSql('r.compania');
    case 'icc':
      return sql`r.icc`;
    case 'dn':
      return sql`r.dn`;
    case 'monto':
      return sql`r.monto::text`;
    case 'tipoRecarga':
      return tipoTexto;
  }
}

/**
 * A chip on a name column first finds the few matching rows of the names' table, then the
 * top-ups by id (a hashed list), instead of looking a name up for every top-up of the range. A
 * chip is never empty, so a top-up without a name matches neither way.
 */
function porNombre(col: ColumnaVenta, patron: string, empresaId: number): RawBuilder<unknown> | undefined {
  if (!esNombre(col)) return undefined;
  const { tabla, columna, id } = NOMBRES[col];
  return sql`${id} in (select x.id from ${sql.table(tabla)} x where x.empresa_id = ${empresaId}
    and ${sql.ref(`x.${columna}`)} ilike ${patron} escape '\\')`;
}

const desde = inicioSql;
const hasta = finSql;

/** A chip of 7 digits or more on the number (most of a number), which its pieces find (0033). */
const largo = (v: string) => /^\d{7,}$/.test(v);

/** A long chip on the number: its first and last six digits in the index of pieces, then the whole. */
const porPiezas = (v: string) =>
  largo(v)
    ? sql`(subcadenas(r.dn, 6) @> array[${v.slice(0, 6)}, ${v.slice(-6)}]::text[] and strpos(r.dn, ${v}) > 0)`
    : undefined;

/** The rows of a scope and range, chips applied; only the top-ups table is scanned. */
function base(db: Db, a: Alcance, r: Rango, filtros: Partial<Record<ColumnaVenta, string[]>>) {
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
  const chips: Expression<SqlBool> | undefined = condicionChips(
    filtros,
    (c) => texto(c, r.zona),
    (c, patron, v) => (c === 'dn' ? porPiezas(v) : porNombre(c, patron, a.empresaId)),
  );
  if (chips) q = q.where(chips);
  return q;
}

type FilaSinNumero = Omit<FilaVenta, 'numero'> & Posicion;

/** Chips on the number, every one long. */
const chipsDeNumeroLargos = ({ dn = [] }: Partial<Record<ColumnaVenta, string[]>>) =>
  dn.length > 0 && dn.every(largo);

export async function pagina(
  db: Db,
  a: Alcance,
  r: Rango,
  filtros: Partial<Record<ColumnaVenta, string[]>>,
  despues: Posicion | undefined,
  limite: number,
): Promise<FilaSinNumero[]> {
  const largos = chipsDeNumeroLargos(filtros);
  const consulta = (qb: Db) => {
    let q = base(qb, a, r, filtros);
    if (despues)
      q = q.where(sql<SqlBool>`(r.creada, r.id) < (${despues.creada}::timestamptz, ${despues.id}::bigint)`);
    // The page's rows first, their texts after: names are looked up for these rows only.
    const elegidas = q.selectAll('r').orderBy('r.creada', 'desc').orderBy('r.id', 'desc').limit(limite);
    const columnas = CLAVES_VENTAS.map((c) => texto(c, r.zona).as(c));
    return qb
      .selectFrom(elegidas.as('r'))
      .select(columnas)
      .select([
        sql<string>`to_char(r.creada at time zone ${r.zona}, 'YYYY-MM-DD')`.as('fechaExcel'),
        sql<string>`to_char(r.creada at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('creada'),
        sql<string>`r.id::text`.as('id'),
      ])
      .orderBy('r.creada', 'desc')
      .orderBy('r.id', 'desc')
      .execute();
  };
  // PostgreSQL cannot estimate a substring test of a column's text (it guesses 0.5 % a chip), so
  // with chips it expects a handful of matches and sorts every match of the range: 165 ms for
  // 93 days in bench:reports. Walking the (empresa_id, creada, id) index in order stops at the
  // page's last row: 2 ms. For this one statement sorting is priced out, and so are parallel
  // workers, whose start-up costs more than such a walk (JIT is off on every connection: the
  // walk's cost estimate, a whole range, passes jit_above_cost; database.ts). Long chips on
  // the number are the exception: so much of a number matches few rows, which the index of its
  // pieces (0033) finds at once, and the planner estimates them from that index's statistics.
  // Shorter ones are shared by many numbers (area codes: '551' is in 15 % of bench:reports' rows)
  // and still walk. The planner sees long chips only in a plan made for their values: the
  // connections plan generically (database.ts), and a generic plan ANDs the index's bitmap with
  // the whole range's (7 rows of 400 days: 110 ms generic, 1.7 ms planned for the values).
  const filas = !hayChips(filtros)
    ? await consulta(db)
    : await db.transaction().execute(async (tx) => {
        if (largos) {
          // One process: a worker's start cost more than the 15 rows it found (10M top-ups).
          await sql`select set_config('plan_cache_mode', 'force_custom_plan', true),
            set_config('max_parallel_workers_per_gather', '0', true)`.execute(tx);
          return consulta(tx);
        }
        await sql`set local enable_sort = off`.execute(tx);
        await sql`set local max_parallel_workers_per_gather = 0`.execute(tx);
        return consulta(tx);
      });
  return filas.map((f) => ({ ...f, monto: Number(f.monto) }) as unknown as FilaSinNumero);
}

/**
 * Columns whose text a top-up keeps once its day can no longer change; the names (usuario, lider,
 * the Origen ones) can be edited, so chips on them are always read from the rows.
 */
const FIJAS: readonly ColumnaVenta[] = [
  'folioConfirmacion',
  'estatus',
  'mensaje',
  'fecha',
  'compania',
  'icc',
  'dn',
  'monto',
  'tipoRecarga',
];

/** What a count with chips is kept under: the scope and the chips, columns and values sorted. */
const claveDe = (a: Alcance, filtros: Partial<Record<ColumnaVenta, string[]>>) =>
  JSON.stringify([
    a.liderId ?? null,
    a.usuarioId ?? null,
    a.plataforma ?? null,
    columnasConChips(filtros)
      .map(([c, v]) => [c, [...v].sort()])
      .sort(),
  ]);

/**
 * The rows of the range in scope (the numbering starts there). Without chips, a company's or a
 * leader's count comes from the day totals (ventasDia.ts, written on `d.escribe`, read on `d.lee`); one seller's rows are counted on
 * their own index. Chips match the text of each row: the days and hours that can no longer change
 * are counted once per scope and chips (ventasChips.ts), unless a chip is on a name.
 */
export async function contar(
  d: ventasDia.Destinos,
  a: Alcance,
  r: Rango,
  filtros: Partial<Record<ColumnaVenta, string[]>>,
): Promise<number> {
  if (!hayChips(filtros) && a.usuarioId === undefined) return ventasDia.contar(d, a, r);
  // Chips counted by day and hour are written as they are counted: on the primary.
  const db = d.escribe;
  // Planned for its values (the connections plan generically, database.ts), and by the date
  // index: PostgreSQL priced the number's trigram bitmap (0015, replaced by 0033) low even for a
  // common chip ('551': 116,000 rows read to count 423 of the live days, 19 ms against 8 by dates
  // alone).
  // The days and hours that can no longer change are read this way once (ventasChips.ts).
  const contarPor: ventasChips.ContarPor = (rr, horas) =>
    db.transaction().execute(async (tx) => {
      await sql`select set_config('plan_cache_mode', 'force_custom_plan', true),
        set_config('enable_bitmapscan', 'off', true)`.execute(tx);
      const q = base(tx, a, rr, filtros);
      return (await (horas
        ? q.where(
            sql<SqlBool>`r.creada >= ${horas.desde}::timestamptz and r.creada < ${horas.hasta}::timestamptz`,
          )
        : q
      )
        .select([
          (horas
            ? ventasChips.horaDe(sql`r.creada`, horas.desde)
            : sql<string>`to_char((r.creada at time zone ${rr.zona})::date, 'YYYY-MM-DD')`
          ).as('parte'),
          sql<number>`count(*)`.as('n'),
        ])
        .groupBy(sql`1`)
        .execute()) as { parte: string; n: number }[];
    });
  const columnas = columnasConChips(filtros);
  if (columnas.length > 0 && columnas.every(([c]) => FIJAS.includes(c)))
    return ventasChips.contar(db, a.empresaId, r, claveDe(a, filtros), contarPor);
  const f = await base(d.lee, a, r, filtros).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(f.n);
}
