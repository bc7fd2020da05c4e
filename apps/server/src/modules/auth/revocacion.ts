import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// This file imports nothing of the users module, nor auth/service.ts (which imports the users
// service for login): the users service calls it while it writes a user, in the same
// transaction, without a cycle users -> auth -> users. It is the auth module's only door for
// that; the users module does not reach into auth/repo.ts.

/**
 * Ends every open session of a user at once: its access tokens fail on their next request
 * (the session is read on every request, auth/repo.ts sesionActiva) and its renewal cookie
 * gives no new token. Called when the user's password, level, leader, client or permissions
 * change, or the user is deleted (issue 17), inside the transaction of that change when `db`
 * is one, so the change and the revocation commit or roll back together.
 */
export const revocarSesionesDeUsuario = (db: Db, empresaId: number, usuarioId: number) =>
  db
    .updateTable('sesiones')
    .set({ revocada: sql<Date>`now()` })
    .where('usuario_id', '=', usuarioId)
    .where('empresa_id', '=', empresaId)
    .where('revocada', 'is', null)
    .execute();
