import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** /health (database reachable) and /metrics (Prometheus: process plus request durations). */
export const metricas = fp(async (app: FastifyInstance) => {
  const registro = new Registry();
  collectDefaultMetrics({ register: registro });
  const duracion = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duración de las solicitudes HTTP',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registro],
  });

  app.addHook('onResponse', async (req, reply) => {
    duracion.observe(
      { method: req.method, route: req.routeOptions.url ?? 'sin-ruta', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/health', { config: { acceso: { publico: true } }, schema: { hide: true } }, async () => {
    await sql`select 1`.execute(app.db);
    return { estado: 'ok' };
  });

  app.get(
    '/metrics',
    { config: { acceso: { publico: true } }, schema: { hide: true } },
    async (_req, reply) => reply.type(registro.contentType).send(await registro.metrics()),
  );
});
