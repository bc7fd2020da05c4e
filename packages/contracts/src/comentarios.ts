import { z } from 'zod';
import { CODIGOS_CARRIER } from './carriers.ts';
import { M, texto } from './mensajes.ts';

/** Longest comment a carrier may carry (shown beside the top-up form). */
export const MAX_COMENTARIO = 500;

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
