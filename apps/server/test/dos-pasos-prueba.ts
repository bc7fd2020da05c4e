import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../src/db/database.ts';
import { PASSWORD_DEMO } from './entorno.ts';
import { pedir } from './peticion.ts';

/** The two-step seed every test user gets, stored as each test writes it. */
export const SEMILLA = new Secret({ size: 20 }).base32;

const deCuenta = (db: Db, empresa: string, username: string) =>
  db
    .updateTable('usuarios')
    .where('username', '=', username)
    .where('empresa_id', '=', db.selectFrom('empresas').select('id').where('codigo', '=', empresa));

/** Two-step on for an administrator, with `guardado` as its confirmed secret (null: none yet). */
export const ponerSecreto = (db: Db, empresa: string, username: string, guardado: string | null) =>
  deCuenta(db, empresa, username)
    .set({
      dos_pasos: true,
      totp_secreto: guardado,
      totp_confirmado: guardado !== null,
      totp_ultimo_paso: null,
    })
    .execute();

/** Two-step on for an account, its secret left as it is. */
export const conDosPasos = (db: Db, empresa: string, username: string) =>
  deCuenta(db, empresa, username).set({ dos_pasos: true }).execute();

/** The stored secret of an account. */
export const secretoGuardado = async (db: Db, empresa: string, username: string) =>
  (
    await db
      .selectFrom('usuarios as u')
      .innerJoin('empresas as e', 'e.id', 'u.empresa_id')
      .select('u.totp_secreto')
      .where('e.codigo', '=', empresa)
      .where('u.username', '=', username)
      .executeTakeFirstOrThrow()
  ).totp_secreto;

/**
 * The second step of a login with the current code of `semilla`. The last step used is cleared
 * first, so one test can log in several times within the same 30 s.
 */
export async function entrarConCodigo(
  app: FastifyInstance,
  db: Db,
  empresa: string,
  username: string,
  semilla = SEMILLA,
) {
  await deCuenta(db, empresa, username).set({ totp_ultimo_paso: null }).execute();
  const code = new TOTP({ secret: Secret.fromBase32(semilla) }).generate();
  return pedir(app, null, 'POST', '/api/2fa/verify', { username, password: PASSWORD_DEMO, empresa, code });
}
