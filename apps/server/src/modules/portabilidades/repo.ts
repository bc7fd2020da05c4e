import { M } from '@recargas/contracts/mensajes';
import type { ColumnaPorta, FiltrosPortas } from '@recargas/contracts/portabilidades';
import {
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
  type UpdateObject,
} from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DB, PortabilidadesTable } from '../../db/schema.ts';
import { condicionChips } from '../../lib/chips.ts';
import type { Cursor } from '../../lib/cursor.ts';
import { carrierSql } from '../../lib/etiquetas.ts';
import { finSql, inicioSql, type Rango } from '../../lib/fechas.ts';

type Tx = Transaction<DB>;
export type FilaPorta = Selectable<PortabilidadesTable>;

export type { Cursor } from '../../lib/cursor.ts';

const desde = inicioSql;
const hasta = finSql;

const na = (v: RawBuilder<unknown>) => sql<string>`coalesce(${v}, ${M.na})`;
const fecha = (col: string, zona: string) =>
  sql<string>`coalesce(to_char(${sql.ref(col)} at time zone ${zona}, 'YYYY/MM/DD HH24:MI'), '')`;

/** What each column shows ('NA' for the missing fields of section 3): the chips match this. */
function textoColumna(c: ColumnaPorta, zona: string): RawBuilder<unknown> {
  switch (c) {
    case 'icc':
      return sql`p.icc`;
    case 'leaderName':
      return sql`coalesce(p.lider_nombre, '')`;
    case 'clientName':
      return sql`coalesce(p.cliente_nombre, '')`;
    case 'inter':
      return na(sql`p.inter`);
    case 'insertedDate':
      return fecha('p.insertada', zona);
    case 'username':
      return sql`coalesce(u.username, '')`;
    case 'rechargeAmount':
      return na(sql`p.monto_recarga::text`);
    case 'nip':
      return na(sql`p.nip`);
    case 'originCarrier':
      return na(carrierSql('p.carrier_origen'));
    case 'originDn':
      return na(sql`p.dn_origen`);
    case 'destinationCarrier':
      return sql`coalesce(${carrierSql('p.carrier_destino')}, '')`;
    case 'destinationDn':
      return sql`coalesce(p.dn_destino, '')`;
    case 'portDate':
      return fecha('p.fecha_porta', zona);
    case 'rechargeDate':
      return fecha('p.fecha_recarga', zona);
    case 'isPort':
      return sql`case when p.is_port then ${M.si} else ${M.no} end`;
  }
}

/** A row as the screen wants it: the uploader's username and the state of its last top-up. */
export type PortaVista = FilaPorta & {
  username: string | null;
  recarga_estado: string | null;
  recarga_terminada: Date | null;
  k: string;
};

const columnasVista = [
  'p.id',
  'p.empresa_id',
  'p.icc',
  'p.lider_nombre',
  'p.cliente_nombre',
  'p.inter',
  'p.insertada',
  'p.usuario_id',
  'p.monto_recarga',
  'p.nip',
  'p.carrier_origen',
  'p.carrier_destino',
  'p.dn_origen',
  'p.dn_destino',
  'p.fecha_porta',
  'p.is_port',
  'p.mensaje_porta',
  'p.fecha_recarga',
  'p.recarga_id',
  'p.intentos_recarga',
  'p.actualizada',
  'u.username',
  'r.estado as recarga_estado',
  'r.terminada as recarga_terminada',
] as const;

/** The company's rows `p` with their uploader `u` and top-up `r`, which `columnasVista` reads. */
function base(db: Db | Tx, empresaId: number) {
  return db
    .selectFrom('portabilidades as p')
    .leftJoin('usuarios as u', 'u.id', 'p.usuario_id')
    .leftJoin('recargas as r', 'r.id', 'p.recarga_id')
    .where('p.empresa_id', '=', empresaId);
}

function filtrado(db: Db, empresaId: number, r: Rango, filtros: FiltrosPortas) {
  let q = base(db, empresaId).where(sql<SqlBool>`p.insertada >= ${desde(r)} and p.insertada < ${hasta(r)}`);
  const chips = condicionChips(filtros, (c) => textoColumna(c, r.zona));
  if (chips) q = q.where(chips);
  return q;
}

export async function pagina(
  db: Db,
  empresaId: number,
  r: Rango,
  filtros: FiltrosPortas,
  despues: Cursor | undefined,
  limite: number,
): Promise<PortaVista[]> {
  let q = filtrado(db, empresaId, r, filtros);
  if (despues)
    q = q.where(
      sql<SqlBool>`(p.insertada, p.id) < ((${despues.k}::timestamp at time zone 'UTC'), ${despues.id}::bigint)`,
    );
  const filas = await q
    .select(columnasVista)
    .select(sql<string>`to_char(p.insertada at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`.as('k'))
    .orderBy('p.insertada', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limite)
    .execute();
  return filas.map(normalizar) as PortaVista[];
}

export async function contar(db: Db, empresaId: number, r: Rango, filtros: FiltrosPortas) {
  const f = await filtrado(db, empresaId, r, filtros)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(f.n);
}

