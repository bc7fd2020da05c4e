import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import * as contrato from '@recargas/contracts/conciliaciones';
import { M, texto } from '@recargas/contracts/mensajes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMORIA } from '../../config.ts';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { esquema } from '../../lib/rutas.ts';
import { registrarExportador } from '../excel/service.ts';
import * as subidas from '../subidas/service.ts';
import { leerEstadoCuenta } from './archivo.ts';
import * as conciliaciones from './service.ts';

/** Reconciliation with the provider's statement: days, a day's mismatches, fetch and upload. */
export const rutasConciliaciones: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;
  const limites = subidas.limitesSubida(app.config.subidas);
  registrarExportador('CONCILIACIONES', conciliaciones.exportarDias);
  registrarExportador('CONCILIACION', conciliaciones.exportarDia);
  await app.register(multipart, {
    limits: { fileSize: limites.maxBytes, files: 1, fields: 5, fieldSize: 100, parts: 6 },
  });

  app.get(
    contrato.API_CONCILIACIONES.dias,
    esquema('conciliaciones', 'Días conciliados con el estado de cuenta del proveedor', {
      querystring: contrato.consultaDias,
      response: { 200: contrato.respuestaDias },
    }),
    async (req) => conciliaciones.dias(ctx, req.sesion.empresaId, req.query),
  );

  app.get(
    contrato.API_CONCILIACIONES.dia,
    esquema('conciliaciones', 'Un día conciliado y sus diferencias', {
      params: contrato.parametrosDia,
      querystring: contrato.consultaDia,
      response: { 200: contrato.respuestaDia },
    }),
    async (req) => conciliaciones.dia(ctx, req.sesion.empresaId, req.params.id, req.query),
  );

  app.post(
    contrato.API_CONCILIACIONES.obtener,
    esquema('conciliaciones', 'Pide al proveedor el estado de cuenta de un día y lo concilia', {
      body: contrato.peticionConciliar,
      response: { 200: contrato.respuestaConciliar },
    }),
    async (req) => ({
      mensaje: M.conciliacionHecha,
      dia: await conciliaciones.obtener(ctx, req.sesion.empresaId, req.body),
    }),
  );

  app.post(
    contrato.API_CONCILIACIONES.subir,
    esquema(
      'conciliaciones',
      'Sube el estado de cuenta de un día (.xlsx o .csv; multipart: plataforma, dia, archivo) y lo concilia',
      { consumes: ['multipart/form-data'], response: { 200: contrato.respuestaConciliar } },
    ),
    async (req) => {
      if (!req.isMultipart()) throw new ErrorApi(400, M.conciliacionArchivoRequerido);
      const base = ctx.config.dataDir === MEMORIA ? tmpdir() : join(ctx.config.dataDir, 'tmp');
      await mkdir(base, { recursive: true });
      const dir = await mkdtemp(join(base, 'estado-cuenta-'));
      try {
        const campos: Record<string, string> = {};
        let archivo: { ruta: string; tipo: 'xlsx' | 'csv' } | undefined;
        try {
          for await (const parte of req.parts()) {
            if (parte.type !== 'file') {
              campos[parte.fieldname] = String(parte.value ?? '');
              continue;
            }
            const tipo = /\.xlsx$/i.test(parte.filename ?? '')
              ? 'xlsx'
              : /\.csv$/i.test(parte.filename ?? '')
                ? 'csv'
                : undefined;
            if (parte.fieldname !== 'archivo' || archivo || !tipo) {
              parte.file.resume();
              if (parte.fieldname === 'archivo' && !tipo) throw new ErrorApi(415, M.conciliacionSoloXlsxCsv);
              continue;
            }
            archivo = { ruta: join(dir, `estado.${tipo}`), tipo };
            await pipeline(parte.file, createWriteStream(archivo.ruta));
            if (parte.file.truncated) throw demasiadoGrande(limites.maxBytes);
          }
        } catch (e) {
          throw traducir(e, limites.maxBytes);
        }
        const p = contrato.peticionConciliar.safeParse(campos);
        if (!p.success)
          throw new ErrorApi(400, p.error.issues[0]?.message ?? M.conciliacionPlataformaInvalida);
        if (!archivo) throw new ErrorApi(400, M.conciliacionArchivoRequerido);
        // The platform and day are checked before the file is read; the file whole before anything is written.
        const { zona } = await conciliaciones.revisarPeticion(ctx, req.sesion.empresaId, p.data);
        const filas = await leerEstadoCuenta(archivo.ruta, archivo.tipo, limites, zona);
        return {
          mensaje: M.conciliacionHecha,
          dia: await conciliaciones.subir(ctx, req.sesion.empresaId, p.data, filas),
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
};

const demasiadoGrande = (bytes: number) =>
  new ErrorApi(413, texto('archivoDemasiadoGrande', { mb: Math.round(bytes / 1024 / 1024) }));

/** Multipart's own errors, in Spanish. */
function traducir(e: unknown, maxBytes: number): unknown {
  if (e instanceof ErrorApi) return e;
  const codigo = (e as { code?: string }).code ?? '';
  if (codigo === 'FST_REQ_FILE_TOO_LARGE') return demasiadoGrande(maxBytes);
  if (codigo === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new ErrorApi(400, M.conciliacionArchivoRequerido);
  return new ErrorApi(400, M.conciliacionArchivoIlegible);
}
