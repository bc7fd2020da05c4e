import { M } from '@recargas/contracts/mensajes';
import * as contrato from '@recargas/contracts/saldos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Ctx } from '../../contexto.ts';
import { esquema } from '../../lib/rutas.ts';
import * as saldos from './service.ts';

/** The schemas of a call that saves `body` and answers a mensaje. */
const guardar = <B extends z.ZodType>(body: B) => ({ body, response: { 200: contrato.respuestaMensaje } });

export const rutasSaldos: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;

  app.get(
    contrato.API_SALDOS.saldos,
    esquema('saldos', 'Saldos de Recargatodo y Pagaqui', { response: { 200: contrato.respuestaSaldos } }),
    async (req) => saldos.saldosDe(ctx, req.sesion.empresaId),
  );

  app.get(
    contrato.API_SALDOS.minimos,
    esquema('saldos', 'Montos mínimos para notificar', { response: { 200: contrato.respuestaMinimos } }),
    async (req) => saldos.minimosDe(ctx, req.sesion.empresaId),
  );

  app.patch(
    contrato.API_SALDOS.minimos,
    esquema('saldos', 'Guarda los montos mínimos', guardar(contrato.peticionMinimos)),
    async (req) => {
      await saldos.guardarMinimos(ctx, req.sesion, req.body.minimos);
      return { mensaje: M.actualizadoCorrectamente };
    },
  );

  app.get(
    contrato.API_SALDOS.alertas,
    esquema('saldos', 'Alertas de saldo bajo abiertas', { response: { 200: contrato.respuestaAlertas } }),
    async (req) => saldos.alertas(ctx, req.sesion.empresaId),
  );

  app.post(
    contrato.API_SALDOS.configSinUsuario,
    esquema(
      'recargas',
      'Máximo de recargas al día sin usuario (1 a 2000)',
      guardar(contrato.peticionConfigSinUsuario),
    ),
    async (req) => {
      await saldos.guardarMaxSinUsuario(ctx, req.sesion, req.body.maxRecargas);
      return { mensaje: M.configuracionRealizada };
    },
  );
};
