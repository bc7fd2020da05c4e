import type { Config } from '../../config.ts';
import { cifrar, descifrar, iguales } from '../../lib/claves.ts';
import { tokensDe } from './tokens.ts';

/*
 * Every key of the auth module and its rotation. JWT_SECRET signs access tokens and XSRF values;
 * while JWT_SECRET_ANTERIOR is set, what it signed is still accepted (sessions started before a
 * rotation go on). The two-step secrets have keys of their own (DOS_PASOS_CLAVES), named by id in
 * each stored value, so the JWT secret can change without locking anyone out.
 */

type Llaves = Pick<Config, 'jwtSecret' | 'jwtSecretAnterior' | 'dosPasos'>;

export const firmarToken = (
  config: Pick<Config, 'jwtSecret' | 'accessTtl'>,
  u: { id: number; empresa_id: number; nivel: number },
  sid: string,
) => tokensDe(config.jwtSecret).firmar(u, sid, config.accessTtl);

/**
 * An access token's claims, or why it is refused. The previous secret is tried only when the
 * current one refuses the signature: old tokens are few (a renewal signs with the new secret) and
 * the hot path stays one check.
 */
export async function verificarToken(config: Llaves, token: string) {
  const r = await tokensDe(config.jwtSecret).verificar(token);
  if (r !== 'invalido' || !config.jwtSecretAnterior) return r;
  return tokensDe(config.jwtSecretAnterior).verificar(token);
}

const xsrfCon = (secreto: string, sid: string) => tokensDe(secreto).xsrf(sid);

/** The anti-forgery token is bound to the session, so a cookie planted by another site fails. */
export const xsrfDe = (config: Pick<Config, 'jwtSecret'>, sid: string) => xsrfCon(config.jwtSecret, sid);

/** Whether `enviado` is the session's XSRF value under the current secret or, during a rotation, the previous one. */
export const xsrfValido = (config: Llaves, sid: string, enviado: unknown) =>
  typeof enviado === 'string' &&
  (iguales(enviado, xsrfDe(config, sid)) ||
    (config.jwtSecretAnterior !== undefined && iguales(enviado, xsrfCon(config.jwtSecretAnterior, sid))));

// ---- Two-step (TOTP) secrets at rest: `<id>:<ciphertext>`, under DOS_PASOS_CLAVES' key `id`.

/** What names the key of a value stored before DOS_PASOS_CLAVES: no id, under the JWT secret. */
const CLAVE_ANTIGUA = 'JWT_SECRET';

/** A stored two-step secret that no configured key reads; `clave` is the id of the key it needs. */
export class SecretoIlegible extends Error {
  constructor(
    readonly clave: string,
    motivo: string,
  ) {
    super(`El secreto de dos pasos con la clave ${clave} no se puede leer: ${motivo}`);
  }
}

/** The id of the key a stored value was encrypted with (ids have no ':', ciphertexts neither). */
export const claveDe = (guardado: string) => {
  const i = guardado.indexOf(':');
  return i < 0 ? CLAVE_ANTIGUA : guardado.slice(0, i);
};

/** Encrypted with the current key (the first of DOS_PASOS_CLAVES), its id in front. */
export const cifrarDosPasos = (config: Llaves, secreto: string) =>
  `${config.dosPasos.actual}:${cifrar(config.dosPasos.claves[config.dosPasos.actual] ?? '', secreto)}`;

/** The secret in `guardado`, with the key its id names; throws SecretoIlegible. */
export function descifrarDosPasos(config: Llaves, guardado: string): string {
  const clave = claveDe(guardado);
  const cifrado = guardado.slice(guardado.indexOf(':') + 1);
  if (clave === CLAVE_ANTIGUA) {
    // Written before DOS_PASOS_CLAVES: readable until the rotation command rewrites it.
    for (const s of [config.jwtSecret, config.jwtSecretAnterior]) {
      const claro = s === undefined ? undefined : intentar(s, cifrado);
      if (claro !== undefined) return claro;
    }
    throw new SecretoIlegible(clave, 'ni JWT_SECRET ni JWT_SECRET_ANTERIOR lo abren');
  }
  if (!Object.hasOwn(config.dosPasos.claves, clave))
    throw new SecretoIlegible(clave, 'falta en DOS_PASOS_CLAVES');
  const claro = intentar(config.dosPasos.claves[clave] ?? '', cifrado);
  if (claro === undefined) throw new SecretoIlegible(clave, 'la clave con ese id no lo abre');
  return claro;
}

/** The plain text, or undefined when `secreto` does not open it (AES-GCM checks its tag). */
function intentar(secreto: string, cifrado: string): string | undefined {
  try {
    return descifrar(secreto, cifrado);
  } catch {
    return undefined;
  }
}
