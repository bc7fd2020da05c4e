import { z } from 'zod';
import { ajustesEmpresa, codigoEmpresa } from './empresas.ts';
import { M } from './mensajes.ts';

// Paths and step codes without zod: the login's download imports them (issue 21).
export { API_AUTH, PASO } from './auth/rutas.ts';

/** Limits of spec section 9. */
export const LIMITES = { username: 50, nombre: 100, password: 200, codigo2fa: 6 } as const;

const requerido = (max: number) => z.string().trim().min(1).max(max);

export const credenciales = z.object({
  username: requerido(LIMITES.username),
  password: z.string().min(1).max(LIMITES.password),
  empresa: codigoEmpresa,
});
export type Credenciales = z.infer<typeof credenciales>;

export const verificacion2fa = credenciales.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, M.codigoSeisDigitos),
});

/** Failure or two-step prompt of the login: code, mensaje and, when made, qrCodeUrl. */
export const respuestaPasoLogin = z.object({
  code: z.number().int(),
  mensaje: z.string(),
  qrCodeUrl: z.string().optional(),
});

/** Login response (spec section 3) plus what the local session data needs. */
export const respuestaLogin = z.object({
  token: z.string(),
  nivel: z.number().int(),
  isMonto: z.boolean(),
  username: z.string(),
  MRD: z.number().int(),
  empresa: z.string(),
  id: z.number().int(),
  nombre: z.string(),
  lider: z.number().int(),
  cliente: z.number().int(),
  maxRecargas: z.number().int(),
  recargaSinUsuario: z.boolean(),
  permisos: z.array(z.string()),
  rutas: z.array(z.string()),
  ajustes: ajustesEmpresa,
  dosPasos: z.boolean(),
});
export type RespuestaLogin = z.infer<typeof respuestaLogin>;

export const respuestaToken = z.object({ token: z.string() });

export const respuestaQr = z.object({ qrCodeUrl: z.string() });

/** GET /quienSoy (spec section 7). */
export const quienSoy = z.object({
  id: z.number().int(),
  nivel: z.number().int(),
  nombre: z.string(),
  lider: z.number().int(),
  username: z.string(),
  empresa: z.string(),
});

/** GET /api/permisos: what the session may do now, Permiso Monto included (issue 41). */
export const respuestaPermisos = z.object({ permisos: z.array(z.string()), isMonto: z.boolean() });

/** Every error body of the API (spec section 8): a Spanish `mensaje`. */
export const respuestaError = z.object({ mensaje: z.string(), code: z.number().int().optional() });

/** POST /cambiarEmpresa: the company the root's session works in from now on. */
export const peticionCambiarEmpresa = z.object({ empresa: codigoEmpresa });

/** GET /cambiarEmpresa: every company, by code and name, for the root's selector. */
export const respuestaEmpresas = z.object({
  empresas: z.array(z.object({ empresa: z.string(), nombre: z.string() })),
});
export type RespuestaEmpresas = z.infer<typeof respuestaEmpresas>;
