import { M, texto } from '@recargas/contracts/mensajes';
import { esAdministrador, NIVEL } from '@recargas/contracts/niveles';
import {
  excedeTopeRecargas,
  type FiltrosUsuarios,
  MAX_RECARGAS_POR_DEFECTO,
  type PeticionEditarUsuario,
  type PeticionRegistrarUsuario,
  puedeEditarUsuario,
  puedeEscribirUsuario,
  SIN_LIDER,
} from '@recargas/contracts/usuarios';
import type { Ctx as ContextoCompleto } from '../../contexto.ts';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/claves.ts';
import { ErrorApi, noEncontrado, sinPermiso } from '../../lib/errores.ts';
// The auth module's revocation lives in a file that imports nothing back (auth/service.ts
// imports this one for login), so calling it from here makes no import cycle.
// biome-ignore lint/style/noRestrictedImports: auth's one door besides its service.ts, for the cycle above
import { revocarSesionesDeUsuario } from '../auth/revocacion.ts';
import * as empresas from '../empresas/service.ts';
import { auditarAltas, auditarEdicion, auditarMonto } from './auditados.ts';
import * as repo from './repo.ts';

export { cambiarLista, deshabilitar, restablecerPassword } from './cuentas.ts';

export type Usuario = NonNullable<Awaited<ReturnType<typeof repo.porId>>>;

export const porUsername = repo.porUsername;
export const porId = repo.porId;
export { guardarTotp, recifrarTotp, usarPasoTotp } from './totp.ts';

export type DatosUsuario = Omit<repo.NuevoUsuario, 'passwordHash'> & { password: string };

/** Creates a user with an argon2id hash of the password (seed, CLI and the users screens). */
export async function crear(db: Db, datos: DatosUsuario): Promise<number> {
  const { password, ...resto } = datos;
  return repo.insertar(db, { ...resto, passwordHash: await hashPassword(password) });
}

// ---- Users screens (issue 6): every rule of spec sections 5 and 6, enforced here.
//
// Levels 0 and 1 are the administrators (spec sections 1 and 6); where the spec names "level 1"
// for user administration (leaders, 'Sin lider', the maxRecargas exemption, the amounts toggle)
// level 0, the root above it, holds the same power; section 9 says "created by non-admins".
// Level 2 works only inside its own leader: it sees that leader's users and clients and writes
// only level-3 users of it, with USUARIO_CLIENTE. Level 3 never reaches these routes.
// Creating or editing administrators (levels 0 and 1) is disabled (release note of 02/11/2023).

/** What the users rules need of the context (contexto.ts): its database. */
type Ctx = Pick<ContextoCompleto, 'db'>;

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

const esAdmin = (q: Quien) => esAdministrador(q.nivel);

const deshabilitado = () => new ErrorApi(403, M.administradoresDeshabilitado);

/** Whose users the caller sees; undefined when a leader user has no leader (sees nobody). */
export function alcance(q: Quien): repo.Alcance | undefined {
  if (esAdmin(q)) return { empresaId: q.empresaId };
  if (q.nivel === NIVEL.lider && q.liderId !== null) return { empresaId: q.empresaId, liderId: q.liderId };
  return undefined;
}

