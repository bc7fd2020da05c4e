import { M } from '@recargas/contracts/mensajes';
import * as contrato from '@recargas/contracts/notificaciones';
import { respuestaMensaje } from '@recargas/contracts/saldos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../contexto.ts';
import { esquema, rutasDe } from '../../lib/rutas.ts';
import * as notificaciones from './service.ts';

/** Notifications of the logged-in user: push subscription, in-app list. */
export const rutasNotificaciones: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;

  rutasDe(app, 'notificaciones', (req) => req.sesion).accion(
    contrato.API_NOTIFICACIONES.suscribir,
    'Guarda la suscripción push del navegador (una por navegador)',
    [contrato.peticionToken, respuestaMensaje],
    M.notificacionesActivadas,
    (c, s, p) => notificaciones.guardarToken(c, s, p.token),
  );

  app.get(
    contrato.API_NOTIFICACIONES.clave,
    esquema('notificaciones', 'Clave pública VAPID para suscribirse', {
      response: { 200: contrato.respuestaClavePush },
    }),
    async () => ({ publicKey: notificaciones.clavePublica(ctx) }),
  );

  app.get(
    contrato.API_NOTIFICACIONES.notificaciones,
    esquema('notificaciones', 'Notificaciones del usuario (últimas 20) y cuántas no ha leído', {
      response: { 200: contrato.respuestaNotificaciones },
    }),
    async (req) => notificaciones.lista(ctx, req.sesion.empresaId, req.sesion.usuarioId),
  );

  app.post(
    contrato.API_NOTIFICACIONES.leidas,
    esquema('notificaciones', 'Marca como leídas las notificaciones del usuario', {
      response: { 200: respuestaMensaje },
    }),
    async (req) => {
      await notificaciones.marcarLeidas(ctx, req.sesion.empresaId, req.sesion.usuarioId);
      return { mensaje: M.actualizadoCorrectamente };
    },
  );
};
