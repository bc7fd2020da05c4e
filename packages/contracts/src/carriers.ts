import { z } from 'zod';
import { CODIGOS_CARRIER, LIMITES_PLATAFORMA, MAX_COMENTARIO } from './carriers/nombres.ts';
import { M, texto } from './mensajes.ts';

export * from './carriers/nombres.ts';

/** Comment of spec section 3: carrier, comment. */
export const comentario = z.object({
  carrier: z.enum(CODIGOS_CARRIER, M.lineaCompaniaInvalida),
  comment: z
    .string()
    .trim()
    .max(MAX_COMENTARIO, texto('comentarioLargo', { max: MAX_COMENTARIO }))
    .refine((v) => !v.includes('\u0000'), texto('comentarioLargo', { max: MAX_COMENTARIO })),
});

/** GET api/comments/: every carrier with its comment. */
export const respuestaComentarios = z.array(comentario);

/** POST api/comments/: the comments list (one entry per carrier). */
export const peticionComentarios = z.array(comentario).max(CODIGOS_CARRIER.length * 2);

/** Limits of spec sections 5 and 9 for a platform user. */
const carrier = z.enum(CODIGOS_CARRIER, M.lineaCompaniaInvalida);

/** Platform of spec section 3: id, usuario, plataforma (plus its number and canal). */
export const plataformaUsuario = z.object({
  id: z.number().int(),
  usuario: z.string(),
  plataforma: z.string(),
  /** Platform number: 1 Recargatodo, 2 Pagaqui. */
  noPlataforma: z.number().int(),
  canal: z.string(),
});
export type PlataformaUsuario = z.infer<typeof plataformaUsuario>;

/** GET /plataformasEmpresa: the company's platform users. */
export const respuestaPlataformasEmpresa = z.object({ plataformas: z.array(plataformaUsuario) });

/** GET /empresas: the platforms a platform user can belong to (the Plataforma select). */
export const respuestaEmpresas = z.object({
  empresas: z.array(z.object({ id: z.number().int(), nombre: z.string() })),
});

const vacioAIndefinido = (v: unknown) => (v === '' || v === null ? undefined : v);

/** POST /plataformasEmpresa: 'Registrar nuevo usuario' (spec sections 3 and 5). */
export const peticionPlataformaUsuario = z.object({
  username: z
    .string(M.debesUsername)
    .trim()
    .min(1, M.debesUsername)
    .max(LIMITES_PLATAFORMA.username, M.usernamePlataformaLargo)
    .refine((v) => !v.includes('\u0000'), M.debesUsername),
  plataforma: z.preprocess(
    vacioAIndefinido,
    z.coerce.number(M.debesPlataforma).pipe(z.union([z.literal(1), z.literal(2)], M.debesPlataforma)),
  ),
  canal: z
    .string()
    .trim()
    .max(LIMITES_PLATAFORMA.canal, M.canalLargo)
    .refine((v) => !v.includes('\u0000'), M.canalLargo)
    .nullish()
    .transform((v) => v ?? ''),
});
export const respuestaRegistroPlataforma = z.object({ mensaje: z.string(), id: z.number().int() });

export type PeticionPlataformaUsuario = z.output<typeof peticionPlataformaUsuario>;

/**
 * Defaults of spec section 3, one per carrier: `usuario`/`plataforma` is the company's default
 * account (the placeholder of the select), `usuario2`/`plataforma2` the chosen platform user (null
 * when none), `empresaPlataformaId` its id, and `noPlataforma` the platform number top-ups of that
 * carrier go to. `respaldo*` (issue 22): the second platform user, tried when the first platform
 * certainly did not take a top-up (null when none).
 */
export const plataformaCarrier = z.object({
  carrier,
  empresaPlataformaId: z.number().int().nullable(),
  noPlataforma: z.number().int(),
  usuario: z.string(),
  plataforma: z.string(),
  usuario2: z.string().nullable(),
  plataforma2: z.string().nullable(),
  respaldoId: z.number().int().nullable(),
  respaldoUsuario: z.string().nullable(),
  respaldoPlataforma: z.string().nullable(),
});
export type PlataformaCarrier = z.infer<typeof plataformaCarrier>;

export const respuestaPlataformaCarrier = z.object({ carriers: z.array(plataformaCarrier) });

/**
 * POST /cambiarPlataformasEmpresa: a carrier and its platform user (null goes back to the
 * default) and, when given, its second platform user (null or '': none; absent: unchanged).
 */
export const peticionCambiarPlataforma = z.object({
  carrier,
  empresaPlataformaId: z.preprocess(vacioAIndefinido, z.coerce.number().int().positive().nullish()),
  respaldoId: z.preprocess(
    (v) => (v === '' ? null : v),
    z.union([z.null(), z.coerce.number().int().positive()], M.respaldoInvalido).optional(),
  ),
});
export type PeticionCambiarPlataforma = z.output<typeof peticionCambiarPlataforma>;
