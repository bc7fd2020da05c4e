import type { PeticionEnviarNotificacion, respuestaNotificaciones } from '@recargas/contracts/notificaciones';
import { API_NOTIFICACIONES } from '@recargas/contracts/notificaciones/rutas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { type Avisos, useMutacion } from '../../lib/mutaciones.ts';

/** The server's public key the browser subscribes to push with. */
export const clavePush = () => api<{ publicKey: string }>(API_NOTIFICACIONES.clave);

/** Sends this browser's push subscription (spec's POST /firebase). */
export const suscribir = (token: PushSubscriptionJSON) =>
  api(API_NOTIFICACIONES.suscribir, { cuerpo: { token } });

/** The in-app list and the unread count, asked again every minute. */
export const useNotificaciones = () =>
  useQuery({
    queryKey: [API_NOTIFICACIONES.notificaciones],
    queryFn: () => api<z.infer<typeof respuestaNotificaciones>>(API_NOTIFICACIONES.notificaciones),
    refetchInterval: 60_000,
  });

export const marcarLeidas = () => api(API_NOTIFICACIONES.leidas, { metodo: 'POST' });

/** An administrator's notification to the company's users; `llave` makes a repeated submit one send. */
export const enviarNotificacion = (v: { cuerpo: PeticionEnviarNotificacion; llave: string }) =>
  api<{ mensaje: string; destinatarios: number }>(API_NOTIFICACIONES.enviar, {
    cuerpo: v.cuerpo,
    cabeceras: { 'Idempotency-Key': v.llave },
  });

const LISTA = [API_NOTIFICACIONES.notificaciones];
/** Quiet: a failure leaves them unread, to be marked the next time the bell opens. */
const CALLADO = { onSuccess: () => {}, onError: () => {} };
/** Opening the bell marks the list read; the list and its count are read again. */
export const useMarcarLeidas = () => useMutacion(marcarLeidas, [LISTA], CALLADO);
/** The sender gets it too when they are among the company's users: the list is read again. */
export const useEnviarNotificacion = (avisos: Avisos<{ mensaje: string; destinatarios: number }>) =>
  useMutacion(enviarNotificacion, [LISTA], avisos);
