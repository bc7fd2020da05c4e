import { setTimeout as dormir } from 'node:timers/promises';
import { texto } from '@recargas/contracts/mensajes';
import type { Config } from '../../config.ts';
import type { Ctx as ContextoCompleto } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { nonceDe } from './dispositivos.ts';
import * as repo from './repo.ts';

/*
 * Login throttling (issue 17), counted in the database so every API process agrees. A lock on
 * the account alone lets anyone lock its owner out by typing wrong passwords (OWASP's
 * authentication cheat sheet warns of exactly that denial of service), so the waits fall on
 * the client that fails, and the account only adds what cannot shut its owner out:
 *
 * - (account, client IP): after loginMaxFallosCuenta failures that client waits
 *   loginEspera seconds, doubling with each further failure up to loginBloqueo. The owner on a
 *   machine that has not failed logs in as ever.
 * - client IP, all accounts: the same after loginMaxFallosIp failures (password spraying).
 *   Attempts refused by a wait count here too: a client that keeps trying while told to wait
 *   waits longer, on every account.
 * - account, all IPs: once loginMaxFallosCuenta failures of any clients add up the account is
 *   under attack for loginBloqueo seconds after its last failure. Then every failure of a
 *   client makes that client wait, from its first (so many addresses get about one guess
 *   each per wait, doubling, instead of loginMaxFallosCuenta each), and every attempt on the
 *   account, the owner's too, is held 250 ms, doubling per failure, at most loginDemoraMaxMs,
 *   before its password is checked. That slows a distributed attack; its owner loses at most
 *   that delay, never the account.
 *
 * A success clears its (account, IP) key, and the account's count while it is not under attack
 * (an owner's own typos do not add up over the day; an attack is not lifted by its owner
 * logging in). The TOTP step of two-step login fails and clears the same keys.
 *
 * A browser with a device cookie for the account (dispositivos.ts) is none of the above: an
 * office's cashiers share one address, and anyone there could otherwise make it wait for all of
 * them (issue 39). Its failures count on its own key only, with the (account, IP) scale: after
 * loginMaxFallosCuenta of them that browser waits, on that account, and nobody else does.
 */

/** What the throttling needs of the context (contexto.ts). */
type Ctx = Pick<ContextoCompleto, 'db' | 'config'>;

export interface Claves {
  cuenta: string;
  par: string;
  ip: string;
  /** The key of the browser's device cookie for this account, when it sent a valid one. */
  dispositivo: string | undefined;
}

/** Who is logging in: the address, and the device cookie its browser sent (if any). */
export interface Cliente {
  ip: string;
  dispositivo: string | undefined;
}

const cuentaDe = (empresaId: number, username: string) => `u:${empresaId}:${username.toLowerCase()}`;

export function clavesDe(config: Config, empresaId: number, username: string, cliente: Cliente): Claves {
  const cuenta = cuentaDe(empresaId, username);
  const nonce = nonceDe(config, cliente.dispositivo, cuenta);
  return {
    cuenta,
    par: `${cuenta}@${cliente.ip}`,
    ip: `ip:${cliente.ip}`,
    // Under the account like a client's address, so the admin CLI's unlock clears it too.
    dispositivo: nonce && `${cuenta}@dispositivo:${nonce}`,
  };
}

/** The first hold of an attempt on an account under attack (ms); it doubles per failure. */
const DEMORA_BASE_MS = 250;

/** 429 with the wait left: in seconds under two minutes (no "1 minutos"), else in minutes. */
function demasiados(segundos: number) {
  const s = Math.max(1, Math.ceil(segundos));
  return new ErrorApi(
    429,
    s < 120
      ? texto('cuentaBloqueadaSegundos', { segundos: s })
      : texto('cuentaBloqueada', { minutos: Math.ceil(s / 60) }),
  );
}

const escala = (c: Config, desde: number, duplicaTras = desde): repo.Escala => ({
  desde,
  duplicaTras,
  base: c.loginEspera,
  maximo: c.loginBloqueo,
  olvido: c.loginBloqueo,
});

/**
 * Before the password is checked: 429 while this client (on this account, or at all) must
 * wait; on an account under attack, holds the attempt for its bounded delay. A known browser
 * waits only for its own failures.
 */
export async function comprobar(ctx: Ctx, k: Claves): Promise<void> {
  const c = ctx.config;
  if (k.dispositivo) {
    const [propio] = await repo.intentos(ctx.db, [k.dispositivo]);
    if (propio && propio.segundos > 0) throw demasiados(propio.segundos);
    return;
  }
  const filas = await repo.intentos(ctx.db, [k.cuenta, k.par, k.ip]);
  const de = (clave: string) => filas.find((f) => f.clave === clave);
  const espera = Math.max(de(k.par)?.segundos ?? 0, de(k.ip)?.segundos ?? 0);
  if (espera > 0) {
    // Trying while told to wait is one more failure of this address (not of the account).
    await repo.registrarFallo(ctx.db, k.ip, escala(c, c.loginMaxFallosIp));
    throw demasiados(espera);
  }
  const cuenta = de(k.cuenta);
  if (cuenta && cuenta.segundos > 0 && cuenta.fallos >= c.loginMaxFallosCuenta) {
    const veces = Math.min(cuenta.fallos - c.loginMaxFallosCuenta, 20);
    await dormir(Math.min(c.loginDemoraMaxMs, DEMORA_BASE_MS * 2 ** veces));
  }
}

/**
 * A wrong password or code: one failure for the account, this client on it, and this client; a
 * known browser's, for that browser alone.
 */
export async function fallo(ctx: Ctx, k: Claves): Promise<void> {
  const c = ctx.config;
  if (k.dispositivo) {
    await repo.registrarFallo(ctx.db, k.dispositivo, escala(c, c.loginMaxFallosCuenta));
    return;
  }
  const n = c.loginMaxFallosCuenta;
  // The account's own count only marks it under attack, for loginBloqueo after its last failure.
  const deLaCuenta = await repo.registrarFallo(ctx.db, k.cuenta, {
    desde: n,
    duplicaTras: n,
    base: c.loginBloqueo,
    maximo: c.loginBloqueo,
    olvido: c.loginBloqueo,
  });
  await repo.registrarFallo(ctx.db, k.par, escala(c, deLaCuenta >= n ? 1 : n, n));
  await repo.registrarFallo(ctx.db, k.ip, escala(c, c.loginMaxFallosIp));
}

/**
 * A login that got through: this client starts afresh on this account. A known browser clears
 * its own key only: the failures of others at its address are theirs.
 */
export async function exito(ctx: Ctx, k: Claves): Promise<void> {
  await repo.limpiarFallos(ctx.db, k.dispositivo ?? k.par);
  await repo.limpiarSiNoEspera(ctx.db, k.cuenta);
}

/**
 * The admin CLI's unlock: the account and every client's wait on it start afresh (a client's
 * wait on all accounts, its IP key, stays: that one is about the client).
 */
export async function desbloquear(db: ContextoCompleto['db'], empresaId: number, username: string) {
  const r = await repo.limpiarCuenta(db, cuentaDe(empresaId, username));
  return Number(r.numDeletedRows);
}
