import { z } from 'zod';
import { dia } from './lineas.ts';
import { M } from './mensajes.ts';
import { etiquetaEstado, PLATAFORMAS } from './recargas.ts';

/**
 * Reconciliation with the provider's daily statement (issue 22): per company, platform and day,
 * our top-ups matched with the provider's rows by our id and folio. Levels 0 and 1.
 */
export const API_CONCILIACIONES = {
  dias: '/api/conciliaciones',
  dia: '/api/conciliaciones/:id',
  /** multipart: plataforma, dia, archivo (.xlsx or .csv). */
  subir: '/api/conciliaciones/subir',
  /** Asks the provider for a day's statement now (the nightly job does it for yesterday). */
  obtener: '/api/conciliaciones/obtener',
} as const;

/** Kinds of mismatch, in the order the screen lists them. */
export const TIPOS_DIFERENCIA = ['faltaNuestra', 'faltaSuya', 'monto', 'estado'] as const;
export type TipoDiferencia = (typeof TIPOS_DIFERENCIA)[number];
export const ETIQUETAS_DIFERENCIA: Record<TipoDiferencia, string> = {
  faltaNuestra: M.conciliacionFaltaNuestra,
  faltaSuya: M.conciliacionFaltaSuya,
  monto: M.conciliacionMontoDistinto,
  estado: M.conciliacionEstadoDistinto,
};

/**
 * A provider's statement row status: only decided rows count. `reembolsada`: charged, then the
 * provider gave the money back (issue 44); against a successful top-up of ours it is a mismatch.
 */
export const ESTADOS_ESTADO_CUENTA = ['exitosa', 'fallida', 'reembolsada'] as const;
export type EstadoEstadoCuenta = (typeof ESTADOS_ESTADO_CUENTA)[number];

/** A mismatch's status as the screen and the Excel show it: a refund, or one of our statuses. */
export const etiquetaEstadoDiferencia = (estado: string) =>
  estado === 'reembolsada' ? M.conciliacionReembolsada : etiquetaEstado(estado);

/**
 * Columns of an uploaded statement (first row, any order, case and accents ignored): the
 * same fields the provider port gives. `id` or `folio` may be empty, not both.
 */
export const COLUMNAS_ESTADO_CUENTA = ['folio', 'id', 'numero', 'monto', 'estatus', 'hora'] as const;

/** Days per page and most a client may ask for. */
export const POR_PAGINA_CONCILIACIONES = { dias: 20, diferencias: 20, maximo: 200 } as const;

const vacio = (v: unknown) => v === undefined || v === null || v === '';
const limite = (porDefecto: number) =>
  z.preprocess(
    (v) => (vacio(v) ? undefined : v),
    z.coerce.number().int().min(1).max(POR_PAGINA_CONCILIACIONES.maximo).default(porDefecto),
  );

/** Cursor of the days list: `<dia>_<id>` of the last row received. */
export const CURSOR_DIA = /^(\d{4}-\d{2}-\d{2})_(\d{1,10})$/;

/** GET /api/conciliaciones?after=&limit= */
export const consultaDias = z.object({
  after: z.preprocess(
    (v) => (vacio(v) ? undefined : v),
    z.string().regex(CURSOR_DIA, M.cursorInvalido).optional(),
  ),
  limit: limite(POR_PAGINA_CONCILIACIONES.dias),
});

/** GET /api/conciliaciones/:id?after=&limit= (after: the id of the last mismatch received). */
export const consultaDia = z.object({
  after: z.preprocess(
    (v) => (vacio(v) ? undefined : v),
    z.coerce
      .number(M.cursorInvalido)
      .int(M.cursorInvalido)
      .min(1, M.cursorInvalido)
      .max(2_147_483_647)
      .optional(),
  ),
  limit: limite(POR_PAGINA_CONCILIACIONES.diferencias),
});
export const parametrosDia = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const plataforma = z.coerce
  .number(M.conciliacionPlataformaInvalida)
  .pipe(z.union([z.literal(PLATAFORMAS[0]), z.literal(PLATAFORMAS[1])], M.conciliacionPlataformaInvalida));

/** POST /api/conciliaciones/obtener, and the fields of the upload's multipart. */
export const peticionConciliar = z.object({ plataforma, dia });
export type PeticionConciliar = z.output<typeof peticionConciliar>;

/** One reconciled day: counts, totals of successful top-ups (pesos) and mismatches by kind. */
export const resumenDia = z.object({
  id: z.number().int(),
  dia: z.string(),
  plataforma: z.number().int(),
  proveedor: z.string(),
  origen: z.enum(['proveedor', 'archivo']),
  nuestras: z.number().int(),
  suyas: z.number().int(),
  totalNuestro: z.number(),
  totalSuyo: z.number(),
  /** Ours minus theirs. */
  diferencia: z.number(),
  faltaNuestra: z.number().int(),
  faltaSuya: z.number().int(),
  monto: z.number().int(),
  estado: z.number().int(),
  /** Our top-ups still pending that the statement decided, settled by it. */
  asentadas: z.number().int(),
  creada: z.string(),
});
export type ResumenDia = z.infer<typeof resumenDia>;

export const respuestaDias = z.object({
  filas: z.array(resumenDia),
  siguiente: z.string().nullable(),
  total: z.number().int().nullable(),
  /** Yesterday in the company's time zone: the latest day that can be reconciled, and the default. */
  ayer: z.string(),
});

export const diferencia = z.object({
  id: z.number().int(),
  tipo: z.enum(TIPOS_DIFERENCIA),
  recarga: z.number().int().nullable(),
  folio: z.string(),
  dn: z.string(),
  montoNuestro: z.number().nullable(),
  montoSuyo: z.number().nullable(),
  estadoNuestro: z.string().nullable(),
  estadoSuyo: z.string().nullable(),
  hora: z.string().nullable(),
});
export type Diferencia = z.infer<typeof diferencia>;

export const respuestaDia = z.object({
  dia: resumenDia,
  filas: z.array(diferencia),
  siguiente: z.string().nullable(),
  total: z.number().int().nullable(),
});

/** What conciliating a day answers: its summary. */
export const respuestaConciliar = z.object({ mensaje: z.string(), dia: resumenDia });

/** Excel of the days list (CONCILIACIONES) and of one day's mismatches (chip `conciliacion`: its id). */
export const TITULOS_DIAS = [
  M.conciliacionDia,
  M.conciliacionPlataforma,
  M.conciliacionOrigen,
  M.conciliacionNuestras,
  M.conciliacionSuyas,
  M.conciliacionTotalNuestro,
  M.conciliacionTotalSuyo,
  M.conciliacionDiferencia,
  M.conciliacionFaltaNuestra,
  M.conciliacionFaltaSuya,
  M.conciliacionMontoDistinto,
  M.conciliacionEstadoDistinto,
  M.conciliacionAsentadas,
];
export const TITULOS_DIFERENCIAS = [
  M.conciliacionTipo,
  M.conciliacionId,
  M.conciliacionFolio,
  M.conciliacionNumero,
  M.conciliacionMontoNuestro,
  M.conciliacionMontoSuyo,
  M.conciliacionEstadoNuestro,
  M.conciliacionEstadoSuyo,
  M.conciliacionHora,
];
