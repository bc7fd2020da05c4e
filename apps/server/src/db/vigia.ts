import { sql } from 'kysely';
import type { Bitacora } from '../lib/bitacora.ts';
import type { Db } from './database.ts';

/** How long /ready and the metric wait for `select 1`: a silent database is "not ready" in this time. */
export const ESPERA_SONDEO_MS = 3000;

const caidas = new WeakMap<Db, boolean>();

/**
 * Whether the database answers, as this process last saw it. A change is logged once (a warning
 * when it stops answering, a line when it is back), not once per failed request.
 */
export function notarEstado(db: Db, log: Bitacora, responde: boolean, motivo?: string) {
  const caida = caidas.get(db) ?? false;
  if (caida === !responde) return;
  caidas.set(db, !responde);
  if (responde) log.info('Base de datos disponible de nuevo');
  else log.warn({ motivo }, `Base de datos sin respuesta: ${motivo ?? ''}`);
}

/** `select 1` and the queue's table within ESPERA_SONDEO_MS; notes the answer. */
export async function sondear(db: Db, log: Bitacora): Promise<boolean> {
  let reloj: NodeJS.Timeout | undefined;
  const plazo = new Promise<never>((_, no) => {
    reloj = setTimeout(() => no(new Error(`sin respuesta en ${ESPERA_SONDEO_MS} ms`)), ESPERA_SONDEO_MS);
  });
  try {
    await Promise.race([
      (async () => {
        await sql`select 1`.execute(db);
        await sql`select 1 from pgboss.version`.execute(db);
      })(),
      plazo,
    ]);
    notarEstado(db, log, true);
    return true;
  } catch (e) {
    notarEstado(db, log, false, e instanceof Error ? e.message : String(e));
    return false;
  } finally {
    clearTimeout(reloj);
  }
}
