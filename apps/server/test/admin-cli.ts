import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { abrirDb, type Db } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import { baseDeDatosNueva } from './entorno.ts';

/** What one run of the admin CLI left: exit code and its output. */
export interface Salida {
  codigo: number | null;
  stdout: string;
  stderr: string;
}

const servidor = new URL('..', import.meta.url).pathname;

/**
 * Runs `npm run admin -- <args>` as its own process (node + tsx, as the script does), with
 * `entrada` piped to its stdin (the passwords, one per line) and `env` over a clean one.
 */
export const admin = (args: string[], env: NodeJS.ProcessEnv, entrada = '') =>
  ejecutar(['--import', 'tsx', 'src/cli/admin.ts', ...args], env, entrada);

/** The same with the compiled CLI, as the image runs it: `node dist/cli/admin.js`, no tsx (build first). */
export const adminCompilado = (args: string[], env: NodeJS.ProcessEnv, entrada = '') =>
  ejecutar(['dist/cli/admin.js', ...args], env, entrada);

function ejecutar(argumentos: string[], env: NodeJS.ProcessEnv, entrada: string): Promise<Salida> {
  return new Promise((ok, no) => {
    const hijo = spawn(process.execPath, argumentos, {
      cwd: servidor,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    hijo.stdout.on('data', (d: Buffer) => {
      stdout += d;
    });
    hijo.stderr.on('data', (d: Buffer) => {
      stderr += d;
    });
    hijo.on('error', no);
    hijo.on('exit', (codigo) => ok({ codigo, stdout, stderr }));
    hijo.stdin.end(entrada);
  });
}

/**
 * The database a test file's CLI runs work on, migrated once in its beforeAll and removed in its
 * afterAll: a folder of the embedded database, or a fresh PostgreSQL database when DATABASE_URL
 * is set. `env` is what a run needs to open it; `enBase` looks at it between runs (an embedded
 * folder is free again once the CLI ends).
 */
export function baseParaCli(nombre: string) {
  let carpeta: string | undefined;
  let borrar = async () => {};
  const base = {
    env: {} as NodeJS.ProcessEnv,
    async enBase<T>(leer: (db: Db) => Promise<T>): Promise<T> {
      const db = await abrirDb({ databaseUrl: base.env.DATABASE_URL, dataDir: carpeta ?? '' });
      try {
        return await leer(db);
      } finally {
        await db.destroy();
      }
    },
  };
  beforeAll(async () => {
    const nueva = await baseDeDatosNueva();
    borrar = nueva.borrar;
    const secreto = `secreto-de-la-prueba-${nombre}-0123456789`;
    if (nueva.url)
      base.env = { DATABASE_URL: nueva.url, JWT_SECRET: secreto, DOS_PASOS_CLAVES: `prueba:${secreto}` };
    else {
      carpeta = mkdtempSync(join(tmpdir(), `b-${nombre}-`));
      base.env = { DATA_DIR: carpeta };
    }
    // Migrated here once: each run of the CLI then only opens the database.
    await base.enBase(migrar);
  }, 180_000);
  afterAll(async () => {
    await borrar();
    if (carpeta) rmSync(carpeta, { recursive: true, force: true });
  });
  return base;
}
