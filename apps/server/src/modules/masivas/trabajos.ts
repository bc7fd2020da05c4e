import type { Ctx } from '../../contexto.ts';
import { COLAS } from '../../jobs/colas.ts';
import { procesarLinea, type TrabajoLinea } from './service.ts';

/**
 * Lines of bulk blocks one worker sends at once (MASIVAS_CONCURRENCIA, default 10): the bound
 * on what a block puts on the provider per worker process.
 */
export const concurrenciaMasivas = (env: NodeJS.ProcessEnv = process.env) => {
  const n = Number(env.MASIVAS_CONCURRENCIA);
  return Number.isInteger(n) && n > 0 && n <= 200 ? n : 10;
};

export async function registrarTrabajadorMasivas(ctx: Ctx, concurrencia = concurrenciaMasivas()) {
  return ctx.boss.work<TrabajoLinea>(
    COLAS.masiva,
    { batchSize: concurrencia, pollingIntervalSeconds: 0.5 },
    async (trabajos) => {
      const r = await Promise.allSettled(trabajos.map((t) => procesarLinea(ctx, t.data)));
      // Failed ones go back to pg-boss (retried after retryDelay); the rest complete.
      const fallidos = trabajos.filter((_, i) => r[i]?.status === 'rejected').map((t) => t.id);
      if (fallidos.length > 0) await ctx.boss.fail(COLAS.masiva, fallidos);
    },
  );
}
