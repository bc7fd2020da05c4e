import { M } from '@recargas/contracts/mensajes';
import {
  API_REPORTES,
  consultaGraficas,
  consultaReportes,
  consultaTotalReportes,
  filtrosVentas,
  respuestaGraficas,
  respuestaReportes,
  respuestaTotalReportes,
} from '@recargas/contracts/reportes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { registrarExportador } from '../excel/service.ts';
import * as reportes from './service.ts';

export const rutasReportes: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;
  registrarExportador('VENTAS', async (c, u, p) => {
    const filtros = filtrosVentas.safeParse(p.filtros);
    if (!filtros.success) throw new ErrorApi(400, M.filtrosInvalidos);
    return { hoja: 'Ventas', ...(await reportes.paraExportar(c, u, filtros.data, p.fechas)) };
  });
  // /reportesNew is the newer screen's name for the same report (spec section 7).
  const rutas = [
    [API_REPORTES.reportes, API_REPORTES.totalReportes],
    [API_REPORTES.reportesNew, API_REPORTES.totalReportesNew],
  ] as const;
  for (const [ruta, rutaTotal] of rutas) {
    app.get(
      ruta,
      {
        schema: {
          tags: ['reportes'],
          summary: 'Reporte de ventas: rango de fechas, líder, plataforma, filtros y paginación por cursor',
          querystring: consultaReportes,
          response: { 200: respuestaReportes },
        },
      },
      async (req) => reportes.reportes(ctx, req.sesion, req.query),
    );
    app.get(
      rutaTotal,
      {
        schema: {
          tags: ['reportes'],
          summary: 'Total del reporte de ventas con filtros (la primera página no lo espera)',
          querystring: consultaTotalReportes,
          response: { 200: respuestaTotalReportes },
        },
      },
      async (req) => reportes.totalReportes(ctx, req.sesion, req.query),
    );
  }

  app.get(
    API_REPORTES.graficas,
    {
      schema: {
        tags: ['reportes'],
        summary: 'Monto y número de recargas por líder y periodo',
        querystring: consultaGraficas,
        response: { 200: respuestaGraficas },
      },
    },
    async (req) => reportes.graficas(ctx, req.sesion, req.query),
  );
};