const mensajeUnico = (e: unknown): string | undefined => {
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
function liderPermitido(q: Quien, p: Jerarquia): number {
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
async function resolverJerarquia(tx: Db, empresaId: number, lider: number, p: Jerarquia) {
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
async function comprobarMaxRecargas(ctx: Ctx, q: Quien, nivel: number, max: number) {
  if (esAdmin(q)) return;
  const [empresa, yo] = await Promise.all([
    empresas.porIdOError(ctx.db, q.empresaId),
    repo.porId(ctx.db, q.empresaId, q.usuarioId),
  ]);
  const escritor = { nivel: q.nivel, maxRecargas: yo?.max_recargas ?? Number.POSITIVE_INFINITY };
  const rechazo = excedeTopeRecargas(escritor, empresas.ajustesDe(empresa).topeRecargasClientes, nivel, max);
  if (rechazo) throw new ErrorApi(400, rechazo);
}

async function enTransaccion<T>(ctx: Ctx, username: string, trabajo: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(trabajo);
  } catch (e) {
    const m = mensajeUnico(e);
    if (m === 'username') throw new ErrorApi(409, texto('usuarioYaExiste', { username }));
    if (m) throw new ErrorApi(409, m);
    throw e;
  }
}

/** POST /registrarUsuario. */
export async function registrar(ctx: Ctx, q: Quien, p: PeticionRegistrarUsuario): Promise<number> {
  const lider = liderPermitido(q, p);
  const maxRecargas = p.maxRecargas ?? MAX_RECARGAS_POR_DEFECTO;
  await comprobarMaxRecargas(ctx, q, p.nivel, maxRecargas);
  if (await repo.porUsername(ctx.db, q.empresaId, p.username)) {
    throw new ErrorApi(409, texto('usuarioYaExiste', { username: p.username }));
  }
  const passwordHash = await hashPassword(p.password);
  return enTransaccion(ctx, p.username, async (tx) => {
    const { liderId, clienteId } = await resolverJerarquia(tx, q.empresaId, lider, p);
    const id = await repo.insertar(tx, {
      empresaId: q.empresaId,
      username: p.username,
      nombre: p.nombre,
      passwordHash,
      nivel: p.nivel,
      liderId,
      clienteId,
      telefono: p.phoneNumber ?? null,
      maxRecargas,
      creadoPor: q.usuarioId,
    });
    await auditarAltas(tx, q, q.empresaId, [{ id, nivel: p.nivel, maxRecargas }]);
    return id;
  });
}

/**
 * The rules of POST /registrarUsuario that need no database (sections 5 and 6): throws the
 * refusal a form would get. Upload action 7 checks each row of its file with it.
 */
export function revisarRegistro(q: Quien, p: PeticionRegistrarUsuario): void {
  liderPermitido(q, p);
}

/**
 * Upload action 7: the users of a file, each already checked (revisarRegistro, usernames free),
 * written in one transaction, all or nothing, in file order. A new leader or client named by
 * several rows is created once and shared; a client row's liderNuevo is a leader of an earlier
 * row. Administrators only, so maxRecargas needs no writer's cap.
 */
export async function registrarVarios(
  ctx: Ctx,
  q: Quien,
  filas: PeticionRegistrarUsuario[],
  avanzar: (hechas: number, total: number) => void = () => {},
): Promise<void> {
  // Two hashes at a time: all at once queued 1,000 of them on the 4-thread pool, and every login
  // meanwhile waited behind them (bench:uploads, 2 cores: 26.8 s); two keep both cores busy.
  // The hashes are most of the time, so they are what the upload's progress counts.
  const hashes: string[] = [];
  for (let i = 0; i < filas.length; i += 2) {
    hashes.push(...(await Promise.all(filas.slice(i, i + 2).map((p) => hashPassword(p.password)))));
    avanzar(hashes.length, filas.length);
  }
  const creados = new Map<string, number>();
  try {
    await ctx.db.transaction().execute(async (tx) => {
      const altas: Parameters<typeof auditarAltas>[3] = [];
      for (const [i, fila] of filas.entries()) {
        const p = { ...fila };
        // A leader founded by an earlier row: a later leader joins it, a later client is its client.
        const nuevoLider = p.liderNuevo ?? (p.nivel === NIVEL.lider ? p.nombre : undefined);
        const claveLider = `l:${nuevoLider?.toLowerCase()}`;
        if (nuevoLider !== undefined && p.lider === SIN_LIDER && creados.has(claveLider)) {
          p.lider = creados.get(claveLider) as number;
        }
        const claveCliente = `c:${p.lider}:${(p.clienteNuevo ?? '').toLowerCase()}`;
        if (p.clienteNuevo !== undefined && creados.has(claveCliente)) {
          p.cliente = creados.get(claveCliente) as number;
          p.clienteNuevo = undefined;
        }
        const { liderId, clienteId } = await resolverJerarquia(tx, q.empresaId, liderPermitido(q, p), p);
        if (p.nivel === NIVEL.lider) creados.set(claveLider, liderId);
        if (p.clienteNuevo !== undefined && clienteId !== null) creados.set(claveCliente, clienteId);
        const maxRecargas = p.maxRecargas ?? MAX_RECARGAS_POR_DEFECTO;
        const id = await repo.insertar(tx, {
          empresaId: q.empresaId,
          username: p.username,
          nombre: p.nombre,
          passwordHash: hashes[i] as string,
          nivel: p.nivel,
          liderId,
          clienteId,
          telefono: p.phoneNumber ?? null,
          maxRecargas,
          creadoPor: q.usuarioId,
        });
        altas.push({ id, nivel: p.nivel, maxRecargas });
      }
      await auditarAltas(tx, q, q.empresaId, altas);
    });
  } catch (e) {
    // Someone took a username or a name of the file meanwhile: nothing was written.
    if (mensajeUnico(e)) throw new ErrorApi(409, M.archivoUsuariosConcurrente);
    throw e;
  }
}

/** Which of these usernames the company already has (case as stored). */
export const usernamesExistentes = (ctx: Ctx, empresaId: number, usernames: string[]) =>
  repo.usernamesExistentes(ctx.db, empresaId, usernames);

/** The live user `id` as the caller may see it, or 404 (another company, another leader, deleted). */
async function objetivo(ctx: Ctx, q: Quien, id: number) {
  const a = alcance(q);
  const u = a ? await repo.porId(ctx.db, q.empresaId, id) : undefined;
  if (!u || (a?.liderId !== undefined && u.lider_id !== a.liderId)) throw noEncontrado();
  if (esAdministrador(u.nivel)) throw deshabilitado();
  // An administrator's further limits (USUARIO_CLIENTE for clients) are liderPermitido's.
  if (!esAdmin(q) && !puedeEscribirUsuario(q, { nivel: u.nivel, liderId: u.lider_id })) throw sinPermiso();
  return u;
}

/** POST /editarUsuario: a password left as the six dots (or empty) stays as it was. */
export async function editar(ctx: Ctx, q: Quien, p: PeticionEditarUsuario): Promise<void> {
  const u = await objetivo(ctx, q, p.id);
  // The rule of the list's pencil: where it shows, the edit goes through (contracts).
  if (!puedeEditarUsuario({ ...q, id: q.usuarioId }, { id: u.id, nivel: u.nivel, liderId: u.lider_id }))
    throw sinPermiso();
  const lider = liderPermitido(q, p);
  const maxRecargas = p.maxRecargas ?? u.max_recargas;
  if (maxRecargas !== u.max_recargas || p.nivel !== u.nivel) {
    await comprobarMaxRecargas(ctx, q, p.nivel, maxRecargas);
  }
  const passwordHash = p.password === undefined ? undefined : await hashPassword(p.password);
  await enTransaccion(ctx, u.username, async (tx) => {
    const antes = await repo.accesoParaEditar(tx, q.empresaId, u.id);
    if (!antes) throw noEncontrado();
    const { liderId, clienteId } = await resolverJerarquia(tx, q.empresaId, lider, p);
    // A new password, level, leader or client ends the user's sessions in this transaction: a
    // reset password locks out whoever held it, and a session never outlives its access.
    const cambiaAcceso =
      passwordHash !== undefined ||
      antes.nivel !== p.nivel ||
      antes.lider_id !== liderId ||
      antes.cliente_id !== clienteId;
    if (cambiaAcceso) await revocarSesionesDeUsuario(tx, q.empresaId, u.id);
    await repo.actualizar(tx, q.empresaId, u.id, {
      nombre: p.nombre,
      nivel: p.nivel,
      lider_id: liderId,
      cliente_id: clienteId,
      max_recargas: maxRecargas,
      ...(p.phoneNumber !== undefined ? { telefono: p.phoneNumber } : {}),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    });
    const despues = { nivel: p.nivel, max_recargas: maxRecargas, password: passwordHash !== undefined };
    await auditarEdicion(tx, q, { empresaId: q.empresaId, id: u.id }, antes, despues);
  });
}

/** POST /eliminarUsuario: soft delete (see repo.eliminar). */
export async function eliminar(ctx: Ctx, q: Quien, id: number): Promise<void> {
  if (id === q.usuarioId) throw new ErrorApi(400, M.noEliminarPropio);
  const u = await objetivo(ctx, q, id);
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.eliminar(tx, q.empresaId, u.id))) throw noEncontrado();
    await revocarSesionesDeUsuario(tx, q.empresaId, u.id);
  });
}

