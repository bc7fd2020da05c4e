import { z } from 'zod';
import { comoJson, filtrosDe } from './filtros.ts';
import { dia } from './lineas.ts';
import { M } from './mensajes.ts';

/**
 * The audit trail (issue 22): every change of money or permission, one row each, append-only.
 * Levels 0 and 1 read their own company's rows; nothing updates or deletes one.
 */
export const API_AUDITORIA = {
  lista: '/api/auditoria',
  una: '/api/auditoria/:id',
} as const;

/** The kinds of change recorded, and how the screen names each. */
export const TIPOS_AUDITORIA = {
  recarga: M.tipoEstadoRecarga,
  alta: M.tipoAltaUsuario,
  limite: M.tipoLimiteRecargas,
  nivel: M.tipoCambioNivel,
  permisos: M.tipoCambioPermisos,
  monto: M.tipoPermisoMonto,
  rutas: M.tipoRutasPermitidas,
  contrasena: M.tipoContrasena,
  minimo: M.tipoSaldoMinimo,
  plataforma: M.tipoPlataformaCarrier,
  configuracion: M.tipoCambioConfiguracion,
  claveDosPasos: M.tipoClaveDosPasos,
  llaveApi: M.tipoLlaveApi,
  webhook: M.tipoWebhook,
  baja: M.tipoBajaUsuario,
} as const;
export type TipoAuditoria = keyof typeof TIPOS_AUDITORIA;

/** The kinds a chip names: the key or the label contains it (case and accents as typed). */
export const tiposQueCoinciden = (chip: string): TipoAuditoria[] => {
  const c = chip.toLowerCase();
  return (Object.entries(TIPOS_AUDITORIA) as [TipoAuditoria, string][])
    .filter(([k, etiqueta]) => k.includes(c) || etiqueta.toLowerCase().includes(c))
    .map(([k]) => k);
};

/** The widest range the screen lists at once (the 93 days of the other dated screens). */
export const RANGO_MAX_AUDITORIA = 93;

/** Columns of the list, its chips and its Excel, in order. */
export const COLUMNAS_AUDITORIA = [
  'fecha',
  'usuario',
  'ip',
  'tipo',
  'tabla',
  'fila',
  'antes',
  'despues',
] as const;
export type ColumnaAuditoria = (typeof COLUMNAS_AUDITORIA)[number];
export const TITULOS_AUDITORIA: Record<ColumnaAuditoria, string> = {
  fecha: M.colFechaAuditoria,
  usuario: M.colUsuarioAuditoria,
  ip: M.colIpAuditoria,
  tipo: M.colTipoAuditoria,
  tabla: M.colTablaAuditoria,
  fila: M.colFilaAuditoria,
  antes: M.colAntesAuditoria,
  despues: M.colDespuesAuditoria,
};

/** Chips on what identifies a change: who, from where, which kind, which row. */
export const COLUMNAS_CHIP_AUDITORIA = ['usuario', 'ip', 'tipo', 'tabla', 'fila'] as const;
export const filtrosAuditoria = filtrosDe(COLUMNAS_CHIP_AUDITORIA);
export type FiltrosAuditoria = z.output<typeof filtrosAuditoria>;

/** GET /api/auditoria: days (the company's zone) both included, chips, keyset pages of 20. */
export const consultaAuditoriaGeneral = z.object({
  desde: dia,
  hasta: dia,
  filtros: comoJson(filtrosAuditoria).optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConsultaAuditoriaGeneral = z.output<typeof consultaAuditoriaGeneral>;

export const filaAuditoria = z.object({
  id: z.number().int(),
  fecha: z.string(),
  usuarioId: z.number().int().nullable(),
  usuario: z.string(),
  ip: z.string().nullable(),
  tipo: z.string(),
  tabla: z.string(),
  fila: z.string(),
  antes: z.unknown(),
  despues: z.unknown(),
});
export type FilaAuditoria = z.infer<typeof filaAuditoria>;

export const respuestaAuditoriaGeneral = z.object({
  cambios: z.array(filaAuditoria),
  /** Counted on the first page, null on later pages. */
  total: z.number().int().nullable(),
  siguiente: z.string().nullable(),
});
export type RespuestaAuditoriaGeneral = z.infer<typeof respuestaAuditoriaGeneral>;

export const idAuditoria = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** A value before or after, as the list and the Excel show it: JSON text, '' for none. */
export const valorAuditado = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
