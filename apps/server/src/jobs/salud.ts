import Fastify, { type FastifyInstance } from 'fastify';
import type { Ctx } from '../contexto.ts';
import { metricas } from '../plugins/metricas.ts';

/**
 * The worker's own small listener (WORKER_PORT): /health, /ready and /metrics, the same routes
 * as the API's (plugins/metricas.ts), so an orchestrator can watch and scrape a worker too.
 */
export async function servirSalud(ctx: Ctx, puerto: number): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: ctx.log });
  app.decorate('db', ctx.db);
  app.decorate('config', ctx.config);
  app.decorate('boss', ctx.boss);
  await app.register(metricas);
  await app.listen({ port: puerto, host: ctx.config.host });
  return app;
}
