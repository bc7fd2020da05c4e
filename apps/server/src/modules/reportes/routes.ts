import { M } from '@recargas/contracts/mensajes';
import * as contrato from '@recargas/contracts/reportes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { esquema } from '../../lib/rutas.ts';
import { registrarExportador } from '../excel/service.ts';
import * as reportes from './service.ts';

export const rutasReportes: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;
  registrarExportador('VENTAS', async (c, u, p) => {
    const filtros = contrato.filtrosVentas.safeParse(p.filtros);
    if (!filtros.success) throw new ErrorApi(400, M.filtrosInvalidos);
    return { hoja: 'Ventas', ...(await reportes.paraExportar(c, u, filtros.data, p.fechas)) };
  });
  // /reportesNew is the newer screen's name for the same report (spec section 7).
  const rutas = [
    [contrato.API_REPORTES.reportes, contrato.API_REPORTES.totalReportes],
    [contrato.API_REPORTES.reportesNew, contrato.API_REPORTES.totalReportesNew],
  ] as const;
  for (const [ruta, rutaTotal] of rutas) {
    app.get(
      ruta,
      esquema(
        'reportes',
        'Reporte de ventas: rango de fechas, líder, plataforma, filtros y paginación por cursor',
        { querystring: contrato.consultaReportes, response: { 200: contrato.respuestaReportes } },
      ),
      async (req) => reportes.reportes(ctx, req.sesion, req.query),
    );
    app.get(
      rutaTotal,
      esquema('reportes', 'Total del reporte de ventas con filtros (la primera página no lo espera)', {
        querystring: contrato.consultaTotalReportes,
        response: { 200: contrato.respuestaTotalReportes },
      }),
      async (req) => reportes.totalReportes(ctx, req.sesion, req.query),
    );
  }

  app.get(
    contrato.API_REPORTES.graficas,
    esquema('reportes', 'Monto y número de recargas por líder y periodo', {
      querystring: contrato.consultaGraficas,
      response: { 200: contrato.respuestaGraficas },
    }),
    async (req) => reportes.graficas(ctx, req.sesion, req.query),
  );
};
