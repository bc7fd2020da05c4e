import type { Bitacora } from '../lib/bitacora.ts';

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

/**
 * Every account named by a RELOADLY_<CUENTA>_CLIENT_ID: its _CLIENT_SECRET, _AUDIENCE
 * (sandbox | live, default sandbox) and _URL (both the auth and the top-ups base, for the
 * wire-compatible sandbox of `npm run provider:sim`; unset: Reloadly's own hosts).
 */
export function cuentasReloadly(env: NodeJS.ProcessEnv): CuentasReloadly {
  const cuentas: CuentasReloadly = {};
  for (const [clave, clientId] of Object.entries(env)) {
    const nombre = /^RELOADLY_([A-Z0-9_]+)_CLIENT_ID$/.exec(clave)?.[1];
    if (!nombre || !clientId) continue;
    const vivo = env[`RELOADLY_${nombre}_AUDIENCE`] === 'live';
    const url = env[`RELOADLY_${nombre}_URL`];
    const audience = vivo ? AUDIENCIAS.live : AUDIENCIAS.sandbox;
    cuentas[nombre] = {
      nombre,
      clientId,
      clientSecret: env[`RELOADLY_${nombre}_CLIENT_SECRET`] ?? '',
      audience,
      authUrl: url ?? 'https://auth.reloadly.com',
      apiUrl: url ?? audience,
    };
  }
  return cuentas;
}

/** An answer of Reloadly's API; `cuerpo` null when it was not JSON. */
export interface Respuesta {
  status: number;
  cuerpo: unknown;
}

const ACEPTA = 'application/com.reloadly.topups-v1+json';

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

  /** The current token, or a new one (one request however many callers ask at once). */
  listo(): Promise<string> {
    if (this.token && this.ahora() < this.token.vence) return Promise.resolve(this.token.valor);
    this.pidiendo ??= this.pedirToken().finally(() => {
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
      throw new Error(`reloadly token: http ${r.status}`);
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
