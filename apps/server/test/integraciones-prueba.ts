import type { Entorno, Sesion } from './entorno.ts';
import { pedir } from './peticion.ts';

/** Helpers the reseller API tests share (issue 23). */

/** A new key through the screen's call: `{ id, llave }`. */
export async function nuevaLlave(
  e: Entorno,
  admin: Sesion,
  usuario: number,
  extra: { ips?: string[]; nombre?: string } = {},
) {
  const r = await pedir(e.app, admin, 'POST', '/api/llaves', {
    nombre: extra.nombre ?? 'caja',
    usuario,
    ...(extra.ips ? { ips: extra.ips } : {}),
  });
  if (r.statusCode !== 200) throw new Error(`llave: ${r.statusCode} ${r.body}`);
  return r.json() as { id: number; llave: string };
}

/** A `/v1` call with a key (and an Idempotency-Key for POST). */
export const v1 = (
  e: Entorno,
  llave: string | undefined,
  metodo: 'GET' | 'POST',
  url: string,
  cuerpo?: object,
  clave?: string,
  ip?: string,
) =>
  pedir(e.app, null, metodo, url, cuerpo, {
    ...(clave ? { clave } : {}),
    ...(ip ? { ip } : {}),
    cabeceras: llave ? { 'x-api-key': llave } : {},
  });

let n = 0;
/** A phone number no other test uses. */
export const dnNuevo = () => `58${String(10_000_000 + ++n).slice(-8)}`;
