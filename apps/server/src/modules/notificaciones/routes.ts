import { M } from '@recargas/contracts/mensajes';
import * as contrato from '@recargas/contracts/notificaciones';
import { respuestaMensaje } from '@recargas/contracts/saldos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
    async () => ({ publicKey: await notificaciones.clavePublica(ctx) }),
  );

  app.get(
    contrato.API_NOTIFICACIONES.notificaciones,
    esquema('notificaciones', 'Notificaciones del usuario (últimas 20) y cuántas no ha leído', {
      response: { 200: contrato.respuestaNotificaciones },
    }),
    async (req) => notificaciones.lista(ctx, req.sesion.empresaId, req.sesion.usuarioId),
  );

  app.post(
    contrato.API_NOTIFICACIONES.enviar,
    esquema(
      'notificaciones',
      'Un administrador envía una notificación (título y texto) a los usuarios de su empresa',
      {
        description:
          'En la aplicación y por Web Push, una vez por usuario y suscripción. La cabecera Idempotency-Key ' +
          '(una por envío del formulario) hace que repetir la solicitud no envíe nada más.',
        headers: z.object({ 'idempotency-key': z.string().min(1).max(100).optional() }).passthrough(),
        body: contrato.peticionEnviarNotificacion,
        response: { 200: contrato.respuestaEnviarNotificacion },
      },
    ),
    async (req) => notificaciones.enviar(ctx, req.sesion, req.body, req.headers['idempotency-key']),
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
