import { z } from 'zod';
import type { Endpoint } from './acceso.ts';
import { CODIGOS_CARRIER } from './carriers.ts';
import { M } from './mensajes.ts';
import { CODIGOS_FALLA } from './recargas/fallas.ts';
import { esDn, esIcc, LIMITES_RECARGA } from './recargas.ts';

/**
 * The reseller API (issue 23): API keys and webhooks, managed by administrators on the
 * integraciones screen, and the versioned `/v1` calls that point-of-sale systems make with a key.
 */
export const API_INTEGRACIONES = {
  llaves: '/api/llaves',
  llave: '/api/llaves/:id',
  webhooks: '/api/webhooks',
  webhook: '/api/webhooks/:id',
  entregas: '/api/webhooks/entregas',
  reenviar: '/api/webhooks/entregas/:id/reenviar',
  recargas: '/v1/recargas',
  recarga: '/v1/recargas/:id',
  saldo: '/v1/saldo',
  companias: '/v1/companias',
  operador: '/v1/operador/:dn',
} as const;

/** The header a `/v1` call authenticates with, and its OpenAPI security scheme's name. */
export const CABECERA_LLAVE = 'x-api-key';
export const ESQUEMA_SEGURIDAD = 'llaveApi';
/** Header of a webhook POST: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const CABECERA_FIRMA = 'x-firma';

/**
 * Whom a new key may act as: a user not above its creator's level (a lower number is a higher
 * level), so an administrator cannot mint a root key. The server refuses the rest; the screen
 * does not offer them.
 */
export const puedeActuarComo = (creador: { nivel: number }, usuario: { nivel: number }) =>
  usuario.nivel >= creador.nivel;

/**
 * A key as shown: `rk_<prefix>_<secret>`, a sandbox key `rk_test_<prefix>_<secret>`; the prefix
 * names the key, the secret is hashed, and `test_` must match the key's kind.
 */
