import { type Selectable, sql, type Transaction } from 'kysely';
import { type Db, sentencia } from '../../db/database.ts';
import type { DB, RecargasTable } from '../../db/schema.ts';
import type { FilaProveedor } from '../../providers/registro.ts';

export type Recarga = Selectable<RecargasTable>;
type Tx = Transaction<DB>;

/**
 * A top-up row's columns, named: the prepared statements return these and not `*`, whose
 * result type would change when a migration adds a column while servers run (PostgreSQL then
 * refuses a prepared plan: 'cached plan must not change result type').
 */
export const COLUMNAS = [
  'id',
  'empresa_id',
  'usuario_id',
  'idempotencia',
  'proveedor_id',
  'icc',
  'dn',
  'compania',
  'monto',
  'tipo',
  'tipo_recarga',
  'folio_externo',
  'estado',
  'mensaje',
  'folio',
  'lider_id',
  'cliente_id',
  'dia',
  'creada',
  'enviada',
  'terminada',
  'consultas',
  'linea_id',
  'plataforma_usuario_id',
  'huella',
  'falla',
] as const satisfies readonly (keyof Recarga)[];
// Every column is listed: a column added to the table type and not here fails to compile.
const _todas: Exclude<keyof Recarga, (typeof COLUMNAS)[number]> extends never ? true : never = true;
export const columnasTexto = COLUMNAS.join(', ');

export const proveedorPorId = (db: Db, id: number) =>
  db.selectFrom('proveedores').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The platform user chosen for a carrier (0007) and the provider row of its platform. */
export interface PlataformaElegida {
  id: number;
  usuario: string;
  proveedor: FilaProveedor;
}

/** What a top-up reads of its company; it changes with the company's `version` (0014). */
export interface FilaEmpresa {
  version: number;
  ajustes: Record<string, unknown>;
  max_sin_usuario: number;
  /** Provider rows by platform number (1, 2). */
  proveedores: Record<string, FilaProveedor>;
  carriers: Record<string, PlataformaElegida>;
  /** The second platform user of each carrier that has one (0027). */
  respaldos: Record<string, PlataformaElegida>;
}

const proveedorJson = (p: string) =>
  `json_build_object('id', ${p}.id, 'empresa_id', ${p}.empresa_id, 'numero', ${p}.numero, 'codigo', ${p}.codigo, 'adaptador', ${p}.adaptador,
    'cuenta', ${p}.cuenta, 'operadores', ${p}.operadores)`;

/** The platform user chosen per carrier in `tabla` (plataformas_carrier or plataformas_respaldo). */
const elegidasEn = (tabla: string) => `(select coalesce(json_object_agg(pc.carrier, json_build_object(
      'id', pe.id, 'usuario', pe.username, 'proveedor', ${proveedorJson('pp')})), '{}')
      from ${tabla} pc
      join plataformas_empresa pe on pe.id = pc.plataforma_empresa_id and pe.empresa_id = pc.empresa_id
      join proveedores pp on pp.id = pe.proveedor_id
      where pc.empresa_id = e.id)`;

const filaEmpresa = sentencia<FilaEmpresa>(`select e.version, e.ajustes,
    e.max_recargas_sin_usuario as max_sin_usuario,
    (select coalesce(json_object_agg(p.numero, ${proveedorJson('p')}), '{}')
      from proveedores p where p.empresa_id = e.id) as proveedores,
    ${elegidasEn('plataformas_carrier')} as carriers,
    ${elegidasEn('plataformas_respaldo')} as respaldos
  from empresas e where e.id = $1`);

/** The company's settings, no-user cap, providers and the platform user chosen per carrier. */
export const empresa = async (db: Db, empresaId: number) => (await filaEmpresa(db, [empresaId]))[0];

