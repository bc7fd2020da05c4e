import { z } from 'zod';
import { titulo } from './lineas.ts';
import { M } from './mensajes.ts';

/** The spreadsheet upload of section 9 (POST /subirArchivo): its actions and its answer. */

export const API_SUBIDAS = {
  subir: '/subirArchivo',
  /** The progress of the caller's upload in course, by the id its form sent (campo `avance`). */
  avance: '/subirArchivo/avance',
  plantilla: '/get/plantilla',
  plantillaVendedor: '/get/plantilla/vendedor',
  plantillaPortabilidades: '/get/plantilla/portabilidadesAdmin',
  plantillaUsuarios: '/get/plantilla/registroUsuarios',
} as const;

/** Upload actions of section 9. 5 is unused. */
export const ACCIONES_SUBIDA = {
  1: 'Registrar nuevos',
  2: 'Reemplazar',
  3: 'Eliminar',
  4: 'Recargas Masivas',
  6: 'Nuevas Portabilidades',
  7: 'Registrar Usuarios',
} as const;
export type AccionSubida = keyof typeof ACCIONES_SUBIDA;
/** Actions that take Vigencia (and a platform). */
export const ACCIONES_CON_VIGENCIA: readonly number[] = [1, 2];

export const celdaSubida = z.object({
  llave: z.string(),
  valor: z.string(),
  isCorrecto: z.boolean(),
  /** Why the cell is wrong. */
  mensaje: z.string().optional(),
});

export const filaSubida = z.object({
  /** Row number in the sheet (the header is row 1). */
  fila: z.number().int(),
  estado: z.enum(['correcto', 'erroneo', 'duplicado']),
  celdas: z.array(celdaSubida),
});

/** POST /subirArchivo (section 3 "Upload response"). */
export const respuestaSubida = z.object({
  mensaje: z.string(),
  titulos: z.array(titulo),
  /**
   * The rows of the file with each cell marked. Up to LIMITE_ARREGLO rows: erroneous and
   * duplicated rows first, then correct ones; `arregloCompleto` false when some were left out.
   */
  arreglo: z.array(filaSubida),
  arregloCompleto: z.boolean(),
  total: z.number().int(),
  correctos: z.number().int(),
  erroneos: z.number().int(),
  duplicados: z.number().int(),
  /**
   * The rejected rows (those with a wrong cell, every one, not only the arreglo's) as an .xlsx:
   * the file's columns plus ERROR; downloaded by name at API_EXCEL.descargar until it expires.
   */
  archivoRechazadas: z.string().optional(),
});
export type RespuestaSubida = z.infer<typeof respuestaSubida>;
export const LIMITE_ARREGLO = 1000;

/** Stages of an upload as the server reports them, each with its text on the screen. */
export const ETAPAS_SUBIDA = {
  leyendo: M.etapaLeyendo,
  validando: M.etapaValidando,
  escribiendo: M.etapaEscribiendo,
  terminada: M.etapaTerminada,
} as const;
export type EtapaSubida = keyof typeof ETAPAS_SUBIDA;

/** The id a browser gives its upload (form field `avance`) to ask for its progress. */
export const idAvance = z.string().regex(/^[\w-]{8,64}$/);
export const consultaAvance = z.object({ id: idAvance });

/** GET /subirArchivo/avance: the stage and the percentage of the whole; null before it starts. */
export const avanceSubida = z.object({
  etapa: z.enum(Object.keys(ETAPAS_SUBIDA) as [EtapaSubida, ...EtapaSubida[]]).nullable(),
  porcentaje: z.number().int().min(0).max(100),
});
export type AvanceSubida = z.infer<typeof avanceSubida>;

/** A cell's address as a spreadsheet shows it: column index 0 and row 3 → 'A3'. */
export function celdaDe(columna: number, fila: number): string {
  let letras = '';
  for (let n = columna + 1; n > 0; n = Math.floor((n - 1) / 26))
    letras = String.fromCharCode(65 + ((n - 1) % 26)) + letras;
  return `${letras}${fila}`;
}
