import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Bitacora } from '../lib/bitacora.ts';
import { enExclusiva } from './cerrojo.ts';
import type { Db } from './database.ts';
import { crearIndicesEnLinea } from './indices-en-linea.ts';
import * as m0001 from './migrations/0001_base.ts';
import * as m0002 from './migrations/0002_recargas.ts';
import * as m0003 from './migrations/0003_conteo_limite.ts';
import * as m0004 from './migrations/0004_lineas.ts';
import * as m0005 from './migrations/0005_usuarios.ts';
import * as m0007 from './migrations/0007_carriers.ts';
import * as m0008 from './migrations/0008_notificaciones.ts';
import * as m0009 from './migrations/0009_portabilidades.ts';
import * as m0010 from './migrations/0010_bloques.ts';
import * as m0011 from './migrations/0011_reciclaje.ts';
import * as m0012 from './migrations/0012_configuraciones.ts';
import * as m0013 from './migrations/0013_ventas_dia.ts';
import * as m0014 from './migrations/0014_version_empresa.ts';
import * as m0015 from './migrations/0015_dn_trigramas.ts';
import * as m0016 from './migrations/0016_idempotencia_por_solicitante.ts';
import * as m0017 from './migrations/0017_subidas_en_curso.ts';
import * as m0018 from './migrations/0018_portabilidades_icc.ts';
import * as m0019 from './migrations/0019_actualizaciones_sin_leidas.ts';
import * as m0020 from './migrations/0020_sesion_empresa_trabajo.ts';
import * as m0021 from './migrations/0021_excel_archivos.ts';
import * as m0023 from './migrations/0023_integraciones.ts';
import * as m0024 from './migrations/0024_lineas_dia.ts';
import * as m0025 from './migrations/0025_proveedor_reloadly.ts';
import * as m0026 from './migrations/0026_ventas_chips_dia.ts';
import * as m0027 from './migrations/0027_respaldo_plataformas.ts';
import * as m0028 from './migrations/0028_conciliaciones.ts';
import * as m0029 from './migrations/0029_auditoria.ts';
import * as m0030 from './migrations/0030_lineas_trigramas.ts';
import * as m0031 from './migrations/0031_lineas_recorrido.ts';
import * as m0032 from './migrations/0032_ventas_chips_hora.ts';
import * as m0033 from './migrations/0033_recargas_dn_subcadenas.ts';
import * as m0034 from './migrations/0034_lineas_dn_meses.ts';
import * as m0035 from './migrations/0035_ventas_hora.ts';
import * as m0036 from './migrations/0036_claves_vapid.ts';
import * as m0037 from './migrations/0037_proveedor_ninguno.ts';
import * as m0038 from './migrations/0038_referencia_unica.ts';
import * as m0039 from './migrations/0039_llaves_prueba.ts';
import * as m0040 from './migrations/0040_proveedor_taecel.ts';
import * as m0041 from './migrations/0041_conciliacion_centavos.ts';
import * as m0042 from './migrations/0042_subcadenas_sin_pendientes.ts';
import * as m0043 from './migrations/0043_recargas_en_curso.ts';
import * as m0044 from './migrations/0044_usuarios_version.ts';

/** Migrations in order; a new one is imported and added here. */
const MIGRACIONES: Record<string, Migration> = {
  '0001_base': m0001,
  '0002_recargas': m0002,
  '0003_conteo_limite': m0003,
  '0004_lineas': m0004,
  '0005_usuarios': m0005,
  '0007_carriers': m0007,
  '0008_notificaciones': m0008,
  '0009_portabilidades': m0009,
  '0010_bloques': m0010,
  '0011_reciclaje': m0011,
  '0012_configuraciones': m0012,
  '0013_ventas_dia': m0013,
  '0014_version_empresa': m0014,
  '0015_dn_trigramas': m0015,
  '0016_idempotencia_por_solicitante': m0016,
  '0017_subidas_en_curso': m0017,
  '0018_portabilidades_icc': m0018,
  '0019_actualizaciones_sin_leidas': m0019,
  '0020_sesion_empresa_trabajo': m0020,
  '0021_excel_archivos': m0021,
  '0023_integraciones': m0023,
  '0024_lineas_dia': m0024,
  '0026_ventas_chips_dia': m0026,
  '0025_proveedor_reloadly': m0025,
  '0027_respaldo_plataformas': m0027,
  '0028_conciliaciones': m0028,
  '0029_auditoria': m0029,
  '0030_lineas_trigramas': m0030,
  '0031_lineas_recorrido': m0031,
  '0032_ventas_chips_hora': m0032,
  '0033_recargas_dn_subcadenas': m0033,
  '0034_lineas_dn_meses': m0034,
  '0035_ventas_hora': m0035,
  '0036_claves_vapid': m0036,
  '0037_proveedor_ninguno': m0037,
  '0038_referencia_unica': m0038,
  '0039_llaves_prueba': m0039,
  '0040_proveedor_taecel': m0040,
  '0041_conciliacion_centavos': m0041,
  '0042_subcadenas_sin_pendientes': m0042,
  '0043_recargas_en_curso': m0043,
  '0044_usuarios_version': m0044,
};