export const FORMATO_LLAVE = /^rk_(test_)?([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
/** The shown start of a key of each kind. */
export const inicioLlave = (prueba: boolean) => (prueba ? 'rk_test_' : 'rk_');

/** An IPv4 or IPv6 address or CIDR range, as typed on the screen. */
const cidr = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, M.ipsInvalidas);

export const peticionLlave = z.object({
  nombre: z.string().trim().min(1).max(60),
  /** The user the key acts as: its level, permissions and daily cap apply. */
  usuario: z.number().int().positive(),
  ips: z.array(cidr).max(50).default([]),
  /** A sandbox key: its top-ups are answered by the simulator only, never sent nor counted. */
  prueba: z.boolean().default(false),
});
export type PeticionLlave = z.output<typeof peticionLlave>;
export const respuestaLlaveCreada = z.object({ id: z.number().int(), llave: z.string() });

export const llaveApi = z.object({
  id: z.number().int(),
  nombre: z.string(),
  prefijo: z.string(),
  usuario: z.number().int(),
  username: z.string(),
  ips: z.array(z.string()),
  creada: z.string(),
  ultimoUso: z.string().nullable(),
  revocada: z.string().nullable(),
  prueba: z.boolean(),
});
export const respuestaLlaves = z.object({ llaves: z.array(llaveApi) });

export const peticionWebhook = z.object({ url: z.url().max(500) });
export const respuestaWebhookCreado = z.object({ id: z.number().int(), secreto: z.string() });
export const respuestaWebhooks = z.object({
  webhooks: z.array(z.object({ id: z.number().int(), url: z.string(), creado: z.string() })),
});

export const ESTADOS_ENTREGA = ['pendiente', 'entregada', 'fallida'] as const;
export const entregaWebhook = z.object({
  id: z.number().int(),
  webhook: z.number().int(),
  url: z.string(),
  evento: z.string(),
  tipo: z.string(),
  estado: z.enum(ESTADOS_ENTREGA),
  intentos: z.number().int(),
  ultimoStatus: z.number().int().nullable(),
  ultimoError: z.string().nullable(),
  creada: z.string(),
});
export const respuestaEntregas = z.object({ entregas: z.array(entregaWebhook) });

// --- /v1 -----------------------------------------------------------------------------

/** POST /v1/recargas: a number (dn or icc), a carrier, an amount and the caller's own reference. */
export const peticionV1Recarga = z
  .object({
    dn: z.string().trim().max(LIMITES_RECARGA.dn, M.telefonoInvalido).default(''),
    icc: z.string().trim().max(LIMITES_RECARGA.icc, M.iccInvalido).default(''),
    compania: z.enum(CODIGOS_CARRIER, M.recargaFaltanDatos),
    monto: z.number(M.lineaMontoInvalido).int(M.lineaMontoInvalido).optional(),
    referencia: z.string().trim().min(1).max(64).optional(),
  })
  .refine((p) => p.icc !== '' || p.dn !== '', { message: M.recargaFaltanDatos, path: ['dn'] })
  .refine((p) => p.icc === '' || esIcc(p.icc), { message: M.iccInvalido, path: ['icc'] })
  .refine((p) => p.dn === '' || esDn(p.dn), { message: M.telefonoInvalido, path: ['dn'] });
export type PeticionV1Recarga = z.output<typeof peticionV1Recarga>;

/** Statuses the API shows: an old 'enviada' row is still open, so 'pendiente'. */
export const ESTADOS_V1 = ['pendiente', 'exitosa', 'fallida'] as const;
export const recargaV1 = z.object({
  id: z.number().int(),
  estado: z.enum(ESTADOS_V1),
  mensaje: z.string(),
  folio: z.string().nullable(),
  dn: z.string(),
  icc: z.string(),
  compania: z.string(),
  monto: z.number().nullable(),
  referencia: z.string().nullable(),
  /** Absent from POST's answer, which is the same for every repeat of its key. */
  creada: z.string().optional(),
  /** Why it failed (recargas/fallas.ts), from its cause; null unless fallida. */
  codigo: z.enum(CODIGOS_FALLA).nullable().optional(),
  /** A sandbox key's top-up: answered by the simulator, never sent, charged nor stored. */
  prueba: z.literal(true).optional(),
});
export type RecargaV1 = z.infer<typeof recargaV1>;
/** A page of top-ups, newest first; `siguiente`: the `despues` of the next page, null at the end. */
export const respuestaV1Lista = z.object({ recargas: z.array(recargaV1), siguiente: z.string().nullable() });

/** A day (yyyy-mm-dd, the company's zone) or an ISO instant that names its offset (Z or ±hh:mm). */
const instanteV1 = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/, M.fechaV1Invalida)
  // A day that exists (Date.parse rolls 2026-02-30 over to March).
  .refine((t) => {
    const dia = t.slice(0, 10);
    const d = new Date(`${dia}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(dia) && !Number.isNaN(Date.parse(t));
  }, M.fechaV1Invalida);
export const LIMITE_V1 = { porDefecto: 50, max: 200 } as const;
/**
 * GET /v1/recargas: by `referencia` (all its top-ups), or a keyset page filtered by time
 * (`desde` inclusive, `hasta` exclusive; a day means its whole day) and estado.
 */
export const consultaV1 = z.object({
  referencia: z.string().trim().min(1).max(64).optional(),
  desde: instanteV1.optional(),
  hasta: instanteV1.optional(),
  estado: z.enum(ESTADOS_V1, M.estadoV1Invalido).optional(),
  limite: z.coerce
    .number(M.limiteV1Invalido)
    .int(M.limiteV1Invalido)
    .min(1, M.limiteV1Invalido)
    .max(LIMITE_V1.max, M.limiteV1Invalido)
    .default(LIMITE_V1.porDefecto),
  despues: z.string().max(200).optional(),
});
export type ConsultaV1 = z.output<typeof consultaV1>;

/** GET /v1/saldo: the key user's top-ups today, its daily cap and what is left of it. */
export const respuestaSaldo = z.object({
  limite: z.number().int(),
  usadas: z.number().int(),
  disponibles: z.number().int(),
});
/**
 * GET /v1/companias: carriers, each with the amounts both the company sells and its platform's
 * catalogue takes (`catalogo` false: not checked against one); `montos`: all the company sells
 * (`elegirMonto`: may send `monto`).
 */
export const respuestaCompanias = z.object({
  companias: z.array(
    z.object({
      codigo: z.string(),
      nombre: z.string(),
      montos: z.array(z.number().int()),
      catalogo: z.boolean(),
    }),
  ),
  montos: z.array(z.number().int()),
  montoPorDefecto: z.number().int(),
  elegirMonto: z.boolean(),
});

/** GET /v1/operador/{dn}: the number's carrier by the company's records (`fuente`), or null. */
export const parametrosOperador = z.object({
  dn: z.string().refine(esDn, M.telefonoInvalido),
});
export const respuestaOperador = z.object({
  dn: z.string(),
  compania: z.enum(CODIGOS_CARRIER).nullable(),
  nombre: z.string().nullable(),
  /** recarga: its latest successful top-up; inventario: the company's line of that number. */
  fuente: z.enum(['recarga', 'inventario']).nullable(),
  /** When that evidence was written (a number may have ported since). */
  desde: z.string().nullable(),
});

/** The `/v1` error: the usual `{ mensaje }` plus a stable machine code. */
export const errorV1 = z.object({ mensaje: z.string(), codigo: z.string() });

/**
 * Stable codes of `/v1` errors that are not a top-up's failure (a top-up's comes from its cause:
 * ErrorApi's `codigo`, recargas/fallas.ts): by catalogue text first, else by status. Integrators
 * branch on these; the texts may be reworded.
 */
export const CODIGO_POR_MENSAJE: Readonly<Record<string, string>> = {
  [M.llaveApiInvalida]: 'llave_invalida',
  [M.llaveApiIpNoPermitida]: 'ip_no_permitida',
  [M.idempotenciaRequerida]: 'idempotencia_requerida',
  [M.claveIdempotenciaInvalida]: 'idempotencia_invalida',
  [M.claveIdempotenciaReutilizada]: 'idempotencia_reutilizada',
  [M.referenciaRepetida]: 'referencia_repetida',
  [M.demasiadasSolicitudes]: 'demasiadas_solicitudes',
  [M.sinPermiso]: 'sin_permiso',
  [M.noEncontrado]: 'no_encontrada',
};
export const CODIGO_POR_STATUS: Readonly<Record<number, string>> = {
  400: 'solicitud_invalida',
  401: 'llave_invalida',
  403: 'sin_permiso',
  404: 'no_encontrada',
  409: 'conflicto',
  422: 'recarga_fallida',
  429: 'limite_alcanzado',
  503: 'servicio_no_disponible',
};
export const codigoDeError = (status: number, mensaje: string): string =>
  CODIGO_POR_MENSAJE[mensaje] ?? CODIGO_POR_STATUS[status] ?? (status >= 500 ? 'error_interno' : 'error');

/**
 * The screen call each `/v1` route stands for: the key's user must be allowed it (level,
 * permissions, route whitelist), exactly as on the screens.
 */
export const ACTUA_COMO = {
  'POST /v1/recargas': 'POST /checkOut',
  'GET /v1/recargas': 'GET /movimientos',
  'GET /v1/recargas/{id}': 'GET /movimientos',
  'GET /v1/saldo': 'GET /movimientos',
  'GET /v1/companias': 'POST /checkOut',
  'GET /v1/operador/{dn}': 'POST /checkOut',
} as const satisfies Partial<Record<Endpoint, Endpoint>>;
