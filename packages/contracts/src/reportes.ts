import { z } from 'zod';
import type { AjustesEmpresa } from './empresas.ts';
import { comoJson, filtrosDe } from './filtros.ts';
import { texto } from './mensajes.ts';

/** The sales report (under both of the spec's names), its count and the charts. */
export const API_REPORTES = {
  reportes: '/reportes',
  totalReportes: '/reportes/total',
  reportesNew: '/reportesNew',
  totalReportesNew: '/reportesNew/total',
  graficas: '/graficas',
} as const;

/** Sales report columns (spec section 2, Sales report) in screen order, with their titles. */
export const COLUMNAS_VENTAS = {
  folioConfirmacion: 'Folio',
  estatus: 'Estatus',
  mensaje: 'Mensaje',
  fecha: 'Fecha',
  compania: 'Compañia',
  icc: 'Icc',
  dn: 'DN/ICC',
  monto: 'Monto',
  usuario: 'Usuario Recargador',
  nombre: 'Nombre Recargador',
  lider: 'Lider Recargador',
  cliente: 'Cliente Recargador',
  liderOrigen: 'Lider Origen',
  clienteOrigen: 'Cliente Origen',
  nombreOrigen: 'Nombre Origen',
  tipoRecarga: 'Tipo Recarga',
} as const;
export type ColumnaVenta = keyof typeof COLUMNAS_VENTAS;
export const CLAVES_VENTAS = Object.keys(COLUMNAS_VENTAS) as [ColumnaVenta, ...ColumnaVenta[]];
/** The reduced variant (a company setting) omits these. */
export const OMITIDAS_REDUCIDO: readonly ColumnaVenta[] = [
  'nombre',
  'cliente',
  'liderOrigen',
  'clienteOrigen',
  'nombreOrigen',
];

/** How each kind of top-up reads in the report. */
export const TIPOS_RECARGA: Record<number, string> = { 1: 'Web', 2: 'Sin usuario', 3: 'Externa' };

const parte = z.coerce.number().int();

/** Chips of the sales report (also what its Excel export accepts). */
export const filtrosVentas = filtrosDe(CLAVES_VENTAS);

/** Report filters of spec section 3 (diaIni..anioFin, idLider, plataforma) plus chips and paging. */
export const consultaReportes = z.object({
  diaIni: parte.min(1).max(31).optional(),
  mesIni: parte.min(1).max(12).optional(),
  anioIni: parte.min(2000).max(2100).optional(),
  diaFin: parte.min(1).max(31).optional(),
  mesFin: parte.min(1).max(12).optional(),
  anioFin: parte.min(2000).max(2100).optional(),
  idLider: parte.min(0).optional(),
  plataforma: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
  filtros: comoJson(filtrosVentas).optional(),
  after: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConsultaReportes = z.output<typeof consultaReportes>;

/**
 * GET /reportes/total: the same range, scope and chips, no paging. A count with chips reads every
 * row of the range, so a first page with chips comes without it and the screen asks here.
 */
export const consultaTotalReportes = consultaReportes.omit({ after: true, limit: true });
export const respuestaTotalReportes = z.object({ total: z.number().int() });

export const filaVenta = z.object({
  /** Descending from the total; null while the total is asked apart (`totalAparte`). */
  numero: z.number().int().nullable(),
  folioConfirmacion: z.string(),
  estatus: z.string(),
  mensaje: z.string(),
  fecha: z.string(),
  compania: z.string(),
  icc: z.string(),
  dn: z.string(),
  monto: z.number(),
  usuario: z.string(),
  nombre: z.string(),
  lider: z.string(),
  cliente: z.string(),
  liderOrigen: z.string(),
  clienteOrigen: z.string(),
  nombreOrigen: z.string(),
  tipoRecarga: z.string(),
  /** yyyy-mm-dd, for the spreadsheet. */
  fechaExcel: z.string(),
});
export type FilaVenta = z.infer<typeof filaVenta>;

/**
 * Seconds the rows may lag behind the last top-ups: read from the replica (DATABASE_URL_LECTURA),
 * at most its bound; 0 on the primary.
 */
const retrasoS = z.number().int().min(0);

export const respuestaReportes = z.object({
  titulos: z.array(z.object({ llave: z.string(), valor: z.string() })),
  reportes: z.array(filaVenta),
  /**
   * Rows of the whole range and filters (counted on the first page, carried by the cursor);
   * null when chips are set: see `totalAparte`.
   */
  total: z.number().int().nullable(),
  siguiente: z.string().nullable(),
  /** The range used, yyyy/mm/dd (the defaults when none was sent). */
  fechaInicial: z.string(),
  fechaFinal: z.string(),
  retrasoS,
});
export type RespuestaReportes = z.infer<typeof respuestaReportes>;

/** Whole days from `desde` to `hasta` (yyyy-mm-dd), without time-zone drift. */
export const diasEntre = (desde: string, hasta: string) =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);

/**
 * The company's sales-range policy (spec section 5: a range over 93 days, a start over 400 days
 * old; one company exempt), as the catalogue's warnings; empty when the range may run. The
 * browser warns with them without asking, the server refuses with them.
 */
export function avisosRangoVentas(
  r: { desde: string; hasta: string },
  hoy: string,
  ajustes: Pick<AjustesEmpresa, 'rangoVentasExento' | 'politicaVentas'>,
): string[] {
  if (ajustes.rangoVentasExento) return [];
  const { rangoMaxDias, antiguedadMaxDias } = ajustes.politicaVentas;
  const avisos: string[] = [];
  if (diasEntre(r.desde, r.hasta) > rangoMaxDias) avisos.push(texto('rangoVentas', { dias: rangoMaxDias }));
  if (diasEntre(r.desde, hoy) > antiguedadMaxDias)
    avisos.push(texto('antiguedadVentas', { dias: antiguedadMaxDias }));
  return avisos;
}

export const PERIODOS = ['anual', 'mensual', 'semanal', 'diario'] as const;
export type Periodo = (typeof PERIODOS)[number];

export const consultaGraficas = consultaReportes
  .pick({ diaIni: true, mesIni: true, anioIni: true, diaFin: true, mesFin: true, anioFin: true })
  .extend({ periodo: z.enum(PERIODOS).default('anual') });

export const respuestaGraficas = z.object({
  lideres: z.array(
    z.object({
      idLider: z.number().int(),
      lider: z.string(),
      username: z.string(),
      puntos: z.array(z.object({ periodo: z.string(), monto: z.number(), recargas: z.number().int() })),
    }),
  ),
  retrasoS,
});
export type RespuestaGraficas = z.infer<typeof respuestaGraficas>;
