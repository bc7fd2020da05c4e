import { z } from 'zod';
import { CODIGOS_CARRIER } from './carriers.ts';
import type { AjustesEmpresa } from './empresas.ts';
import { M } from './mensajes.ts';
import { esAdministrador, NIVEL } from './niveles.ts';

/** The top-up calls (spec section 7); the one without a user is public. */
export const API_RECARGAS = {
  recargar: '/checkOut',
  recargarExterna: '/foreignCheckOut',
  recargarSinUsuario: '/checkOut/:compania/recargaSinUsuario',
  movimientos: '/movimientos',
} as const;

/** Limits of spec section 9: an ICC of up to 20 digits passes, but its input takes 19 (iccEntrada). */
export const LIMITES_RECARGA = { icc: 20, iccEntrada: 19, dn: 10, folio: 10 } as const;
export const MONTOS = [30, 50, 70, 100, 200] as const;
/** The request types (spec sections 2, 3 and 7 name only the default, 'todito'): the screen's select. */
export const TIPOS_SOLICITUD = ['todito'] as const;
export const TIPO_POR_DEFECTO: (typeof TIPOS_SOLICITUD)[number] = 'todito';
/** Type of an external (foreign) top-up. */
export const TIPO_EXTERNA = 3;
export const PLATAFORMAS = [1, 2] as const;

/** The DN permission of a carrier (spec section 6, set B): a DN may go with its ICC. */
export const PERMISO_DN: Readonly<Record<string, string>> = { M: 'MOVI_DN', A: 'ATT_DN' };
/** A top-up by ICC of these carriers with no DN at all needs this permission (set A). */
export const PERMISO_SIN_DN: Readonly<Record<string, string>> = { M: 'MOVI_SIN_DN', A: 'ATT_SIN_DN' };
/** Whether the user may send a DN with an ICC of this carrier. */
export const puedeEnviarDn = (quien: Pick<QuienRecarga, 'permisos'>, compania: string): boolean => {
  const permiso = PERMISO_DN[compania];
  return permiso !== undefined && quien.permisos.includes(permiso);
};

export const ESTADOS_RECARGA = ['pendiente', 'enviada', 'exitosa', 'fallida'] as const;
export type EstadoRecarga = (typeof ESTADOS_RECARGA)[number];

/** The status labels (etiquetaEstado); the server's SQL prints them too. */
export const ETIQUETAS_ESTADO: Record<EstadoRecarga, string> = {
  pendiente: M.estadoPendiente,
  enviada: M.estadoEnviada,
  exitosa: M.estadoExitosa,
  fallida: M.estadoFallida,
};

/** The name of a top-up status on every screen and Excel file; an unknown one shows as it is. */
export const etiquetaEstado = (estado: string): string =>
  Object.hasOwn(ETIQUETAS_ESTADO, estado) ? ETIQUETAS_ESTADO[estado as EstadoRecarga] : estado;

/** Fields every top-up call shares (spec sections 3 and 7). */
const camposRecarga = z.object({
  icc: z.string().trim().max(LIMITES_RECARGA.icc, M.iccInvalido).default(''),
  dn: z.string().trim().max(LIMITES_RECARGA.dn, M.telefonoInvalido).default(''),
  compania: z.enum(CODIGOS_CARRIER, M.recargaFaltanDatos),
  /** A chosen amount: a JSON integer (no strings, arrays, booleans); null or absent: none chosen. */
  monto: z
    .number(M.lineaMontoInvalido)
    .int(M.lineaMontoInvalido)
    .nullable()
    .optional()
    .transform((v) => v ?? undefined),
  plataforma: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
});

/** Section 5's number formats: an ICC of digits (at most 20), a phone of exactly 10 digits. */
export const esIcc = (v: string) => /^\d{1,20}$/.test(v);
export const esDn = (v: string) => /^\d{10}$/.test(v);

/** Section 5's number rules: an ICC or a phone, each in its format. */
const conReglasDeNumero = <T extends z.ZodType<{ icc: string; dn: string }>>(esquema: T) =>
  esquema
    .refine((p) => p.icc !== '' || p.dn !== '', { message: M.recargaFaltanDatos, path: ['dn'] })
    .refine((p) => p.icc === '' || esIcc(p.icc), { message: M.iccInvalido, path: ['icc'] })
    .refine((p) => p.dn === '' || esDn(p.dn), { message: M.telefonoInvalido, path: ['dn'] });

/** POST /checkOut: the chosen mode decides which of icc/dn is sent; request type default 'todito'. */
export const peticionRecarga = conReglasDeNumero(
  camposRecarga.extend({
    tipo: z.enum(TIPOS_SOLICITUD, M.tipoSolicitudInvalido).default(TIPO_POR_DEFECTO),
    origin: z.literal('web').default('web'),
  }),
);
export type PeticionRecarga = z.output<typeof peticionRecarga>;

/** POST /foreignCheckOut: the same plus folio (max 10), type 3 and an id. */
export const peticionRecargaExterna = conReglasDeNumero(
  camposRecarga.extend({
    folio: z.string().trim().max(LIMITES_RECARGA.folio).default(''),
    type: z.coerce.number().int().default(TIPO_EXTERNA),
    id: z.coerce.number().int().optional(),
  }),
).refine((p) => p.folio !== '', { message: M.sinFolio, path: ['folio'] });
export type PeticionRecargaExterna = z.output<typeof peticionRecargaExterna>;

