import { type Selectable, sql, type Transaction } from 'kysely';
import { type Db, sentencia } from '../../db/database.ts';
import { enLotes, porBase } from '../../db/lotes.ts';
import type { DB, RecargasTable } from '../../db/schema.ts';
import type { FilaProveedor } from '../../providers/registro.ts';
import * as auditoria from '../auditoria/service.ts';

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
  'huella',
] as const satisfies readonly (keyof Recarga)[];
// Every column is listed: a column added to the table type and not here fails to compile.
const _todas: Exclude<keyof Recarga, (typeof COLUMNAS)[number]> extends never ? true : never = true;
const columnasTexto = COLUMNAS.join(', ');

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
> & { linea_id?: number | null; plataforma_usuario_id?: number | null; huella?: string | null };

/** The constraint that refuses a count past the day's limit. */
export const LIMITE_ALCANZADO = 'conteo_recargas_limite';

/**
 * Writes top-ups and counts them against their day's limits in one statement: past a limit the
 * counter's CHECK fails and the whole statement, rows included, is undone. Each (company, user,
 * day) is counted once with the sum of its rows. A key used before, or twice in the entries,
 * inserts once (ON CONFLICT DO NOTHING); the count is of the rows written.
 */
const insertarVarias = sentencia<Recarga>(`with entrada as (
    select * from unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[],
      $8::int[], $9::text[], $10::int2[], $11::text[], $12::int[], $13::int[], $14::text[], $15::text[],
      $16::bigint[], $17::int[], $18::int[], $19::text[])
      with ordinality as e(empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto, tipo,
        tipo_recarga, folio_externo, lider_id, cliente_id, estado, zona, linea_id, plataforma_usuario_id, limite,
        huella, orden)
  ), nueva as (
    insert into recargas (empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto, tipo,
      tipo_recarga, folio_externo, lider_id, cliente_id, estado, enviada, dia, linea_id, plataforma_usuario_id,
      huella)
    select empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto, tipo,
      tipo_recarga, folio_externo, lider_id, cliente_id, estado, case when estado = 'pendiente' then now() end,
      (now() at time zone zona)::date, linea_id, plataforma_usuario_id, huella
    from entrada order by orden
    on conflict (empresa_id, idempotencia) do nothing
    returning ${columnasTexto}
  ), cuenta as (
    insert into conteo_recargas as c (empresa_id, usuario_id, dia, n, limite)
    select k.empresa_id, k.usuario_id, k.dia, k.n, l.limite
    from (select empresa_id, coalesce(usuario_id, 0) as usuario_id, dia, count(*)::int as n
          from nueva group by 1, 2, 3) k
    join (select empresa_id, coalesce(usuario_id, 0) as usuario_id, max(limite) as limite
          from entrada group by 1, 2) l using (empresa_id, usuario_id)
    on conflict (empresa_id, usuario_id, dia) do update set n = c.n + excluded.n, limite = excluded.limite
  )
  select ${columnasTexto} from nueva`);

/** A top-up to write: the row, the day's zone and the caller's limit. */
export interface Escritura {
  fila: NuevaRecarga;
  zona: string;
  limite: number;
}

/** One top-up written and counted (insertarVarias); undefined when its key was used before. */
export const insertarYContar = async (db: Db | Tx, fila: NuevaRecarga, zona: string, limite: number) =>
  (await insertarVarias(db, columnas([{ fila, zona, limite }])))[0];
/** What became of one: the row written, undefined when its key was used before, or the error. */
export type Escrita = { fila: Recarga | undefined } | { error: unknown };

/**
 * Writes top-ups by number in batches (db/lotes.ts): one statement and one commit for every
 * request that came while the last ones were being written. If the batch fails (a limit reached
 * by one of them, anything else), nothing of it was written and each entry is written alone, so
 * only its own error reaches each caller.
 */
export const escribir = porBase((db: Db) =>
  enLotes(async (entradas: Escritura[]): Promise<Escrita[]> => {
    if (entradas.length > 1) {
      try {
        const filas = await insertarVarias(db, columnas(entradas));
        const porClave = new Map(filas.map((f) => [`${f.empresa_id}:${f.idempotencia}`, f]));
        return entradas.map(({ fila }) => {
          const clave = `${fila.empresa_id}:${fila.idempotencia}`;
          const escrita = porClave.get(clave);
          porClave.delete(clave); // a key twice in the batch: the first caller sends it, the other answers
          return { fila: escrita };
        });
      } catch {}
    }
    return Promise.all(
      entradas.map(({ fila, zona, limite }) =>
        insertarYContar(db, fila, zona, limite).then(
          (f) => ({ fila: f }),
          (error: unknown) => ({ error }),
        ),
      ),
    );
  }),
);

