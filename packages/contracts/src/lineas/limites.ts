/** The lines' field limits, apart from lineas.ts's schemas (issue 21); lineas.ts re-exports them. */

/** Section 9: exactly 19 digits when editing a line; phone 10; nir at most 10 digits (propio). */
export const LIMITES_LINEA = { icc: 19, dnMin: 10, dnMax: 13, nir: 10, producto: 100 } as const;
