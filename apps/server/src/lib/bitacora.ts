import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config.ts';

/** What logs: the app's own pino (`app.log`) or one made by crearBitacora. */
export type Bitacora = FastifyBaseLogger;

/**
 * What no log line may show: the session headers, and provider credentials and tokens wherever
 * an object carrying them is logged (a config, a token answer, a request's headers).
 */
export const REDACTAR = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'reloadly',
  '*.reloadly',
  'taecel',
  '*.taecel',
  '*.nip',
  '*.clientSecret',
  '*.client_secret',
  '*.access_token',
  '*.authorization',
  '*.headers.authorization',
];

/** A pino logger at the app's level (LOG_LEVEL), for what runs outside a request: the worker, the pool. */
export const crearBitacora = (config: Pick<Config, 'logLevel'>): Bitacora =>
  pino({ level: config.logLevel, redact: REDACTAR });

/** What an X-Request-Id may be: a proxy's or a client's id, never a log-forging line. */
const ID_SANO = /^[\w.:@/+=-]{1,128}$/;

/** A request's id: the X-Request-Id it came with when sane, else a new UUID. */
export function idDeSolicitud(req: IncomingMessage): string {
  const dado = req.headers['x-request-id'];
  return typeof dado === 'string' && ID_SANO.test(dado) ? dado : randomUUID();
}
