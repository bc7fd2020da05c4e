import type { Db } from '../../db/database.ts';
import * as auditoria from '../auditoria/service.ts';

/*
 * What the users module records on the audit trail (issue 22), always in the transaction of the
 * change: a new user's level and limit, limits, level, a reset password (never the password or its hash), the amount permission,
 * permissions, the route whitelist and a deletion. One row per kind of change.
 */

/** Who edits: a session (with the request's IP), or the operator's CLI. */
export type Editor = { usuarioId: number; username?: string; ip?: string | undefined } | 'operador';

const actor = (q: Editor) => (q === 'operador' ? auditoria.OPERADOR : auditoria.actorDe(q));

/** The fields of a user that the trail follows through an edit. */
interface Acceso {
  nivel: number;
  max_recargas: number;
}

const deUsuario = (empresaId: number, id: number) => ({ empresaId, tabla: 'usuarios', fila: id });

/** New users (the form, or a file's rows): each one's level and limit as created. */
export const auditarAltas = (
  tx: Db,
  q: Editor,
  empresaId: number,
  altas: { id: number; nivel: number; maxRecargas: number }[],
) =>
  auditoria.registrar(
    tx,
    actor(q),
    altas.map((u) => ({
      ...deUsuario(empresaId, u.id),
      tipo: 'alta' as const,
      antes: null,
      despues: { nivel: u.nivel, maxRecargas: u.maxRecargas },
    })),
  );

/** An edit of the users screen: its limit, its level and a new password, each one row when it changed. */
export function auditarEdicion(
  tx: Db,
  q: Editor & object,
  ids: { empresaId: number; id: number },
  antes: Acceso,
  despues: Acceso & { password: boolean },
) {
  const f = deUsuario(ids.empresaId, ids.id);
  return auditoria.registrar(tx, actor(q), [
    {
      ...f,
      tipo: 'limite',
      antes: { maxRecargas: antes.max_recargas },
      despues: { maxRecargas: despues.max_recargas },
    },
    { ...f, tipo: 'nivel', antes: { nivel: antes.nivel }, despues: { nivel: despues.nivel } },
    ...(despues.password
      ? [{ ...f, tipo: 'contrasena' as const, antes: null, despues: { restablecida: true } }]
      : []),
  ]);
}

/** The amount permission (Permiso Monto) of a user, when it changed. */
export const auditarMonto = (tx: Db, q: Editor, empresaId: number, id: number, isMonto: boolean) =>
  auditoria.registrar(tx, actor(q), [
    { ...deUsuario(empresaId, id), tipo: 'monto', antes: { isMonto: !isMonto }, despues: { isMonto } },
  ]);

/** A password reset by the operator. */
export const auditarPassword = (tx: Db, q: Editor, empresaId: number, id: number) =>
  auditoria.registrar(tx, actor(q), [
    { ...deUsuario(empresaId, id), tipo: 'contrasena', antes: null, despues: { restablecida: true } },
  ]);

/** A user deleted (the users screen, or the CLI's disable-user): who it was; it can no longer log in. */
export const auditarBaja = (tx: Db, q: Editor, empresaId: number, u: { id: number; username: string }) =>
  auditoria.registrar(tx, actor(q), [
    { ...deUsuario(empresaId, u.id), tipo: 'baja', antes: { username: u.username }, despues: null },
  ]);

/** Permissions or the route whitelist replaced: the lists before and after. */
export const auditarLista = (
  tx: Db,
  q: Editor,
  ids: { empresaId: number; id: number },
  tipo: 'permisos' | 'rutas',
  antes: string[],
  despues: string[],
) =>
  auditoria.registrar(tx, actor(q), [
    { ...deUsuario(ids.empresaId, ids.id), tipo, antes: { [tipo]: antes }, despues: { [tipo]: despues } },
  ]);

/** Two-step secrets rewritten under another key (the CLI's rotate-two-step-keys): the key ids before and after. */
export const auditarClavesTotp = (
  tx: Db,
  cambios: { id: number; empresa_id: number; antes: string; despues: string }[],
) =>
  auditoria.registrar(
    tx,
    auditoria.OPERADOR,
    cambios.map((c) => ({
      ...deUsuario(c.empresa_id, c.id),
      tipo: 'claveDosPasos' as const,
      antes: { clave: c.antes },
      despues: { clave: c.despues },
    })),
  );
