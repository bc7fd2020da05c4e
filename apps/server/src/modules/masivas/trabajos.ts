import { type Ctx, conSolicitud } from '../../contexto.ts';
import { COLAS } from '../../jobs/colas.ts';
import { procesarLinea, type TrabajoLinea } from './service.ts';

/**
 * Lines of bulk blocks one worker sends at once (MASIVAS_CONCURRENCIA, default 10): the bound
 * on what a block puts on the provider per worker process.
 */
export async function registrarTrabajadorMasivas(ctx: Ctx, concurrencia = ctx.config.masivasConcurrencia) {
  return ctx.boss.work<TrabajoLinea>(
    COLAS.masiva,
    { batchSize: concurrencia, pollingIntervalSeconds: 0.5 },
    async (trabajos) => {
      const r = await Promise.allSettled(
        trabajos.map((t) => {
          // The log lines of a line queued by a request name that request.
          const c = conSolicitud(ctx, t.data.solicitud);
          return procesarLinea(c, t.data).catch((e: Error) => {
            c.log.warn({ err: e, linea: t.data.id }, 'Línea de bloque fallida; se reintenta');
            throw e;
          });
        }),
      );
      // Failed ones go back to pg-boss (retried after retryDelay); the rest complete.
      const fallidos = trabajos.filter((_, i) => r[i]?.status === 'rejected').map((t) => t.id);
      if (fallidos.length > 0) await ctx.boss.fail(COLAS.masiva, fallidos);
    },
  );
}
