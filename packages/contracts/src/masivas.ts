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
  /** What 'Recargar bloque' would send now (not recharged, not queued or open) and its amount. */
  porEnviar: z.number().int(),
  montoPorEnviar: z.number(),
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
  /** The amount of the pending lines: what cancelling keeps from going out. */
  montoPendiente: z.number(),
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

/** A date and time on the company's clock (its time zone), as the modal sends it. */
export interface HoraLocal {
  anio: number;
  mes: number;
  dia: number;
  hora: number;
  min: number;
}

/** The start or the end of a window as sent, when all five of its fields came. */
export function horaLocalDe(v: VentanaProgramada, lado: 'Ini' | 'Fin'): HoraLocal | undefined {
  const h = {
    anio: v[`anio${lado}`],
    mes: v[`mes${lado}`],
    dia: v[`dia${lado}`],
    hora: v[`hora${lado}`],
    min: v[`min${lado}`],
  };
  return Object.values(h).every((x) => x !== undefined) ? (h as HoraLocal) : undefined;
}

/** Now (or `ahora`) on the clock of a time zone. */
export function horaLocalEn(zona: string, ahora = new Date()): HoraLocal {
  const partes = new Intl.DateTimeFormat('en-CA', {
    timeZone: zona,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(ahora);
  const v = (t: Intl.DateTimeFormatPartTypes) => Number(partes.find((p) => p.type === t)?.value);
  return { anio: v('year'), mes: v('month'), dia: v('day'), hora: v('hour'), min: v('minute') };
}

/** yyyymmddhhmm: two clock times compare as numbers. */
const orden = (h: HoraLocal) => (((h.anio * 100 + h.mes) * 100 + h.dia) * 100 + h.hora) * 100 + h.min;

/**
 * The window's rules (section 5, issue 41), the same in the browser and on the server: the end
 * after the start, and the start not before the current minute on the company's clock (a start
 * in the past sent its top-ups at once). Answers the catalogue key of the broken rule, or null.
 */
export function reglaVentana(ini: HoraLocal, fin: HoraLocal, ahora: HoraLocal) {
  if (orden(fin) <= orden(ini)) return 'fechaFinalMenor' as const;
  if (orden(ini) < orden(ahora)) return 'inicioPasado' as const;
  return null;
}

/** A clock time moved by whole days (calendar arithmetic in UTC: no zone drift). */
function sumarDias(h: HoraLocal, dias: number): HoraLocal {
  const d = new Date(Date.UTC(h.anio, h.mes - 1, h.dia + dias));
  return { ...h, anio: d.getUTCFullYear(), mes: d.getUTCMonth() + 1, dia: d.getUTCDate() };
}

/**
 * The modal's default window: from the next 20:20 still to come on the company's clock (today's,
 * or tomorrow's once it has passed) to the one a day later.
 */
export function ventanaPorDefecto(ahora: HoraLocal) {
  const hoy = { ...ahora, hora: HORA_PROGRAMACION.hora, min: HORA_PROGRAMACION.minuto };
  const ini = orden(hoy) > orden(ahora) ? hoy : sumarDias(hoy, 1);
  return { ini, fin: sumarDias(ini, 1) };
}
