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

/**
 * Every answer to a session names what that session may do now (its permissions and Permiso
 * Monto) in this header, as a short fingerprint: the browser that holds another one reads them
 * again (GET /api/permisos), so an administrator's change takes effect without a new login.
 */
export const CABECERA_PERMISOS = 'x-permisos';

/** The fingerprint of CABECERA_PERMISOS: FNV-1a of the permissions and the amount flag. */
export function huellaPermisos(permisos: readonly string[], isMonto: boolean): string {
  let h = 0x811c9dc5;
  for (const c of `${isMonto ? 1 : 0}:${permisos.join('-')}`) {
    h = Math.imul(h ^ (c.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return h.toString(36);
}
