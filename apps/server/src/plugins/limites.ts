import { createRequire } from 'node:module';
import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Bitacora } from '../lib/bitacora.ts';

// The plugin's own stores (no typings of their own): the Redis one and the per-process LRU.
const requerir = createRequire(import.meta.url);
type TiendaPlugin = FastifyRateLimitStore & {
  read?(clave: string, cb: Respuesta, ventana: number, max: number): void;
};
type Respuesta = Parameters<FastifyRateLimitStore['incr']>[1];
const TiendaRedis = requerir('@fastify/rate-limit/store/RedisStore.js') as new (
  ...a: unknown[]
) => TiendaPlugin;
const TiendaLocal = requerir('@fastify/rate-limit/store/LocalStore.js') as new (
  ...a: unknown[]
) => TiendaPlugin;

/**
 * Per-IP request limits (RATE_LIMIT_MAX a minute) of the API. The web app is not counted: its
 * files, its pages (the not-found handler, which the limiter does not hook), the offline page
 * and each company's manifest, icons and logo (their routes say rateLimit: false). With REDIS_URL the counters are shared by
 * every API process; while Redis is away each process counts on its own (ARCHITECTURE.md: a
 * fallback, never an error), with one warning when it goes and one line when it is back.
 */
export const limites = fp(async (app: FastifyInstance) => {
  const url = app.config.redisUrl;
  const redis = url
    ? new Redis(url, {
        // Nothing queues for a Redis that is down, and one that hangs holds no request: the
        // counter falls back at once.
        enableOfflineQueue: false,
        commandTimeout: 500,
        connectTimeout: 1000,
        maxRetriesPerRequest: 0,
        retryStrategy: (veces) => Math.min(veces * 200, 2000),
      })
    : undefined;
  const estado = redis && vigilar(redis, app.log);
  if (redis) {
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  // The web app's own files (@fastify/static marks each route with config.file) are not counted:
  // one cold start loads over a hundred, and an office's browsers share one address (issue 39).
  // Added before the limiter's own onRoute hook, which reads the flag.
  app.addHook('onRoute', (ruta) => {
    if (ruta.config?.file) ruta.config.rateLimit = false;
  });
  await app.register(rateLimit, {
    max: app.config.rateLimitMax,
    timeWindow: '1 minute',
    store: conRespaldo(redis, estado),
  });
});

interface Estado {
  caido(motivo: string): void;
  vuelto(): void;
}

/** Logs the outage once (ioredis reports every failed reconnection) and the return. */
function vigilar(redis: Redis, log: Bitacora): Estado {
  let caido = false;
  const estado = {
    caido(motivo: string) {
      if (caido) return;
      caido = true;
      log.warn(`Redis no disponible (${motivo}): límites de solicitudes contados en este proceso`);
    },
    // On reconnection, or on an answer after a timed-out command (no reconnection then).
    vuelto() {
      if (!caido) return;
      caido = false;
      log.info('Redis disponible de nuevo: límites de solicitudes compartidos');
    },
  };
  redis.on('error', (e: Error) => estado.caido(e.message));
  redis.on('ready', () => estado.vuelto());
  return estado;
}

/**
 * The counters: in Redis while it is connected, else in this process. The plugin's local store
 * hands back its live counter object, which concurrent requests of the same client go on
 * incrementing before the first one reads it (40 at once were all refused against a limit of
 * 20): each answer is copied as it is given.
 */
function conRespaldo(redis: Redis | undefined, estado: Estado | undefined): FastifyRateLimitStoreCtor {
  class Tienda implements TiendaPlugin {
    private readonly compartida: TiendaPlugin | undefined;
    private readonly local: TiendaPlugin;

    constructor(
      opciones: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
      partes?: { compartida: TiendaPlugin | undefined; local: TiendaPlugin },
    ) {
      const { continueExceeding, exponentialBackoff } = opciones;
      this.compartida = partes
        ? partes.compartida
        : redis && new TiendaRedis(continueExceeding, exponentialBackoff, redis);
      this.local = partes?.local ?? new TiendaLocal(continueExceeding, exponentialBackoff);
    }

    incr(clave: string, cb: Respuesta, ventana: number, max: number) {
      this.usar('incr', clave, cb, ventana, max);
    }

    read(clave: string, cb: Respuesta, ventana: number, max: number) {
      this.usar('read', clave, cb, ventana, max);
    }

    private usar(metodo: 'incr' | 'read', clave: string, cb: Respuesta, ventana: number, max: number) {
      const local = () =>
        this.local[metodo]?.(
          clave,
          (error, r) => cb(error, r && { current: r.current, ttl: r.ttl }),
          ventana,
          max,
        );
      // Not connected (yet, or any more: ioredis's 'error' event has logged it).
      if (!this.compartida || redis?.status !== 'ready') return local();
      this.compartida[metodo]?.(
        clave,
        (error, resultado) => {
          if (!error) {
            estado?.vuelto();
            return cb(null, resultado);
          }
          estado?.caido(error.message);
          local();
        },
        ventana,
        max,
      );
    }

    child(opciones: Parameters<FastifyRateLimitStore['child']>[0]) {
      return new Tienda(opciones as FastifyRateLimitOptions, {
        compartida: this.compartida?.child(opciones),
        local: this.local.child(opciones),
      });
    }
  }
  return Tienda;
}