/**
 * POST /checkOut/{compania}/recargaSinUsuario: public, by icc or dn. `monto` is read, whatever it
 * holds, only so the amount rule refuses it (no user chooses an amount) instead of dropping it.
 */
export const peticionRecargaSinUsuario = conReglasDeNumero(
  camposRecarga.pick({ icc: true, dn: true, compania: true }).extend({ monto: z.unknown().optional() }),
);

/** A top-up's answer: its status and message, and what went (number, carrier, amount, folio). */
export const respuestaRecarga = z.object({
  id: z.number().int(),
  estado: z.enum(ESTADOS_RECARGA),
  mensaje: z.string(),
  folio: z.string().nullable(),
  icc: z.string(),
  dn: z.string(),
  compania: z.string(),
  /** null where the company hides amounts from the caller (veMontoMovimientos). */
  monto: z.number().nullable(),
});
export type RespuestaRecarga = z.infer<typeof respuestaRecarga>;

/** GET /movimientos: the last 10, with their titles (spec sections 2 and 3). */
export const respuestaMovimientos = z.object({
  titulos: z.array(z.object({ llave: z.string(), valor: z.string() })),
  movimientos: z.array(
    z.object({
      estatus: z.enum(ESTADOS_RECARGA),
      fecha: z.string(),
      compania: z.string(),
      dn: z.string(),
      monto: z.number().nullable(),
    }),
  ),
});

// --- Rules shared by the server and the top-up screen (issue 17) -------------------------

/** The caller as these rules see it; null: the public screen (no user). */
export interface QuienRecarga {
  nivel: number;
  /** Permiso Monto. */
  isMonto: boolean;
  permisos: readonly string[];
}

/**
 * Who may CHOOSE a top-up's amount. Permiso Monto (`isMonto`, stored on the user, switched on
 * the users screen by administrators holding PERMISO_MONTOS) lets its holder choose, and only
 * while the company shows the amount select (`enviarMonto`). The public screen never chooses.
 */
export const puedeElegirMonto = (
  ajustes: Pick<AjustesEmpresa, 'enviarMonto'>,
  quien: Pick<QuienRecarga, 'isMonto'> | null,
): boolean => ajustes.enviarMonto && quien?.isMonto === true;

/** An amount the company sells: an integer of its list (`montos`, default MONTOS). */
export const montoPermitido = (ajustes: Pick<AjustesEmpresa, 'montos'>, monto: unknown): monto is number =>
  typeof monto === 'number' && Number.isInteger(monto) && ajustes.montos.includes(monto);

/** The amount a top-up goes with, or why it is refused (HTTP status and catalogue text). */
export type DecisionMonto = { monto: number } | { status: 400 | 403; mensaje: string };

/**
 * The amount of a top-up, on every path (checkOut, foreignCheckOut, recargaSinUsuario, bulk
 * lines, port-out recharges). `elegido` is what the caller sent (undefined: nothing): accepted
 * only when `puedeElegirMonto` (else 403) and `montoPermitido` (else 400). Without a choice the
 * amount is `guardado` (the inventory or bulk line's, the port-out's rechargeAmount), else, for
 * who may not choose, the company's montoPorDefecto (who may choose must: 400 eligeMonto). It
 * too must be in the list: no top-up goes with an amount the company does not sell.
 */
export function montoDeRecarga(
  ajustes: Pick<AjustesEmpresa, 'enviarMonto' | 'montos' | 'montoPorDefecto'>,
  quien: Pick<QuienRecarga, 'isMonto'> | null,
  { elegido, guardado }: { elegido?: unknown; guardado?: number | null | undefined },
): DecisionMonto {
  if (elegido !== undefined) {
    if (!puedeElegirMonto(ajustes, quien)) return { status: 403, mensaje: M.montoNoPermitido };
    if (!montoPermitido(ajustes, elegido)) return { status: 400, mensaje: M.montoNoPermitido };
    return { monto: elegido };
  }
  // Who may choose must choose: the company's default never stands in for a missing choice.
  if (guardado == null && puedeElegirMonto(ajustes, quien)) return { status: 400, mensaje: M.eligeMonto };
  const monto = guardado ?? ajustes.montoPorDefecto;
  if (!montoPermitido(ajustes, monto)) return { status: 400, mensaje: M.montoNoPermitido };
  return { monto };
}

/** The platform switch (platform 1 or 2) is for administrators holding PLATAFORMAS; others are ignored. */
export const puedeCambiarPlataforma = (quien: Pick<QuienRecarga, 'nivel' | 'permisos'> | null): boolean =>
  quien !== null && esAdministrador(quien.nivel) && quien.permisos.includes('PLATAFORMAS');

/**
 * Monto of the last movements: hidden where the company hides it from non-administrators
 * (`ocultarMontoNoAdmin`), except from a leader (level 2) holding MONTO_LIDER.
 */
export const veMontoMovimientos = (
  ajustes: Pick<AjustesEmpresa, 'ocultarMontoNoAdmin'>,
  quien: Pick<QuienRecarga, 'nivel' | 'permisos'>,
): boolean =>
  !ajustes.ocultarMontoNoAdmin ||
  esAdministrador(quien.nivel) ||
  (quien.nivel === NIVEL.lider && quien.permisos.includes('MONTO_LIDER'));
