import {
  API_MASIVAS,
  consultaBloques,
  consultaLineasMasivas,
  peticionCancelarProgramacion,
  peticionRecargarBloque,
  peticionRecargarIndividual,
  respuestaBloques,
  respuestaCancelar,
  respuestaLineasMasivas,
  respuestaProgramar,
  respuestaProgramas,
  respuestaRecargarBloque,
  respuestaRecargarIndividual,
  ventanaProgramada,
} from '@recargas/contracts/masivas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../contexto.ts';
import { esquema } from '../../lib/rutas.ts';
import * as masivas from './service.ts';

/** Bulk top-ups (spec sections 2 and 7): administrators with RECARGAS_MASIVAS. */
const cabeceras = z.object({ 'idempotency-key': z.string().optional() }).passthrough();

export const rutasMasivas: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;
  const quien = (req: FastifyRequest): masivas.Quien => ({
    empresaId: req.sesion.empresaId,
    usuarioId: req.sesion.usuarioId,
    nivel: req.sesion.nivel,
    permisos: req.sesion.permisos,
    ip: req.ip,
    solicitud: req.id,
  });

  app.get(
    API_MASIVAS.bloques,
    esquema('recargasMasivas', 'Bloques de recargas masivas, paginados por cursor', {
      querystring: consultaBloques,
      response: { 200: respuestaBloques },
    }),
    async (req) => masivas.bloques(ctx, req.sesion.empresaId, req.query),
  );

  app.get(
    API_MASIVAS.lineas,
    esquema('recargasMasivas', 'Líneas de un bloque (fecha = fechaNumerica del bloque)', {
      querystring: consultaLineasMasivas,
      response: { 200: respuestaLineasMasivas },
    }),
    async (req) => masivas.lineasDeBloque(ctx, req.sesion.empresaId, req.query.fecha),
  );

  app.post(
    API_MASIVAS.recargarBloque,
    esquema('recargasMasivas', 'Recarga todas las líneas pendientes de un bloque (una tarea por línea)', {
      headers: cabeceras,
      body: peticionRecargarBloque,
      response: { 200: respuestaRecargarBloque },
    }),
    async (req) => masivas.recargarBloque(ctx, quien(req), req.body.fecha),
  );

  app.post(
    API_MASIVAS.recargarIndividual,
    esquema('recargasMasivas', 'Recarga una línea de un bloque', {
      headers: cabeceras,
      body: peticionRecargarIndividual,
      response: {
        200: respuestaRecargarIndividual,
        202: respuestaRecargarIndividual,
        422: respuestaRecargarIndividual,
      },
    }),
    async (req, reply) => {
      const r = await masivas.recargarIndividual(ctx, quien(req), req.body.id);
      return reply.code(r.status as 200 | 202 | 422).send(r.cuerpo);
    },
  );

  app.post(
    API_MASIVAS.programar,
    esquema('recargasMasivas', 'Programa las recargas de un bloque en una ventana de tiempo', {
      body: ventanaProgramada,
      response: { 200: respuestaProgramar },
    }),
    async (req) => masivas.programar(ctx, quien(req), req.body),
  );

  app.get(
    API_MASIVAS.programadas,
    esquema('recargasMasivas', 'Programaciones vigentes', { response: { 200: respuestaProgramas } }),
    async (req) => masivas.programas(ctx, req.sesion.empresaId),
  );

  app.post(
    API_MASIVAS.cancelarProgramacion,
    esquema('recargasMasivas', 'Cancela lo que aún no se ha enviado de una programación', {
      body: peticionCancelarProgramacion,
      response: { 200: respuestaCancelar },
    }),
    async (req) => masivas.cancelarProgramacion(ctx, req.sesion.empresaId, req.body.identificador),
  );
};
