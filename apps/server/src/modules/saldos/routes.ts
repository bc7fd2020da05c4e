import { M } from '@recargas/contracts/mensajes';
import {
  API_SALDOS,
  peticionConfigSinUsuario,
  peticionMinimos,
  respuestaAlertas,
  respuestaMensaje,
  respuestaMinimos,
  respuestaSaldos,
} from '@recargas/contracts/saldos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../contexto.ts';
import * as saldos from './service.ts';

export const rutasSaldos: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;

  app.get(
    API_SALDOS.saldos,
    {
      schema: {
        tags: ['saldos'],
        summary: 'Saldos de Recargatodo y Pagaqui',
        response: { 200: respuestaSaldos },
      },
    },
    async (req) => saldos.saldosDe(ctx, req.sesion.empresaId),
  );

  app.get(
    API_SALDOS.minimos,
    {
      schema: {
        tags: ['saldos'],
        summary: 'Montos mínimos para notificar',
        response: { 200: respuestaMinimos },
      },
    },
    async (req) => saldos.minimosDe(ctx, req.sesion.empresaId),
  );

  app.patch(
    API_SALDOS.minimos,
    {
      schema: {
        tags: ['saldos'],
        summary: 'Guarda los montos mínimos',
        body: peticionMinimos,
        response: { 200: respuestaMensaje },
      },
    },
    async (req) => {
      await saldos.guardarMinimos(ctx, req.sesion.empresaId, req.body.minimos);
      return { mensaje: M.actualizadoCorrectamente };
    },
  );

  app.get(
    API_SALDOS.alertas,
    {
      schema: {
        tags: ['saldos'],
        summary: 'Alertas de saldo bajo abiertas',
        response: { 200: respuestaAlertas },
      },
    },
    async (req) => saldos.alertas(ctx, req.sesion.empresaId),
  );

  app.post(
    API_SALDOS.configSinUsuario,
    {
      schema: {
        tags: ['recargas'],
        summary: 'Máximo de recargas al día sin usuario (1 a 2000)',
        body: peticionConfigSinUsuario,
        response: { 200: respuestaMensaje },
      },
    },
    async (req) => {
      await saldos.guardarMaxSinUsuario(ctx, req.sesion.empresaId, req.body.maxRecargas);
      return { mensaje: M.configuracionRealizada };
    },
  );
};
