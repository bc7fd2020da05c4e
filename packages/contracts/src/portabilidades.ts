import { z } from 'zod';
import { CODIGOS_CARRIER } from './carriers.ts';
import { comoJson, filtrosDe } from './filtros.ts';
import { dia } from './lineas.ts';
import { M } from './mensajes.ts';
import { ESTADOS_RECARGA, LIMITES_RECARGA } from './recargas.ts';

/**
 * Port-outs and inventory days (spec sections 2 "Port-outs" and "Inventory days", 3 "Port-out
 * row" and "Inventory row", 4 "Port-out row flow", 7 api/portOuts): shapes shared by browser
 * and server.
 */

export const API_PORTABILIDADES = {
  portabilidades: '/api/portOuts',
  activacion: '/api/portOuts/activacion',
  recargar: '/api/portOuts/transactions',
  recargarExterna: '/api/portOuts/foreignTransactions',
  inventario: '/api/portOuts/inventoryDays',
  inventarioRuta: '/api/portOuts/inventoryDaysRoute',
  detalle: '/api/portOuts/:dn',
} as const;

export const PAGINA_PORTAS = 20;
export const PAGINA_PORTAS_MAX = 100;

/** Columns of the port-out screen, in screen order, with their titles (chips filter on these). */
export const COLUMNAS_PORTA = {
  icc: M.colIcc,
  leaderName: M.colLider,
  clientName: M.colCliente,
  inter: M.colInter,
  insertedDate: M.colFechaInsercion,
  username: M.colUsuario,
  rechargeAmount: M.colMontoRecarga,
  nip: M.colNip,
  originCarrier: M.colCarrierOrigen,
  originDn: M.colDnOrigen,
  destinationCarrier: M.colCarrierDestino,
  destinationDn: M.colDnDestino,
  portDate: M.colFechaPorta,
  rechargeDate: M.colFechaRecarga,
  isPort: M.colPortado,
} as const;
export type ColumnaPorta = keyof typeof COLUMNAS_PORTA;
export const CLAVES_PORTA = Object.keys(COLUMNAS_PORTA) as [ColumnaPorta, ...ColumnaPorta[]];

export const filtrosPortas = filtrosDe(CLAVES_PORTA);
export type FiltrosPortas = z.infer<typeof filtrosPortas>;

/** GET api/portOuts: range of insertedDate (default: the previous month's day capped at 27 to today). */
export const consultaPortas = z.object({
  fechaInicial: dia.optional(),
  fechaFinal: dia.optional(),
  filtros: comoJson(filtrosPortas).optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINA_PORTAS_MAX).default(PAGINA_PORTAS),
});
export type ConsultaPortas = z.output<typeof consultaPortas>;

/** Port-out row of section 3; null fields show 'NA' (or nothing, for dates). */
export const portOut = z.object({
  id: z.number().int(),
  icc: z.string(),
  leaderName: z.string().nullable(),
  clientName: z.string().nullable(),
  inter: z.string().nullable(),
  insertedDate: z.string(),
  username: z.string().nullable(),
  rechargeAmount: z.number().int().nullable(),
  nip: z.string().nullable(),
  originCarrier: z.string().nullable(),
  destinationCarrier: z.string().nullable(),
  originDn: z.string().nullable(),
  destinationDn: z.string().nullable(),
  portDate: z.string().nullable(),
  rechargeDate: z.string().nullable(),
  isPort: z.union([z.literal(0), z.literal(1)]),
  /** The last top-up of this row is still open (unknown outcome): pressing Recargar asks again. */
  recargaPendiente: z.boolean(),
});
export type PortOut = z.infer<typeof portOut>;

export const respuestaPortas = z.object({
  portOuts: z.array(portOut),
  /** '{n} registros': counted on the first page, null on later pages. */
  total: z.number().int().nullable(),
  siguiente: z.string().nullable(),
  /** The range used, yyyy-mm-dd (defaults filled in). */
  fechaInicial: z.string(),
  fechaFinal: z.string(),
});
export type RespuestaPortas = z.infer<typeof respuestaPortas>;

