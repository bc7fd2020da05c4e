import { etiquetaNivel, NIVELES } from '@recargas/contracts/niveles';
import type { ColumnaFiltroUsuarios, FiltrosUsuarios } from '@recargas/contracts/usuarios';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { condicionChips, patronSubcadena } from '../../lib/chips.ts';

const permisosDe = sql<string[]>`(select coalesce(json_agg(p.clave order by p.clave), '[]'::json)
  from usuario_permisos p where p.usuario_id = u.id)`;
const rutasDe = sql<string[]>`(select coalesce(json_agg(r.ruta order by r.orden, r.ruta), '[]'::json)
  from usuario_rutas r where r.usuario_id = u.id)`;

/** A live user of a company, with permissions and route whitelist. */
const usuarioCompleto = (db: Db, empresaId: number) =>
  db
    .selectFrom('usuarios as u')
    .selectAll('u')
    .select([permisosDe.as('permisos'), rutasDe.as('rutas')])
    .where('u.empresa_id', '=', empresaId)
    .where('u.eliminado', 'is', null);

export const porUsername = (db: Db, empresaId: number, username: string) =>
  usuarioCompleto(db, empresaId)
    .where(sql`lower(u.username)`, '=', username.toLowerCase())
    .executeTakeFirst();

/** The live usernames of a company among these, compared as the unique index does (lower case). */
export async function usernamesExistentes(db: Db, empresaId: number, usernames: string[]) {
  if (usernames.length === 0) return new Set<string>();
  const filas = await db
    .selectFrom('usuarios')
    .select(sql<string>`lower(username)`.as('u'))
    .where('empresa_id', '=', empresaId)
    .where('eliminado', 'is', null)
    .where(
      sql`lower(username)`,
      'in',
      usernames.map((u) => u.toLowerCase()),
    )
    .execute();
  return new Set(filas.map((f) => f.u));
}

export const porId = (db: Db, empresaId: number, id: number) =>
  usuarioCompleto(db, empresaId).where('u.id', '=', id).executeTakeFirst();

export interface NuevoUsuario {
  empresaId: number;
  username: string;
  nombre: string;
  passwordHash: string;
  nivel: number;
  liderId?: number | null;
  clienteId?: number | null;
  telefono?: string | null;
  maxRecargas?: number;
  isMonto?: boolean;
  dosPasos?: boolean;
  creadoPor?: number | null;
  permisos?: readonly string[];
  rutas?: readonly string[];
}

/** Inserts a user with permissions and routes, inside the caller's transaction when given one. */
export async function insertar(db: Db, u: NuevoUsuario): Promise<number> {
  if (db.isTransaction) return insertarEn(db, u);
  return db.transaction().execute((tx) => insertarEn(tx, u));
}

