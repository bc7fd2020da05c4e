import { M } from '@recargas/contracts/mensajes';
import { sha256 } from '../../lib/claves.ts';
import { ErrorApi } from '../../lib/errores.ts';
import type { Recarga } from './repo.ts';

/**
 * A top-up's idempotency: the key (unique per company) and the fingerprint of the request it
 * was first used with (null: a key that names a resource, like a bulk line's attempt `b:` or a
 * port-out's `p:`, which any press of that attempt shares by design).
 */
export interface Llave {
  clave: string;
  huella: string | null;
}

/**
 * The key of a request to a top-up route, scoped to (company, caller, key): the client's
 * Idempotency-Key under its user (`u:<id>:`) or under the public caller (`a:`), so the same key
 * sent by another caller is another request; without one, a key made from the request within
 * the minute (a retried identical submit). The fingerprint is of the route and the validated,
 * normalized body: the same key with another request is refused (`primera`), never answered
 * with the first one's result.
 */
export function llaveDe(
  enviada: unknown,
  ruta: string,
  quien: { usuarioId: number | null; origen: string },
  cuerpo: unknown,
): Llave {
  const huella = sha256(JSON.stringify([ruta, cuerpo]));
  if (typeof enviada === 'string') {
    if (enviada.length < 1 || enviada.length > 100) throw new ErrorApi(400, M.claveIdempotenciaInvalida);
    return { clave: quien.usuarioId === null ? `a:${enviada}` : `u:${quien.usuarioId}:${enviada}`, huella };
  }
  const minuto = Math.floor(Date.now() / 60_000);
  return {
    clave: `d:${sha256(JSON.stringify([ruta, quien.usuarioId ?? quien.origen, cuerpo, minuto]))}`,
    huella,
  };
}

/**
 * The row a repeated key names, to answer with: when the request is the first one's (same
 * route and body) or the key names a resource. Another request under a used key is refused
 * (422, as Stripe does) and sends nothing. Rows written before fingerprints (0016) have none
 * and answer as they did.
 */
export function primera(fila: Recarga, huella: string | null): Recarga {
  if (huella !== null && fila.huella !== null && fila.huella !== huella)
    throw new ErrorApi(422, M.claveIdempotenciaReutilizada);
  return fila;
}