/** What the row's buttons can be (section 4, Port-out row flow). */
export type AccionPorta = 'activar' | 'portar' | 'portarNuevamente' | 'recargar' | 'recargada';

/** The next step of a row: Activar, Portar, Portar nuevamente, Recargar, or done. */
export function siguientePaso(p: Pick<PortOut, 'destinationDn' | 'portDate' | 'isPort' | 'rechargeDate'>) {
  if (!p.destinationDn) return 'activar' as const;
  if (!p.portDate) return 'portar' as const;
  if (p.isPort !== 1) return 'portarNuevamente' as const;
  if (!p.rechargeDate) return 'recargar' as const;
  return 'recargada' as const;
}

const texto = (max: number, mensaje: string) => z.string(mensaje).trim().max(max, mensaje);
const dn10 = z
  .string(M.portaDnInvalido)
  .trim()
  .regex(/^\d{10}$/, M.portaDnInvalido);
const carrier = z.enum(CODIGOS_CARRIER, M.lineaCompaniaInvalida);

/** Fields the edit may change (section 4); null clears a field. */
export const CAMPOS_EDITABLES = [
  'leaderName',
  'clientName',
  'rechargeAmount',
  'originDn',
  'originCarrier',
  'destinationDn',
  'destinationCarrier',
  'nip',
] as const;
export type CampoEditable = (typeof CAMPOS_EDITABLES)[number];

/** The update: id plus only the fields that changed. */
export const peticionActualizarPorta = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  leaderName: texto(100, M.nombreLargo).nullable().optional(),
  clientName: texto(100, M.nombreLargo).nullable().optional(),
  rechargeAmount: z.coerce
    .number(M.lineaMontoInvalido)
    .int(M.lineaMontoInvalido)
    .positive(M.lineaMontoInvalido)
    .max(100_000, M.lineaMontoInvalido)
    .nullable()
    .optional(),
  originDn: dn10.nullable().optional(),
  originCarrier: carrier.nullable().optional(),
  destinationDn: dn10.nullable().optional(),
  destinationCarrier: carrier.nullable().optional(),
  nip: z
    .string(M.portaNipInvalido)
    .trim()
    .regex(/^\d{4}$/, M.portaNipInvalido)
    .nullable()
    .optional(),
});
export type PeticionActualizarPorta = z.output<typeof peticionActualizarPorta>;

const idPorta = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * POST api/portOuts/activacion: the row plus origin 'web'. `accion` says which button was
 * pressed (Activar, or Portar / Portar nuevamente), so a repeated or stale press is refused
 * instead of doing the next step; the other row fields are accepted and ignored.
 */
export const peticionActivacion = z.object({
  id: idPorta,
  accion: z.enum(['activar', 'portar']).default('activar'),
  origin: z.literal('web').default('web'),
});

/** POST api/portOuts/transactions: the row's id. */
export const peticionTransaccionPorta = z.object({ id: idPorta });

/** POST api/portOuts/foreignTransactions: the row's id and the external folio (type 3). */
export const peticionTransaccionExternaPorta = z.object({
  id: idPorta,
  folio: z
    .string()
    .trim()
    .max(LIMITES_RECARGA.folio, M.sinFolio)
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v !== '', M.sinFolio),
  type: z.coerce.number().int().optional(),
});

export const respuestaAccionPorta = z.object({ mensaje: z.string(), portOut });

/** A recharge of a row: the engine's answer plus the row as it now stands. */
export const respuestaRecargaPorta = z.object({
  id: z.number().int(),
  estado: z.enum(ESTADOS_RECARGA),
  mensaje: z.string(),
  folio: z.string().nullable(),
  portOut,
});
export type RespuestaRecargaPorta = z.infer<typeof respuestaRecargaPorta>;