const proveedor: MigrationProvider = { getMigrations: async () => MIGRACIONES };

/** How long a migration's DDL waits for a lock before it gives way to the top-ups and tries again. */
const ESPERA_BLOQUEO_MS = 2000;
const INTENTOS = 60;

const callado: Pick<Bitacora, 'info' | 'warn'> = { info: () => {}, warn: () => {} };

/**
 * The pending migrations, then the online indexes (indices-en-linea.ts); the names applied.
 * Under the start-up lock, on its own connection: processes started together migrate one after
 * another, and no statement limit applies (db/plazos.ts). Kysely applies the pending migrations
 * in one transaction; a DDL statement that waits over ESPERA_BLOQUEO_MS for a lock (an `alter
 * table recargas` behind a long read, which would queue every insert behind it: 7.5 s) gives up,
 * the transaction is rolled back and tried again, so writes wait at most that long.
 */
export async function migrar(db: Db, log: Pick<Bitacora, 'info' | 'warn'> = callado): Promise<string[]> {
  return enExclusiva(db, async (conexion) => {
    const desconocidas = await deOtraVersion(conexion);
    if (desconocidas.length) {
      // A newer release migrated this database while this process was still the running one (a
      // rolling upgrade: migrate first, then the processes one by one): its migrations only add,
      // so this one runs as it is; Kysely would refuse to start it as "corrupted migrations".
      log.warn({ desconocidas }, 'La base tiene migraciones de una versión más nueva: no se migra');
      return [];
    }
    const aplicadas = await aplicar(conexion, log);
    await crearIndicesEnLinea(conexion, log);
    return aplicadas;
  });
}

async function aplicar(conexion: Db, log: Pick<Bitacora, 'warn'>): Promise<string[]> {
  for (let intento = 1; ; intento++) {
    await sql.raw(`set lock_timeout = ${ESPERA_BLOQUEO_MS}`).execute(conexion);
    const { error, results } = await new Migrator({ db: conexion, provider: proveedor }).migrateToLatest();
    await sql.raw('set lock_timeout = 0').execute(conexion);
    const fallida = results?.find((r) => r.status === 'Error');
    if (!error && !fallida) return (results ?? []).map((r) => r.migrationName);
    if ((error as { code?: string } | undefined)?.code === '55P03' && intento < INTENTOS) {
      log.warn({ migracion: fallida?.migrationName, intento }, 'Migración: tabla ocupada, se reintenta');
      await new Promise((ok) => setTimeout(ok, Math.min(250 * intento, 5000)));
      continue;
    }
    throw new Error(`Migración fallida ${fallida?.migrationName ?? ''}: ${String(error)}`);
  }
}

/** Migrations the database has applied that this code does not know. */
async function deOtraVersion(conexion: Db): Promise<string[]> {
  const hay = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(
    conexion,
  );
  if (!hay.rows[0]?.t) return [];
  const r = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(conexion);
  return r.rows.map((f) => f.name).filter((n) => !(n in MIGRACIONES));
}

/** Migrations not applied yet (a process started with MIGRAR_AL_ARRANCAR=0 refuses to run with any). */
export async function pendientes(db: Db): Promise<string[]> {
  const todas = await new Migrator({ db, provider: proveedor }).getMigrations();
  return todas.filter((m) => !m.executedAt).map((m) => m.name);
}
