/**
 * The notification paths, apart from notificaciones.ts's schemas so that the shell, which
 * subscribes to push and shows the bell, downloads no zod (issue 21), and the limits of a sent one; notificaciones.ts re-exports them.
 */

/** The push subscription (spec's POST /firebase), its public key and the in-app list. */
export const API_NOTIFICACIONES = {
  suscribir: '/firebase',
  clave: '/api/notificaciones/clave',
  notificaciones: '/api/notificaciones',
  leidas: '/api/notificaciones/leidas',
  enviar: '/sendNotification',
} as const;

/** Limits of a notification an administrator sends (POST /sendNotification). */
export const LIMITES_NOTIFICACION = { titulo: 100, texto: 1000 } as const;
