/**
 * The company paths, apart from empresas.ts's schemas so that the login page downloads no zod
 * (issue 21); empresas.ts re-exports them.
 */

/** The company calls: the public theme by company code, and /in/configuraciones. */
export const API_EMPRESAS = {
  empresa: '/getEmpresa/:name',
  logo: '/getEmpresa/:name/logo',
  /** The installed app of the company (issue 21): its web app manifest and its icons. */
  manifiesto: '/getEmpresa/:name/manifest.webmanifest',
  icono: '/getEmpresa/:name/icono/:tam',
  configuraciones: '/api/configuraciones',
  subirLogo: '/api/configuraciones/logo',
  auditoria: '/api/configuraciones/auditoria',
} as const;