/** The entries as the batch statement's arrays, one per column. */
const columnas = (entradas: Escritura[]) => {
  const de = <T>(f: (e: Escritura) => T) => entradas.map(f);
  return [
    de((e) => e.fila.empresa_id),
    de((e) => e.fila.usuario_id),
    de((e) => e.fila.idempotencia),
    de((e) => e.fila.proveedor_id),
    de((e) => e.fila.icc),
    de((e) => e.fila.dn),
    de((e) => e.fila.compania),
    de((e) => e.fila.monto),
    de((e) => e.fila.tipo),
    de((e) => e.fila.tipo_recarga),
    de((e) => e.fila.folio_externo),
    de((e) => e.fila.lider_id),
    de((e) => e.fila.cliente_id),
    de((e) => e.fila.estado),
    de((e) => e.zona),
    de((e) => e.fila.linea_id ?? null),
    de((e) => e.fila.plataforma_usuario_id ?? null),
    de((e) => e.limite),
    de((e) => e.fila.huella ?? null),
  ];
};

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
/** Who closes a top-up, and the state it leaves, for its trail row (issue 22). */
export interface Rastro {
  antes: string;
  quien: auditoria.Actor;
}

/**
 * The trail row of each top-up closed by CTE `c` (its UPDATE returns the row and a_* columns):
 * recorded by the closing statement itself, so a close costs no round trip more.
 */
const rastroDe = (c: string) =>
  auditoria.insertarDesde(`(select c.empresa_id, c.a_usuario_id as usuario_id, c.a_usuario as usuario,
    c.a_ip as ip, 'recarga' as tipo, 'recargas' as tabla, c.id::text as fila,
    jsonb_build_object('estado', c.a_antes) as antes,
    case when c.estado = 'exitosa' then jsonb_build_object('estado', c.estado, 'folio', c.folio)
      else jsonb_build_object('estado', c.estado, 'mensaje', c.mensaje) end as despues
    from ${c} c)`);

const cerrarUna = sentencia<Recarga>(`with c as (
    update recargas r set estado = $2::text,
      folio = case when $2::text = 'exitosa' then $3::text else r.folio end,
      mensaje = case when $2::text = 'fallida' then $4::text else r.mensaje end,
      terminada = now()
    where r.id = $1 and r.estado in ('pendiente', 'enviada')
    returning ${COLUMNAS.map((c) => `r.${c}`).join(', ')}, $5::text as a_antes, $6::int as a_usuario_id,
      $7::text as a_usuario, $8::text as a_ip
  ), a as (${rastroDe('c')})
  select ${COLUMNAS.join(', ')} from c`);

/** Closes an open row, with its trail row; the guard keeps a decided row from being decided again. */
export const cerrar = async (
  db: Db | Tx,
  fila: Pick<Recarga, 'id' | 'estado'>,
  cambios: { estado: 'exitosa' | 'fallida'; folio?: string | null; mensaje?: string | null },
  q: auditoria.Actor,
) =>
  (
    await cerrarUna(db as Db, [
      fila.id,
      cambios.estado,
      cambios.folio ?? null,
      cambios.mensaje ?? null,
      fila.estado,
      q.usuarioId,
      q.usuario,
      q.ip,
    ])
  )[0];

const cerrarExitosas = sentencia<Recarga>(`with c as (
    update recargas r set estado = 'exitosa', folio = v.folio, terminada = now()
    from unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[])
      as v(id, folio, antes, usuario_id, usuario, ip)
    where r.id = any($1::bigint[]) and r.id = v.id and r.estado in ('pendiente', 'enviada')
    returning ${COLUMNAS.map((c) => `r.${c}`).join(', ')}, v.antes as a_antes, v.usuario_id as a_usuario_id,
      v.usuario as a_usuario, v.ip as a_ip
  ), a as (${rastroDe('c')})
  select ${COLUMNAS.join(', ')} from c`);

/**
 * Closes successful top-ups by number (no line to mark) in batches, like `escribir`, each with
 * its trail row in the same statement; the guard keeps a decided row as it is (undefined).
 */
export const cerrarExitosa = porBase((db: Db) =>
  enLotes(async (cierres: { id: number; folio: string | null; rastro: Rastro }[]) => {
    const de = <T>(f: (c: (typeof cierres)[number]) => T) => cierres.map(f);
    const filas = await cerrarExitosas(db, [
      de((c) => c.id),
      de((c) => c.folio),
      de((c) => c.rastro.antes),
      de((c) => c.rastro.quien.usuarioId),
      de((c) => c.rastro.quien.usuario),
      de((c) => c.rastro.quien.ip),
    ]);
    const porId = new Map(filas.map((f) => [f.id, f]));
    return cierres.map((c) => porId.get(c.id));
  }),
);

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
