import { API_AUTH } from '@recargas/contracts/auth';
import type { Config } from '../../config.ts';
import { aleatorio, hmac, iguales } from '../../lib/claves.ts';

/*
 * Device cookies (issue 39; OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a
 * browser that has logged in to an account carries proof of it, so the waits that an address
 * gets for failures of everyone behind it (an office's network) do not fall on that browser for
 * that account; it has a failure count of its own instead (limites.ts).
 *
 * The cookie holds one entry per account the browser logged in to, the latest first: a random
 * nonce and its HMAC over the account's throttling key (company id and username), signed with
 * JWT_SECRET so every API process accepts it, and with JWT_SECRET_ANTERIOR during a rotation.
 * The entry names no account: it is checked against the account being logged in to, so trust
 * never passes to another username or company.
 */

export const COOKIE_DISPOSITIVO = 'dispositivo';

/** Only the calls that check a password receive it: the login, and the two-step calls under /api/2fa. */
export const RUTAS_DISPOSITIVO = [
  API_AUTH.iniciarSesion,
  API_AUTH.verificarDosPasos.slice(0, API_AUTH.verificarDosPasos.lastIndexOf('/')),
];

/** A year (seconds): the browser stays known between a cashier's holidays. */
export const VIDA_DISPOSITIVO = 365 * 24 * 60 * 60;

/** Accounts one browser is known for (several cashiers may share an office computer). */
const MAXIMO = 8;

/** `nonce.firma`: 16 random bytes and an HMAC-SHA256, both base64url. */
const ENTRADA = /^[\w-]{22}\.[\w-]{43}$/;

const firma = (secreto: string, cuenta: string, nonce: string) =>
  hmac(secreto, `dispositivo:${cuenta}:${nonce}`);

/** The well-formed entries of the cookie as the browser sent it, at most MAXIMO. */
const entradas = (cookie: string | undefined) =>
  (cookie ?? '')
    .split('~')
    .filter((e) => ENTRADA.test(e))
    .slice(0, MAXIMO);

/** The nonce of the entry `cuenta` was signed into, by this server's secret or the previous one. */
export function nonceDe(config: Config, cookie: string | undefined, cuenta: string): string | undefined {
  const secretos = [config.jwtSecret, config.jwtSecretAnterior].filter((s): s is string => Boolean(s));
  for (const entrada of entradas(cookie)) {
    const [nonce = '', f = ''] = entrada.split('.');
    if (secretos.some((s) => iguales(f, firma(s, cuenta, nonce)))) return nonce;
  }
  return undefined;
}

/**
 * The cookie after a login to `cuenta` has succeeded: a new entry for it first (a fresh nonce,
 * so failures counted on the old one are left behind), then the browser's other accounts.
 */
export function emitir(config: Config, cookie: string | undefined, cuenta: string): string {
  const anterior = nonceDe(config, cookie, cuenta);
  const nonce = aleatorio(16);
  const otras = entradas(cookie).filter((e) => !anterior || !e.startsWith(`${anterior}.`));
  return [`${nonce}.${firma(config.jwtSecret, cuenta, nonce)}`, ...otras].slice(0, MAXIMO).join('~');
}
