import { z } from 'zod';
import { respuestaRecarga } from './recargas.ts';

/** The bulk top-up calls: blocks, their lines, and the scheduled programmes. */
export const API_MASIVAS = {
  bloques: '/api/bloqueRecargasMasivas',
  lineas: '/api/recargasMasivas',
  recargarBloque: '/api/recargarBloque',
  recargarIndividual: '/api/recargarIndividual',
  programar: '/api/cambiaTiempoAutomatico',
  programadas: '/api/getRecargasProgramadas',
  cancelarProgramacion: '/api/cancelarProgramacion',
} as const;

/**
 * Bulk top-ups (spec sections 2, 3, 4, 5 and 7): blocks of inventory lines uploaded by
 * upload action 4, recharged line by line through the top-up engine, optionally spread over
 * a time window (companies with ajustes.programacion).
 */

/** A block is named by its upload time in milliseconds (fechaNumerica); `fecha` carries it. */
const fechaBloque = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Mass block (section 3), plus the lines still queued or open (live progress). */
export const bloqueMasivo = z.object({
  lineas: z.number().int(),
  recargadas: z.number().int(),
  monto: z.number(),
  fecha: z.string(),
  fechaNumerica: z.number().int(),
  disable: z.boolean(),
  enCurso: z.number().int(),
});
export type BloqueMasivo = z.infer<typeof bloqueMasivo>;

export const titulo = z.object({ llave: z.string(), valor: z.string() });

/** Blocks a page of GET /api/bloqueRecargasMasivas (spec section 9: 20 rows a step). */
export const PAGINA_BLOQUES = 20;

/** GET /api/bloqueRecargasMasivas: keyset pages, newest block first. */
export const consultaBloques = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGINA_BLOQUES),
});

/** `programacion` tells the screen whether it may schedule. */
export const respuestaBloques = z.object({
  titulos: z.array(titulo),
  bloques: z.array(bloqueMasivo),
  programacion: z.boolean(),
  /** The company's blocks: counted on the first page, null on later pages. */
  total: z.number().int().nullable(),
  siguiente: z.string().nullable(),
});
export type RespuestaBloques = z.infer<typeof respuestaBloques>;

/** Mass line (section 3), with the message of its last failed attempt. */
export const lineaMasiva = z.object({
  id: z.number().int(),
  icc: z.string(),
  dn: z.string(),
  monto: z.number().nullable(),
  compania: z.string(),
  nombre: z.string(),
  fecha: z.string(),
  isRecargado: z.boolean(),
  enCurso: z.boolean(),
  mensaje: z.string().nullable(),
});
export type LineaMasiva = z.infer<typeof lineaMasiva>;

/** GET /api/recargasMasivas?fecha: the lines of one block; `extra` is the last column, when the company shows it. */
export const consultaLineasMasivas = z.object({ fecha: fechaBloque });
export const respuestaLineasMasivas = z.object({
  titulos: z.array(titulo),
  bloque: bloqueMasivo,
  lineas: z.array(lineaMasiva),
});
export type RespuestaLineasMasivas = z.infer<typeof respuestaLineasMasivas>;

/** POST /api/recargarBloque. */
export const peticionRecargarBloque = z.object({ fecha: fechaBloque });
export const respuestaRecargarBloque = z.object({
  mensaje: z.string(),
  encoladas: z.number().int(),
  bloque: bloqueMasivo,
});

/** POST /api/recargarIndividual: one line of a block, answered like a top-up. */
export const peticionRecargarIndividual = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
export const respuestaRecargarIndividual = respuestaRecarga.extend({ linea: lineaMasiva });

/**
 * Scheduled window (section 3). Every field may arrive empty: the server then answers
 * 'Todos los campos deben ser llenados', as the screen does.
 */
const parte = (max: number) => z.coerce.number().int().min(0).max(max).optional();
export const ventanaProgramada = z.object({
  identificador: fechaBloque,
  diaIni: parte(31),
  mesIni: parte(12),
  anioIni: parte(9999),
  diaFin: parte(31),
  mesFin: parte(12),
  anioFin: parte(9999),
  horaIni: parte(23),
  minIni: parte(59),
  horaFin: parte(23),
  minFin: parte(59),
});
export type VentanaProgramada = z.infer<typeof ventanaProgramada>;

export const programacion = z.object({
  identificador: z.number().int(),
  fecha: z.string(),
  fechaNumerica: z.number().int(),
  inicio: z.string(),
  fin: z.string(),
  lineas: z.number().int(),
  pendientes: z.number().int(),
});
export type Programacion = z.infer<typeof programacion>;

export const respuestaProgramar = z.object({ mensaje: z.string(), programacion });
export const respuestaProgramas = z.object({ programas: z.array(programacion) });
export const peticionCancelarProgramacion = z.object({
  identificador: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const respuestaCancelar = z.object({ mensaje: z.string(), canceladas: z.number().int() });

/** Default time of the scheduling modal (section 9). */
export const HORA_PROGRAMACION = { hora: 20, minuto: 20 } as const;
