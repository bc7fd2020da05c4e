import { ENDPOINTS, type Endpoint } from '@recargas/contracts/acceso';
import * as contrato from '@recargas/contracts/integraciones';
import { ERRORES_DE_TODA_LLAMADA, erroresV1 } from '@recargas/contracts/integraciones/api-v1';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { esquema } from '../../lib/rutas.ts';
import * as catalogo from './catalogo-v1.ts';
import * as lista from './lista-v1.ts';
import * as operador from './operador-v1.ts';
import * as prueba from './prueba-v1.ts';
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

  // A refusal whose cause has a code (contracts recargas/fallas.ts) answers it; the rest go to
  // the app's handler (plugins/errores.ts), and the hook below gives them one by status.
  app.setErrorHandler((error, _req, reply) => {
    if (!(error instanceof ErrorApi) || !error.codigo) throw error;
    return reply.code(error.status).send({ ...error.extra, mensaje: error.message, codigo: error.codigo });
  });

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

  // Before the route's response schema checks it: that schema (the OpenAPI's) requires `codigo`.
  app.addHook('preSerialization', async (_req, reply, payload: unknown) => {
    if (reply.statusCode < 400 || typeof payload !== 'object' || payload === null) return payload;
    const cuerpo = payload as { mensaje?: unknown; codigo?: unknown };
    if (typeof cuerpo.mensaje !== 'string' || cuerpo.codigo !== undefined) return payload;
    return { ...cuerpo, codigo: contrato.codigoDeError(reply.statusCode, cuerpo.mensaje) };
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
  /** The refusals any call may get (the key, its limit, the database), and a bad input's 400. */
  const errores = erroresV1(...ERRORES_DE_TODA_LLAMADA);
  const conEntrada = { ...errores, ...erroresV1(400) };

  app.post(
    API.recargas,
    ruta('Recarga (Idempotency-Key obligatoria: la misma clave da la misma respuesta)', {
      headers: cabeceras,
      body: contrato.peticionV1Recarga,
      response: {
        200: contrato.recargaV1.describe('Exitosa.'),
        202: contrato.recargaV1.describe(
          'Pendiente: el proveedor aún no decide (consulta o espera el webhook).',
        ),
        422: z
          .union([contrato.recargaV1.extend({ codigo: z.string() }), contrato.errorV1])
          .describe(
            'Fallida (la recarga, con el codigo de su falla) o la misma Idempotency-Key con otro cuerpo.',
          ),
        ...conEntrada,
        ...erroresV1(404, 409, 413, 415),
      },
    }),
    async (req, reply) => {
      const q = quien(req);
      const clave = req.headers['idempotency-key'];
      // A sandbox key never reaches recargas: the simulator alone answers it (prueba-v1.ts).
      const r = q.prueba
        ? await prueba.recargar(ctx, q, req.body, clave)
        : await recargasV1.recargar(ctx, q, req.body, clave);
      return reply.code(r.status as 200 | 202 | 422).send(await lista.conCodigo(ctx, q, r.cuerpo));
    },
  );
  app.get(
    API.recargas,
    ruta('Recargas del usuario de la llave: por referencia, o por páginas (más recientes primero)', {
      querystring: contrato.consultaV1,
      response: { 200: contrato.respuestaV1Lista, ...conEntrada },
    }),
    async (req) =>
      req.query.referencia === undefined
        ? lista.listar(ctx, quien(req), req.query)
        : { ...(await recargasV1.porReferencia(ctx, quien(req), req.query.referencia)), siguiente: null },
  );
  app.get(
    API.recarga,
    ruta('Estado de una recarga (pendiente, exitosa o fallida) y su folio', {
      params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
      response: { 200: contrato.recargaV1, ...conEntrada, ...erroresV1(404) },
    }),
    async (req) => recargasV1.recarga(ctx, quien(req), req.params.id),
  );
  app.get(
    API.saldo,
    ruta('Recargas que el usuario de la llave aún puede hacer hoy', {
      response: { 200: contrato.respuestaSaldo, ...errores },
    }),
    async (req) => recargasV1.saldo(ctx, quien(req)),
  );
  app.get(
    API.companias,
    ruta('Compañías y montos permitidos', {
      response: { 200: contrato.respuestaCompanias, ...errores },
    }),
    async (req) => catalogo.companias(ctx, quien(req)),
  );
  app.get(
    API.operador,
    ruta('Compañía de un número según los registros de la empresa (última recarga exitosa o inventario)', {
      params: contrato.parametrosOperador,
      response: { 200: contrato.respuestaOperador, ...conEntrada },
    }),
    async (req) => operador.operador(ctx, quien(req), req.params.dn),
  );
};
