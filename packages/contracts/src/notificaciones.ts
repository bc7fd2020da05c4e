import { z } from 'zod';

/** The push subscription (spec's POST /firebase), its public key and the in-app list. */
export const API_NOTIFICACIONES = {
  suscribir: '/firebase',
  clave: '/api/notificaciones/clave',
  notificaciones: '/api/notificaciones',
  leidas: '/api/notificaciones/leidas',
} as const;

/** POST /firebase: the browser's push subscription (PushSubscription.toJSON(), or it as JSON text). */
export const peticionToken = z.object({
  token: z.union([z.string().max(4000), z.record(z.string(), z.unknown())]),
});

export const respuestaClavePush = z.object({ publicKey: z.string() });

/** GET /api/notificaciones: the in-app list (last 20) and the unread count. */
export const respuestaNotificaciones = z.object({
  sinLeer: z.number().int(),
  notificaciones: z.array(
    z.object({
      id: z.number().int(),
      titulo: z.string(),
      cuerpo: z.string(),
      creada: z.string(),
      leida: z.boolean(),
    }),
  ),
});
