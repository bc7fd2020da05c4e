import { z } from 'zod';
import { CODIGOS_CARRIER } from './carriers.ts';
import { comoJson, filtrosDe } from './filtros.ts';
import { LIMITES_LINEA } from './lineas/limites.ts';
import { M } from './mensajes.ts';

export { LIMITES_LINEA };

/**
 * Line inventory (spec sections 2 "Inventory administration", 3 "Line", 5 "Line edit",
 * 7 /iccs, /actualizarIcc, /subirArchivo, /excel, 9): the shapes shared by browser and server.
 */

export const API_LINEAS = {
  lineas: '/iccs',
  actualizar: '/actualizarIcc',
  desbloquear: '/desbloquearIcc',
} as const;

/** Rows per step of the infinite scroll (section 9), and the most one request may ask for. */
export const PAGINA_LINEAS = 20;
export const PAGINA_LINEAS_MAX = 100;

/**
 * A count with chips on free text (number, ICC, names, dates) reads the lines themselves: it
 * stops past this many and says 'más de 1,000 encontrados' (issue 25). Past a thousand the number
 * tells the seller to narrow the chips, as ten thousand did; reading up to 10,001 matches cost a
 * year of 10,000,000 lines ten times what it cost 1,000,000, whose matches stayed below it.
 */
export const CONTEO_LINEAS_MAX = 1_000;

/** Columns of administrarBase, in screen order, with their titles. */
export const COLUMNAS_LINEA = {
  icc: 'Icc',
  dn: 'Dn',
  monto: 'Monto',
  lider: 'Lider',
  cliente: 'Cliente',
  compania: 'Compañia',
  subidoPor: 'Subido por',
  fechaSubida: 'Fecha de subida',
  fechaActualizacion: 'Fecha de actualización',
  fechaVigencia: 'Fecha de vigencia',
  fechaRecarga: 'Fecha de recarga',
  nir: 'Nir',
  plataforma: 'Plataforma',
  isRecargado: 'Recargado',
  fechaEntrega: 'Fecha de entrega',
  producto: 'Producto',
  fechaPortada: 'Fecha portada',
} as const;
export type ColumnaLinea = keyof typeof COLUMNAS_LINEA;
export const CLAVES_COLUMNA_LINEA = Object.keys(COLUMNAS_LINEA) as ColumnaLinea[];
/** Extra columns some companies show (company setting columnasExtraLineas, BISVI permission). */
export const COLUMNAS_EXTRA_LINEA = ['fechaEntrega', 'producto', 'fechaPortada'] as const;

/** A calendar day typed as yyyy/mm/dd (the screens) or yyyy-mm-dd; normalised to yyyy-mm-dd. */
export const dia = z
  .string()
  .trim()
  .regex(/^\d{4}[/-]\d{2}[/-]\d{2}$/, M.lineaFechaInvalida)
  .transform((v) => v.replaceAll('/', '-'))
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, M.lineaFechaInvalida);

/**
 * Chip filters: per column, values that combine as OR; columns combine as AND. Each value is a
 * case-insensitive substring of what the column shows. Sent in the query as JSON.
 */
export const filtrosLineas = filtrosDe(CLAVES_COLUMNA_LINEA as [ColumnaLinea, ...ColumnaLinea[]]);
export type FiltrosLineas = z.infer<typeof filtrosLineas>;

/** `filtros` as the JSON text of the query string. */
export const filtrosEnTexto = comoJson(filtrosLineas);

/** GET /iccs: date range (default: the last two months), chips, keyset cursor and page size. */
export const consultaLineas = z.object({
  fechaInicial: dia.optional(),
  fechaFinal: dia.optional(),
  filtros: filtrosEnTexto.optional(),
  /** The `siguiente` of the previous page. */
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINA_LINEAS_MAX).default(PAGINA_LINEAS),
});
export type ConsultaLineas = z.output<typeof consultaLineas>;

export const linea = z.object({
  id: z.number().int(),
  icc: z.string(),
  dn: z.string(),
  monto: z.number().int().nullable(),
  /** Leader id, 0 when none ('Sin Lider'). */
  lider: z.number().int(),
  liderNombre: z.string(),
  /** Client id, 0 when none ('Sin Cliente'). */
  cliente: z.number().int(),
  clienteNombre: z.string(),
  compania: z.string(),
  subidoPor: z.string().nullable(),
  fechaSubida: z.string(),
  fechaActualizacion: z.string(),
  /** yyyy-mm-dd */
  fechaVigencia: z.string().nullable(),
  /** null shows 'Sin fecha'. */
  fechaRecarga: z.string().nullable(),
  nir: z.string().nullable(),
  plataforma: z.number().int().nullable(),
  isRecargado: z.boolean(),
  fechaEntrega: z.string().nullable(),
  producto: z.string().nullable(),
  fechaPortada: z.string().nullable(),
});
export type Linea = z.infer<typeof linea>;

