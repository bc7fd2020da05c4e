import { respuestaError } from '@recargas/contracts/auth';
import { codigoEmpresa } from '@recargas/contracts/empresas';
import { M } from '@recargas/contracts/mensajes';
import {
  API_RECARGAS,
  peticionRecarga,
  peticionRecargaExterna,
  peticionRecargaSinUsuario,
  respuestaMovimientos,
  respuestaRecarga,
} from '@recargas/contracts/recargas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { esquema } from '../../lib/rutas.ts';
import * as empresas from '../empresas/service.ts';
import { llaveDe } from './idempotencia.ts';
import * as recargas from './service.ts';

/** 422: a declined top-up's row, or a key already used with another request (just the mensaje). */
const respuestas = {
  200: respuestaRecarga,
  202: respuestaRecarga,
  422: z.union([respuestaRecarga, respuestaError]),
};
const cabeceras = z.object({ 'idempotency-key': z.string().optional() }).passthrough();
/** A top-up call's schemas: its body, the Idempotency-Key header and the answers. */
const deRecarga = <B extends z.ZodType>(body: B) => ({ headers: cabeceras, body, response: respuestas });

/** The session may come from memory: the top-up's write checks it (service.ts `deMemoria`). */
const deMemoria = { sesionEnMemoria: true };

export const rutasRecargas: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;

  /** The request's key under its caller (a user, or the public screen: null) and its fingerprint. */
  const clave = (req: FastifyRequest, ruta: string, usuarioId: number | null) =>
    llaveDe(req.headers['idempotency-key'], ruta, { usuarioId, origen: req.ip }, [req.params, req.body]);
  const responder = (reply: FastifyReply, r: Awaited<ReturnType<typeof recargas.recargar>>) =>
    reply.code(r.status).send(r.cuerpo);

  app.post(
    API_RECARGAS.recargar,
    { ...esquema('recargas', 'Recarga por ICC o teléfono', deRecarga(peticionRecarga)), config: deMemoria },
    async (req, reply) => {
      const k = clave(req, 'checkOut', req.sesion.usuarioId);
      return responder(
        reply,
        await recargas.recargar(ctx, req.sesion, req.body, k, recargas.TIPO_RECARGA.normal),
      );
    },
  );

  app.post(
    API_RECARGAS.recargarExterna,
    {
      ...esquema('recargas', 'Recarga externa con folio (tipo 3)', deRecarga(peticionRecargaExterna)),
      config: deMemoria,
    },
    async (req, reply) => {
      const k = clave(req, 'foreignCheckOut', req.sesion.usuarioId);
      const datos = { ...req.body, tipo: 'externa', folioExterno: req.body.folio };
      return responder(
        reply,
        await recargas.recargar(ctx, req.sesion, datos, k, recargas.TIPO_RECARGA.externa),
      );
    },
  );

  app.post(
    API_RECARGAS.recargarSinUsuario,
    esquema('recargas', 'Recarga sin usuario (pública, si la empresa lo permite)', {
      params: z.object({ compania: codigoEmpresa }),
      ...deRecarga(peticionRecargaSinUsuario),
    }),
    async (req, reply) => {
      const empresa = await empresas.buscar(app.db, req.params.compania);
      if (!empresa.recarga_sin_usuario) throw new ErrorApi(403, M.sinRecargaSinUsuario);
      const k = clave(req, 'sinUsuario', null);
      const quien = {
        empresaId: empresa.id,
        usuarioId: null,
        nivel: null,
        permisos: [],
        isMonto: false,
        liderId: null,
        clienteId: null,
        maxRecargas: null,
        versionEmpresa: empresa.version,
        ip: req.ip,
      };
      const datos = { ...req.body, tipo: 'todito' };
      return responder(
        reply,
        await recargas.recargar(ctx, quien, datos, k, recargas.TIPO_RECARGA.sinUsuario),
      );
    },
  );

  app.get(
    API_RECARGAS.movimientos,
    esquema('recargas', 'Últimos 10 movimientos del usuario', { response: { 200: respuestaMovimientos } }),
    async (req) => recargas.movimientos(ctx, req.sesion),
  );
};
