import type { Bitacora } from '../lib/bitacora.ts';
import { ErrorConfig } from '../lib/entorno.ts';

/** TAECEL's API base, where _URL does not say otherwise. */
export const URL_TAECEL = 'https://taecel.com/app/api';

/** The credentials of one TAECEL account, from TAECEL_<CUENTA>_* (never from the database). */
export interface CuentaTaecel {
  nombre: string;
  key: string;
  nip: string;
  url: string;
}

export type CuentasTaecel = Record<string, CuentaTaecel>;

/**
 * Every account named by a TAECEL_<CUENTA>_* variable: _KEY and _NIP (both required) and _URL
 * (the simulator's /taecel sandbox; unset: TAECEL's own host). A misspelt or missing part stops
 * the start naming the variable, never an empty NIP.
 */
export function cuentasTaecel(env: NodeJS.ProcessEnv): CuentasTaecel {
  const nombres = new Set<string>();
  for (const [clave, valor] of Object.entries(env)) {
    if (!clave.startsWith('TAECEL_') || !valor) continue;
    const m = /^TAECEL_([A-Z0-9_]+?)_(KEY|NIP|URL)$/.exec(clave);
    if (!m?.[1]) malo(clave, 'no es una variable de TAECEL (TAECEL_<CUENTA>_KEY|NIP|URL)');
    nombres.add(m[1]);
  }
  const cuentas: CuentasTaecel = {};
  for (const nombre of nombres) {
    const v = (sufijo: string) => env[`TAECEL_${nombre}_${sufijo}`] || undefined;
    const key = v('KEY');
    const nip = v('NIP');
    if (!key) malo(`TAECEL_${nombre}_KEY`, 'es obligatoria para la cuenta de TAECEL');
    if (!nip) malo(`TAECEL_${nombre}_NIP`, 'es obligatoria para la cuenta de TAECEL');
    const url = v('URL');
    if (url && !/^https?:\/\/[^/]/.test(url))
      malo(`TAECEL_${nombre}_URL`, 'debe ser una URL http:// o https://');
    cuentas[nombre] = { nombre, key, nip, url: (url ?? URL_TAECEL).replace(/\/$/, '') };
  }
  return cuentas;
}

function malo(variable: string, mensaje: string): never {
  throw new ErrorConfig(`Configuración inválida: ${variable} ${mensaje}`);
}

/** TAECEL's answer envelope; `cuerpo` null when it was not JSON. */
export interface RespuestaTaecel {
  status: number;
  cuerpo: { success?: unknown; error?: unknown; message?: unknown; data?: unknown } | null;
}

/**
 * One account's calls: a form POST per method with its key and NIP, which never reach a log
 * (only the account's name and the method do).
 */
export class ClienteTaecel {
  constructor(
    readonly cuenta: CuentaTaecel,
    private readonly timeoutMs: number,
    private readonly log?: Bitacora,
  ) {}

  async pedir(metodo: string, campos: Record<string, string> = {}): Promise<RespuestaTaecel> {
    const { key, nip, url } = this.cuenta;
    const r = await fetch(`${url}/${metodo}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ key, nip, ...campos }).toString(),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const cuerpo = (await r.json().catch(() => null)) as RespuestaTaecel['cuerpo'];
    if (cuerpo?.success !== true)
      this.log?.warn(
        { cuenta: this.cuenta.nombre, metodo, status: r.status, error: cuerpo?.error },
        'taecel: call not successful',
      );
    return { status: r.status, cuerpo };
  }

  /** `data` of a successful answer, else throws (reads: balance, products, sales). */
  async leer(metodo: string, campos: Record<string, string> = {}): Promise<unknown> {
    const r = await this.pedir(metodo, campos);
    if (r.status !== 200 || r.cuerpo?.success !== true) throw new Error(`taecel ${metodo}: http ${r.status}`);
    return r.cuerpo.data;
  }
}

/** "1,234.50" or "$50" as integer centavos, exactly; undefined when it is not an amount. */
export function centavos(texto: unknown): number | undefined {
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(String(texto ?? '').trim());
  if (!m?.[1]) return undefined;
  return Number(m[1].replaceAll(',', '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