/** GET api/portOuts/{dn}: the ATT detail (section 3, Detail items). */
export const detallePorta = z.object({
  telefonoAPortar: z.string(),
  telefonoDestino: z.string(),
  fechaCrea: z.string(),
  fechaModifica: z.string(),
  refExterna1: z.string(),
  estado: z.string(),
  comentarios: z.string(),
});
export type DetallePorta = z.infer<typeof detallePorta>;

/** Inventory columns (section 2, Inventory days) after '#', with their titles. */
export const COLUMNAS_INVENTARIO = {
  lider: M.colLider,
  cliente: M.colCliente,
  compania: M.colCompania,
  entregados: M.colEntregados,
  recargados: M.colRecargados,
  portabilidades: M.portados,
  tipo: M.colTipo,
  total: M.inventarioActual,
  inventoryDays: M.diasInventario,
} as const;
export type ColumnaInventario = keyof typeof COLUMNAS_INVENTARIO;
export const CLAVES_INVENTARIO = Object.keys(COLUMNAS_INVENTARIO) as [
  ColumnaInventario,
  ...ColumnaInventario[],
];

const parte = z.coerce.number().int();

/**
 * POST api/portOuts/inventoryDays: the dates as day, month and year (section 3), leaderName
 * (empty: every leader; a name: that leader's clients) and monto (lines of that amount).
 */
export const peticionInventario = z.object({
  initialDay: parte.min(1).max(31).optional(),
  initialMonth: parte.min(1).max(12).optional(),
  initialYear: parte.min(2000).max(2100).optional(),
  finalDay: parte.min(1).max(31).optional(),
  finalMonth: parte.min(1).max(12).optional(),
  finalYear: parte.min(2000).max(2100).optional(),
  leaderName: texto(100, M.nombreLargo)
    .nullish()
    .transform((v) => v || undefined),
  monto: z
    .union([
      z.literal(''),
      z.coerce
        .number(M.lineaMontoInvalido)
        .int(M.lineaMontoInvalido)
        .min(1, M.lineaMontoInvalido)
        .max(100_000),
    ])
    .nullish()
    .transform((v) => (v === '' || v === null ? undefined : v)),
  filtros: filtrosDe(CLAVES_INVENTARIO).default({}),
});
export type PeticionInventario = z.output<typeof peticionInventario>;

export const filaInventario = z.object({
  numero: z.number().int(),
  lider: z.string(),
  cliente: z.string(),
  compania: z.string(),
  entregados: z.string(),
  recargados: z.string(),
  portabilidades: z.string(),
  tipo: z.string(),
  total: z.string(),
  inventoryDays: z.string(),
  /** The leader's id (drill-down), null for lines without a leader. */
  idLider: z.number().int().nullable(),
});
export type FilaInventario = z.infer<typeof filaInventario>;

export const respuestaInventario = z.object({
  inventario: z.array(filaInventario),
  /** The leader whose clients are shown; null in leader mode. */
  leaderName: z.string().nullable(),
  /** Leader mode: a row opens that leader's clients. */
  isLider: z.boolean(),
  fechaInicial: z.string(),
  fechaFinal: z.string(),
});
export type RespuestaInventario = z.infer<typeof respuestaInventario>;

/** One step of the inventory's breadcrumb: the whole company ('Todos') or one leader. */
export const pasoRutaInventario = filaInventario
  .pick({ entregados: true, recargados: true, portabilidades: true, total: true, inventoryDays: true })
  .extend({ tipo: z.enum(['empresa', 'lider']), nombre: z.string() });

/**
 * POST api/portOuts/inventoryDaysRoute: the inventory days of each step of the screen's route
 * (its breadcrumb), with the body and filters of inventoryDays: the company, then the leader
 * whose clients are shown. A leader (level 2) gets its own leader's step only.
 */
export const respuestaInventarioRuta = z.object({
  ruta: z.array(pasoRutaInventario),
  fechaInicial: z.string(),
  fechaFinal: z.string(),
});
export type RespuestaInventarioRuta = z.infer<typeof respuestaInventarioRuta>;
