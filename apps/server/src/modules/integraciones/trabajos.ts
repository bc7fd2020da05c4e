import type { Ctx } from '../../contexto.ts';
import { COLAS } from '../../jobs/colas.ts';
import { barrer } from './eventos.ts';
import { entregar, type TrabajoEntrega } from './webhooks.ts';

/** Deliveries one worker makes at once (each one POST, bounded by its 10 s wait). */
const LOTE_ENTREGAS = 20;

/**
 * The webhook deliveries' worker (a failed attempt goes back to pg-boss, which retries it) and
 * the minute sweep of events not yet written.
 */
export async function registrarTrabajadorWebhooks(ctx: Ctx) {
  await ctx.boss.work(COLAS.eventosWebhook, () => barrer(ctx));
  await ctx.boss.schedule(COLAS.eventosWebhook, '* * * * *');
  await ctx.boss.work<TrabajoEntrega>(
    COLAS.webhook,
    { batchSize: LOTE_ENTREGAS, pollingIntervalSeconds: 0.5 },
    async (trabajos) => {
      const r = await Promise.allSettled(trabajos.map((t) => entregar(ctx, t.data)));
      const fallidos = trabajos.filter((_, i) => r[i]?.status === 'rejected').map((t) => t.id);
      if (fallidos.length > 0) await ctx.boss.fail(COLAS.webhook, fallidos);
    },
  );
}
