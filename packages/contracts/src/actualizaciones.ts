import { z } from 'zod';

/** The release notes: the list and one note (reading it marks it read). */
export const API_ACTUALIZACIONES = {
  actualizaciones: '/api/actualizaciones',
  actualizacion: '/api/actualizaciones/:id',
} as const;

/** Where the images of a release note are served: /notas/<id>/<file>. */
export const rutaImagenNota = (id: number, archivo: string) => `/notas/${id}/${encodeURIComponent(archivo)}`;

/** A list entry of spec section 3 (id, title, date, file), plus whether it shows 'Nuevo' to this user. */
export const entradaActualizacion = z.object({
  id: z.number().int(),
  title: z.string(),
  /** yyyy/mm/dd, as every screen writes a day (issue 41). */
  date: z.string(),
  file: z.string(),
  nuevo: z.boolean(),
});

/** GET /api/actualizaciones: newest first; `nuevo` when there is a note, the newest being marked (spec section 2). */
export const respuestaActualizaciones = z.object({
  actualizaciones: z.array(entradaActualizacion),
  nuevo: z.boolean(),
});

/** GET /api/actualizaciones/:id: the release note of spec section 3 (tittle as the spec spells it). */
export const respuestaActualizacion = z.object({
  id: z.number().int(),
  tittle: z.string(),
  date: z.string(),
  descriptions: z.array(z.string()),
  sections: z.array(
    z.object({
      tittle: z.string(),
      children: z.array(z.object({ description: z.string(), image: z.string().optional() })),
    }),
  ),
});
export type Actualizacion = z.infer<typeof respuestaActualizacion>;

export const parametroActualizacion = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
