import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/claves.ts';
import { noEncontrado } from '../../lib/errores.ts';
// biome-ignore lint/style/noRestrictedImports: auth's one door besides its service.ts (see service.ts)
import { revocarSesionesDeUsuario } from '../auth/revocacion.ts';
import * as repo from './repo.ts';

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

/** A new password (its argon2id hash); the user's sessions end. */
export async function restablecerPassword(db: Db, empresaId: number, username: string, password: string) {
  const hash = await hashPassword(password);
  return conUsuario(db, empresaId, username, (tx, id) => repo.cambiarPassword(tx, empresaId, id, hash));
}

/** The user can no longer log in (the soft delete of the users screen); its sessions end. */
export const deshabilitar = (db: Db, empresaId: number, username: string) =>
  conUsuario(db, empresaId, username, (tx, id) => repo.eliminar(tx, empresaId, id));
