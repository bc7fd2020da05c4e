import { type Ctx, conSolicitud } from '../contexto.ts';
import * as conciliaciones from '../modules/conciliaciones/service.ts';
import * as excel from '../modules/excel/service.ts';
import * as integraciones from '../modules/integraciones/service.ts';
import { registrarTrabajadorWebhooks } from '../modules/integraciones/trabajos.ts';
import * as masivas from '../modules/masivas/service.ts';
import { registrarTrabajadorMasivas } from '../modules/masivas/trabajos.ts';
import * as notificaciones from '../modules/notificaciones/service.ts';
import * as recargas from '../modules/recargas/service.ts';
import * as reportes from '../modules/reportes/service.ts';
import * as saldos from '../modules/saldos/service.ts';
import { COLAS } from './colas.ts';

/** Top-ups one worker reconciles at once (each is one provider status call). */
const LOTE_RECONCILIACION = 25;

/** One reconciliation; the log line names the request that started it, when one did. */
async function reconciliar(ctx: Ctx, d: { id: number; solicitud?: string }) {
  const c = conSolicitud(ctx, d.solicitud);
  const decidida = await recargas.reconciliar(c, d.id).catch((e: Error) => {
    c.log.warn({ err: e, recarga: d.id }, 'Reconciliación de recarga fallida; se reintenta');
    return false;
  });
  if (decidida) c.log.info({ recarga: d.id }, 'Recarga reconciliada');
  return decidida;
}

/** Registers the job handlers: in the API process (npm start) or alone (npm run worker). */
export async function registrarTrabajadores(ctx: Ctx) {
  await ctx.boss.work<{ id: number; solicitud?: string }>(
    COLAS.reconciliar,
    { batchSize: LOTE_RECONCILIACION, pollingIntervalSeconds: 1 },
    async (trabajos) => {
      const decididas = await Promise.all(trabajos.map((t) => reconciliar(ctx, t.data)));
      // Undecided ones are failed, so pg-boss retries them after retryDelay; pg-boss then
      // completes only the jobs still active (the decided ones).
      const abiertas = trabajos.filter((_, i) => !decididas[i]).map((t) => t.id);
      if (abiertas.length > 0) await ctx.boss.fail(COLAS.reconciliar, abiertas);
      // An API top-up decided late gets its webhook event now (the sweep would, a minute later).
      const ids = trabajos.filter((_, i) => decididas[i]).map((t) => t.data.id);
      await integraciones
        .generarEventos(ctx, ids)
        .catch((e: Error) => ctx.log.warn({ err: e }, 'Eventos de webhook'));
      // A block line decided late may be the last of its block.
      for (const [i, t] of trabajos.entries())
        if (decididas[i])
          await masivas
            .alDecidirRecarga(ctx, t.data.id)
            .catch((e: Error) => ctx.log.warn({ err: e }, 'Aviso de bloque terminado'));
    },
  );
  await ctx.boss.work(COLAS.barrido, async () => {
    await recargas.barrer(ctx);
    await saldos.revisar(ctx);
    await notificaciones.barrer(ctx);
    await excel.barrer(ctx);
  });
  await ctx.boss.work(COLAS.notificar, { pollingIntervalSeconds: 1 }, async () => {
    await notificaciones.entregarPendientes(ctx);
  });
  await ctx.boss.work(COLAS.ventasDia, async () => {
    await reportes.sumarVentasDia(ctx);
  });
  await ctx.boss.work(COLAS.conciliar, async () => {
    await conciliaciones.conciliarAyer(ctx);
  });
  await registrarTrabajadorMasivas(ctx);
  await registrarTrabajadorWebhooks(ctx);
  await ctx.boss.schedule(COLAS.barrido, '* * * * *');
  // 06:30 UTC: after midnight in Mexico's zones.
  await ctx.boss.schedule(COLAS.ventasDia, '30 6 * * *');
  // 07:30 UTC: the providers' statements of the Mexican day just ended.
  await ctx.boss.schedule(COLAS.conciliar, '30 7 * * *');
  // After a restart, open top-ups are taken up at once rather than at the next minute.
  await recargas.barrer(ctx);
}
