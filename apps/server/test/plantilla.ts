import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MEMORIA } from '../src/config.ts';
import { abrirDb, volcar } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import { sembrar } from '../src/db/seed/index.ts';

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

/** Runs one statement on the server's maintenance connection (create and drop database). */
export async function administrar(servidor: string, sentencia: string) {
  const c = new pg.Client({ connectionString: servidor });
  await c.connect();
  try {
    await c.query(sentencia);
  } finally {
    await c.end();
  }
}

/** The URL of database `nombre` on the server of `servidor`. */
export function urlDe(servidor: string, nombre: string) {
  const url = new URL(servidor);
  url.pathname = `/${nombre}`;
  return url.toString();
}

export default async function preparar(proyecto: TestProject) {
  const servidor = process.env.DATABASE_URL;
  const sembrada = Date.now();
  if (servidor) {
    const base = `plantilla_${randomBytes(6).toString('hex')}`;
    await administrar(servidor, `create database ${base}`);
    const db = await abrirDb({ databaseUrl: urlDe(servidor, base), dataDir: '', logLevel: 'silent' });
    await migrar(db);
    await sembrar(db);
    await db.destroy();
    proyecto.provide('plantilla', { base, sembrada });
    return () => administrar(servidor, `drop database if exists ${base} with (force)`);
  }
  const db = await abrirDb({ databaseUrl: undefined, dataDir: MEMORIA });
  await migrar(db);
  await sembrar(db);
  const carpeta = mkdtempSync(join(tmpdir(), 'plantilla-'));
  const archivo = join(carpeta, 'base.tar');
  writeFileSync(archivo, Buffer.from(await (await volcar(db)).arrayBuffer()));
  await db.destroy();
  proyecto.provide('plantilla', { archivo, sembrada });
  return () => rmSync(carpeta, { recursive: true, force: true });
}
