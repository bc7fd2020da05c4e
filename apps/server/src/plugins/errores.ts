import { M } from '@recargas/contracts/mensajes';
import { GENERICOS, mensajeDeCampo } from '@recargas/contracts/mensajes/validacion';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { notarEstado } from '../db/vigia.ts';
import { ErrorApi, sinBaseDeDatos } from '../lib/errores.ts';

const CATALOGO = new Set<string>(Object.values(M));

/** Fastify's own 4xx codes, each with the Spanish text the client shows. */
const DE_FASTIFY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: M.jsonInvalido,
  FST_ERR_CTP_EMPTY_JSON_BODY: M.jsonInvalido,
  FST_ERR_CTP_BODY_TOO_LARGE: M.cuerpoDemasiadoGrande,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: M.jsonInvalido,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: M.jsonInvalido,
};

/**
 * Every error leaves as `{ mensaje }` in Spanish (spec section 8). Bad input is a 4xx;
 * anything else is a bug: logged whole, answered with the generic text, never with its details.
 */
export const errores = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof ErrorApi) {
      return reply.code(error.status).send({ ...error.extra, mensaje: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A rule of the spec carries its own message (e.g. 'Introduce un teléfono válido'): say just
      // that; otherwise the catalogue's generic text (app.ts's customError), naming a known field.
      const v = error.validation.find(
        (x) => CATALOGO.has(x.message ?? '') && !GENERICOS.has(x.message ?? ''),
      );
      const primera = v ?? error.validation[0];
      const mensaje = CATALOGO.has(primera?.message ?? '') ? (primera?.message as string) : M.datosInvalidos;
      const campo = primera?.instancePath.split('/')[1] ?? '';
      return reply.code(400).send({ mensaje: mensajeDeCampo(mensaje, campo) });
    }
    if (error.statusCode === 429) return reply.code(429).send({ mensaje: M.demasiadasSolicitudes });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // SyntaxError of a JSON body carries no code in some fastify paths.
      const mensaje =
        DE_FASTIFY[error.code] ?? (error instanceof SyntaxError ? M.jsonInvalido : M.errorInesperado);
      return reply.code(status).send({ mensaje });
    }
    if (sinBaseDeDatos(error)) {
      // One warning when it stops answering (db/vigia.ts), not one per request.
      notarEstado(app.db, app.log, false, error.message);
      req.log.debug({ err: error }, 'base de datos no disponible');
      return reply.code(503).header('retry-after', '2').send({ mensaje: M.servicioNoDisponible });
    }
    req.log.error({ err: error }, 'error no controlado');
    return reply.code(500).send({ mensaje: M.errorInesperado });
  });
});
