import { ENDPOINTS, type Endpoint } from '@recargas/contracts/acceso';
import { respuestaError } from '@recargas/contracts/auth';
import * as contrato from '@recargas/contracts/integraciones';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../contexto.ts';
import { esquema } from '../../lib/rutas.ts';
import * as recargasV1 from './recargas-v1.ts';
import * as integraciones from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key's user of a `/v1` call (integraciones.autenticar). */
    llamanteApi: integraciones.LlamanteApi;
  }
}

const API = contrato.API_INTEGRACIONES;
const seguridad = [{ [contrato.ESQUEMA_SEGURIDAD]: [] }];
/** A `/v1` route's OpenAPI entry: the key's security scheme on every one. */
const v1 = <S extends object>(summary: string, partes: S) => {
  const o = esquema('v1', summary, partes);
  return { schema: { ...o.schema, security: seguridad } };
};
const cabeceras = z
  .object({
    'idempotency-key': z
      .string(M.idempotenciaRequerida)
      .min(1, M.claveIdempotenciaInvalida)
      .max(100, M.claveIdempotenciaInvalida),
  })
  .passthrough();

const quien = (req: FastifyRequest) => req.llamanteApi;

/**
 * The reseller API: authenticated by `X-Api-Key` alone (no cookie, no anti-forgery token),
 * acting as the key's user through the screens' services. Its own rate limit per key; errors
 * carry a stable `codigo` beside the `mensaje`.
 */
export const rutasV1: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;
  app.decorateRequest('llamanteApi', null as unknown as integraciones.LlamanteApi);

  app.addHook('onRequest', async (req) => {
    const endpoint = req.routeOptions.config.endpoint as keyof typeof contrato.ACTUA_COMO;
    const actuaComo: Endpoint = contrato.ACTUA_COMO[endpoint];
    if (!(actuaComo in ENDPOINTS)) throw new Error(`${endpoint} sin ACTUA_COMO`);
    req.llamanteApi = await integraciones.autenticar(
      ctx,
      req.headers[contrato.CABECERA_LLAVE],
      req.ip,
      actuaComo,
    );
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    try {
      const cuerpo = JSON.parse(payload) as { mensaje?: unknown; codigo?: unknown };
      if (typeof cuerpo.mensaje !== 'string' || cuerpo.codigo !== undefined) return payload;
      return JSON.stringify({ ...cuerpo, codigo: contrato.codigoDeError(reply.statusCode, cuerpo.mensaje) });
    } catch {
      return payload;
    }
  });

  // Counted per key once it is known (the access hook runs first), else per address.
  const config = {
    rateLimit: {
      max: ctx.config.llavesPorMinuto,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) =>
        req.llamanteApi ? `llave:${req.llamanteApi.llaveId}` : `ip:${req.ip}`,
    },
  };

  /** A route's OpenAPI entry and the per-key limit. */
  const ruta = <S extends object>(summary: string, partes: S) => ({ ...v1(summary, partes), config });

  app.post(
    API.recargas,
    ruta('Recarga (Idempotency-Key obligatoria: la misma clave da la misma respuesta)', {
      headers: cabeceras,
      body: contrato.peticionV1Recarga,
      response: {
        200: contrato.recargaV1,
        202: contrato.recargaV1,
        422: z.union([contrato.recargaV1, respuestaError]),
      },
    }),
    async (req, reply) => {
      const r = await recargasV1.recargar(ctx, quien(req), req.body, req.headers['idempotency-key']);
      return reply.code(r.status as 200 | 202 | 422).send(r.cuerpo);
    },
  );
  app.get(
    API.recargas,
    ruta('Recargas con una referencia', {
      querystring: contrato.consultaV1,
      response: { 200: contrato.respuestaV1Lista },
    }),
    async (req) => recargasV1.porReferencia(ctx, quien(req), req.query.referencia),
  );
  app.get(
    API.recarga,
    ruta('Estado de una recarga (pendiente, exitosa o fallida) y su folio', {
      params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
      response: { 200: contrato.recargaV1 },
    }),
    async (req) => recargasV1.recarga(ctx, quien(req), req.params.id),
  );
  app.get(
    API.saldo,
    ruta('Recargas que el usuario de la llave aún puede hacer hoy', {
      response: { 200: contrato.respuestaSaldo },
    }),
    async (req) => recargasV1.saldo(ctx, quien(req)),
  );
  app.get(
    API.companias,
    ruta('Compañías y montos permitidos', { response: { 200: contrato.respuestaCompanias } }),
    async (req) => integraciones.companias(ctx, quien(req)),
  );
};
