import type { ColumnaAuditoria, FiltrosAuditoria, TipoAuditoria } from '@recargas/contracts/auditoria';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditoriaTable } from '../../db/schema/auditoria.ts';
import { condicionChips } from '../../lib/chips.ts';
import { type Cursor, claveCursor, despuesDe } from '../../lib/cursor.ts';

export type NuevaFila = Insertable<AuditoriaTable>;

/** Trail rows in one INSERT, inside the caller's transaction (the change's own). */
export const insertar = (db: Db, filas: NuevaFila[]) =>
  filas.length === 0
    ? Promise.resolve()
    : db
        .insertInto('auditoria')
        .values(filas)
        .execute()
        .then(() => {});

/**
 * The INSERT of one trail row per row of `fuente` (a subquery or CTE of the caller's statement
 * with columns empresa_id, usuario_id, usuario, ip, tipo, tabla, fila, antes, despues), for a
 * change written by one statement: the row and its record go together, with no round trip more.
 * A null `usuario` is the name of `usuario_id` now.
 */
export const insertarDesde = (fuente: string) => `insert into auditoria
    (empresa_id, usuario_id, usuario, ip, tipo, tabla, fila, antes, despues)
  select f.empresa_id, f.usuario_id,
    coalesce(f.usuario, (select u.username from usuarios u where u.id = f.usuario_id), ''),
    f.ip, f.tipo, f.tabla, f.fila, f.antes, f.despues
  from ${fuente} f`;

/** What the list reads: a company's rows of days desde..hasta in its zone, chips, kinds chosen by the chips. */
export interface Consulta {
  empresaId: number;
  desde: string;
  hasta: string;
  zona: string;
  filtros: FiltrosAuditoria;
  /** The kinds the `tipo` chips name (undefined: no such chip). */
  tipos: TipoAuditoria[] | undefined;
}

const TEXTO: Record<Exclude<ColumnaAuditoria, 'fecha' | 'antes' | 'despues' | 'tipo'>, string> = {
  usuario: 'a.usuario',
  ip: 'a.ip',
  tabla: 'a.tabla',
  fila: 'a.fila',
};

const base = (db: Db, c: Consulta) => {
  let q = db
    .selectFrom('auditoria as a')
    .where('a.empresa_id', '=', c.empresaId)
    .where('a.fecha', '>=', sql<Date>`${c.desde}::date::timestamp at time zone ${c.zona}`)
    .where('a.fecha', '<', sql<Date>`(${c.hasta}::date + 1)::timestamp at time zone ${c.zona}`);
  const { tipo: _tipo, ...resto } = c.filtros;
  const chips = condicionChips(resto, (col) => sql.raw(`coalesce(${TEXTO[col]}, '')`));
  if (chips) q = q.where(chips);
  if (c.tipos) q = c.tipos.length === 0 ? q.where(sql<boolean>`false`) : q.where('a.tipo', 'in', c.tipos);
  return q;
};

const COLUMNAS = [
  'a.id',
  'a.fecha',
  'a.usuario_id',
  'a.usuario',
  'a.ip',
  'a.tipo',
  'a.tabla',
  'a.fila',
  'a.antes',
  'a.despues',
] as const;

/** One page, newest first, read with keyset after `cursor`. */
export function pagina(db: Db, c: Consulta, cursor: Cursor | undefined, n: number) {
  let q = base(db, c).select([...COLUMNAS, claveCursor('a.fecha').as('k')]);
  if (cursor) q = q.where(despuesDe('a.fecha', 'a.id', cursor));
  return q.orderBy('a.fecha', 'desc').orderBy('a.id', 'desc').limit(n).execute();
}

export async function contar(db: Db, c: Consulta): Promise<number> {
  const { n } = await base(db, c)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export const porId = (db: Db, empresaId: number, id: number) =>
  db
    .selectFrom('auditoria as a')
    .select(COLUMNAS)
    .where('a.id', '=', id)
    .where('a.empresa_id', '=', empresaId)
    .executeTakeFirst();

/** The settings history of /in/configuraciones: the company's `configuracion` rows, newest first. */
export function configuraciones(db: Db, empresaId: number, cursor: Cursor | undefined, n: number) {
  let q = db
    .selectFrom('auditoria as a')
    .select([...COLUMNAS, claveCursor('a.fecha').as('k')])
    .where('a.empresa_id', '=', empresaId)
    .where('a.tipo', '=', 'configuracion');
  if (cursor) q = q.where(despuesDe('a.fecha', 'a.id', cursor));
  return q.orderBy('a.fecha', 'desc').orderBy('a.id', 'desc').limit(n).execute();
}

export async function contarConfiguraciones(db: Db, empresaId: number): Promise<number> {
  const { n } = await db
    .selectFrom('auditoria')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('empresa_id', '=', empresaId)
    .where('tipo', '=', 'configuracion')
    .executeTakeFirstOrThrow();
  return Number(n);
}
