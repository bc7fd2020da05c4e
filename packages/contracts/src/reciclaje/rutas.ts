import { LIMITES_LINEA } from '../lineas/limites.ts';

/**
 * The recycling paths and panel sizes, apart from reciclaje.ts's schemas so that the panels under
 * the top-up form download no zod (issue 21); reciclaje.ts re-exports them.
 */

export const API_RECICLAJE = {
  reciclarDn: '/api/dnReciclar/:dn',
  pendientes: '/api/recicladas/pendientesPorReciclar',
  decidir: '/api/recicladas/pendientesPorReciclar/:dn',
  estatusActivacion: '/statusActivacion/:icc',
} as const;

/** Digits of the number (Reciclar Lineas) and of the ICC (Estatus ICC ATT) the panels take. */
export const LARGO_PANEL = { dn: LIMITES_LINEA.dnMax, icc: 20 } as const;
