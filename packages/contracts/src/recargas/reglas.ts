import type { AjustesEmpresa } from '../empresas.ts';
import { M } from '../mensajes.ts';
import { esAdministrador, NIVEL } from '../niveles.ts';

/*
 * The top-up's plain rules, without zod: what the top-up screen uses at start-up, where building
 * the schemas of recargas.ts cost a phone time (issue 21). recargas.ts re-exports them.
 */

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

/** Section 5's number formats: an ICC of digits (at most 20), a phone of exactly 10 digits. */
export const esIcc = (v: string) => /^\d{1,20}$/.test(v);
export const esDn = (v: string) => /^\d{10}$/.test(v);

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
export type DecisionMonto =
  | { monto: number }
  | { status: 400 | 403; mensaje: string; codigo: 'monto_no_permitido' | 'monto_requerido' };

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
    if (!puedeElegirMonto(ajustes, quien))
      return { status: 403, mensaje: M.montoNoPermitido, codigo: 'monto_no_permitido' };
    if (!montoPermitido(ajustes, elegido))
      return { status: 400, mensaje: M.montoNoPermitido, codigo: 'monto_no_permitido' };
    return { monto: elegido };
  }
  // Who may choose must choose: the company's default never stands in for a missing choice.
  if (guardado == null && puedeElegirMonto(ajustes, quien))
    return { status: 400, mensaje: M.eligeMonto, codigo: 'monto_requerido' };
  const monto = guardado ?? ajustes.montoPorDefecto;
  if (!montoPermitido(ajustes, monto))
    return { status: 400, mensaje: M.montoNoPermitido, codigo: 'monto_no_permitido' };
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
