import { type Selectable, sql, type Transaction } from 'kysely';
import { type Db, preparada } from '../../db/database.ts';
import type { DB, RecargasTable } from '../../db/schema.ts';

export type Recarga = Selectable<RecargasTable>;
type Tx = Transaction<DB>;

/**
 * A top-up row's columns, named: the prepared statements return these and not `*`, whose
 * result type would change when a migration adds a column while servers run (PostgreSQL then
 * refuses a prepared plan: 'cached plan must not change result type').
 */
const COLUMNAS = [
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
] as const satisfies readonly (keyof Recarga)[];
// Every column is listed: a column added to the table type and not here fails to compile.
const _todas: Exclude<keyof Recarga, (typeof COLUMNAS)[number]> extends never ? true : never = true;
const columnasSql = sql.join(COLUMNAS.map((c) => sql.ref(c)));

export const proveedorPorId = (db: Db, id: number) =>
  db.selectFrom('proveedores').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The platform user chosen for a carrier (0007) and the provider row of its platform. */
export interface PlataformaElegida {
  id: number;
  usuario: string;
  proveedor: { id: number; empresa_id: number; codigo: string; adaptador: string };
}

/**
 * Everything a top-up needs to be written, in one round trip: the company's settings and
 * no-user cap, the platform's provider row, the caller's limit and links (none for the public
 * screen), today's date in `zona` (the day the limits count) and the platform user chosen per carrier.
 */
export async function contexto(db: Db, empresaId: number, numero: number, usuarioId: number | null) {
  const r = await sql<{
    ajustes: Record<string, unknown>;
    max_sin_usuario: number;
    proveedor: { id: number; empresa_id: number; codigo: string; adaptador: string };
    max_recargas: number | null;
    lider_id: number | null;
    cliente_id: number | null;
    zona: string | null;
    carriers: Record<string, PlataformaElegida>;
  }>`${preparada} select e.ajustes, e.max_recargas_sin_usuario as max_sin_usuario,
        json_build_object('id', p.id, 'empresa_id', p.empresa_id, 'codigo', p.codigo, 'adaptador', p.adaptador) as proveedor,
        u.max_recargas, u.lider_id, u.cliente_id, e.ajustes->>'zonaHoraria' as zona,
        (select coalesce(json_object_agg(pc.carrier, json_build_object('id', pe.id, 'usuario', pe.username,
            'proveedor', json_build_object('id', pp.id, 'empresa_id', pp.empresa_id, 'codigo', pp.codigo, 'adaptador', pp.adaptador))), '{}')
          from plataformas_carrier pc
          join plataformas_empresa pe on pe.id = pc.plataforma_empresa_id and pe.empresa_id = pc.empresa_id
          join proveedores pp on pp.id = pe.proveedor_id
          where pc.empresa_id = e.id) as carriers
      from empresas e
      join proveedores p on p.empresa_id = e.id and p.numero = ${numero}
      left join usuarios u on u.id = ${usuarioId} and u.empresa_id = e.id and u.eliminado is null
      where e.id = ${empresaId}`.execute(db);
  return r.rows[0];
}

export type NuevaRecarga = Pick<
  Recarga,
  | 'empresa_id'
  | 'usuario_id'
  | 'idempotencia'
  | 'proveedor_id'
  | 'icc'
  | 'dn'
  | 'compania'
  | 'monto'
  | 'tipo'
  | 'tipo_recarga'
  | 'folio_externo'
  | 'lider_id'
  | 'cliente_id'
  | 'estado'
> & { linea_id?: number | null; plataforma_usuario_id?: number | null };

/** The constraint that refuses a count past the day's limit. */
export const LIMITE_ALCANZADO = 'conteo_recargas_limite';

/**
 * Writes the top-up and counts it against the day's limit in one statement: past the limit
 * the counter's CHECK fails and the whole statement, row included, is undone. A key used
 * before inserts and counts nothing and returns undefined.
 */
export async function insertarYContar(db: Db, f: NuevaRecarga, zona: string, limite: number) {
  const r = await sql<Recarga>`${preparada} with nueva as (
      insert into recargas (empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto, tipo,
        tipo_recarga, folio_externo, lider_id, cliente_id, estado, enviada, dia, linea_id, plataforma_usuario_id)
      values (${f.empresa_id}, ${f.usuario_id}, ${f.idempotencia}, ${f.proveedor_id}, ${f.icc}, ${f.dn}, ${f.compania},
        ${f.monto}, ${f.tipo}, ${f.tipo_recarga}, ${f.folio_externo}, ${f.lider_id}, ${f.cliente_id}, ${f.estado},
        case when ${f.estado} = 'pendiente' then now() end, (now() at time zone ${zona})::date, ${f.linea_id ?? null}::bigint, ${f.plataforma_usuario_id ?? null}::int)
      on conflict (empresa_id, idempotencia) do nothing
      returning ${columnasSql}
    ), cuenta as (
      insert into conteo_recargas as c (empresa_id, usuario_id, dia, n, limite)
      select empresa_id, coalesce(usuario_id, 0), dia, 1, ${limite}::int from nueva
      on conflict (empresa_id, usuario_id, dia) do update set n = c.n + 1, limite = excluded.limite
      returning n
    )
    select ${columnasSql} from nueva, cuenta`.execute(db);
  return r.rows[0];
}

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

/** Closes an open row; the guard keeps a decided row from being decided again. */
export const cerrar = (
  db: Db | Tx,
  id: number,
  cambios: { estado: 'exitosa' | 'fallida'; folio?: string | null; mensaje?: string | null },
) =>
  db
    .updateTable('recargas')
    .set({ ...cambios, terminada: new Date() })
    .where('id', '=', id)
    .where('estado', 'in', ['pendiente', 'enviada'])
    .returning(COLUMNAS)
    .modifyEnd(preparada)
    .executeTakeFirst();

export const contarConsulta = (db: Db, id: number) =>
  db
    .updateTable('recargas')
    .set((eb) => ({ consultas: eb('consultas', '+', 1) }))
    .where('id', '=', id)
    .execute();

/** Open rows older than `segundos`, oldest first (the sweep). */
export const abiertas = (db: Db, segundos: number, limite: number) =>
  db
    .selectFrom('recargas')
    .select('id')
    .where('estado', 'in', ['pendiente', 'enviada'])
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
