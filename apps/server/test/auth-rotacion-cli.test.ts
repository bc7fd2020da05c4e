import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp } from '../src/app.ts';
import { leerConfig } from '../src/config.ts';
import { abrirDb, type Db } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import { sembrar } from '../src/db/seed/index.ts';
import { cifrar } from '../src/lib/claves.ts';
import { cifrarDosPasos } from '../src/modules/auth/llaves.ts';
import { admin } from './admin-cli.ts';
import { entrarConCodigo, ponerSecreto, SEMILLA, secretoGuardado } from './dos-pasos-prueba.ts';
import { baseDeDatosNueva } from './entorno.ts';

/**
 * A DOS_PASOS_CLAVES rotation as an operator does it (issue 39): a new key first, restart, the
 * admin CLI's rotate-two-step-keys, the old key removed. On an embedded folder (the server and
 * the CLI take turns: one process holds it) or a fresh PostgreSQL database with DATABASE_URL.
 */
const clave = () => randomBytes(32).toString('hex');
const JWT = clave();
const K1 = `k1:${clave()}`;
const K2 = `k2:${clave()}`;
let base: NodeJS.ProcessEnv;
let carpeta: string | undefined;
let borrar: () => Promise<void>;

/** The settings of a process: the database of this file, with these keys. */
const entorno = (dosPasos: string, jwt = JWT): NodeJS.ProcessEnv => ({
  ...base,
  JWT_SECRET: jwt,
  DOS_PASOS_CLAVES: dosPasos,
});

/** The API started with `env`, `usar` run against it, and stopped (the folder is free again). */
async function conServidor(env: NodeJS.ProcessEnv, usar: (app: FastifyInstance, db: Db) => Promise<void>) {
  const config = { ...leerConfig(env), logLevel: 'silent', trabajadores: false };
  const db = await abrirDb(config);
  const app = await construirApp(config, db);
  try {
    await app.ready();
    await usar(app, db);
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** Looks at the database between runs. */
async function enBase<T>(leer: (db: Db) => Promise<T>): Promise<T> {
  const db = await abrirDb({ databaseUrl: base.DATABASE_URL, dataDir: carpeta ?? '' });
  try {
    return await leer(db);
  } finally {
    await db.destroy();
  }
}

/** The stored secrets of the three two-step users. */
const secretos = () =>
  enBase((db) =>
    Promise.all([
      secretoGuardado(db, 'demo', 'root'),
      secretoGuardado(db, 'tonodigital', 'admin'),
      secretoGuardado(db, 'gmcel', 'admin'),
    ]),
  );

let ilegible: string;

beforeAll(async () => {
  const nueva = await baseDeDatosNueva();
  borrar = nueva.borrar;
  if (nueva.url) base = { DATABASE_URL: nueva.url };
  else {
    carpeta = mkdtempSync(join(tmpdir(), 'b-rotacion-'));
    base = { DATA_DIR: carpeta };
  }
  ilegible = `k0:${cifrar(clave(), SEMILLA)}`;
  const config = leerConfig(entorno(K1));
  await enBase(async (db) => {
    await migrar(db);
    await sembrar(db);
    // Under K1; from before DOS_PASOS_CLAVES (the JWT secret, no id); under a key nobody has.
    await ponerSecreto(db, 'demo', 'root', cifrarDosPasos(config, SEMILLA));
    await ponerSecreto(db, 'tonodigital', 'admin', cifrar(JWT, SEMILLA));
    await ponerSecreto(db, 'gmcel', 'admin', ilegible);
  });
}, 180_000);
afterAll(async () => {
  await borrar();
  if (carpeta) rmSync(carpeta, { recursive: true, force: true });
});

const entran = async (env: NodeJS.ProcessEnv) => {
  const estados: number[] = [];
  await conServidor(env, async (app, db) => {
    for (const [empresa, username] of [
      ['demo', 'root'],
      ['tonodigital', 'admin'],
      ['gmcel', 'admin'],
    ] as const) {
      const r = await entrarConCodigo(app, db, empresa, username);
      if (r.statusCode !== 200) expect(r.json()).toEqual({ code: 15, mensaje: M.codigoIncorrecto });
      estados.push(r.statusCode);
    }
  });
  return estados;
};

describe('npm run admin -- rotate-two-step-keys', { timeout: 180_000 }, () => {
  it('two-step users log in across a rotation, before and after the command, which re-encrypts every readable secret once', async () => {
    // The new key first, the old one kept: everybody readable logs in before the command.
    expect(await entran(entorno(`${K2},${K1}`))).toEqual([200, 200, 401]);

    const r = await admin(['rotate-two-step-keys'], entorno(`${K2},${K1}`));
    expect([r.codigo, r.stdout]).toEqual([
      1,
      'Secretos de dos pasos recifrados con la clave k2: 2\nSin poder leerse: 1\n',
    ]);
    expect(r.stderr).toBe('Ninguna clave configurada los lee; faltan o no abren las claves: k0 (1)\n');
    const [root, legado, gmcel] = await secretos();
    expect([root?.slice(0, 3), legado?.slice(0, 3), gmcel]).toEqual(['k2:', 'k2:', ilegible]);

    // Idempotent: nothing left to move.
    const otra = await admin(['rotate-two-step-keys'], entorno(`${K2},${K1}`));
    expect(otra.stdout).toBe('Secretos de dos pasos recifrados con la clave k2: 0\nSin poder leerse: 1\n');
    expect(await secretos()).toEqual([root, legado, gmcel]);

    // K1 removed and the JWT secret changed: the moved secrets need neither.
    expect(await entran(entorno(K2, clave()))).toEqual([200, 200, 401]);
  });

  it("each re-encryption is one row of the audit trail, as the operator, in the user's company", async () => {
    const rastro = await enBase((db) =>
      db
        .selectFrom('auditoria as a')
        .innerJoin('empresas as e', 'e.id', 'a.empresa_id')
        .innerJoin('usuarios as u', (j) => j.on((eb) => eb(eb.cast('u.id', 'text'), '=', eb.ref('a.fila'))))
        .select(['e.codigo', 'u.username', 'a.usuario', 'a.antes', 'a.despues'])
        .where('a.tipo', '=', 'claveDosPasos')
        .orderBy('e.codigo')
        .execute(),
    );
    expect(rastro).toEqual([
      {
        codigo: 'demo',
        username: 'root',
        usuario: M.actorOperador,
        antes: { clave: 'k1' },
        despues: { clave: 'k2' },
      },
      {
        codigo: 'tonodigital',
        username: 'admin',
        usuario: M.actorOperador,
        antes: { clave: 'JWT_SECRET' },
        despues: { clave: 'k2' },
      },
    ]);
  });
});
