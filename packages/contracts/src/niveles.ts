import { M } from './mensajes.ts';

/** User levels of spec section 6: 0 and 1 administrators, 2 leader/seller, 3 client. */
export const NIVELES = [0, 1, 2, 3] as const;
export type Nivel = (typeof NIVELES)[number];

export const NIVEL = { root: 0, admin: 1, lider: 2, cliente: 3 } as const;

export const esAdministrador = (nivel: number): boolean => nivel <= NIVEL.admin;

const ETIQUETAS_NIVEL: Record<Nivel, string> = {
  0: M.nivelRoot,
  1: M.nivelAdministrador,
  2: M.tipoVendedorLider,
  3: M.tipoCliente,
};

/** The name of a level on every screen and Excel file; an unknown level shows as its number. */
export const etiquetaNivel = (nivel: number | string): string =>
  ETIQUETAS_NIVEL[Number(nivel) as Nivel] ?? String(nivel);
