import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pino } from 'pino';
import { type Config, leerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { migrar, pendientes } from '../db/migrate.ts';
import { type Bitacora, REDACTAR } from './bitacora.ts';
import { ErrorConfig } from './entorno.ts';

/**
 * The settings of a process (API, worker, CLI): `.env` of the folder the command ran from under
 * the real environment (which wins), checked once. A bad value ends the process with one line
 * naming the variable, no stack.
 */
export function configuracion(env?: NodeJS.ProcessEnv): Config;
/** The same for another reader of the environment (the HTTP provider simulator). */
export function configuracion<T>(env: NodeJS.ProcessEnv, leer: (env: NodeJS.ProcessEnv) => T): T;
export function configuracion(
  env: NodeJS.ProcessEnv = process.env,
  leer: (env: NodeJS.ProcessEnv) => unknown = leerConfig,
) {
  const archivo = resolve(env.INIT_CWD ?? process.cwd(), '.env');
  if (existsSync(archivo)) process.loadEnvFile(archivo);
  try {
    return leer(env);
  } catch (e) {
    if (!(e instanceof ErrorConfig)) throw e;
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  }
}

/**
 * A logger that writes at once: the last lines of a process must not wait in a buffer that
 * process.exit drops. Every way out leaves a line: an uncaught exception or unhandled rejection
 * (then exit 1), a signal (apagadoOrdenado), the exit code. Only SIGKILL and a crash of the
 * runtime itself leave none.
 */
export function vigilarSalida(config: Pick<Config, 'logLevel'>): Bitacora {
  const log = pino({ level: config.logLevel, redact: REDACTAR }, pino.destination({ dest: 1, sync: true }));
  process.on('uncaughtException', (e, origen) => {
    const causa =
      origen === 'unhandledRejection' ? 'una promesa rechazada sin manejar' : 'una excepción no capturada';
    log.fatal({ err: e }, `Proceso terminado por ${causa}: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
  process.on('exit', (codigo) => {
    log[codigo === 0 ? 'info' : 'error']({ codigo }, `Proceso terminado con código ${codigo}`);
  });
  return log;
}

/**
 * SIGTERM, SIGINT and SIGHUP: the steps given with `paso` run last-given first (stop taking
 * requests and let those in flight and the running jobs end, then close the database) within
 * plazoMs (SHUTDOWN_TIMEOUT_MS); then exit 0, or 1 when the deadline passed or a step failed.
 * A second signal ends the process at once.
 */
export function apagadoOrdenado(log: Bitacora, plazoMs: number) {
  const pasos: (() => Promise<unknown>)[] = [];
  let apagando = false;
  const apagar = async (senal: NodeJS.Signals) => {
    if (apagando) {
      log.warn({ senal }, `${senal} durante el apagado: salida inmediata`);
      process.exit(1);
    }
    apagando = true;
    const inicio = Date.now();
    log.info({ senal, plazoMs }, `${senal} recibida: apagado ordenado (plazo ${plazoMs} ms)`);
    const plazo = setTimeout(() => {
      log.error({ plazoMs }, `Apagado: plazo de ${plazoMs} ms vencido con trabajo en curso; salida forzada`);
      process.exit(1);
    }, plazoMs);
    let codigo = 0;
    for (const paso of pasos.reverse()) {
      try {
        await paso();
      } catch (e) {
        log.error({ err: e }, 'Apagado: un paso falló');
        codigo = 1;
      }
    }
    clearTimeout(plazo);
    log.info({ ms: Date.now() - inicio }, `Apagado ordenado en ${Date.now() - inicio} ms`);
    process.exit(codigo);
  };
  for (const s of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(s, apagar);
  return {
    paso(p: () => Promise<unknown>) {
      pasos.push(p);
    },
  };
}

/**
 * The database of this release: migrated here (MIGRAR_AL_ARRANCAR=1, the two-command start), or
 * already by `npm run migrate` (compose's migrate service); a migration still pending then ends the
 * start with one line, exit 1, rather than serving an old schema.
 */
export async function baseAlDia(db: Db, config: Pick<Config, 'migrarAlArrancar'>, log: Bitacora) {
  if (config.migrarAlArrancar) {
    await migrar(db, log);
    return;
  }
  const faltan = await pendientes(db);
  if (faltan.length === 0) return;
  log.fatal(
    { faltan },
    `Migraciones pendientes (${faltan.join(', ')}): ejecute npm run migrate antes de arrancar`,
  );
  process.exit(1);
}
