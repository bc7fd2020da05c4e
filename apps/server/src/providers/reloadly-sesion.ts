import type { Bitacora } from '../lib/bitacora.ts';
import { ErrorConfig } from '../lib/entorno.ts';

/** Reloadly's two audiences: the sandbox (no real money) and live. */
export const AUDIENCIAS = {
  sandbox: 'https://topups-sandbox.reloadly.com',
  live: 'https://topups.reloadly.com',
} as const;

/** The credentials of one Reloadly account, from RELOADLY_<CUENTA>_* (never from the database). */
export interface CuentaReloadly {
  nombre: string;
  clientId: string;
  clientSecret: string;
  /** The audience URL the token is asked for (sandbox or live). */
  audience: string;
  authUrl: string;
  apiUrl: string;
}

export type CuentasReloadly = Record<string, CuentaReloadly>;

const SUFIJOS = ['CLIENT_ID', 'CLIENT_SECRET', 'AUDIENCE', 'URL'] as const;

/**
 * Every account named by a RELOADLY_<CUENTA>_* variable: its _CLIENT_ID and _CLIENT_SECRET (both
 * required), _AUDIENCE (sandbox | live, default sandbox) and _URL (both the auth and the top-ups
 * base, for the wire-compatible sandbox of `npm run provider:sim`; unset: Reloadly's own hosts).
 * A misspelt or missing part stops the start naming the variable (ErrorConfig), never a silent
 * sandbox or an empty secret. `live` only: a production start without simulated providers.
 */
export function cuentasReloadly(env: NodeJS.ProcessEnv, soloLive = false): CuentasReloadly {
  const nombres = new Set<string>();
  for (const [clave, valor] of Object.entries(env)) {
    if (!clave.startsWith('RELOADLY_') || !valor) continue;
    const m = /^RELOADLY_([A-Z0-9_]+?)_(CLIENT_ID|CLIENT_SECRET|AUDIENCE|URL)$/.exec(clave);
    if (!m?.[1]) malo(clave, `no es una variable de Reloadly (RELOADLY_<CUENTA>_${SUFIJOS.join('|')})`);
    nombres.add(m[1]);
  }
  const cuentas: CuentasReloadly = {};
  for (const nombre of nombres) {
    const v = (sufijo: (typeof SUFIJOS)[number]) => env[`RELOADLY_${nombre}_${sufijo}`] || undefined;
    const clientId = v('CLIENT_ID');
    const clientSecret = v('CLIENT_SECRET');
    if (!clientId) malo(`RELOADLY_${nombre}_CLIENT_ID`, 'es obligatoria para la cuenta de Reloadly');
    if (!clientSecret) malo(`RELOADLY_${nombre}_CLIENT_SECRET`, 'es obligatoria para la cuenta de Reloadly');
    const audiencia = v('AUDIENCE') ?? 'sandbox';
    if (audiencia !== 'sandbox' && audiencia !== 'live')
      malo(`RELOADLY_${nombre}_AUDIENCE`, `debe ser sandbox o live (es "${audiencia}")`);
    if (soloLive && audiencia !== 'live')
      malo(
        `RELOADLY_${nombre}_AUDIENCE`,
        'debe ser live con NODE_ENV=production (sandbox no cobra; PROVEEDOR_SIMULADO=1 lo permite)',
      );
    const url = v('URL');
    if (url && !/^https?:\/\/[^/]/.test(url))
      malo(`RELOADLY_${nombre}_URL`, 'debe ser una URL http:// o https://');
    const audience = AUDIENCIAS[audiencia];
    cuentas[nombre] = {
      nombre,
      clientId,
      clientSecret,
      audience,
      authUrl: url ?? 'https://auth.reloadly.com',
      apiUrl: url ?? audience,
    };
  }
  return cuentas;
}

function malo(variable: string, mensaje: string): never {
  throw new ErrorConfig(`Configuración inválida: ${variable} ${mensaje}`);
}

/** An answer of Reloadly's API; `cuerpo` null when it was not JSON. */
export interface Respuesta {
  status: number;
  cuerpo: unknown;
}

const ACEPTA = 'application/com.reloadly.topups-v1+json';

/**
 * No token could be had (auth refused, unreachable, timed out): the API call it was for was
 * never made, so a top-up waiting on it was certainly not sent. `cause`: what failed.
 */
export class SinToken extends Error {
  override readonly name = 'SinToken';
}

/**
 * One account's session: one access token, kept until shortly before it expires and asked for
 * by one caller at a time (the others wait for the same answer: no thundering herd). The
 * token and the secret never reach a log.
 */
export class SesionReloadly {
  private token: { valor: string; vence: number } | undefined;
  private pidiendo: Promise<string> | undefined;

  constructor(
    readonly cuenta: CuentaReloadly,
    private readonly timeoutMs: number,
    private readonly log?: Bitacora,
    private readonly ahora: () => number = Date.now,
  ) {}

  /**
   * The current token, or a new one (one request however many callers ask at once); SinToken
   * when none can be had.
   */
  listo(): Promise<string> {
    if (this.token && this.ahora() < this.token.vence) return Promise.resolve(this.token.valor);
    this.pidiendo ??= this.pedirToken()
      .catch((e: unknown) => {
        throw e instanceof SinToken ? e : new SinToken('reloadly token', { cause: e });
      })
      .finally(() => {
        this.pidiendo = undefined;
      });
    return this.pidiendo;
  }

  private async pedirToken(): Promise<string> {
    const c = this.cuenta;
    const r = await fetch(`${c.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        grant_type: 'client_credentials',
        audience: c.audience,
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const cuerpo = (await r.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (r.status !== 200 || typeof cuerpo?.access_token !== 'string') {
      this.log?.warn({ cuenta: c.nombre, status: r.status }, 'reloadly: token refused');
      throw new SinToken(`reloadly token: http ${r.status}`);
    }
    const segundos = Number(cuerpo.expires_in) || 0;
    // Renewed a tenth of its life (at most a minute) before it expires: never sent stale.
    const margen = Math.min(60, segundos / 10);
    this.token = { valor: cuerpo.access_token, vence: this.ahora() + (segundos - margen) * 1000 };
    this.log?.info({ cuenta: c.nombre, expiraEnS: segundos }, 'reloadly: new access token');
    return cuerpo.access_token;
  }

  /** Forgets `usado` after a 401; a token already replaced by another caller is kept. */
  private olvidar(usado: string) {
    if (this.token?.valor === usado) this.token = undefined;
  }

  /**
   * One call to the top-ups API. A 401 forgets the token; a read (GET) is then asked once
   * more with a fresh one, a POST never (its answer is the 401, and the caller decides).
   */
  async pedir(ruta: string, cuerpo?: unknown): Promise<Respuesta> {
    const metodo = cuerpo === undefined ? 'GET' : 'POST';
    for (let intento = 0; ; intento++) {
      const token = await this.listo();
      const r = await fetch(`${this.cuenta.apiUrl}${ruta}`, {
        method: metodo,
        headers: {
          accept: ACEPTA,
          authorization: `Bearer ${token}`,
          ...(cuerpo === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(cuerpo === undefined ? {} : { body: JSON.stringify(cuerpo) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const respuesta = { status: r.status, cuerpo: await r.json().catch(() => null) };
      if (r.status !== 401) return respuesta;
      this.olvidar(token);
      if (metodo !== 'GET' || intento > 0) return respuesta;
    }
  }
}
