import { createHash, timingSafeEqual } from 'node:crypto';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Gauge, Histogram, Registry } from 'prom-client';
import { ESPERA_SONDEO_MS, notarEstado, sondear } from '../db/vigia.ts';
import { COLAS } from '../jobs/colas.ts';
import { registroProceso } from '../lib/metricas.ts';

const drenando = new WeakSet<FastifyInstance>();
/**
 * SIGTERM with SHUTDOWN_DRAIN_MS (main.ts): the API still serves, but /ready answers 503 and each
 * answer closes its connection, so the proxy's health check takes it out of rotation and no
 * kept-alive connection is left to break under a request when the listener closes (bench:upgrade:
 * Caddy 2.6.2 sent such a POST again with an empty body and answered 502).
 */
export function empezarDrenaje(app: FastifyInstance) {
  drenando.add(app);
  // A listener of the drain alone: requests before it pay nothing for it.
  app.server.on('request', (_req, res) => res.setHeader('connection', 'close'));
}

/**
 * /health (liveness: the process answers), /ready (database and queue reachable) and /metrics
 * (Prometheus): in the API and in the worker's own listener (worker.ts). The first two are not
 * rate-limited: a load balancer polls them.
 */
export const metricas = fp(async (app: FastifyInstance) => {
  const registro = new Registry();
  const duracion = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duración de las solicitudes HTTP',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registro],
  });
  medirNegocio(app, registro);

  app.addHook('onResponse', async (req, reply) => {
    duracion.observe(
      { method: req.method, route: req.routeOptions.url ?? 'sin-ruta', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  const operativa = {
    config: { acceso: { publico: true }, rateLimit: false as const },
    schema: { hide: true },
  };
  app.get('/health', operativa, async () => ({ estado: 'ok' }));

  // A database that does not answer within ESPERA_SONDEO_MS is "not ready": the health checks of
  // Docker and Caddy take the process out of rotation (it hung 150 s before).
  app.get('/ready', operativa, async (_req, reply) => {
    if (!drenando.has(app) && (await sondear(app.db, app.log))) return { estado: 'ok' };
    return reply.code(503).send({ mensaje: M.servicioNoDisponible });
  });
  new Gauge({
    name: 'base_de_datos_responde',
    help: `1 si la base de datos respondió en ${ESPERA_SONDEO_MS} ms, 0 si no`,
    registers: [registro],
    async collect() {
      this.set((await sondear(app.db, app.log)) ? 1 : 0);
    },
  });

  app.get(
    '/metrics',
    { ...operativa, onRequest: conToken(app.config.metricsToken, app.config.produccion) },
    async (_req, reply) => {
      const todo = Registry.merge([registroProceso, registro]);
      return reply.type(todo.contentType).send(await todo.metrics());
    },
  );
});

/**
 * Open top-ups and queue depth, read from the database at each scrape (so any process shows
 * the whole picture). A database that does not answer leaves them out of that scrape.
 */
function medirNegocio(app: FastifyInstance, registro: Registry) {
  new Gauge({
    name: 'recargas_abiertas',
    help: 'Recargas sin resultado (pendiente o enviada)',
    labelNames: ['estado'],
    registers: [registro],
    async collect() {
      this.reset();
      const filas = await leer(app, () =>
        app.db
          .selectFrom('recargas_en_curso as e')
          .innerJoin('recargas as r', 'r.id', 'e.id')
          .select(['r.estado', (f) => f.fn.countAll<number>().as('n')])
          .groupBy('r.estado')
          .execute(),
      );
      for (const f of filas ?? []) this.set({ estado: f.estado }, f.n);
    },
  });
  new Gauge({
    name: 'recargas_abierta_mas_antigua_segundos',
    help: 'Edad de la recarga abierta más antigua (0: ninguna)',
    registers: [registro],
    async collect() {
      const fila = await leer(app, () =>
        sql<{ s: number | null }>`select extract(epoch from now() - min(creada))::float8 as s
          from recargas_en_curso`.execute(app.db),
      );
      if (fila) this.set(fila.rows[0]?.s ?? 0);
    },
  });
  new Gauge({
    name: 'cola_trabajos',
    help: 'Trabajos de pg-boss por cola y estado (created, retry, active)',
    labelNames: ['cola', 'estado'],
    registers: [registro],
    async collect() {
      this.reset();
      const r = await leer(app, () =>
        sql<{ cola: string; estado: string; n: number }>`select name as cola, state::text as estado,
          count(*)::int as n from pgboss.job where state < 'completed' group by 1, 2`.execute(app.db),
      );
      // Every queue shows, idle ones at 0, so an alert can tell "empty" from "not measured".
      if (r) for (const cola of Object.values(COLAS)) this.set({ cola, estado: 'created' }, 0);
      for (const f of r?.rows ?? []) this.set({ cola: f.cola, estado: f.estado }, f.n);
    },
  });
}

async function leer<T>(app: FastifyInstance, consulta: () => Promise<T>): Promise<T | undefined> {
  try {
    return await consulta();
  } catch (e) {
    // Said once for the whole process (db/vigia.ts), not once per gauge and scrape.
    notarEstado(app.db, app.log, false, e instanceof Error ? e.message : String(e));
    return undefined;
  }
}

const huella = (t: string) => createHash('sha256').update(t).digest();

/**
 * Guards an operator's page (/metrics, /docs) with `Authorization: Bearer <token>`. Without a
 * token it is open in development and not served in production (NODE_ENV=production).
 */
export function conToken(token: string | undefined, produccion: boolean) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!token) {
      if (produccion) return reply.code(404).send({ mensaje: M.noEncontrado });
      return;
    }
    const dado = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!dado) return reply.code(401).send({ mensaje: M.sinToken });
    if (!timingSafeEqual(huella(dado), huella(token)))
      return reply.code(401).send({ mensaje: M.tokenInvalido });
  };
}
