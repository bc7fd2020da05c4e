import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorConfig, leerConfig, leerConfigSimulador } from '../src/config.ts';

const SECRETO = 'un-secreto-de-prueba-de-32-caracteres-o-mas';
const PG = 'postgres://postgres@127.0.0.1:5432/recargas';
const base = { DATA_DIR: 'memory://' };

/** The one line leerConfig stops with for these variables. */
const error = (env: NodeJS.ProcessEnv) => {
  try {
    leerConfig({ ...base, ...env });
  } catch (e) {
    if (e instanceof ErrorConfig) return e.message;
    throw e;
  }
  throw new Error('sin error');
};

describe('configuration: a bad value stops the start with one line naming the variable', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT debe ser un número entero entre 0 y 65535 (es "abc")'],
    [{ PORT: '99999' }, 'PORT debe ser un número entero entre 0 y 65535 (es "99999")'],
    [{ PORT: '-1' }, 'PORT debe ser un número entero entre 0 y 65535 (es "-1")'],
    [{ PORT: '80.5' }, 'PORT debe ser un número entero'],
    [{ ACCESS_TTL: '0' }, 'ACCESS_TTL debe ser un número entero entre 1'],
    [{ RATE_LIMIT_MAX: 'mucho' }, 'RATE_LIMIT_MAX debe ser un número entero'],
    [{ WORKERS: 'si' }, 'WORKERS debe ser 1 o 0 (es "si")'],
    [{ SEED_DEMO: '2' }, 'SEED_DEMO debe ser 1 o 0'],
    [{ LOG_LEVEL: 'ruido' }, 'LOG_LEVEL debe ser fatal, error, warn, info, debug, trace, silent'],
    [
      { DATABASE_URL: 'no es una url', JWT_SECRET: SECRETO },
      'DATABASE_URL debe ser una URL postgres:// o postgresql://',
    ],
    [
      { DATABASE_URL: 'mysql://db/recargas', JWT_SECRET: SECRETO },
      'DATABASE_URL debe ser una URL postgres://',
    ],
    [{ DATABASE_URL: PG }, 'JWT_SECRET es obligatoria cuando DATABASE_URL está puesta'],
    [{ JWT_SECRET: 'corto' }, 'JWT_SECRET debe tener al menos 32 caracteres'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL debe ser una URL redis:// o rediss://'],
    [{ PROVIDER_SIM_URL: '127.0.0.1:4010' }, 'PROVIDER_SIM_URL debe ser una URL http:// o https://'],
    [{ SHUTDOWN_TIMEOUT_MS: 'pronto' }, 'SHUTDOWN_TIMEOUT_MS debe ser un número entero'],
    [{ SMTP_PORT: '0' }, 'SMTP_PORT debe ser un número entero entre 1 y 65535'],
    [{ SUBIDA_MAX_MB: '0' }, 'SUBIDA_MAX_MB debe ser un número entero entre 1 y 1024 (es "0")'],
    [{ SUBIDA_MAX_DESCOMPRIMIDO_MB: 'mucho' }, 'SUBIDA_MAX_DESCOMPRIMIDO_MB debe ser un número entero'],
    [{ SUBIDA_MAX_FILAS: '1e5' }, 'SUBIDA_MAX_FILAS debe ser un número entero entre 1 y 10000000 (es "1e5")'],
    [{ EXCEL_TTL_MIN: '-5' }, 'EXCEL_TTL_MIN debe ser un número entero entre 1 y 10080 (es "-5")'],
    [
      { MASIVAS_CONCURRENCIA: '500' },
      'MASIVAS_CONCURRENCIA debe ser un número entero entre 1 y 200 (es "500")',
    ],
    [{ SIMULADOR_SALDO: 'infinito' }, 'SIMULADOR_SALDO debe ser un número entero'],
    [{ SIMULADOR_SALDO: '0' }, 'SIMULADOR_SALDO debe ser un número entero entre 1 y'],
  ])('%o', (env, mensaje) => {
    const linea = error(env);
    expect(linea).toContain(`Configuración inválida: ${mensaje}`);
    expect(linea).not.toContain('\n');
  });

  it('never echoes a secret value', () => {
    expect(error({ DATABASE_URL: 'mysql://usuario:clave-secreta@db/x', JWT_SECRET: SECRETO })).not.toContain(
      'clave-secreta',
    );
    expect(error({ JWT_SECRET: 'corto-secreto' })).not.toContain('corto-secreto');
  });

  it('takes good values, empty as unset, and PORT=0 (a free port)', () => {
    const c = leerConfig({ ...base, PORT: '0', ACCESS_TTL: '', WORKERS: '0', COOKIE_SECURE: 'true' });
    expect(c).toMatchObject({ port: 0, accessTtl: 900, trabajadores: false, cookieSecure: true });
    expect(leerConfig(base)).toMatchObject({ port: 3000, trabajadores: true, apagadoMs: 20_000 });
    const pg = leerConfig({ ...base, DATABASE_URL: PG, JWT_SECRET: SECRETO });
    expect(pg).toMatchObject({ databaseUrl: PG, jwtSecret: SECRETO });
  });

  it('uploads, exports, bulk blocks and the simulator: defaults, and values taken', () => {
    expect(leerConfig(base)).toMatchObject({
      subidas: { maxMb: 30, maxDescomprimidoMb: 400, maxFilas: 100_000 },
      excelTtlMin: 60,
      masivasConcurrencia: 10,
      simuladorSaldo: 1_000_000,
    });
    const c = leerConfig({
      ...base,
      SUBIDA_MAX_MB: '2',
      SUBIDA_MAX_DESCOMPRIMIDO_MB: '20',
      SUBIDA_MAX_FILAS: '60',
      EXCEL_TTL_MIN: '5',
      MASIVAS_CONCURRENCIA: '25',
      SIMULADOR_SALDO: '1000000000000',
    });
    expect(c).toMatchObject({
      subidas: { maxMb: 2, maxDescomprimidoMb: 20, maxFilas: 60 },
      excelTtlMin: 5,
      masivasConcurrencia: 25,
      simuladorSaldo: 1e12,
    });
  });

  it('npm run provider:sim reads its port and balance the same way', () => {
    expect(leerConfigSimulador({})).toEqual({ puerto: 4010, saldo: 1_000_000 });
    expect(leerConfigSimulador({ PROVIDER_SIM_PORT: '0', SIMULADOR_SALDO: '5' })).toEqual({
      puerto: 0,
      saldo: 5,
    });
    expect(() => leerConfigSimulador({ PROVIDER_SIM_PORT: 'abc' })).toThrow(
      new ErrorConfig(
        'Configuración inválida: PROVIDER_SIM_PORT debe ser un número entero entre 0 y 65535 (es "abc")',
      ),
    );
  });
});

