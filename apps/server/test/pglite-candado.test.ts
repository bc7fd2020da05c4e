import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaseEnUso, tomarCandado } from '../src/db/candado.ts';
import { abrirDb } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import * as empresas from '../src/modules/empresas/service.ts';
import { admin } from './admin-cli.ts';
import { ProcesoApi, puertoLibre } from './proceso.ts';

/**
 * The embedded database's folder is held by one process (issue 20: a company made by the CLI
 * while the server ran was lost): DATA_DIR/recargas.lock names the holder's pid.
 */
const carpetas: string[] = [];
const nueva = () => {
  const c = mkdtempSync(join(tmpdir(), 'b-candado-'));
  carpetas.push(c);
  return c;
};
afterAll(() => {
  for (const c of carpetas) rmSync(c, { recursive: true, force: true });
});

const pidDe = (carpeta: string) => Number.parseInt(readFileSync(join(carpeta, 'recargas.lock'), 'utf8'), 10);

describe('tomarCandado', () => {
  it('holds the folder with our pid; this process may open it twice; the last release frees it', () => {
    const c = nueva();
    const soltar = tomarCandado(c);
    expect(pidDe(c)).toBe(process.pid);
    const otra = tomarCandado(c);
    soltar();
    expect(existsSync(join(c, 'recargas.lock'))).toBe(true);
    otra();
    expect(existsSync(join(c, 'recargas.lock'))).toBe(false);
  });

  it('refuses while the pid in the lock lives, with one line naming folder and pid', () => {
    const c = nueva();
    const vivo = spawn('sleep', ['60']);
    try {
      writeFileSync(join(c, 'recargas.lock'), `${vivo.pid}\n`);
      expect(() => tomarCandado(c)).toThrow(BaseEnUso);
      expect(() => tomarCandado(c)).toThrow(
        `La base de datos embebida en ${c} está abierta por otro proceso (pid ${vivo.pid}); deténgalo primero o use DATABASE_URL.`,
      );
    } finally {
      vivo.kill('SIGKILL');
    }
  });

  it("takes over a dead process's lock", () => {
    const c = nueva();
    const muerto = spawnSync('true').pid;
    writeFileSync(join(c, 'recargas.lock'), `${muerto}\n`);
    const soltar = tomarCandado(c);
    expect(pidDe(c)).toBe(process.pid);
    soltar();
  });
});

const termina = async (pid: number) => {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
};

describe('a running server holds its embedded database', { timeout: 300_000 }, () => {
  let datos: string;
  let env: NodeJS.ProcessEnv;
  const servidor = async () => {
    const puerto = await puertoLibre();
    return new ProcesoApi(`http://127.0.0.1:${puerto}`, { ...env, PORT: String(puerto) });
  };

  beforeAll(async () => {
    datos = nueva();
    env = {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: datos,
      HOST: '127.0.0.1',
      JWT_SECRET: 'secreto-de-la-prueba-del-candado-0123456789',
      DOS_PASOS_CLAVES: 'prueba:secreto-de-la-prueba-del-candado-0123456789',
      LOG_LEVEL: 'warn',
    };
    // A migrated folder with one company: the server starts without seeding the demo.
    const db = await abrirDb({ databaseUrl: undefined, dataDir: datos });
    await migrar(db);
    await empresas.crear(db, { codigo: 'base', nombre: 'Base', ajustes: '{}' }, ['base']);
    await db.destroy();
  }, 300_000);

  it('server up: the CLI and a second server refuse in one line; after a stop (SIGTERM, then SIGKILL) the CLI works', async () => {
    const api = await servidor();
    await api.arrancar();
    const pid = pidDe(datos);
    const linea = `La base de datos embebida en ${datos} está abierta por otro proceso (pid ${pid}); deténgalo primero o use DATABASE_URL.\n`;
    const cli = await admin(['create-company', 'acme', 'Acme'], { DATA_DIR: datos });
    expect([cli.codigo, cli.stderr, cli.stdout]).toEqual([1, linea, '']);
    await expect((await servidor()).arrancar()).rejects.toThrow('terminó solo (1)');

    process.kill(pid, 'SIGTERM');
    await termina(pid);
    expect(existsSync(join(datos, 'recargas.lock'))).toBe(false);
    const despues = await admin(['create-company', 'acme', 'Acme'], { DATA_DIR: datos });
    expect(despues.stderr).toBe('');
    expect(despues.codigo).toBe(0);

    const otra = await servidor();
    await otra.arrancar();
    expect((await admin(['create-company', 'otra', 'Otra'], { DATA_DIR: datos })).codigo).toBe(1);
    await otra.matar();
    // SIGKILL leaves the lock behind, with a dead pid: the next process takes it over.
    expect(existsSync(join(datos, 'recargas.lock'))).toBe(true);
    const trasMatar = await admin(['create-company', 'otra', 'Otra'], { DATA_DIR: datos });
    expect([trasMatar.codigo, trasMatar.stderr]).toEqual([0, '']);
  });
});