const pagina = <T extends { id: number }>(filas: T[], limite: number) => {
  const hay = filas.length > limite;
  const visibles = hay ? filas.slice(0, limite) : filas;
  return { filas: visibles, siguiente: hay ? String(visibles.at(-1)?.id) : null };
};

/** GET /api/usuarios: one keyset page with the chip filters; the total comes with the first page. */
export async function listar(
  ctx: Ctx,
  q: Quien,
  c: { filtros?: FiltrosUsuarios | undefined; after?: number | undefined; limit: number },
) {
  const a = alcance(q);
  if (!a) return { usuarios: [], total: 0, siguiente: null };
  const filtros = c.filtros ?? {};
  const [filas, total] = await Promise.all([
    repo.paginaUsuarios(ctx.db, a, filtros, c.after, c.limit),
    c.after === undefined ? repo.contarUsuarios(ctx.db, a, filtros) : Promise.resolve(null),
  ]);
  const { filas: usuarios, siguiente } = pagina(filas, c.limit);
  return { usuarios, total, siguiente };
}

/** GET /api/usuarios/:id: one row of the list, for the edit screen opened by its URL. */
export async function uno(ctx: Ctx, q: Quien, id: number) {
  const a = alcance(q);
  const u = a ? await repo.usuarioVisible(ctx.db, a, id) : undefined;
  if (!u) throw noEncontrado();
  return u;
}

