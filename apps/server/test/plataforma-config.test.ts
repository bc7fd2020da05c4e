import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leerConfig, leerConfigSimulador } from '../src/config.ts';
import { ErrorConfig } from '../src/lib/entorno.ts';

const SECRETO = 'un-secreto-de-prueba-de-32-caracteres-o-mas';
const PG = 'postgres://postgres@127.0.0.1:5432/recargas';
const base = { DATA_DIR: 'memory://' };
const DOS_PASOS = `k1:${SECRETO}`;
/** What a PostgreSQL start needs besides DATABASE_URL. */
const PG_COMPLETO = { DATABASE_URL: PG, JWT_SECRET: SECRETO, DOS_PASOS_CLAVES: DOS_PASOS };

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
    [
      { DATABASE_URL: PG, JWT_SECRET: SECRETO },
      'DOS_PASOS_CLAVES es obligatoria cuando DATABASE_URL está puesta',
    ],
    [{ DOS_PASOS_CLAVES: 'corta' }, 'DOS_PASOS_CLAVES debe ser id:clave[,id:clave...]'],
    [{ DOS_PASOS_CLAVES: `K1:${SECRETO}` }, 'DOS_PASOS_CLAVES debe ser id:clave'],
    [{ DOS_PASOS_CLAVES: `k1:${SECRETO},k2:corta` }, 'DOS_PASOS_CLAVES debe ser id:clave'],
    [{ JWT_SECRET_ANTERIOR: 'corto' }, 'JWT_SECRET_ANTERIOR debe tener al menos 32 caracteres'],
    [{ VAPID_PUBLIC_KEY: 'publica' }, 'VAPID_PRIVATE_KEY debe ir con su par'],
    [{ VAPID_PRIVATE_KEY: 'privada' }, 'VAPID_PUBLIC_KEY debe ir con su par'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV debe ser development, test o production (es "prod")'],
    [{ NODE_ENV: 'Production' }, 'NODE_ENV debe ser development, test o production'],
    [{ NODE_ENV: 'production' }, 'DATABASE_URL es obligatoria con NODE_ENV=production'],
    [
      { NODE_ENV: 'production', ...PG_COMPLETO, SEED_DEMO: '1' },
      'SEED_DEMO no se permite con NODE_ENV=production',
    ],
    [{ PROVEEDOR_SIMULADO: 'tal vez' }, 'PROVEEDOR_SIMULADO debe ser 1 o 0'],
    [{ PG_POOL_MAX: '0' }, 'PG_POOL_MAX debe ser un número entero entre 1 y 1000 (es "0")'],
    [{ PG_SENTENCIA_MS: '10s' }, 'PG_SENTENCIA_MS debe ser un número entero entre 100 y 3600000 (es "10s")'],
    [{ PG_CONEXION_MS: '50' }, 'PG_CONEXION_MS debe ser un número entero entre 100'],
    [
      { TRUST_PROXY: 'yes' },
      'TRUST_PROXY debe ser un número de saltos o direcciones IP o CIDR separadas por comas (es "yes")',
    ],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY debe ser un número de saltos o direcciones'],
    [{ TRUST_PROXY: '10.0.0.1,caddy' }, 'TRUST_PROXY debe ser un número de saltos o direcciones'],
    [{ TRUST_PROXY: '99' }, 'TRUST_PROXY debe ser un número de saltos entre 0 y 10'],
    [
      { RELOADLY_X_CLIENT_ID: 'id', RELOADLY_X_CLIENT_SECRET: 's', RELOADLY_X_AUDIENCE: 'LIVE' },
      'RELOADLY_X_AUDIENCE debe ser sandbox o live (es "LIVE")',
    ],
    [{ RELOADLY_X_CLIENT_ID: 'id' }, 'RELOADLY_X_CLIENT_SECRET es obligatoria para la cuenta de Reloadly'],
    [{ RELOADLY_X_CLIENT_SECRET: 's' }, 'RELOADLY_X_CLIENT_ID es obligatoria para la cuenta de Reloadly'],
    [{ RELOADLY_X_CLIENTID: 'id' }, 'RELOADLY_X_CLIENTID no es una variable de Reloadly'],
    [
      { RELOADLY_X_CLIENT_ID: 'id', RELOADLY_X_CLIENT_SECRET: 's', RELOADLY_X_URL: 'reloadly.local' },
      'RELOADLY_X_URL debe ser una URL http:// o https://',
    ],
    [
      { NODE_ENV: 'production', ...PG_COMPLETO, RELOADLY_X_CLIENT_ID: 'id', RELOADLY_X_CLIENT_SECRET: 's' },
      'RELOADLY_X_AUDIENCE debe ser live con NODE_ENV=production',
    ],
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
    expect(error({ DOS_PASOS_CLAVES: 'k1:corto-secreto' })).not.toContain('corto-secreto');
    expect(error({ RELOADLY_X_CLIENT_ID: 'id-secreto' })).not.toContain('id-secreto');
  });

  it('takes good values, empty as unset, and PORT=0 (a free port)', () => {
    const c = leerConfig({ ...base, PORT: '0', ACCESS_TTL: '', WORKERS: '0', COOKIE_SECURE: 'true' });
    expect(c).toMatchObject({ port: 0, accessTtl: 900, trabajadores: false, cookieSecure: true });
    expect(leerConfig(base)).toMatchObject({ port: 3000, trabajadores: true, apagadoMs: 20_000 });
    const pg = leerConfig({ ...base, ...PG_COMPLETO });
    expect(pg).toMatchObject({ databaseUrl: PG, jwtSecret: SECRETO, dosPasos: { actual: 'k1' } });
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

describe('production, proxies, keys and simulated providers', () => {
  it('NODE_ENV: development by default; production closes the simulators unless PROVEEDOR_SIMULADO=1', () => {
    expect(leerConfig(base)).toMatchObject({ produccion: false, simuladorPermitido: true });
    expect(leerConfig({ ...base, NODE_ENV: 'test' })).toMatchObject({ produccion: false });
    const prod = { ...base, ...PG_COMPLETO, NODE_ENV: 'production' };
    expect(leerConfig(prod)).toMatchObject({
      produccion: true,
      simuladorPermitido: false,
      sembrarDemo: false,
    });
    expect(leerConfig({ ...prod, PROVEEDOR_SIMULADO: '1' }).simuladorPermitido).toBe(true);
    expect(leerConfig({ ...base, PROVEEDOR_SIMULADO: '0' }).simuladorPermitido).toBe(false);
    // Staging may keep a Reloadly sandbox account.
    const sandbox = { RELOADLY_X_CLIENT_ID: 'id', RELOADLY_X_CLIENT_SECRET: 's' };
    expect(leerConfig({ ...prod, ...sandbox, PROVEEDOR_SIMULADO: '1' }).reloadly.X?.clientSecret).toBe('s');
    expect(leerConfig({ ...prod, ...sandbox, RELOADLY_X_AUDIENCE: 'live' }).reloadly.X?.audience).toBe(
      'https://topups.reloadly.com',
    );
  });

  it('PostgreSQL time limits and pool: safe defaults, values taken', () => {
    expect(leerConfig(base).baseDeDatos).toEqual({
      poolMax: 10,
      conexionMs: 5000,
      sentenciaMs: 10_000,
      sentenciaLargaMs: 600_000,
      transaccionInactivaMs: 60_000,
      bloqueoMs: 5000,
    });
    const c = leerConfig({ ...base, PG_POOL_MAX: '4', PG_SENTENCIA_MS: '2000', PG_BLOQUEO_MS: '300' });
    expect(c.baseDeDatos).toMatchObject({ poolMax: 4, sentenciaMs: 2000, bloqueoMs: 300 });
  });

  it('TRUST_PROXY: hops, or addresses and CIDRs', () => {
    expect(leerConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(leerConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(leerConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1,::1',
    );
  });

  it('DOS_PASOS_CLAVES: the first encrypts, all decrypt', () => {
    const otro = 'otro-secreto-de-prueba-de-32-caracteres-o-mas';
    expect(leerConfig({ ...base, DOS_PASOS_CLAVES: `k2:${otro}, k1:${SECRETO}` }).dosPasos).toEqual({
      actual: 'k2',
      claves: { k2: otro, k1: SECRETO },
    });
    expect(leerConfig(base).dosPasos.actual).toBe('local');
  });
});

describe('demo data: only the embedded database by default, a DATABASE_URL only with SEED_DEMO=1', () => {
  it.each([
    [{}, true],
    [{ SEED_DEMO: '0' }, false],
    [PG_COMPLETO, false],
    [{ ...PG_COMPLETO, SEED_DEMO: '0' }, false],
    [{ ...PG_COMPLETO, SEED_DEMO: '1' }, true],
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

  it.each([
    [
      { NODE_ENV: 'production' },
      'Configuración inválida: DATABASE_URL es obligatoria con NODE_ENV=production\n',
    ],
    [
      { NODE_ENV: 'prod' },
      'Configuración inválida: NODE_ENV debe ser development, test o production (es "prod")\n',
    ],
    [
      { TRUST_PROXY: 'yes' },
      'Configuración inválida: TRUST_PROXY debe ser un número de saltos o direcciones IP o CIDR separadas por comas (es "yes")\n',
    ],
    [
      { RELOADLY_X_CLIENT_ID: 'id' },
      'Configuración inválida: RELOADLY_X_CLIENT_SECRET es obligatoria para la cuenta de Reloadly\n',
    ],
  ])(
    '%o: one line, no stack, exit 1',
    (env, linea) => {
      const r = arrancar(mkdtempSync(join(tmpdir(), 'recargas-env-')), env);
      expect(r.stderr).toBe(linea);
      expect(r.status).toBe(1);
    },
    180_000,
  );

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
