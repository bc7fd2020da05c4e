import { z } from 'zod';
import { CODIGOS_CARRIER } from './carriers/nombres.ts';
import { M } from './mensajes.ts';
import {
  ESTADOS_RECARGA,
  esDn,
  esIcc,
  LIMITES_RECARGA,
  TIPO_EXTERNA,
  TIPO_POR_DEFECTO,
  TIPOS_SOLICITUD,
} from './recargas/reglas.ts';

export * from './recargas/reglas.ts';

/** Fields every top-up call shares (spec sections 3 and 7). */
const camposRecarga = z.object({
  icc: z.string().trim().max(LIMITES_RECARGA.icc, M.iccInvalido).default(''),
  dn: z.string().trim().max(LIMITES_RECARGA.dn, M.telefonoInvalido).default(''),
  compania: z.enum(CODIGOS_CARRIER, M.recargaFaltanDatos),
  /** A chosen amount: a JSON integer (no strings, arrays, booleans); null or absent: none chosen. */
  monto: z
    .number(M.lineaMontoInvalido)
    .int(M.lineaMontoInvalido)
    .nullable()
    .optional()
    .transform((v) => v ?? undefined),
  plataforma: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
});

/** Section 5's number rules: an ICC or a phone, each in its format. */
const conReglasDeNumero = <T extends z.ZodType<{ icc: string; dn: string }>>(esquema: T) =>
  esquema
    .refine((p) => p.icc !== '' || p.dn !== '', { message: M.recargaFaltanDatos, path: ['dn'] })
    .refine((p) => p.icc === '' || esIcc(p.icc), { message: M.iccInvalido, path: ['icc'] })
    .refine((p) => p.dn === '' || esDn(p.dn), { message: M.telefonoInvalido, path: ['dn'] });

/** POST /checkOut: the chosen mode decides which of icc/dn is sent; request type default 'todito'. */
export const peticionRecarga = conReglasDeNumero(
  camposRecarga.extend({
    tipo: z.enum(TIPOS_SOLICITUD, M.tipoSolicitudInvalido).default(TIPO_POR_DEFECTO),
    origin: z.literal('web').default('web'),
  }),
);
export type PeticionRecarga = z.output<typeof peticionRecarga>;

/** POST /foreignCheckOut: the same plus folio (max 10), type 3 and an id. */
export const peticionRecargaExterna = conReglasDeNumero(
  camposRecarga.extend({
    folio: z.string().trim().max(LIMITES_RECARGA.folio).default(''),
    type: z.coerce.number().int().default(TIPO_EXTERNA),
    id: z.coerce.number().int().optional(),
  }),
).refine((p) => p.folio !== '', { message: M.sinFolio, path: ['folio'] });
export type PeticionRecargaExterna = z.output<typeof peticionRecargaExterna>;

/**
 * POST /checkOut/{compania}/recargaSinUsuario: public, by icc or dn. `monto` is read, whatever it
 * holds, only so the amount rule refuses it (no user chooses an amount) instead of dropping it.
 */
export const peticionRecargaSinUsuario = conReglasDeNumero(
  camposRecarga.pick({ icc: true, dn: true, compania: true }).extend({ monto: z.unknown().optional() }),
);

/** A top-up's answer: its status and message, and what went (number, carrier, amount, folio). */
export const respuestaRecarga = z.object({
  id: z.number().int(),
  estado: z.enum(ESTADOS_RECARGA),
  mensaje: z.string(),
  folio: z.string().nullable(),
  icc: z.string(),
  dn: z.string(),
  compania: z.string(),
  /** null where the company hides amounts from the caller (veMontoMovimientos). */
  monto: z.number().nullable(),
});
export type RespuestaRecarga = z.infer<typeof respuestaRecarga>;

/** GET /movimientos: the last 10, with their titles (spec sections 2 and 3). */
export const respuestaMovimientos = z.object({
  titulos: z.array(z.object({ llave: z.string(), valor: z.string() })),
  movimientos: z.array(
    z.object({
      estatus: z.enum(ESTADOS_RECARGA),
      fecha: z.string(),
      compania: z.string(),
      dn: z.string(),
      monto: z.number().nullable(),
    }),
  ),
});
