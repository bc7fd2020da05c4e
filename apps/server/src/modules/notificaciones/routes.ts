import { M } from '@recargas/contracts/mensajes';
import {
  API_NOTIFICACIONES,
  peticionToken,
  respuestaClavePush,
  respuestaNotificaciones,
} from '@recargas/contracts/notificaciones';
import { respuestaMensaje } from '@recargas/contracts/saldos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../contexto.ts';
import * as notificaciones from './service.ts';

/** Notifications of the logged-in user: push subscription, in-app list. */
export const rutasNotificaciones: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;

  app.post(
    API_NOTIFICACIONES.suscribir,
    {
      schema: {
        tags: ['notificaciones'],
        summary: 'Guarda la suscripción push del navegador (una por navegador)',
        body: peticionToken,
        response: { 200: respuestaMensaje },
      },
    },
    async (req) => {
      await notificaciones.guardarToken(ctx, req.sesion, req.body.token);
      return { mensaje: M.notificacionesActivadas };
    },
  );

  app.get(
    API_NOTIFICACIONES.clave,
    {
      schema: {
        tags: ['notificaciones'],
        summary: 'Clave pública VAPID para suscribirse',
        response: { 200: respuestaClavePush },
      },
    },
    async () => ({ publicKey: notificaciones.clavePublica(ctx) }),
  );

  app.get(
    API_NOTIFICACIONES.notificaciones,
    {
      schema: {
        tags: ['notificaciones'],
        summary: 'Notificaciones del usuario (últimas 20) y cuántas no ha leído',
        response: { 200: respuestaNotificaciones },
      },
    },
    async (req) => notificaciones.lista(ctx, req.sesion.empresaId, req.sesion.usuarioId),
  );

  app.post(
    API_NOTIFICACIONES.leidas,
    {
      schema: {
        tags: ['notificaciones'],
        summary: 'Marca como leídas las notificaciones del usuario',
        response: { 200: respuestaMensaje },
      },
    },
    async (req) => {
      await notificaciones.marcarLeidas(ctx, req.sesion.empresaId, req.sesion.usuarioId);
      return { mensaje: M.actualizadoCorrectamente };
    },
  );
};
