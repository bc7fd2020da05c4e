import { z } from 'zod';
import { M } from './mensajes.ts';

import { API_NOTIFICACIONES, LIMITES_NOTIFICACION } from './notificaciones/rutas.ts';

export { API_NOTIFICACIONES, LIMITES_NOTIFICACION };

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

/** The messages name these limits. */
const campo = (max: number, mensaje: string) => z.string(mensaje).trim().min(1, mensaje).max(max, mensaje);

/**
 * POST /sendNotification (spec section 7): title and text for every user of the company, in-app
 * and by Web Push. The browser's Idempotency-Key header makes a repeated submit one send.
 */
export const peticionEnviarNotificacion = z.object({
  titulo: campo(LIMITES_NOTIFICACION.titulo, M.notificacionSinTitulo),
  texto: campo(LIMITES_NOTIFICACION.texto, M.notificacionSinTexto),
});
export type PeticionEnviarNotificacion = z.output<typeof peticionEnviarNotificacion>;

export const respuestaEnviarNotificacion = z.object({
  mensaje: z.string(),
  /** Users the notification is for (a repeat of the same send counts them again, writes nothing). */
  destinatarios: z.number().int(),
});
