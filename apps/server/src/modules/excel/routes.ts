import { EXCEL_DE, puedeLlamar } from '@recargas/contracts/acceso';
import { API_EXCEL, peticionExcel, respuestaExcel } from '@recargas/contracts/excel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../contexto.ts';
import { sinPermiso } from '../../lib/errores.ts';
import { esquema } from '../../lib/rutas.ts';
import * as exportar from './service.ts';

/** Excel exports: POST /excel writes the file, GET /excel/descargar hands it out by name. */
export const rutasExcel: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;

  app.post(
    API_EXCEL.generar,
    esquema('excel', 'Genera un .xlsx con los filtros y fechas de la pantalla (por ahora tipo ADMINISTRAR)', {
      body: peticionExcel,
      response: { 200: respuestaExcel },
    }),
    async (req) => {
      // Each kind is governed by its list's rule and screen (EXCEL_DE): POST /excel alone is open to all.
      if (!puedeLlamar(req.sesion, EXCEL_DE[req.body.tipo])) throw sinPermiso();
      return exportar.generar(ctx, req.sesion, req.body);
    },
  );

  // The browser is sent to this URL (spec section 7), so no bearer header comes with it: the
  // name itself, 128 random bits and short-lived, is what grants the download.
  app.get(
    API_EXCEL.descargar,
    esquema('excel', 'Descarga un excel generado, por su nombre, antes de que expire', {
      querystring: z.object({ nombre: z.string().max(200) }),
    }),
    async (req, reply) => {
      const { flujo, tamano } = await exportar.abrir(ctx, req.query.nombre);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${req.query.nombre}"`)
        .header('content-length', tamano)
        .header('cache-control', 'no-store')
        .send(flujo);
    },
  );
};
