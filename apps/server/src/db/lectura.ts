import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { abrirDb, type Db } from './database.ts';

/** How long one reading of the replica's delay is used before it is read again. */
const VIGENCIA_MS = 2000;
/** A replica that does not say its delay within this is not used until the next reading. */
const ESPERA_MS = 1000;

/**
 * A read replica (DATABASE_URL_LECTURA) for reports, charts and exports, where a few seconds of
 * delay are harmless and their long reads would otherwise compete with the top-ups on the primary.
 * Its delay is read every 2 s: what it has received all replayed is 0, else the age of the last
 * transaction it replayed. Over `maximoS`, or not answering, the primary serves instead: a report
 * never shows data older than the bound.
 */
export class Lectura {
  private leido: { en: number; retraso: number | null } | undefined;
  private leyendo: Promise<number | null> | undefined;

  constructor(
    private readonly replica: Db,
    private readonly maximoS: number,
    private readonly medir: (replica: Db) => Promise<number> = medirRetraso,
    private readonly ahora: () => number = Date.now,
  ) {}

  /** The database to read from and its delay in seconds (0: the primary, or fully caught up). */
  async elegir(primaria: Db): Promise<{ db: Db; retrasoS: number }> {
    const retraso = await this.retraso();
    return retraso !== null && retraso <= this.maximoS
      ? { db: this.replica, retrasoS: retraso }
      : { db: primaria, retrasoS: 0 };
  }

  private retraso(): Promise<number | null> {
    if (this.leido && this.ahora() - this.leido.en < VIGENCIA_MS) return Promise.resolve(this.leido.retraso);
    if (this.leyendo) return this.leyendo;
    const consulta = this.medir(this.replica);
    let reloj: NodeJS.Timeout | undefined;
    const plazo = new Promise<null>((ok) => {
      reloj = setTimeout(() => ok(null), ESPERA_MS);
    });
    this.leyendo = Promise.race([consulta.catch(() => null), plazo])
      .then((retraso) => {
        this.leido = { en: this.ahora(), retraso };
        return retraso;
      })
      .finally(() => {
        clearTimeout(reloj);
        this.leyendo = undefined;
      });
    return this.leyendo;
  }

  cerrar = () => this.replica.destroy();
}

/** A replica's delay in whole seconds: 0 when all it received is replayed (or it is no replica). */
const medirRetraso = async (replica: Db) => {
  const r = await sql<{ s: number | null }>`select case
      when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
      else extract(epoch from now() - pg_last_xact_replay_timestamp()) end::float8 as s`.execute(replica);
  return Math.ceil(r.rows[0]?.s ?? 0);
};

/** Where reports read: the replica when there is one within its bound, else the primary. */
export const paraLeer = (ctx: { db: Db; lectura?: Lectura | undefined }) =>
  ctx.lectura ? ctx.lectura.elegir(ctx.db) : Promise.resolve({ db: ctx.db, retrasoS: 0 });

/** The replica of DATABASE_URL_LECTURA, opened with the primary's limits; none when unset. */
export async function abrirLectura(config: Config): Promise<Lectura | undefined> {
  if (!config.databaseUrlLectura) return undefined;
  return new Lectura(
    await abrirDb({ ...config, databaseUrl: config.databaseUrlLectura }),
    config.lecturaRetrasoMaxS,
  );
}