export const titulo = z.object({ llave: z.string(), valor: z.string() });

export const respuestaLineas = z.object({
  /** The columns this user sees (platform for level 1, extra columns by company and BISVI). */
  titulos: z.array(titulo),
  lineas: z.array(linea),
  /** 'N encontrados': counted on the first page (no cursor), null on later pages. */
  total: z.number().int().nullable(),
  /** 'más de N encontrados': chips on free text matched more than CONTEO_LINEAS_MAX lines. */
  masDe: z.boolean(),
  /** Cursor of the next page, null at the end. */
  siguiente: z.string().nullable(),
  /** The range used, yyyy-mm-dd (defaults filled in). */
  fechaInicial: z.string(),
  fechaFinal: z.string(),
  /** Whether the edit column and the unlock button apply to this user. */
  puedeEditar: z.boolean(),
  puedeDesbloquear: z.boolean(),
});
export type RespuestaLineas = z.infer<typeof respuestaLineas>;

/** A line's amount (section 5 "Line edit", and an upload's MONTO): whole pesos, 1 to 100,000. */
export const MONTO_LINEA_MAX = 100_000;
export const montoLinea = z.coerce
  .number()
  .int(M.lineaMontoInvalido)
  .positive(M.lineaMontoInvalido)
  .max(MONTO_LINEA_MAX, M.lineaMontoInvalido);

/** An amount as a spreadsheet cell holds it: empty is none; digits within montoLinea; else NaN. */
export const montoDeCelda = (t: string): number | null =>
  t === '' ? null : /^\d+$/.test(t) ? (montoLinea.safeParse(t).data ?? Number.NaN) : Number.NaN;

const textoOpcional = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()));

/**
 * POST /actualizarIcc (section 7: id, icc, dn, compania, lider, monto, cliente, nir) with the
 * rules of section 5 "Line edit". lider and cliente are ids, 0 or null meaning none.
 */
export const peticionActualizarIcc = z
  .object({
    id: z.coerce.number().int().positive(),
    icc: textoOpcional,
    dn: textoOpcional,
    compania: z.enum(CODIGOS_CARRIER, M.lineaCompaniaInvalida),
    lider: z.coerce.number().int().min(0).max(2_147_483_647, M.lineaLiderInvalido).nullish(),
    cliente: z.coerce.number().int().min(0).max(2_147_483_647, M.lineaClienteInvalido).nullish(),
    monto: z
      .union([z.literal(''), montoLinea])
      .nullish()
      .transform((v) => (v === '' || v === undefined ? null : v)),
    nir: textoOpcional,
  })
  .superRefine((p, ctx) => {
    if (p.icc === '' || p.dn === '') {
      ctx.addIssue({ code: 'custom', message: M.lineaCamposVacios, path: ['icc'] });
      return;
    }
    if (!/^\d{19}$/.test(p.icc)) ctx.addIssue({ code: 'custom', message: M.lineaIccInvalido, path: ['icc'] });
    if (!dnValido(p.dn, p.nir)) ctx.addIssue({ code: 'custom', message: M.lineaDnInvalido, path: ['dn'] });
    if (p.nir !== '' && !/^\d{1,10}$/.test(p.nir))
      ctx.addIssue({ code: 'custom', message: M.lineaNirInvalido, path: ['nir'] });
  });
export type PeticionActualizarIcc = z.output<typeof peticionActualizarIcc>;

/** Section 5: DN numeric and at least 10 digits unless a nir is present (at most 13). */
export const dnValido = (dn: string, nir: string | null | undefined) =>
  /^\d{1,13}$/.test(dn) && (dn.length >= LIMITES_LINEA.dnMin || (nir ?? '') !== '');

/** Unlock of a line by ICC (path not shown in the spec): POST /desbloquearIcc. */
export const peticionDesbloquear = z.object({
  icc: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, M.lineaIccInvalido),
});

export const respuestaMensajeLinea = z.object({ mensaje: z.string(), linea: linea.optional() });
