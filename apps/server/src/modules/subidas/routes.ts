import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { dia } from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import {
  ACCIONES_CON_VIGENCIA,
  API_SUBIDAS,
  avanceSubida,
  consultaAvance,
  idAvance,
  respuestaSubida,
} from '@recargas/contracts/subidas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMORIA } from '../../config.ts';
import type { Ctx } from '../../contexto.ts';
import type { Bitacora } from '../../lib/bitacora.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { esquema } from '../../lib/rutas.ts';
import * as subidas from './service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Uploads of .xlsx files (subirArchivos) and their templates. */
export const rutasSubidas: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;
  const limites = subidas.limitesSubida(app.config.subidas);
  // An upload cut short by the death of the process (embedded database: written in chunks) is
  // undone before the server answers anyone (tramos.ts).
  try {
    const deshechas = await subidas.recuperar(ctx.db);
    if (deshechas > 0) app.log.warn(`Subidas inconclusas deshechas al iniciar: ${deshechas}`);
  } catch (e) {
    app.log.error(
      e,
      'Subidas: no se pudo deshacer una subida inconclusa; se reintentará con la próxima subida',
    );
  }
  // Only this plugin's routes read multipart bodies, with these limits.
  await app.register(multipart, {
    limits: { fileSize: limites.maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
  });
  const carpeta = async () => {
    const base = ctx.config.dataDir === MEMORIA ? tmpdir() : join(ctx.config.dataDir, 'tmp');
    await mkdir(base, { recursive: true });
    return mkdtemp(join(base, 'subida-'));
  };

  app.post(
    API_SUBIDAS.subir,
    esquema(
      'lineas',
      'Sube un .xlsx: 1 Registrar nuevos, 2 Reemplazar, 3 Eliminar, 4 Recargas Masivas, 6 Nuevas Portabilidades, 7 Registrar Usuarios (multipart: accion, archivo, vigencia, plataformaId)',
      { consumes: ['multipart/form-data'], response: { 200: respuestaSubida } },
    ),
    async (req) => {
      const u = req.sesion;
      if (!req.isMultipart()) throw new ErrorApi(400, M.archivoRequerido);
      const dir = await carpeta();
      try {
        const campos: Record<string, string> = {};
        let ruta: string | undefined;
        try {
          for await (const parte of req.parts()) {
            if (parte.type === 'file') {
              if (parte.fieldname !== 'archivo' || ruta) {
                parte.file.resume();
                continue;
              }
              if (!/\.xlsx$/i.test(parte.filename ?? '')) {
                parte.file.resume();
                throw new ErrorApi(415, M.archivoSoloXlsx);
              }
              ruta = join(dir, 'archivo.xlsx');
              await pipeline(parte.file, createWriteStream(ruta));
              if (parte.file.truncated) throw demasiadoGrande(limites.maxBytes);
            } else {
              campos[parte.fieldname] = String(parte.value ?? '');
            }
          }
        } catch (e) {
          throw traducir(e, limites.maxBytes, req.log);
        }
        const accion = subidas.revisarAccion(u, Number(campos.accion || Number.NaN));
        if (!ruta) throw new ErrorApi(400, M.archivoRequerido);
        let vigencia: string | null = null;
        if (ACCIONES_CON_VIGENCIA.includes(accion) && campos.vigencia) {
          const v = dia.safeParse(campos.vigencia);
          if (!v.success) throw new ErrorApi(400, M.vigenciaInvalida);
          vigencia = v.data;
        }
        const plataforma = ACCIONES_CON_VIGENCIA.includes(accion)
          ? subidas.plataformaDe(u, campos.plataformaId)
          : null;
        // The browser's id for this upload, if it sent one, to poll its progress.
        const id = idAvance.safeParse(campos.avance);
        const clave = id.success ? subidas.claveAvance(u.empresaId, u.usuarioId, id.data) : null;
        return await subidas.conAvance(clave, () =>
          subidas.subir(ctx, u, { accion, vigencia, plataforma, ruta, limites }),
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  app.get(
    API_SUBIDAS.avance,
    esquema('lineas', 'Avance de la subida en curso del usuario: etapa y porcentaje', {
      querystring: consultaAvance,
      response: { 200: avanceSubida },
    }),
    async (req) => {
      const { id } = req.query as { id: string };
      return subidas.avance(subidas.claveAvance(req.sesion.empresaId, req.sesion.usuarioId, id));
    },
  );

  // The templates of section 7, one per kind of upload, each with who may download it.
  for (const p of PLANTILLAS_DESCARGA) {
    app.get(p.ruta, esquema(p.etiqueta, p.resumen, {}), async (req, reply) =>
      reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${p.archivo}"`)
        .send(await subidas.plantilla(ctx, req.sesion, p.tipo)),
    );
  }
};

const PLANTILLAS_DESCARGA: {
  ruta: string;
  tipo: keyof typeof subidas.PLANTILLAS;
  archivo: string;
  etiqueta: string;
  resumen: string;
}[] = [
  {
    ruta: API_SUBIDAS.plantilla,
    tipo: 'admin',
    archivo: 'plantilla.xlsx',
    etiqueta: 'lineas',
    resumen: 'Plantilla de líneas para administradores (.xlsx)',
  },
  {
    ruta: API_SUBIDAS.plantillaVendedor,
    tipo: 'vendedor',
    archivo: 'plantilla-vendedor.xlsx',
    etiqueta: 'lineas',
    resumen: 'Plantilla de líneas para vendedores (.xlsx, sin columna LIDER)',
  },
  {
    ruta: API_SUBIDAS.plantillaPortabilidades,
    tipo: 'portabilidadesAdmin',
    archivo: 'plantilla-portabilidades.xlsx',
    etiqueta: 'portabilidades',
    resumen: 'Plantilla de Nuevas Portabilidades (acción 6, .xlsx)',
  },
  {
    ruta: API_SUBIDAS.plantillaUsuarios,
    tipo: 'registroUsuarios',
    archivo: 'plantilla-usuarios.xlsx',
    etiqueta: 'usuarios',
    resumen: 'Plantilla de Registrar Usuarios (acción 7, .xlsx)',
  },
];

const demasiadoGrande = (bytes: number) =>
  new ErrorApi(413, texto('archivoDemasiadoGrande', { mb: Math.round(bytes / 1024 / 1024) }));

/** Multipart's own errors, in Spanish. */
function traducir(e: unknown, maxBytes: number, log: Bitacora): unknown {
  if (e instanceof ErrorApi) return e;
  const codigo = (e as { code?: string }).code ?? '';
  if (codigo === 'FST_REQ_FILE_TOO_LARGE') return demasiadoGrande(maxBytes);
  if (codigo.startsWith('FST_') && codigo.endsWith('_LIMIT')) return new ErrorApi(413, M.archivoIlegible);
  if (codigo === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ErrorApi(400, M.archivoRequerido);
  // Unexpected: the user gets the generic refusal, the log keeps why.
  log.warn({ err: e }, 'Subida: el multipart no se pudo leer');
  return new ErrorApi(400, M.archivoIlegible);
}
