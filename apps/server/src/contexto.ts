import type PgBoss from 'pg-boss';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Lectura } from './db/lectura.ts';
import type { Bitacora } from './lib/bitacora.ts';
import type { RegistroProveedores } from './providers/registro.ts';

/** What the services need from the running process (the Fastify app, the worker or a test). */
export interface Ctx {
  db: Db;
  /** The read replica of reports, charts and exports (DATABASE_URL_LECTURA); none: the primary. */
  lectura?: Lectura | undefined;
  config: Config;
  proveedores: RegistroProveedores;
  boss: PgBoss;
  log: Bitacora;
}

/** The context of a job a request started: its log lines name that request (X-Request-Id). */
export const conSolicitud = (ctx: Ctx, solicitud: string | undefined): Ctx =>
  solicitud ? { ...ctx, log: ctx.log.child({ solicitud }) } : ctx;

declare module 'fastify' {
  // The app is decorated with the context (app.ts): a route hands `app` to a service as its Ctx.
  interface FastifyInstance extends Ctx {}
}
