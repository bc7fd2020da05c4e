import { M, texto } from '@recargas/contracts/mensajes';
import { esAdministrador, NIVEL } from '@recargas/contracts/niveles';
import { excedeTopeRecargas, puedeEscribirUsuario, SIN_LIDER } from '@recargas/contracts/usuarios';
import type { Ctx as ContextoCompleto } from '../../contexto.ts';
import type { Db } from '../../db/database.ts';
import { ErrorApi, noEncontrado, sinPermiso } from '../../lib/errores.ts';
import * as empresas from '../empresas/service.ts';
import * as repo from './repo.ts';

// ---- Users screens (issue 6): every rule of spec sections 5 and 6, enforced here.
//
// Levels 0 and 1 are the administrators (spec sections 1 and 6); where the spec names "level 1"
// for user administration (leaders, 'Sin lider', the maxRecargas exemption, the amounts toggle)
// level 0, the root above it, holds the same power; section 9 says "created by non-admins".
// Level 2 works only inside its own leader: it sees that leader's users and clients and writes
// only level-3 users of it, with USUARIO_CLIENTE. Level 3 never reaches these routes.
// Creating or editing administrators (levels 0 and 1) is disabled (release note of 02/11/2023).

/** What the users rules need of the context (contexto.ts): its database. */
export type Ctx = Pick<ContextoCompleto, 'db'>;

/** The caller as the rules need it (the session of the access check). */
export interface Quien {
  usuarioId: number;
  empresaId: number;
  nivel: number;
  liderId: number | null;
  permisos: readonly string[];
  username?: string;
  ip?: string | undefined;
}

export const esAdmin = (q: Quien) => esAdministrador(q.nivel);

export const deshabilitado = () => new ErrorApi(403, M.administradoresDeshabilitado);

/** Whose users the caller sees; undefined when a leader user has no leader (sees nobody). */
export function alcance(q: Quien): repo.Alcance | undefined {
  if (esAdmin(q)) return { empresaId: q.empresaId };
  if (q.nivel === NIVEL.lider && q.liderId !== null) return { empresaId: q.empresaId, liderId: q.liderId };
  return undefined;
}

export const mensajeUnico = (e: unknown): string | undefined => {
  const r = e as { code?: string; constraint?: string; message?: string };
  if (r?.code !== '23505') return undefined;
  const cual = r.constraint ?? r.message ?? '';
  if (cual.includes(repo.UNICOS.lider)) return M.liderYaExiste;
  if (cual.includes(repo.UNICOS.cliente)) return M.clienteYaExiste;
  if (cual.includes(repo.UNICOS.username)) return 'username';
  return undefined;
};

interface Jerarquia {
  nivel: number;
  lider: number;
  cliente: number;
  liderNuevo?: string | undefined;
  clienteNuevo?: string | undefined;
  nombre: string;
}

/**
 * Who may write which user (contracts puedeEscribirUsuario; for level 2 'Sin lider' means its
 * own leader). Returns the leader the user will have (0: 'Sin lider').
 */
export function liderPermitido(q: Quien, p: Jerarquia): number {
  if (esAdministrador(p.nivel)) throw deshabilitado();
  const lider = !esAdmin(q) && p.lider === SIN_LIDER ? q.liderId : p.lider;
  if (lider === null || !puedeEscribirUsuario(q, { nivel: p.nivel, liderId: lider })) throw sinPermiso();
  return lider;
}

/**
 * The leader and client rows of a user allowed by liderPermitido: a level-2 user with 'Sin
 * lider' founds a new leader (administrators only reach this); a level-3 user needs a client of
 * its leader, existing or new. New rows are written in `tx`; ids of another company are 404.
 */
export async function resolverJerarquia(tx: Db, empresaId: number, lider: number, p: Jerarquia) {
  if (p.nivel === NIVEL.lider) {
    const liderId =
      lider === SIN_LIDER
        ? await repo.insertarLider(tx, empresaId, p.liderNuevo ?? p.nombre)
        : (await repo.liderPorId(tx, empresaId, lider))?.id;
    if (liderId === undefined) throw noEncontrado();
    return { liderId, clienteId: null };
  }
  if (lider === SIN_LIDER) throw new ErrorApi(400, M.seleccionaCliente);
  if (!(await repo.liderPorId(tx, empresaId, lider))) throw noEncontrado();
  if (p.clienteNuevo !== undefined) {
    return { liderId: lider, clienteId: await repo.insertarCliente(tx, empresaId, lider, p.clienteNuevo) };
  }
  const cliente = await repo.clientePorId(tx, empresaId, p.cliente);
  if (!cliente) throw noEncontrado();
  if (cliente.lider_id !== lider) throw new ErrorApi(400, M.seleccionaCliente);
  return { liderId: lider, clienteId: cliente.id };
}

/** maxRecargas for a non-administrator writer (contracts excedeTopeRecargas; gsmoviles caps clients at 5). */
export async function comprobarMaxRecargas(ctx: Ctx, q: Quien, nivel: number, max: number) {
  if (esAdmin(q)) return;
  const [empresa, yo] = await Promise.all([
    empresas.porIdOError(ctx.db, q.empresaId),
    repo.porId(ctx.db, q.empresaId, q.usuarioId),
  ]);
  const escritor = { nivel: q.nivel, maxRecargas: yo?.max_recargas ?? Number.POSITIVE_INFINITY };
  const rechazo = excedeTopeRecargas(escritor, empresas.ajustesDe(empresa).topeRecargasClientes, nivel, max);
  if (rechazo) throw new ErrorApi(400, rechazo);
}

export async function enTransaccion<T>(
  ctx: Ctx,
  username: string,
  trabajo: (tx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction().execute(trabajo);
  } catch (e) {
    const m = mensajeUnico(e);
    if (m === 'username') throw new ErrorApi(409, texto('usuarioYaExiste', { username }));
    if (m) throw new ErrorApi(409, m);
    throw e;
  }
}

/** The live user `id` as the caller may see it, or 404 (another company, another leader, deleted). */
export async function objetivo(ctx: Ctx, q: Quien, id: number) {
  const a = alcance(q);
  const u = a ? await repo.porId(ctx.db, q.empresaId, id) : undefined;
  if (!u || (a?.liderId !== undefined && u.lider_id !== a.liderId)) throw noEncontrado();
  if (esAdministrador(u.nivel)) throw deshabilitado();
  // An administrator's further limits (USUARIO_CLIENTE for clients) are liderPermitido's.
  if (!esAdmin(q) && !puedeEscribirUsuario(q, { nivel: u.nivel, liderId: u.lider_id })) throw sinPermiso();
  return u;
}
