import {
  API_AUDITORIA,
  COLUMNAS_AUDITORIA,
  consultaAuditoriaGeneral,
  filaAuditoria,
  filtrosAuditoria,
  idAuditoria,
  respuestaAuditoriaGeneral,
  TIPOS_AUDITORIA,
  TITULOS_AUDITORIA,
  type TipoAuditoria,
  valorAuditado,
} from '@recargas/contracts/auditoria';
import { fechaHora } from '@recargas/contracts/fechas';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { esquema } from '../../lib/rutas.ts';
import * as empresas from '../empresas/service.ts';
import { registrarExportador } from '../excel/service.ts';
import * as auditoria from './service.ts';

/** The caller's company and its time zone: whose trail is read, and how its days are cut. */
const lectorDe = async (ctx: Ctx, empresaId: number): Promise<auditoria.Lector> => ({
  empresaId,
  zona: empresas.ajustesDe(await empresas.porIdOError(ctx.db, empresaId)).zonaHoraria,
});

/** Read-only routes: the trail has no route that writes, updates or deletes a row. */
export const rutasAuditoria: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;

  registrarExportador('AUDITORIA', async (c, u, p) => {
    const filtros = filtrosAuditoria.safeParse(p.filtros);
    const { fechaInicial, fechaFinal } = p.fechas;
    if (!filtros.success || !fechaInicial || !fechaFinal) throw new ErrorApi(400, M.filtrosInvalidos);
    const rango = { desde: fechaInicial, hasta: fechaFinal, filtros: filtros.data };
    const lector = await lectorDe(c, u.empresaId);
    const filas = auditoria.paraExportar(c.db, lector, rango);
    return {
      hoja: M.auditoria,
      titulos: COLUMNAS_AUDITORIA.map((k) => TITULOS_AUDITORIA[k]),
      numericas: [],
      async *filas() {
        for await (const lote of filas()) {
          yield lote.map((f) => [
            fechaHora(f.fecha, lector.zona),
            f.usuario,
            f.ip ?? '',
            TIPOS_AUDITORIA[f.tipo as TipoAuditoria] ?? f.tipo,
            f.tabla,
            f.fila,
            valorAuditado(f.antes),
            valorAuditado(f.despues),
          ]);
        }
      },
    };
  });

  app.get(
    API_AUDITORIA.lista,
    esquema('auditoria', 'Bitácora de cambios de dinero y permisos: rango de fechas, filtros y cursor', {
      querystring: consultaAuditoriaGeneral,
      response: { 200: respuestaAuditoriaGeneral },
    }),
    async (req) => auditoria.listar(ctx.db, await lectorDe(ctx, req.sesion.empresaId), req.query),
  );

  app.get(
    API_AUDITORIA.una,
    esquema('auditoria', 'Un cambio de la bitácora (de la empresa del usuario; de otra: 404)', {
      params: idAuditoria,
      response: { 200: filaAuditoria },
    }),
    async (req) => auditoria.una(ctx.db, req.sesion.empresaId, req.params.id),
  );
};
