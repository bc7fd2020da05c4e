import * as contrato from '@recargas/contracts/reciclaje';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../contexto.ts';
import { esquema, rutasDe } from '../../lib/rutas.ts';
import * as reciclaje from './service.ts';

export const rutasReciclaje: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;

  app.post(
    contrato.API_RECICLAJE.reciclarDn,
    esquema('reciclaje', 'Reciclar Lineas: regresa al inventario libre las líneas con ese número', {
      params: contrato.parametroDn,
      response: { 200: contrato.respuestaReciclaje },
    }),
    async (req) => reciclaje.reciclarDn(ctx, req.sesion, req.params.dn),
  );

  rutasDe(app, 'reciclaje', (req) => req.sesion).lista(
    contrato.API_RECICLAJE.pendientes,
    'Líneas pendientes por reciclar (vigencia vencida), paginadas por cursor',
    [contrato.consultaPendientes, contrato.respuestaPendientes],
    reciclaje.pendientes,
  );

  app.post(
    contrato.API_RECICLAJE.pendientes,
    esquema('reciclaje', 'Reciclar Todas: recicla todas las líneas pendientes', {
      response: { 200: contrato.respuestaReciclaje },
    }),
    async (req) => reciclaje.reciclarTodas(ctx, req.sesion),
  );

  app.post(
    contrato.API_RECICLAJE.decidir,
    esquema('reciclaje', 'Reciclar u Olvidar una línea pendiente', {
      params: contrato.parametroDn,
      body: contrato.peticionPendiente.optional(),
      response: { 200: contrato.respuestaReciclaje },
    }),
    async (req) => reciclaje.decidir(ctx, req.sesion, req.params.dn, req.body?.accion ?? 'reciclar'),
  );

  app.get(
    contrato.API_RECICLAJE.estatusActivacion,
    esquema('reciclaje', 'Estatus ICC ATT: el registro de activación de un icc del inventario', {
      params: contrato.parametroIcc,
      response: { 200: contrato.estatusActivacion },
    }),
    async (req) => reciclaje.estatusActivacion(ctx, req.sesion, req.params.icc),
  );
};
