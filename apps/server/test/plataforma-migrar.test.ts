import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDeDatosNueva } from './entorno.ts';
import { entornoDeProceso, ProcesoApi, puertoLibre } from './proceso.ts';

/**
 * Issue 40: `npm run migrate` is a step of its own (compose runs it once before the APIs), and a
 * process started with MIGRAR_AL_ARRANCAR=0 refuses an unmigrated database instead of serving
 * an old schema. On a fresh PostgreSQL database, or an embedded one in a temporary folder.
 */
let borrar: () => Promise<void>;
let datos: string;
let env: NodeJS.ProcessEnv;
let puerto: number;

beforeAll(async () => {
  const base = await baseDeDatosNueva();
  borrar = base.borrar;
  datos = mkdtempSync(join(tmpdir(), 'recargas-migrar-'));
  puerto = await puertoLibre();
  env = entornoDeProceso(
    { puerto, url: base.url, datos, secreto: 'secreto-de-la-prueba-de-migrar-0123456789' },
    { MIGRAR_AL_ARRANCAR: '0', SEED_DEMO: '0', LOG_LEVEL: 'info' },
  );
});
afterAll(async () => {
  await borrar?.();
  rmSync(datos, { recursive: true, force: true });
});

const correr = (script: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: join(import.meta.dirname, '..'),
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('migrations as a step of their own', () => {
  it('an API with MIGRAR_AL_ARRANCAR=0 refuses a database with pending migrations: one line, exit 1', () => {
    const r = correr('src/main.ts');
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /Migraciones pendientes \(0001_base, .*\): ejecute npm run migrate antes de arrancar/,
    );
  }, 150_000);

  it('npm run migrate applies them and exits 0; a second run finds none; then the API starts', async () => {
    const primera = correr('src/cli/migrar.ts');
    expect(primera.status).toBe(0);
    expect(primera.stdout).toMatch(/Migraciones aplicadas: 0001_base, .*0037_proveedor_ninguno/);
    const segunda = correr('src/cli/migrar.ts');
    expect(segunda.status).toBe(0);
    expect(segunda.stdout).toContain('Sin migraciones pendientes');
    const api = new ProcesoApi(`http://127.0.0.1:${puerto}`, env);
    try {
      await api.arrancar();
      expect((await fetch(`${api.url}/ready`)).status).toBe(200);
    } finally {
      await api.matar();
    }
  }, 240_000);
});
