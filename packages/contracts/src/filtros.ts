import { z } from 'zod';
import { M } from './mensajes.ts';

/**
 * Chip filters of every list screen: per column, values that combine as OR; columns combine as
 * AND. Each value is a case-insensitive substring of what the column shows.
 */
/** The values of one column's chips. */
export const valoresChip = z
  .array(
    z
      .string(M.filtrosInvalidos)
      .trim()
      .min(1, M.filtrosInvalidos)
      .max(50, M.filtrosInvalidos)
      // PostgreSQL text cannot hold NUL: refused here instead of failing in the database.
      .refine((v) => !v.includes('\u0000'), M.filtrosInvalidos),
    M.filtrosInvalidos,
  )
  .max(20, M.filtrosInvalidos);

export const filtrosDe = <K extends string>(columnas: readonly [K, ...K[]]) =>
  z.partialRecord(z.enum(columnas, M.filtrosInvalidos), valoresChip, M.filtrosInvalidos);

/** Filters travel in the query string as JSON text. */
export const comoJson = <T extends z.ZodType>(esquema: T) =>
  z
    .string()
    .max(4000, M.filtrosInvalidos)
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: M.filtrosInvalidos });
        return z.NEVER;
      }
    })
    .pipe(esquema);
