import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirDb } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import * as empresas from '../src/modules/empresas/service.ts';
import * as saldos from '../src/modules/saldos/service.ts';
import { baseDeDatosNueva } from './entorno.ts';
import { ProcesoApi, puertoLibre } from './proceso.ts';

/**
 * Issue 39: the API (src/main.ts) and the workers (src/worker.ts) each say at start, once per
 * company platform, that it has no provider able to take a top-up there. Production on
 * PostgreSQL (NODE_ENV=production); on the embedded database, which production refuses, the
 * simulator is refused by PROVEEDOR_SIMULADO=0.
 */
let env: NodeJS.ProcessEnv;
let carpeta: string | undefined;
let borrar: () => Promise<void>;

beforeAll(async () => {
  const base = await baseDeDatosNueva();
  borrar = base.borrar;
  carpeta = base.url ? undefined : mkdtempSync(join(tmpdir(), 'b-arranque-'));
  const db = await abrirDb({ databaseUrl: base.url, dataDir: carpeta ?? '' });
  try {
    await migrar(db);
    // acme: no provider on 1, the simulator on 2; beta: Reloadly, one account without credentials.
    const acme = await empresas.crear(db, { codigo: 'acme', nombre: 'Acme', ajustes: '{}' }, ['acme']);
    const beta = await empresas.crear(db, { codigo: 'beta', nombre: 'Beta', ajustes: '{}' }, ['beta']);
    await saldos.cambiarProveedor(db, acme, 2, { adaptador: 'simulador', cuenta: null });
    await saldos.cambiarProveedor(db, beta, 1, { adaptador: 'reloadly', cuenta: 'SINCLAVES' });
    await saldos.cambiarProveedor(db, beta, 2, { adaptador: 'reloadly', cuenta: 'PRUEBA' });
  } finally {
    await db.destroy();
  }
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...(base.url
      ? { DATABASE_URL: base.url, NODE_ENV: 'production' }
      : { DATA_DIR: carpeta, PROVEEDOR_SIMULADO: '0', SEED_DEMO: '0' }),
    JWT_SECRET: 'secreto-de-la-prueba-de-arranque-0123456789',
    DOS_PASOS_CLAVES: 'prueba:secreto-de-la-prueba-de-arranque-0123456789',
    RELOADLY_PRUEBA_CLIENT_ID: 'cliente-prueba',
    RELOADLY_PRUEBA_CLIENT_SECRET: 'secreto-prueba',
    RELOADLY_PRUEBA_AUDIENCE: 'live',
    HOST: '127.0.0.1',
    WORKERS: '0',
    LOG_LEVEL: 'info',
  };
}, 120_000);
afterAll(async () => {
  await borrar();
  if (carpeta) rmSync(carpeta, { recursive: true, force: true });
});

/** The start-up warnings of a process's log: company, platform and reason of each. */
const avisos = (salida: string) =>
  salida
    .split('\n')
    .filter((l) => l.includes('sin proveedor real'))
    .map((l) => JSON.parse(l) as { level: number; empresa: string; plataforma: number; motivo: string })
    .map(({ level, empresa, plataforma, motivo }) => ({ level, empresa, plataforma, motivo }));

const ESPERADOS = [
  { level: 40, empresa: 'acme', plataforma: 1, motivo: 'sin proveedor' },
  { level: 40, empresa: 'acme', plataforma: 2, motivo: 'simulador no permitido (PROVEEDOR_SIMULADO)' },
  { level: 40, empresa: 'beta', plataforma: 1, motivo: 'sin credenciales RELOADLY_SINCLAVES_*' },
];

// Each start compiles the server with tsx and opens the database: tens of seconds on a busy machine.
describe('start-up warnings of platforms without a real provider', { timeout: 180_000 }, () => {
  it.each(['src/main.ts', 'src/worker.ts'] as const)('%s: one per platform', async (script) => {
    const puerto = await puertoLibre();
    const proceso = new ProcesoApi(
      `http://127.0.0.1:${puerto}`,
      { ...env, PORT: String(puerto), WORKER_PORT: String(puerto) },
      script,
    );
    try {
      await proceso.arrancar();
      expect(avisos(proceso.salida)).toEqual(ESPERADOS);
    } finally {
      await proceso.matar();
    }
  });
});
