/** User levels of spec section 6: 0 and 1 administrators, 2 leader/seller, 3 client. */
export const NIVELES = [0, 1, 2, 3] as const;
export type Nivel = (typeof NIVELES)[number];

export const NIVEL = { root: 0, admin: 1, lider: 2, cliente: 3 } as const;

export const esAdministrador = (nivel: number): boolean => nivel <= NIVEL.admin;
