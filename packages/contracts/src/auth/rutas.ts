/**
 * The auth paths and login step codes, apart from auth.ts's schemas so that the login page
 * downloads no zod (issue 21); auth.ts re-exports them.
 */

/** The auth calls (spec section 7); login and renewal are public, the rest need the token. */
export const API_AUTH = {
  iniciarSesion: '/iniciarSesion',
  configurarDosPasos: '/api/2fa/setup',
  verificarDosPasos: '/api/2fa/verify',
  renovarToken: '/api/renuevaToken',
  cerrarSesion: '/api/cerrarSesion',
  quienSoy: '/quienSoy',
  permisos: '/api/permisos',
  /** GET: the companies a root may work in; POST: switch the session's company (root only). */
  cambiarEmpresa: '/cambiarEmpresa',
} as const;

/** Step codes of the login (spec sections 2 and 4). */
export const PASO = { normal: 1, configurar: 13, codigoNuevo: 14, codigo: 15 } as const;
