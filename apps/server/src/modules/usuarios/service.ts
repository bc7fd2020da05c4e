import { M, texto } from '@recargas/contracts/mensajes';
import { esAdministrador, NIVEL } from '@recargas/contracts/niveles';
import {
  MAX_RECARGAS_POR_DEFECTO,
  type PeticionEditarUsuario,
  type PeticionRegistrarUsuario,
  puedeEditarUsuario,
  SIN_LIDER,
} from '@recargas/contracts/usuarios';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/claves.ts';
import { ErrorApi, noEncontrado, sinPermiso } from '../../lib/errores.ts';
// The auth module's revocation lives in a file that imports nothing back (auth/service.ts
// imports this one for login), so calling it from here makes no import cycle.
// biome-ignore lint/style/noRestrictedImports: auth's one door besides its service.ts, for the cycle above
import { revocarSesionesDeUsuario } from '../auth/revocacion.ts';
import { auditarAltas, auditarBaja, auditarEdicion, auditarMonto } from './auditados.ts';
import {
  type Ctx,
  comprobarMaxRecargas,
  deshabilitado,
  enTransaccion,
  liderPermitido,
  mensajeUnico,
  objetivo,
  type Quien,
  resolverJerarquia,
} from './reglas.ts';
import * as repo from './repo.ts';

export { clientes, lideres, listar, uno, usuariosMonto } from './consultas.ts';
export { cambiarLista, deshabilitar, restablecerPassword } from './cuentas.ts';
export { alcance, type Quien } from './reglas.ts';

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

/** A registered user's row, created by `q` in its company. */
const insertar = (
  tx: Db,
  q: Quien,
  p: PeticionRegistrarUsuario,
  x: { liderId: number; clienteId: number | null; passwordHash: string; maxRecargas: number },
) =>
  repo.insertar(tx, {
    empresaId: q.empresaId,
    username: p.username,
    nombre: p.nombre,
    nivel: p.nivel,
    telefono: p.phoneNumber ?? null,
    creadoPor: q.usuarioId,
    ...x,
  });

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
    const id = await insertar(tx, q, p, { liderId, clienteId, passwordHash, maxRecargas });
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
        const hash = hashes[i] as string;
        const id = await insertar(tx, q, p, { liderId, clienteId, passwordHash: hash, maxRecargas });
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
    await auditarBaja(tx, q, q.empresaId, u);
    await revocarSesionesDeUsuario(tx, q.empresaId, u.id);
  });
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
