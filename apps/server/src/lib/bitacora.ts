import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config.ts';

/** What logs: the app's own pino (`app.log`) or one made by crearBitacora. */
export type Bitacora = FastifyBaseLogger;

/** A pino logger at the app's level (LOG_LEVEL), for what runs outside a request: the worker, the pool. */
export const crearBitacora = (config: Pick<Config, 'logLevel'>): Bitacora => pino({ level: config.logLevel });