async function insertarEn(tx: Db, u: NuevoUsuario): Promise<number> {
  const { id } = await tx
    .insertInto('usuarios')
    .values({
      empresa_id: u.empresaId,
      username: u.username,
      nombre: u.nombre,
      password_hash: u.passwordHash,
      nivel: u.nivel,
      lider_id: u.liderId ?? null,
      cliente_id: u.clienteId ?? null,
      telefono: u.telefono ?? null,
      max_recargas: u.maxRecargas ?? 5,
      is_monto: u.isMonto ?? false,
      dos_pasos: u.dosPasos ?? false,
      creado_por: u.creadoPor ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (u.permisos?.length) {
    await tx
      .insertInto('usuario_permisos')
      .values(u.permisos.map((clave) => ({ usuario_id: id, clave })))
      .execute();
  }
  if (u.rutas?.length) {
    await tx
      .insertInto('usuario_rutas')
      .values(u.rutas.map((ruta, orden) => ({ usuario_id: id, ruta, orden })))
      .execute();
  }
  return id;
}

// ---- Users screens (issue 6)

/** What each filterable column shows, as SQL over usuarios u, lideres l and clientes c. */
const COLUMNA: Record<ColumnaFiltroUsuarios, RawBuilder<unknown>> = {
  username: sql`u.username`,
  nombre: sql`u.nombre`,
  // The list shows the level's name; a chip matches the name or the number.
  nivel: sql`(u.nivel::text || ' ' || case u.nivel ${sql.join(
    NIVELES.map((n) => sql`when ${sql.lit(n)} then ${sql.lit(etiquetaNivel(n))}`),
    sql` `,
  )} else '' end)`,
  lider: sql`coalesce(l.nombre, '')`,
  cliente: sql`coalesce(c.nombre, '')`,
  phoneNumber: sql`coalesce(u.telefono, 'sin Telefono')`,
  maxRecargas: sql`u.max_recargas::text`,
};

/** Whose users a caller sees: the whole company, or one leader's. */
export type Alcance = { empresaId: number; liderId?: number };

const usuariosVisibles = (db: Db, a: Alcance, filtros: FiltrosUsuarios = {}) => {
  let q = db
    .selectFrom('usuarios as u')
    .leftJoin('lideres as l', 'l.id', 'u.lider_id')
    .leftJoin('clientes as c', 'c.id', 'u.cliente_id')
    .where('u.empresa_id', '=', a.empresaId)
    .where('u.eliminado', 'is', null);
  if (a.liderId !== undefined) q = q.where('u.lider_id', '=', a.liderId);
  const chips = condicionChips(filtros, (c) => COLUMNA[c]);
  return chips ? q.where(chips) : q;
};

const filaUsuario = [
  'u.id',
  'u.username',
  'u.nombre',
  'u.nivel',
  sql<string>`coalesce(l.nombre, '')`.as('lider'),
  sql<number>`coalesce(u.lider_id, 0)`.as('liderId'),
  sql<string>`coalesce(c.nombre, '')`.as('cliente'),
  sql<number>`coalesce(u.cliente_id, 0)`.as('clienteId'),
  sql<string>`coalesce(u.telefono, 'null')`.as('phoneNumber'),
  'u.max_recargas as maxRecargas',
  'u.is_monto as isMonto',
] as const;

/** One keyset page of users by id, `limite + 1` rows so the caller knows whether more follow. */
export const paginaUsuarios = (
  db: Db,
  a: Alcance,
  filtros: FiltrosUsuarios,
  after: number | undefined,
  limite: number,
) => {
  let q = usuariosVisibles(db, a, filtros).select(filaUsuario);
  if (after !== undefined) q = q.where('u.id', '>', after);
  return q
    .orderBy('u.id')
    .limit(limite + 1)
    .execute();
};

export const contarUsuarios = async (db: Db, a: Alcance, filtros: FiltrosUsuarios) =>
  Number(
    (
      await usuariosVisibles(db, a, filtros)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const usuarioVisible = (db: Db, a: Alcance, id: number) =>
  usuariosVisibles(db, a).select(filaUsuario).where('u.id', '=', id).executeTakeFirst();

/** Leaders and clients of the company with the amount permission, by id. */
export const paginaMonto = (db: Db, empresaId: number, after: number | undefined, limite: number) => {
  let q = db
    .selectFrom('usuarios as u')
    .select(['u.id', 'u.username', 'u.nombre', 'u.nivel', 'u.is_monto as isMonto'])
    .where('u.empresa_id', '=', empresaId)
    .where('u.eliminado', 'is', null)
    .where('u.nivel', '>=', 2);
  if (after !== undefined) q = q.where('u.id', '>', after);
  return q
    .orderBy('u.id')
    .limit(limite + 1)
    .execute();
};

/** Sets the amount permission; true when it changed (a repeat of the same value writes nothing). */
export async function guardarMonto(db: Db, empresaId: number, id: number, isMonto: boolean) {
  const r = await db
    .updateTable('usuarios')
    .set({ is_monto: isMonto })
    .where('id', '=', id)
    .where('empresa_id', '=', empresaId)
    .where('is_monto', '!=', isMonto)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/**
 * The leader or client pickers' condition: the name searched by `q`, and the keyset after the
 * row `after` of `tabla` (by name, then id). True when neither is given.
 */
function porNombre(
  tabla: 'lideres' | 'clientes',
  alias: 'l' | 'c',
  empresaId: number,
  o: { q?: string | undefined; after?: number | undefined },
): RawBuilder<SqlBool> {
  const nombre = sql.ref(`${alias}.nombre`);
  const busqueda = o.q ? sql`${nombre} ilike ${patronSubcadena(o.q)}` : sql`true`;
  const despues =
    o.after === undefined
      ? sql`true`
      : sql`(${nombre}, ${sql.ref(`${alias}.id`)}) > (select x.nombre, x.id from ${sql.table(tabla)} x where x.id = ${o.after} and x.empresa_id = ${empresaId})`;
  return sql<SqlBool>`${busqueda} and ${despues}`;
}

/** Leaders of the company by name (keyset on name and id), optionally one, optionally searched. */
export const paginaLideres = (
  db: Db,
  empresaId: number,
  o: { soloId?: number; q?: string; after?: number; limite: number },
) => {
  let q = db
    .selectFrom('lideres as l')
    .select(['l.id', 'l.nombre as lider'])
    .where('l.empresa_id', '=', empresaId)
    .where(porNombre('lideres', 'l', empresaId, o))
    .orderBy('l.nombre')
    .orderBy('l.id')
    .limit(o.limite + 1);
  if (o.soloId !== undefined) q = q.where('l.id', '=', o.soloId);
  return q.execute();
};

/** Clients of the company (or of one leader) by name, with their leader. */
export const paginaClientes = (
  db: Db,
  empresaId: number,
  o: { liderId?: number; q?: string; after?: number; limite: number },
) => {
  let q = db
    .selectFrom('clientes as c')
    .innerJoin('lideres as l', 'l.id', 'c.lider_id')
    .select(['c.id', 'c.nombre as cliente', 'c.lider_id as liderId', 'l.nombre as lider'])
    .where('c.empresa_id', '=', empresaId)
    .where(porNombre('clientes', 'c', empresaId, o))
    .orderBy('c.nombre')
    .orderBy('c.id')
    .limit(o.limite + 1);
  if (o.liderId !== undefined) q = q.where('c.lider_id', '=', o.liderId);
  return q.execute();
};

export const liderPorId = (db: Db, empresaId: number, id: number) =>
  db
    .selectFrom('lideres')
    .selectAll()
    .where('id', '=', id)
    .where('empresa_id', '=', empresaId)
    .executeTakeFirst();

export const clientePorId = (db: Db, empresaId: number, id: number) =>
  db
    .selectFrom('clientes')
    .selectAll()
    .where('id', '=', id)
    .where('empresa_id', '=', empresaId)
    .executeTakeFirst();

/** Constraints whose violation is a user's mistake (a taken name), not a bug. */
export const UNICOS = {
  username: 'usuarios_empresa_username',
  lider: 'lideres_empresa_nombre',
  cliente: 'clientes_lider_nombre',
} as const;

export const insertarLider = async (db: Db, empresaId: number, nombre: string) =>
  (
    await db
      .insertInto('lideres')
      .values({ empresa_id: empresaId, nombre })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const insertarCliente = async (db: Db, empresaId: number, liderId: number, nombre: string) =>
  (
    await db
      .insertInto('clientes')
      .values({ empresa_id: empresaId, lider_id: liderId, nombre })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export interface CambiosUsuario {
  nombre: string;
  nivel: number;
  lider_id: number | null;
  cliente_id: number | null;
  max_recargas: number;
  telefono?: string | null;
  password_hash?: string;
}

/**
 * The fields of a live user that decide its access, read with a row lock in the caller's
 * transaction: an edit compares them with what it writes, and a concurrent edit waits.
 */
export const accesoParaEditar = (tx: Db, empresaId: number, id: number) =>
  tx
    .selectFrom('usuarios')
    .select(['nivel', 'lider_id', 'cliente_id', 'max_recargas'])
    .where('id', '=', id)
    .where('empresa_id', '=', empresaId)
    .where('eliminado', 'is', null)
    .forUpdate()
    .executeTakeFirst();

export const actualizar = (db: Db, empresaId: number, id: number, cambios: CambiosUsuario) =>
  db
    .updateTable('usuarios')
    .set(cambios)
    .where('id', '=', id)
    .where('empresa_id', '=', empresaId)
    .where('eliminado', 'is', null)
    .executeTakeFirst();

/**
 * Soft delete: the row stays (its top-ups keep their user in reports), its username is free
 * again and it cannot log in. The service ends its sessions in the same transaction.
 */
export async function eliminar(db: Db, empresaId: number, id: number) {
  const r = await db
    .updateTable('usuarios')
    .set({ eliminado: new Date() })
    .where('id', '=', id)
    .where('empresa_id', '=', empresaId)
    .where('eliminado', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** A new password hash for a live user (the admin CLI's reset-password). */
export async function cambiarPassword(db: Db, empresaId: number, id: number, passwordHash: string) {
  const r = await db
    .updateTable('usuarios')
    .set({ password_hash: passwordHash })
    .where('id', '=', id)
    .where('empresa_id', '=', empresaId)
    .where('eliminado', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
