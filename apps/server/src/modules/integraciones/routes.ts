import * as contrato from '@recargas/contracts/integraciones';
import { erroresApi } from '@recargas/contracts/integraciones/api-v1';
import { M } from '@recargas/contracts/mensajes';
import { respuestaMensaje } from '@recargas/contracts/saldos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../contexto.ts';
import { esquema } from '../../lib/rutas.ts';
import * as integraciones from './service.ts';
import { rutasV1 } from './v1.ts';

const API = contrato.API_INTEGRACIONES;
const porId = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tag = 'integraciones';
/** A session's refusals (no session, not an administrator, a limit, the database), and bad input's. */
const errores = erroresApi(400, 401, 403, 429, 500, 503);
const conId = { ...errores, ...erroresApi(404) };

/** The integraciones screen's calls (administrators, levels 0 and 1), and the `/v1` API. */
export const rutasIntegraciones: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;

  app.get(
    API.llaves,
    esquema(tag, 'Llaves de API de la empresa', { response: { 200: contrato.respuestaLlaves, ...errores } }),
    async (req) => integraciones.llaves(ctx, req.sesion),
  );
  app.post(
    API.llaves,
    esquema(tag, 'Crea una llave de API (el secreto se muestra solo en esta respuesta)', {
      body: contrato.peticionLlave,
      response: { 200: contrato.respuestaLlaveCreada, ...errores },
    }),
    async (req) => integraciones.crearLlave(ctx, req.sesion, req.body),
  );
  app.delete(
    API.llave,
    esquema(tag, 'Revoca una llave de API', { params: porId, response: { 200: respuestaMensaje, ...conId } }),
    async (req) => {
      await integraciones.revocarLlave(ctx, req.sesion, req.params.id);
      return { mensaje: M.llaveRevocada };
    },
  );

  app.get(
    API.webhooks,
    esquema(tag, 'Webhooks de la empresa', { response: { 200: contrato.respuestaWebhooks, ...errores } }),
    async (req) => integraciones.webhooks(ctx, req.sesion),
  );
  app.post(
    API.webhooks,
    esquema(tag, 'Registra un webhook (https) y da su secreto de firma', {
      body: contrato.peticionWebhook,
      response: { 200: contrato.respuestaWebhookCreado, ...errores },
    }),
    async (req) => integraciones.crearWebhook(ctx, req.sesion, req.body.url),
  );
  app.delete(
    API.webhook,
    esquema(tag, 'Elimina un webhook', { params: porId, response: { 200: respuestaMensaje, ...conId } }),
    async (req) => {
      await integraciones.eliminarWebhook(ctx, req.sesion, req.params.id);
      return { mensaje: M.webhookEliminado };
    },
  );
  app.get(
    API.entregas,
    esquema(tag, 'Últimas entregas de eventos a los webhooks', {
      response: { 200: contrato.respuestaEntregas, ...errores },
    }),
    async (req) => integraciones.entregas(ctx, req.sesion),
  );
  app.post(
    API.reenviar,
    esquema(tag, 'Reenvía una entrega', { params: porId, response: { 200: respuestaMensaje, ...conId } }),
    async (req) => {
      await integraciones.reenviar(ctx, req.sesion, req.params.id);
      return { mensaje: M.entregaReenviada };
    },
  );

  await app.register(rutasV1);
};
