import { z } from 'zod';
import { linea, titulo } from './lineas.ts';
import { M } from './mensajes.ts';

import { API_RECICLAJE, LARGO_PANEL } from './reciclaje/rutas.ts';

export { API_RECICLAJE, LARGO_PANEL };

/**
 * Recycling and the ATT activation status (spec sections 2 "Bulk recycling", 3 "Activation
 * status", 4 "Recycling", 7 and 8).
 */

/** Columns of the bulk recycling table, in screen order (section 2). */
export const COLUMNAS_RECICLAJE = [
  'icc',
  'dn',
  'monto',
  'lider',
  'cliente',
  'compania',
  'subidoPor',
  'fechaSubida',
  'fechaActualizacion',
  'fechaVigencia',
  'fechaRecarga',
] as const;

export const PAGINA_RECICLAJE = 20;

/** A phone number of the inventory in the path: up to 13 digits (a shorter one goes with a nir). */
export const parametroDn = z.object({
  dn: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${LARGO_PANEL.dn}}$`), M.lineaDnInvalido),
});

/** GET /api/recicladas/pendientesPorReciclar: keyset pages, oldest expiry first. */
export const consultaPendientes = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGINA_RECICLAJE),
});

export const respuestaPendientes = z.object({
  titulos: z.array(titulo),
  lineas: z.array(linea),
  /** 'Reciclado masivo (N)': counted on the first page, null on later pages. */
  total: z.number().int().nullable(),
  siguiente: z.string().nullable(),
});
export type RespuestaPendientes = z.infer<typeof respuestaPendientes>;

/** POST /api/recicladas/pendientesPorReciclar/{dn}: Reciclar (default) or Olvidar one row. */
export const peticionPendiente = z.object({ accion: z.enum(['reciclar', 'olvidar']).default('reciclar') });

/** What a recycling call answers: the message and how many lines it changed. */
export const respuestaReciclaje = z.object({ mensaje: z.string(), lineas: z.number().int() });

/** GET /statusActivacion/{icc}. */
export const parametroIcc = z.object({
  icc: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${LARGO_PANEL.icc}}$`), M.lineaIccInvalido),
});

/** Section 3 "Activation status", field names as the provider gives them. */
export const estatusActivacion = z.object({
  ResponseCode: z.string(),
  dnPermanente: z.string(),
  fechaCreacion: z.string(),
  organizacion: z.string(),
  subinventario: z.string(),
  marca: z.string(),
  kit: z.string(),
});
export type EstatusActivacion = z.infer<typeof estatusActivacion>;
