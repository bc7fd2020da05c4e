import { CompiledQuery, type QueryResult } from 'kysely';
import PgBoss from 'pg-boss';
import { enExclusiva } from '../db/cerrojo.ts';
import type { Db } from '../db/database.ts';
import type { Bitacora } from '../lib/bitacora.ts';
import { sinBaseDeDatos } from '../lib/errores.ts';

/**
 * pg-boss runs over our own Kysely connection: on PGlite it then shares the one locked
 * connection, on PostgreSQL the pool; and a job can be sent inside a transaction of ours,
 * so it exists exactly when the row it speaks of does.
 */
interface Ejecuta {
  executeQuery<R>(q: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Kysely's pool destroyed; PGlite's client closed under a queued query. */
const CERRADA = /driver has already been destroyed|PGlite is closed/;

const SIN_RESULTADO = undefined as unknown as { rows: unknown[] };

/** How long pg-boss's own queries wait for a database that is restarting. */
const ESPERA_BASE_MS = 30_000;

/**
 * `reintentar`: for pg-boss's own connection (not inside one of our transactions). pg-boss
 * completes and fails jobs without awaiting them; a database restart would then be an
 * unhandled rejection that ends the process. Those queries wait for the database instead.
 */
export const ejecutorDe = (db: Ejecuta, opciones: { reintentar?: boolean } = {}): PgBoss.Db => ({
  executeSql: async (text, values) => {
    const limite = Date.now() + (opciones.reintentar ? ESPERA_BASE_MS : 0);
    for (;;) {
      try {
        const r = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: r.rows as unknown[] };
      } catch (e) {
        // Our pool (or the embedded database) closed at shutdown before pg-boss's last bookkeeping
        // (a job's fail or complete, which it does not await): nothing written, the job stays
        // active and expires, to be taken up again. No result at all, not an empty one: pg-boss
        // reads `rows[0].count` of any result, and treats none as 0 jobs affected.
        if (opciones.reintentar && CERRADA.test(String(e))) return SIN_RESULTADO;
        if (!sinBaseDeDatos(e) || Date.now() > limite) throw e;
        await new Promise((ok) => setTimeout(ok, 500));
      }
    }
  },
});

/** How long a sweep run may stay active before pg-boss gives it up (a killed worker's). */
export const EXPIRA_BARRIDO_S = 300;

export const COLAS = {
  /** Ask the provider about one open top-up until it is decided. */
  reconciliar: 'reconciliar-recarga',
  /** Every minute: open top-ups without a live reconciliation job, and balances under their minimum. */
  barrido: 'barrido-recargas',
  /** One line of a bulk block (issue 5): recharged now or at its scheduled time. */
  masiva: 'recarga-masiva',
  /** Sends the pending deliveries of the notifications (push, e-mail). */
  notificar: 'notificar',
  /** Nightly: the day totals of the sales reports (reportes/ventasDia.ts). */
  ventasDia: 'sumar-ventas-dia',
  /** One signed POST of a webhook event, retried with backoff for 24 h (integraciones). */
  webhook: 'entrega-webhook',
  /** Every minute: events of API top-ups decided without one yet (integraciones). */
  eventosWebhook: 'eventos-webhook',
  /** Nightly: yesterday's statement of every provider, compared with our top-ups (conciliaciones). */
  conciliar: 'conciliar-estado-cuenta',
} as const;

export async function iniciarColas(
  db: Db,
  opciones: { trabajador: boolean; log: Bitacora },
): Promise<PgBoss> {
  const boss = new PgBoss({
    db: ejecutorDe(db, { reintentar: true }),
    schema: 'pgboss',
    supervise: opciones.trabajador,
    schedule: opciones.trabajador,
    // Expired jobs are found by this maintenance: often, so a crashed worker's jobs come back soon.
    maintenanceIntervalSeconds: 15,
    migrate: true,
  });
  boss.on('error', (e) => opciones.log.error({ err: e }, 'pg-boss'));
  // One process at a time creates the queues (db/cerrojo.ts); pg-boss migrates its schema here too.
  await enExclusiva(db, async () => {
    await boss.start();
    await crearColas(boss);
  });
  return boss;
}

async function crearColas(boss: PgBoss) {
  // createQueue leaves an existing queue as it was: databases made before apply the options too.
  const crearOActualizar = async (cola: PgBoss.Queue) => {
    await boss.createQueue(cola.name, cola);
    await boss.updateQueue(cola.name, cola);
  };
  // stately: at most one queued and one active job per key (one reconciliation per top-up).
  await crearOActualizar({
    name: COLAS.reconciliar,
    policy: 'stately',
    retryLimit: 1000,
    retryDelay: 3,
    // One status call (bounded by PROVIDER_TIMEOUT_MS). A job left active by a killed process
    // blocks its top-up's key (stately) until it expires: keep that short (default: 15 minutes).
    expireInSeconds: 60,
  });
  // The minute sweep: singleton, so a run a killed process left active holds every later one
  // back until it expires (default: 15 minutes). A run is a few statements plus one balance call
  // per provider (each bounded by PROVIDER_TIMEOUT_MS); a rerun is harmless.
  await crearOActualizar({ name: COLAS.barrido, policy: 'singleton', expireInSeconds: EXPIRA_BARRIDO_S });
  // Block lines: the engine's key makes a rerun harmless, so an expired job (killed worker) may
  // simply run again; a refused line is recorded, not retried. One top-up takes at most a few
  // provider timeouts, so a job a killed worker held comes back after a minute.
  await crearOActualizar({
    name: COLAS.masiva,
    policy: 'standard',
    retryLimit: 20,
    retryDelay: 5,
    expireInSeconds: 60,
  });
  await boss.createQueue(COLAS.notificar, { name: COLAS.notificar, policy: 'stately' });
  await boss.createQueue(COLAS.ventasDia, { name: COLAS.ventasDia, policy: 'singleton' });
  await boss.createQueue(COLAS.conciliar, { name: COLAS.conciliar, policy: 'singleton' });
  await boss.createQueue(COLAS.webhook, { name: COLAS.webhook, policy: 'standard' });
  // Its own sweep, short-lived: a killed worker's job must not hold the next one back for long.
  await crearOActualizar({ name: COLAS.eventosWebhook, policy: 'singleton', expireInSeconds: 60 });
}
