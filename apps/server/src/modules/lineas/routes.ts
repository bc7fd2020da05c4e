import * as contrato from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../contexto.ts';
import { esquema } from '../../lib/rutas.ts';
import * as lineas from './service.ts';

export const rutasLineas: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;

  app.get(
    contrato.API_LINEAS.lineas,
    esquema('lineas', 'Inventario de líneas: rango de fechas, filtros por columna y paginación por cursor', {
      querystring: contrato.consultaLineas,
      response: { 200: contrato.respuestaLineas },
    }),
    async (req) => lineas.listar(ctx, req.sesion, req.query),
  );

  app.post(
    contrato.API_LINEAS.actualizar,
    esquema('lineas', 'Edita una línea (icc, dn, compañía, líder, cliente, monto, nir)', {
      body: contrato.peticionActualizarIcc,
      response: { 200: contrato.respuestaMensajeLinea },
    }),
    async (req) => ({
      mensaje: M.actualizadoCorrectamente,
      linea: await lineas.actualizar(ctx, req.sesion, req.body),
    }),
  );

  app.post(
    contrato.API_LINEAS.desbloquear,
    esquema('lineas', 'Desbloquea una línea recargada sin fecha de recarga', {
      body: contrato.peticionDesbloquear,
      response: { 200: contrato.respuestaMensajeLinea },
    }),
    async (req) => ({
      mensaje: M.lineaDesbloqueada,
      linea: await lineas.desbloquear(ctx, req.sesion, req.body.icc),
    }),
  );
};
