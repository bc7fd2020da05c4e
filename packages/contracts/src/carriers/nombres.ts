import { M } from '../mensajes.ts';

/*
 * The carriers' plain rules, without zod: what the shell and the top-up screen draw at start-up,
 * where building the schemas of carriers.ts cost a phone time (issue 21). carriers.ts re-exports them.
 */

/** The platform users per company and carrier, and the comments per carrier. */
export const API_CARRIERS = {
  plataformas: '/empresas',
  plataformasEmpresa: '/plataformasEmpresa',
  plataformaCarrier: '/plataformaCarrier',
  cambiarPlataformas: '/cambiarPlataformasEmpresa',
  comentarios: '/api/comments/',
} as const;

/**
 * Carrier codes of spec section 3 with their names from the catalogue: one name per carrier on
 * every screen and Excel file (section 3's 'AT&T' and 'Bait', not the 'Att' and 'Biat' of one screen).
 */
export const CARRIERS = {
  T: M.telcel,
  M: M.movistar,
  U: M.unefon,
  A: M.att,
  V: M.virgin,
  B: M.bait,
} as const;

export type Carrier = keyof typeof CARRIERS;
export const CODIGOS_CARRIER = Object.keys(CARRIERS) as Carrier[];

/** The name of a carrier code; an unknown code shows as it is. */
export const etiquetaCarrier = (codigo: string): string =>
  Object.hasOwn(CARRIERS, codigo) ? CARRIERS[codigo as Carrier] : codigo;

/** Longest comment a carrier may carry (shown beside the top-up form). */
export const MAX_COMENTARIO = 500;

export const LIMITES_PLATAFORMA = { username: 50, canal: 50 } as const;

/** Carriers in the order of the 'Recargas por tipo de carrier' screen, with their names. */
export const CARRIERS_PANTALLA: readonly { carrier: Carrier; nombre: string }[] = CODIGOS_CARRIER.map(
  (carrier) => ({ carrier, nombre: CARRIERS[carrier] }),
);