/** bigint columns arrive as text from pg. */
const normalizar = <T extends { id: unknown; recarga_id: unknown }>(f: T) => ({
  ...f,
  id: Number(f.id),
  recarga_id: f.recarga_id === null ? null : Number(f.recarga_id),
});

/** One row of the company, as the screen shows it. */
export async function vista(db: Db | Tx, empresaId: number, id: number): Promise<PortaVista | undefined> {
  const f = await base(db, empresaId)
    .where('p.id', '=', id)
    .select(columnasVista)
    .select(sql<string>`''`.as('k'))
    .executeTakeFirst();
  return f ? (normalizar(f) as PortaVista) : undefined;
}

export type Cambios = Partial<
  Pick<
    PortabilidadesTable,
    | 'lider_nombre'
    | 'cliente_nombre'
    | 'monto_recarga'
    | 'dn_origen'
    | 'carrier_origen'
    | 'dn_destino'
    | 'carrier_destino'
    | 'nip'
    | 'fecha_porta'
    | 'is_port'
    | 'mensaje_porta'
    | 'fecha_recarga'
    | 'recarga_id'
    | 'intentos_recarga'
  >
>;

/** An update of the company's row `id` that stamps `actualizada`; callers add their own conditions. */
const cambiarFila = (
  db: Db | Tx,
  empresaId: number,
  id: number,
  cambios: UpdateObject<DB, 'portabilidades'>,
) =>
  db
    .updateTable('portabilidades')
    .set({ ...cambios, actualizada: sql`now()` })
    .where('empresa_id', '=', empresaId)
    .where('id', '=', id);

export async function actualizar(db: Db | Tx, empresaId: number, id: number, cambios: Cambios) {
  await cambiarFila(db, empresaId, id, cambios as never).execute();
}

/** Activation's number, only on a row still without one (of two presses, one writes). */
export async function activar(db: Db, empresaId: number, id: number, dn: string) {
  const r = await cambiarFila(db, empresaId, id, { dn_destino: dn })
    .where('dn_destino', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * A port's outcome, only on the row as it was when the port was asked (same portDate, not
 * ported): a second press that raced the first writes nothing.
 */
export async function registrarPorta(
  db: Db,
  empresaId: number,
  id: number,
  fechaVista: Date | null,
  r: { is_port: boolean; mensaje_porta: string },
) {
  const u = await cambiarFila(db, empresaId, id, { ...r, fecha_porta: sql`now()` })
    .where('is_port', '=', false)
    .where('dn_destino', 'is not', null)
    // A JS date holds milliseconds; the column holds microseconds.
    .where(
      sql<SqlBool>`date_trunc('milliseconds', fecha_porta) is not distinct from ${fechaVista}::timestamptz`,
    )
    .executeTakeFirst();
  return Number(u.numUpdatedRows) === 1;
}

/** The row's top-up, and its recharge date once that top-up succeeded (the first date stays). */
export async function anotarRecarga(
  db: Db,
  empresaId: number,
  id: number,
  recargaId: number,
  exitosa: boolean,
) {
  await cambiarFila(db, empresaId, id, {
    recarga_id: recargaId,
    fecha_recarga: exitosa ? sql`coalesce(fecha_recarga, now())` : sql`fecha_recarga`,
  }).execute();
}

/** Provider row of a company's platform `numero`. */
export async function proveedorPlataforma(db: Db, empresaId: number, numero: number) {
  return db
    .selectFrom('proveedores')
    .select(['id', 'empresa_id', 'codigo', 'adaptador', 'cuenta', 'operadores'])
    .where('empresa_id', '=', empresaId)
    .where('numero', '=', numero)
    .executeTakeFirst();
}

/**
 * A failed attempt of attempt `intento`: the next press gets a new key. Only once per attempt,
 * however many presses saw the same failure.
 */
export async function siguienteIntento(db: Db, empresaId: number, id: number, intento: number) {
  await cambiarFila(db, empresaId, id, { intentos_recarga: intento + 1 })
    .where('intentos_recarga', '=', intento)
    .execute();
}

/** The newest row of the company with that destination number that was ported (the detail). */
export async function portadaPorDn(db: Db, empresaId: number, dn: string) {
  return db
    .selectFrom('portabilidades')
    .select(['id', 'dn_destino'])
    .where('empresa_id', '=', empresaId)
    .where('dn_destino', '=', dn)
    .where('fecha_porta', 'is not', null)
    .orderBy('insertada', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type NuevaPorta = Pick<PortabilidadesTable, 'empresa_id' | 'icc'> &
  Partial<
    Pick<
      PortabilidadesTable,
      | 'lider_nombre'
      | 'cliente_nombre'
      | 'inter'
      | 'usuario_id'
      | 'monto_recarga'
      | 'nip'
      | 'carrier_origen'
      | 'carrier_destino'
      | 'dn_origen'
      | 'dn_destino'
      | 'fecha_porta'
      | 'fecha_recarga'
    >
  > & { insertada?: Date; is_port?: boolean };

export async function insertar(db: Db | Tx, filas: NuevaPorta[]) {
  if (filas.length === 0) return;
  await db.insertInto('portabilidades').values(filas).execute();
}