/** A user's limit and links, for a top-up asked without a session (a block's line). */
export const cuenta = (db: Db, empresaId: number, usuarioId: number) =>
  db
    .selectFrom('usuarios as u')
    .innerJoin('empresas as e', 'e.id', 'u.empresa_id')
    .select(['u.max_recargas', 'u.is_monto', 'u.lider_id', 'u.cliente_id', 'e.version'])
    .where('u.id', '=', usuarioId)
    .where('u.empresa_id', '=', empresaId)
    .where('u.eliminado', 'is', null)
    .executeTakeFirst();

export const porClave = (db: Db, empresaId: number, clave: string) =>
  db
    .selectFrom('recargas')
    .selectAll()
    .where('empresa_id', '=', empresaId)
    .where('idempotencia', '=', clave)
    .executeTakeFirstOrThrow();

export const buscarPorClave = (db: Db | Tx, empresaId: number, clave: string) =>
  db
    .selectFrom('recargas')
    .selectAll()
    .where('empresa_id', '=', empresaId)
    .where('idempotencia', '=', clave)
    .executeTakeFirst();

export const porId = (db: Db, id: number) =>
  db.selectFrom('recargas').selectAll().where('id', '=', id).executeTakeFirst();

/** Gives back the count of a top-up that failed: it moved no money. */
export const descontar = (tx: Tx, r: Recarga) =>
  tx
    .updateTable('conteo_recargas')
    .set((eb) => ({ n: eb('n', '-', 1) }))
    .where('empresa_id', '=', r.empresa_id)
    .where('usuario_id', '=', r.usuario_id ?? 0)
    .where('dia', '=', r.dia)
    .where('n', '>', 0)
    .execute();

/**
 * An open row moves to the next platform (the first certainly did not take it), before it is
 * sent there: reconciliation then asks the platform that may have it.
 */
export const moverAPlataforma = (
  db: Db,
  id: number,
  destino: { proveedor_id: number; plataforma_usuario_id: number | null },
) =>
  db
    .updateTable('recargas')
    .set(destino)
    .where('id', '=', id)
    .where('estado', 'in', ['pendiente', 'enviada'])
    .returning(COLUMNAS)
    .executeTakeFirst();

export const contarConsulta = (db: Db, id: number) =>
  db
    .updateTable('recargas')
    .set((eb) => ({ consultas: eb('consultas', '+', 1) }))
    .where('id', '=', id)
    .execute();

/**
 * The company's other rows on the same platform of the same number and amount created within
 * `ms` of `cuando` (a provider without our ids tells its sales apart by these: TAECEL).
 */
export const vecinas = (db: Db, f: Recarga, cuando: Date, ms: number) =>
  db
    .selectFrom('recargas')
    .select(['folio', 'estado'])
    .where('empresa_id', '=', f.empresa_id)
    .where('creada', '>=', new Date(cuando.getTime() - ms))
    .where('creada', '<=', new Date(cuando.getTime() + ms))
    .where('proveedor_id', '=', f.proveedor_id)
    .where('dn', '=', f.dn)
    .where('monto', '=', f.monto)
    .where('id', '<>', f.id)
    .execute();

/** Open rows older than `segundos`, oldest first (the sweep), from the table of open rows (0043). */
export const abiertas = (db: Db, segundos: number, limite: number) =>
  db
    .selectFrom('recargas_en_curso')
    .select('id')
    .where('creada', '<', sql<Date>`now() - make_interval(secs => ${segundos})`)
    .orderBy('creada')
    .limit(limite)
    .execute();

/** The last movements of a user (spec: the last 10). */
export const ultimas = (db: Db, empresaId: number, usuarioId: number, n: number) =>
  db
    .selectFrom('recargas')
    .select(['estado', 'creada', 'compania', 'dn', 'icc', 'monto'])
    .where('empresa_id', '=', empresaId)
    .where('usuario_id', '=', usuarioId)
    .orderBy('creada', 'desc')
    .orderBy('id', 'desc')
    .limit(n)
    .execute();
