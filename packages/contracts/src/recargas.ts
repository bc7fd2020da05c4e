import { z } from 'zod';
import { CODIGOS_CARRIER } from './carriers.ts';
import { M } from './mensajes.ts';

/** Limits of spec section 9. */
export const LIMITES_RECARGA = { icc: 20, dn: 10, folio: 10, tipo: 30 } as const;
export const MONTOS = [30, 50, 70, 100, 200] as const;
export const TIPO_POR_DEFECTO = 'todito';
/** Type of an external (foreign) top-up. */
export const TIPO_EXTERNA = 3;
export const PLATAFORMAS = [1, 2] as const;

export const ESTADOS_RECARGA = ['pendiente', 'enviada', 'exitosa', 'fallida'] as const;
export type EstadoRecarga = (typeof ESTADOS_RECARGA)[number];

/** Fields every top-up call shares (spec sections 3 and 7). */
const camposRecarga = z.object({
  icc: z.string().trim().max(LIMITES_RECARGA.icc, M.iccInvalido).default(''),
  dn: z.string().trim().max(LIMITES_RECARGA.dn, M.telefonoInvalido).default(''),
  compania: z.enum(CODIGOS_CARRIER, M.recargaFaltanDatos),
  monto: z.coerce.number().int().positive().max(100_000).nullable().optional(),
  plataforma: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
});

/** Section 5's number rules: an ICC of digits (at most 20), or a phone of exactly 10 digits. */
const conReglasDeNumero = <T extends z.ZodType<{ icc: string; dn: string }>>(esquema: T) =>
  esquema
    .refine((p) => p.icc !== '' || p.dn !== '', { message: M.recargaFaltanDatos, path: ['dn'] })
    .refine((p) => p.icc === '' || /^\d{1,20}$/.test(p.icc), { message: M.iccInvalido, path: ['icc'] })
    .refine((p) => p.dn === '' || /^\d{10}$/.test(p.dn), { message: M.telefonoInvalido, path: ['dn'] });

/** POST /checkOut: the chosen mode decides which of icc/dn is sent; request type default 'todito'. */
export const peticionRecarga = conReglasDeNumero(
  camposRecarga.extend({
    tipo: z.string().trim().max(LIMITES_RECARGA.tipo).default(TIPO_POR_DEFECTO),
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

/** POST /checkOut/{compania}/recargaSinUsuario: public, by icc or dn. */
export const peticionRecargaSinUsuario = conReglasDeNumero(
  camposRecarga.pick({ icc: true, dn: true, compania: true }),
);

export const respuestaRecarga = z.object({
  id: z.number().int(),
  estado: z.enum(ESTADOS_RECARGA),
  mensaje: z.string(),
  folio: z.string().nullable(),
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
