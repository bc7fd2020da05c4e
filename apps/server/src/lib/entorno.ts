import { isIP } from 'node:net';
import { z } from 'zod';

/** A setting the environment gets wrong: the start stops with this one line (lib/arranque.ts). */
export class ErrorConfig extends Error {}

type Ctx = z.core.$RefinementCtx<string | undefined>;
const falla = (ctx: Ctx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** Text; unset and empty are the same. */
export const texto = z
  .string()
  .optional()
  .transform((v) => v || undefined);

/** A whole number from min to max; unset or empty: porDefecto. */
export const entero = (porDefecto: number, min = 1, max = 2 ** 31 - 1) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return porDefecto;
      const n = Number(v);
      return /^\s*\d+\s*$/.test(v) && n >= min && n <= max
        ? n
        : falla(ctx, `debe ser un número entero entre ${min} y ${max}`);
    });

/** 1 or 0 (also true or false); unset or empty: porDefecto. */
export const bandera = <T extends boolean | undefined>(porDefecto: T) =>
  z
    .string()
    .optional()
    .transform((v, ctx): boolean | T => {
      if (v === undefined || v.trim() === '') return porDefecto;
      const t = v.trim().toLowerCase();
      if (t === '1' || t === 'true') return true;
      if (t === '0' || t === 'false') return false;
      return falla(ctx, 'debe ser 1 o 0');
    });

/** One of these words; unset or empty: porDefecto. */
export const una = <const T extends string>(valores: readonly T[], porDefecto: T) =>
  z
    .string()
    .optional()
    .transform((v, ctx): T => {
      if (v === undefined || v.trim() === '') return porDefecto;
      return (valores as readonly string[]).includes(v)
        ? (v as T)
        : falla(ctx, `debe ser ${valores.slice(0, -1).join(', ')} o ${valores.at(-1)}`);
    });

/**
 * A URL with one of these schemes; unset or empty: none. Several hosts (`postgres://u@h1:5432,
 * h2:5432/db`, as libpq writes a failover pair) are checked by the first one.
 */
export const url = (...esquemas: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      let esquema = '';
      try {
        esquema = new URL(v.replace(/^([^:]+:\/\/(?:[^@/]*@)?[^,/?#]*),[^/?#]*/, '$1')).protocol.slice(0, -1);
      } catch {}
      return esquemas.includes(esquema)
        ? v
        : falla(ctx, `debe ser una URL ${esquemas.map((e) => `${e}://`).join(' o ')}`);
    });

/** An address or a CIDR block (v4 or v6). */
const esDireccion = (t: string) => {
  const [ip, prefijo, ...resto] = t.split('/');
  const version = isIP(ip ?? '');
  if (!version || resto.length) return false;
  if (prefijo === undefined) return true;
  return /^\d{1,3}$/.test(prefijo) && Number(prefijo) <= (version === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: a number of proxy hops (0: none), or a comma list of the proxies' addresses or
 * CIDRs (Fastify's trustProxy). Anything else would make Fastify throw at the first request.
 */
export const saltosOProxies = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string => {
    const t = v?.trim() ?? '';
    if (t === '' || t === '0') return false;
    if (/^\d+$/.test(t)) {
      return Number(t) <= 10 ? Number(t) : falla(ctx, 'debe ser un número de saltos entre 0 y 10');
    }
    const partes = t.split(',').map((p) => p.trim());
    return partes.every(esDireccion)
      ? t
      : falla(ctx, 'debe ser un número de saltos o direcciones IP o CIDR separadas por comas');
  });

/** Values never echoed in the error line. */
const SECRETO = /SECRET|PASS|TOKEN|PRIVATE|CLAVE|DATABASE_URL|REDIS_URL/;

/** The environment checked against a schema; the first bad variable as one ErrorConfig line. */
export function validar<S extends z.ZodType>(esquema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const r = esquema.safeParse(env);
  if (r.success) return r.data;
  const { path, message } = r.error.issues[0] as z.core.$ZodIssue;
  const nombre = String(path[0]);
  const valor = env[nombre];
  const visto = valor === undefined || SECRETO.test(nombre) ? '' : ` (es "${valor}")`;
  throw new ErrorConfig(`Configuración inválida: ${nombre} ${message}${visto}`);
}

/** An error on one variable, from a schema's superRefine. */
export const faltaEn = (ctx: z.core.$RefinementCtx<unknown>, variable: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [variable], message });
