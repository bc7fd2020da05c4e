import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { MEMORIA } from '../src/config.ts';
import { abrirDb, volcar } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import { sembrar } from '../src/db/seed/index.ts';
import { administrar, urlDe } from './servidor-pg.ts';

/**
 * Global setup of the API tests: the database every test file starts from, migrated and seeded
 * once per run (entorno.ts `crearEntorno`). On the embedded PGlite each file paid 4–7 s for it
 * (3–5 s to create the cluster, 2 s to migrate and seed), on PostgreSQL about 2 s; loading the
 * template's files takes 1 s, cloning the template database a fraction of it. Migrations and seed
 * still run, here, from the code under test; the tests of migrations build their own databases.
 */
export interface Plantilla {
  /** PGlite: the template's files (a tar, `volcar`). */
  archivo?: string;
  /** PostgreSQL: the template database's name. */
  base?: string;
  /** When it was seeded (ms): the seed places its rows relative to that moment. */
  sembrada: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    plantilla: Plantilla;
  }
}

export default async function preparar(proyecto: TestProject) {
  const servidor = process.env.DATABASE_URL;
  const sembrada = Date.now();
  const base = `plantilla_${randomBytes(6).toString('hex')}`;
  if (servidor) await administrar(servidor, `create database ${base}`);
  const db = await abrirDb({
    databaseUrl: servidor && urlDe(servidor, base),
    dataDir: MEMORIA,
    logLevel: 'silent',
  });
  await migrar(db);
  await sembrar(db);
  if (servidor) {
    await db.destroy();
    proyecto.provide('plantilla', { base, sembrada });
    return async () => {
      await administrar(servidor, `drop database if exists ${base} with (force)`);
    };
  }
  const carpeta = mkdtempSync(join(tmpdir(), 'plantilla-'));
  const archivo = join(carpeta, 'base.tar');
  writeFileSync(archivo, Buffer.from(await (await volcar(db)).arrayBuffer()));
  await db.destroy();
  proyecto.provide('plantilla', { archivo, sembrada });
  return () => rmSync(carpeta, { recursive: true, force: true });
}