describe('demo data: only the embedded database by default, a DATABASE_URL only with SEED_DEMO=1', () => {
  it.each([
    [{}, true],
    [{ SEED_DEMO: '0' }, false],
    [{ DATABASE_URL: PG, JWT_SECRET: SECRETO }, false],
    [{ DATABASE_URL: PG, JWT_SECRET: SECRETO, SEED_DEMO: '0' }, false],
    [{ DATABASE_URL: PG, JWT_SECRET: SECRETO, SEED_DEMO: '1' }, true],
  ])('%o -> %s', (env, sembrar) => {
    expect(leerConfig({ ...base, ...env }).sembrarDemo).toBe(sembrar);
  });
});

describe('the process: .env read, one line on stderr, exit 1', () => {
  const arrancar = (cwd: string, env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../src/main.ts')], {
      cwd: join(import.meta.dirname, '..'),
      env: { PATH: process.env.PATH, INIT_CWD: cwd, DATA_DIR: 'memory://', ...env },
      encoding: 'utf8',
      timeout: 90_000,
    });

  it('PORT=abc from .env, under the real environment which wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'recargas-env-'));
    try {
      writeFileSync(join(dir, '.env'), '# ajustes\nPORT=abc\nLOG_LEVEL=warn\n');
      const r = arrancar(dir, {});
      expect(r.stderr).toBe(
        'Configuración inválida: PORT debe ser un número entero entre 0 y 65535 (es "abc")\n',
      );
      expect(r.stdout).toBe('');
      expect(r.status).toBe(1);
      // The environment wins over the file: now LOG_LEVEL is the first bad value.
      const r2 = arrancar(dir, { PORT: '0', LOG_LEVEL: 'ruido' });
      expect(r2.stderr).toMatch(/^Configuración inválida: LOG_LEVEL debe ser .*\n$/);
      expect(r2.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