/** GET /api/usuariosMonto. */
export async function usuariosMonto(ctx: Ctx, q: Quien, c: { after?: number | undefined; limit: number }) {
  const { filas, siguiente } = pagina(await repo.paginaMonto(ctx.db, q.empresaId, c.after, c.limit), c.limit);
  return { usuarios: filas, siguiente };
}

/** POST /api/setUsuariosMonto: the amount permission of a leader or client. */
export async function guardarMonto(ctx: Ctx, q: Quien, username: string, isMonto: boolean) {
  const u = await repo.porUsername(ctx.db, q.empresaId, username);
  if (!u) throw noEncontrado();
  if (esAdministrador(u.nivel)) throw deshabilitado();
  // The user's sessions go on: each answer tells their browser to read the flag again (acceso.ts).
  await ctx.db.transaction().execute(async (tx) => {
    if (await repo.guardarMonto(tx, q.empresaId, u.id, isMonto))
      await auditarMonto(tx, q, q.empresaId, u.id, isMonto);
  });
}

/** GET /api/lideres: all the company's leaders for administrators, the own one for level 2. */
export async function lideres(
  ctx: Ctx,
  q: Quien,
  c: { q?: string | undefined; after?: number | undefined; limit: number },
) {
  const a = alcance(q);
  if (!a) return { lideres: [], siguiente: null };
  const filas = await repo.paginaLideres(ctx.db, q.empresaId, {
    ...(a.liderId !== undefined ? { soloId: a.liderId } : {}),
    ...(c.q ? { q: c.q } : {}),
    ...(c.after !== undefined ? { after: c.after } : {}),
    limite: c.limit,
  });
  const { filas: lista, siguiente } = pagina(filas, c.limit);
  return { lideres: lista, siguiente };
}

/** GET /api/clientes: pairs {lider, cliente}; level 2 only gets its own leader's. */
export async function clientes(
  ctx: Ctx,
  q: Quien,
  c: { lider: number; q?: string | undefined; after?: number | undefined; limit: number },
) {
  const a = alcance(q);
  if (!a || (a.liderId !== undefined && c.lider !== SIN_LIDER && c.lider !== a.liderId)) {
    return { clientes: [], siguiente: null };
  }
  const liderId = a.liderId ?? (c.lider === SIN_LIDER ? undefined : c.lider);
  const filas = await repo.paginaClientes(ctx.db, q.empresaId, {
    ...(liderId !== undefined ? { liderId } : {}),
    ...(c.q ? { q: c.q } : {}),
    ...(c.after !== undefined ? { after: c.after } : {}),
    limite: c.limit,
  });
  const { filas: lista, siguiente } = pagina(filas, c.limit);
  return { clientes: lista, siguiente };
}
