import multipart from '@fastify/multipart';
import {
  API_EMPRESAS,
  cambioConfiguraciones,
  configuraciones,
  consultaAuditoria,
  empresaPublica,
  LOGO_MAX_KB,
  respuestaAuditoria,
  respuestaConfiguraciones,
  TAMANOS_ICONO,
} from '@recargas/contracts/empresas';
import { M, texto } from '@recargas/contracts/mensajes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorApi } from '../../lib/errores.ts';
import { esquema } from '../../lib/rutas.ts';
import { icono, manifiesto } from './instalable.ts';
import * as empresas from './service.ts';

const nombreEmpresa = z.object({ name: z.string().min(1).max(60) });

/**
 * The logo, the manifest and the icons are files of the web app to the browser, fetched with
 * every cold start or install: the per-address limit does not count them (issue 39).
 */
const archivoWeb = { rateLimit: false as const };

export const rutasEmpresas: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes read multipart bodies (the logo), with these limits.
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_KB * 1024, files: 1, fields: 0, parts: 1 } });

  app.get(
    API_EMPRESAS.empresa,
    esquema('empresas', 'Tema público de una empresa (login: se adivina por el host)', {
      params: nombreEmpresa,
      response: { 200: empresaPublica },
    }),
    async (req) => empresas.publica(await empresas.buscar(app.db, req.params.name, req.headers.host)),
  );

  app.get(
    API_EMPRESAS.logo,
    {
      ...esquema(
        'empresas',
        'Logo de una empresa (la URL que da `image` del tema; ?v= cambia con cada logo)',
        {
          params: nombreEmpresa,
        },
      ),
      config: archivoWeb,
    },
    async (req, reply) => {
      const l = await empresas.logo(app.db, await empresas.buscar(app.db, req.params.name, req.headers.host));
      return reply.type(l.tipo).header('cache-control', 'public, max-age=300').send(l.datos);
    },
  );

  app.get(
    API_EMPRESAS.manifiesto,
    {
      ...esquema('empresas', 'Manifiesto de la app instalable de la empresa (inicia en su login)', {
        params: nombreEmpresa,
      }),
      config: archivoWeb,
    },
    async (req, reply) => {
      const e = await empresas.buscar(app.db, req.params.name, req.headers.host);
      return reply.type('application/manifest+json').header('cache-control', 'no-cache').send(manifiesto(e));
    },
  );

  app.get(
    API_EMPRESAS.icono,
    {
      ...esquema('empresas', 'Icono cuadrado PNG de la app instalable, en el color de la empresa', {
        params: nombreEmpresa.extend({ tam: z.enum(TAMANOS_ICONO) }),
      }),
      config: archivoWeb,
    },
    async (req, reply) => {
      const e = await empresas.buscar(app.db, req.params.name, req.headers.host);
      // The manifest names each icon with ?v= of the colours: a new colour is a new address.
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(icono(e, Number(req.params.tam)));
    },
  );

  app.get(
    API_EMPRESAS.configuraciones,
    esquema('configuraciones', 'Colores, logo y funciones de la empresa', {
      response: { 200: configuraciones },
    }),
    async (req) => empresas.configuraciones(app.db, req.sesion.empresaId),
  );

  app.patch(
    API_EMPRESAS.configuraciones,
    esquema(
      'configuraciones',
      'Cambia colores y funciones de la empresa; cada cambio queda en la auditoría',
      { body: cambioConfiguraciones, response: { 200: respuestaConfiguraciones } },
    ),
    async (req) => ({
      ...(await empresas.cambiar(app.db, req.sesion, req.body)),
      mensaje: M.configuracionRealizada,
    }),
  );

  app.post(
    API_EMPRESAS.subirLogo,
    esquema(
      'configuraciones',
      `Sube el logo de la empresa (multipart: logo; PNG, JPG, GIF o WebP de hasta ${LOGO_MAX_KB} KB)`,
      { consumes: ['multipart/form-data'], response: { 200: respuestaConfiguraciones } },
    ),
    async (req) => ({
      ...(await empresas.cambiarLogo(app.db, req.sesion, await leerLogo(req))),
      mensaje: M.configuracionRealizada,
    }),
  );

  app.get(
    API_EMPRESAS.auditoria,
    esquema(
      'configuraciones',
      'Historial de cambios de configuración de la empresa, el más reciente primero',
      { querystring: consultaAuditoria, response: { 200: respuestaAuditoria } },
    ),
    async (req) => empresas.auditoriaConfiguraciones(app.db, req.sesion.empresaId, req.query),
  );
};

/** The one file of field `logo`, whole; multipart's own errors in Spanish. */
async function leerLogo(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new ErrorApi(400, M.logoRequerido);
  try {
    const parte = await req.file();
    if (parte?.fieldname !== 'logo') {
      parte?.file.resume();
      throw new ErrorApi(400, M.logoRequerido);
    }
    return await parte.toBuffer();
  } catch (e) {
    if (e instanceof ErrorApi) throw e;
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ErrorApi(413, texto('logoDemasiadoGrande', { kb: LOGO_MAX_KB }));
    }
    throw new ErrorApi(400, M.logoRequerido);
  }
}
