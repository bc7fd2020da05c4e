import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/claves.ts';
import { noEncontrado } from '../../lib/errores.ts';
// biome-ignore lint/style/noRestrictedImports: auth's one door besides its service.ts (see service.ts)
import { revocarSesionesDeUsuario } from '../auth/revocacion.ts';
import { auditarBaja, auditarLista, auditarPassword } from './auditados.ts';
import * as repo from './repo.ts';
import * as listas from './repo-listas.ts';

/*
 * What the operator does from the admin CLI (cli/admin.ts) to one account, by company and
 * username: each change ends the user's open sessions in the same transaction.
 */

async function conUsuario(
  db: Db,
  empresaId: number,
  username: string,
  cambio: (tx: Db, id: number) => Promise<boolean>,
) {
  const u = await repo.porUsername(db, empresaId, username);
  if (!u) throw noEncontrado();
  await db.transaction().execute(async (tx) => {
    if (!(await cambio(tx, u.id))) throw noEncontrado();
    await revocarSesionesDeUsuario(tx, empresaId, u.id);
  });
  return u.id;
}

/** A new password (its argon2id hash), on the audit trail; the user's sessions end. */
export async function restablecerPassword(db: Db, empresaId: number, username: string, password: string) {
  const hash = await hashPassword(password);
  return conUsuario(db, empresaId, username, async (tx, id) => {
    if (!(await repo.cambiarPassword(tx, empresaId, id, hash))) return false;
    await auditarPassword(tx, 'operador', empresaId, id);
    return true;
  });
}

/**
 * The user's permission keys or route whitelist, replaced by `valores` (the CLI's
 * set-permissions and set-routes), on the audit trail; the user's sessions end, so the next
 * login carries what changed.
 */
export const cambiarLista = (
  db: Db,
  empresaId: number,
  username: string,
  tipo: 'permisos' | 'rutas',
  valores: string[],
) =>
  conUsuario(db, empresaId, username, async (tx, id) => {
    const antes = await listas.lista(tx, tipo, id);
    await listas.reemplazarLista(tx, tipo, id, valores);
    await auditarLista(tx, 'operador', { empresaId, id }, tipo, antes, await listas.lista(tx, tipo, id));
    return true;
  });

/** The user can no longer log in (the soft delete of the users screen); its sessions end. */
export const deshabilitar = (db: Db, empresaId: number, username: string) =>
  conUsuario(db, empresaId, username, async (tx, id) => {
    if (!(await repo.eliminar(tx, empresaId, id))) return false;
    await auditarBaja(tx, 'operador', empresaId, { id, username });
    return true;
  });
