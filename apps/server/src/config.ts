import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PLAZOS_POR_DEFECTO, type PlazosBase } from './db/plazos.ts';
import { bandera, entero, faltaEn, saltosOProxies, texto, una, url, validar } from './lib/entorno.ts';
import { type CuentasReloadly, cuentasReloadly } from './providers/reloadly-sesion.ts';
import { SALDO_SIMULADO } from './providers/simulador.ts';
import { type CuentasTaecel, cuentasTaecel } from './providers/taecel-cuenta.ts';

/** Settings from the environment (listed in .env.example). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** A read replica for reports, charts and exports, used while its delay stays within lecturaRetrasoMaxS. */
  databaseUrlLectura: string | undefined;
  lecturaRetrasoMaxS: number;
  jwtSecret: string;
  /** JWT_SECRET_ANTERIOR: the secret before a rotation, still accepted for tokens and XSRF values. */
  jwtSecretAnterior: string | undefined;
  /** Keys of the two-step secrets by id; `actual` encrypts, every one decrypts (DOS_PASOS_CLAVES). */
  dosPasos: { actual: string; claves: Record<string, string> };
  /** Lifetime of an access token, in seconds. */
  accessTtl: number;
  /** Lifetime of a session (and its renewal cookie), in seconds. */
  sessionTtl: number;
  cookieSecure: boolean;
  redisUrl: string | undefined;
  /** TRUST_PROXY: proxy hops to trust (1 = the one reverse proxy) or their addresses/CIDRs. */
  trustProxy: false | number | string;
  /** Bearer tokens of /metrics and /docs; unset: open in development, closed in production. */
  metricsToken: string | undefined;
  docsToken: string | undefined;
  /** NODE_ENV=production. */
  produccion: boolean;
  /**
   * Simulated providers (the built-in simulator, Reloadly's sandbox) may answer top-ups:
   * PROVEEDOR_SIMULADO, by default yes outside production and no in it (staging sets 1).
   */
  simuladorPermitido: boolean;
  /** The worker's /health, /ready and /metrics (npm run worker); unset: none. */
  workerPort: number | undefined;
  /** Requests per minute per IP, all routes. */
  rateLimitMax: number;
  /**
   * Login throttling (modules/auth/limites.ts): failures of one client on one account, and of
   * one client on all accounts, before it must wait; the first wait and the longest (seconds);
   * the most an attempt on an account under attack is held (ms).
   */
  loginMaxFallosCuenta: number;
  loginMaxFallosIp: number;
  loginEspera: number;
  loginBloqueo: number;
  loginDemoraMaxMs: number;
  webDir: string | undefined;
  logLevel: string;
  /** HTTP provider simulator; unset: the in-process simulator. */
  providerSimUrl: string | undefined;
  /** Platform 2's HTTP simulator when it runs apart from platform 1's (failover tests). */
  providerSimUrl2: string | undefined;
  /** How long a send waits for the provider before its outcome counts as unknown (ms). */
  providerTimeoutMs: number;
  /** Reloadly accounts by name, from RELOADLY_<CUENTA>_CLIENT_ID/_CLIENT_SECRET/_AUDIENCE/_URL. */
  reloadly: CuentasReloadly;
  /** TAECEL accounts by name, from TAECEL_<CUENTA>_KEY/_NIP/_URL. */
  taecel: CuentasTaecel;
  /** Seconds after a top-up is written before its reconciliation job first looks at it. */
  reconciliarTras: number;
  /** Age (seconds) of an open top-up before the sweep gives it a reconciliation job. */
  barridoTras: number;
  /** Seconds after a send before 'the provider never received it' is believed. */
  graciaNoEncontrada: number;
  /** Circuit breaker of each provider account: sends seen before it may open, ms open before a probe. */
  corte: { minimoLlamadas: number; probarTrasMs: number };
  /** Run the job workers inside the API process (npm start); WORKERS=0 leaves them to npm run worker. */
  trabajadores: boolean;
  /** Fill an empty database with the demo data: the embedded one by default, a DATABASE_URL only with SEED_DEMO=1. */
  sembrarDemo: boolean;
  /** SHUTDOWN_TIMEOUT_MS: how long SIGTERM/SIGINT waits for in-flight requests and jobs. */
  apagadoMs: number;
  /** SHUTDOWN_DRAIN_MS: after SIGTERM, how long the API still answers (/ready 503, each answer closing its connection) before it stops listening, so a proxy takes it out of rotation first. */
  drenajeMs: number;
  /** Web Push (VAPID) and e-mail (SMTP) of the notifications. */
  notificaciones: ConfigNotificaciones;
  /** Reseller API (issue 23): calls per minute per key; webhooks' first retry (s, doubling); http receivers. */
  llavesPorMinuto: number;
  webhooksReintento: number;
  webhooksPermitirHttp: boolean;
  /** Webhooks to private, loopback and link-local addresses (a local receiver under test, issue 44). */
  webhooksPermitirPrivadas: boolean;
  /** .xlsx uploads: largest file and uncompressed content (MiB), most rows. */
  subidas: { maxMb: number; maxDescomprimidoMb: number; maxFilas: number };
  /** Minutes an Excel export stays downloadable. */
  excelTtlMin: number;
  /** Lines of bulk blocks one worker process sends at once. */
  masivasConcurrencia: number;
  /** Apply pending migrations at start (MIGRAR_AL_ARRANCAR); 0: `npm run migrate` did, refuse if any is left. */
  migrarAlArrancar: boolean;
  /** Time limits and pool of a PostgreSQL database (db/plazos.ts). */
  baseDeDatos: PlazosBase;
  /** Starting balance (pesos) of each bag of a simulated provider account. */
  simuladorSaldo: number;
}

export interface ConfigNotificaciones {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; unset: made once and kept in the database (notificaciones/claves.ts). */
  vapid: ClavesVapid | undefined;
  /** VAPID_SUBJECT: the contact of the VAPID signature. */
  vapidSubject: string;
  /** Hosts (or their parent domains) a push subscription may point to; PUSH_HOSTS. */
  pushHosts: string[];
  /** Also accept http:// endpoints (tests, local push services); PUSH_PERMITIR_HTTP=1. */
  pushHttp: boolean;
  /** SMTP_HOST unset: no e-mail channel. */
  smtp:
    | { host: string; port: number; secure: boolean; user?: string; pass?: string; from: string }
    | undefined;
}

export interface ClavesVapid {
  publicKey: string;
  privateKey: string;
}

/** SIMULADOR_SALDO, also read alone by the HTTP simulator (npm run provider:sim). */
const SALDO_SIMULADOR = entero(SALDO_SIMULADO, 1, Number.MAX_SAFE_INTEGER);

/** The upload limits when SUBIDA_* are unset (also those of a call without settings). */
export const SUBIDAS_POR_DEFECTO: Config['subidas'] = {
  maxMb: 30,
  maxDescomprimidoMb: 400,
  maxFilas: 100_000,
};

const secretoLargo = texto.refine(
  (v) => v === undefined || v.length >= 32,
  'debe tener al menos 32 caracteres',
);

/** `id:clave` pairs separated by commas (the first one encrypts): ids of 1-16 [a-z0-9-], keys of 32+ characters. */
const clavesConId = texto.refine(
  (v) => v === undefined || v.split(',').every((p) => /^[a-z0-9-]{1,16}:.{32,}$/.test(p.trim())),
  'debe ser id:clave[,id:clave...] (id de 1 a 16 letras minúsculas, cifras o guiones; clave de 32 caracteres o más)',
);

const NIVELES_LOG = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The variables leerConfig reads, checked all at once (.env.example lists and explains them). */
const ENTORNO = z
  .object({
    PORT: entero(3000, 0, 65535),
    HOST: texto,
    DATA_DIR: texto,
    DATABASE_URL: url('postgres', 'postgresql'),
    DATABASE_URL_LECTURA: url('postgres', 'postgresql'),
    LECTURA_RETRASO_MAX_S: entero(30, 1, 3600),
    JWT_SECRET: secretoLargo,
    JWT_SECRET_ANTERIOR: secretoLargo,
    DOS_PASOS_CLAVES: clavesConId,
    ACCESS_TTL: entero(15 * 60),
    SESSION_TTL: entero(12 * 60 * 60),
    COOKIE_SECURE: bandera(false),
    REDIS_URL: url('redis', 'rediss'),
    METRICS_TOKEN: texto,
    DOCS_TOKEN: texto,
    NODE_ENV: una(['development', 'test', 'production'], 'development'),
    TRUST_PROXY: saltosOProxies,
    PROVEEDOR_SIMULADO: bandera(undefined),
    WORKER_PORT: entero(0, 0, 65535),
    RATE_LIMIT_MAX: entero(600),
    LOGIN_MAX_FALLOS_CUENTA: entero(5),
    LOGIN_MAX_FALLOS_IP: entero(30),
    LOGIN_ESPERA: entero(30),
    LOGIN_BLOQUEO: entero(15 * 60),
    LOGIN_DEMORA_MAX_MS: entero(2000),
    WEB_DIR: texto,
    LOG_LEVEL: texto.refine(
      (v) => v === undefined || NIVELES_LOG.includes(v),
      `debe ser ${NIVELES_LOG.join(', ')}`,
    ),
    PROVIDER_SIM_URL: url('http', 'https'),
    PROVIDER_SIM_URL_2: url('http', 'https'),
    PROVIDER_TIMEOUT_MS: entero(5000),
    RECONCILIAR_TRAS: entero(10),
    GRACIA_NO_ENCONTRADA: entero(60),
    BARRIDO_TRAS: entero(60),
    CORTE_MINIMO_LLAMADAS: entero(10, 1, 20),
    CORTE_PROBAR_TRAS_MS: entero(30_000),
    WORKERS: bandera(true),
    SEED_DEMO: bandera(undefined),
    SHUTDOWN_TIMEOUT_MS: entero(20_000),
    SHUTDOWN_DRAIN_MS: entero(0, 0, 60_000),
    VAPID_PUBLIC_KEY: texto,
    VAPID_PRIVATE_KEY: texto,
    VAPID_SUBJECT: texto,
    PUSH_HOSTS: texto,
    PUSH_PERMITIR_HTTP: bandera(false),
    SMTP_HOST: texto,
    SMTP_PORT: entero(587, 1, 65535),
    SMTP_SECURE: bandera(false),
    SMTP_USER: texto,
    SMTP_PASS: texto,
    SMTP_FROM: texto,
    API_LLAVE_POR_MINUTO: entero(600),
    WEBHOOKS_REINTENTO_S: entero(30),
    WEBHOOKS_PERMITIR_HTTP: bandera(false),
    WEBHOOKS_PERMITIR_PRIVADAS: bandera(false),
    SUBIDA_MAX_MB: entero(SUBIDAS_POR_DEFECTO.maxMb, 1, 1024),
    SUBIDA_MAX_DESCOMPRIMIDO_MB: entero(SUBIDAS_POR_DEFECTO.maxDescomprimidoMb, 1, 16_384),
    SUBIDA_MAX_FILAS: entero(SUBIDAS_POR_DEFECTO.maxFilas, 1, 10_000_000),
    EXCEL_TTL_MIN: entero(60, 1, 7 * 24 * 60),
    MASIVAS_CONCURRENCIA: entero(10, 1, 200),
    MIGRAR_AL_ARRANCAR: bandera(true),
    PG_POOL_MAX: entero(PLAZOS_POR_DEFECTO.poolMax, 1, 1000),
    PG_CONEXION_MS: entero(PLAZOS_POR_DEFECTO.conexionMs, 100, 600_000),
    PG_SENTENCIA_MS: entero(PLAZOS_POR_DEFECTO.sentenciaMs, 100, 3_600_000),
    PG_SENTENCIA_LARGA_MS: entero(PLAZOS_POR_DEFECTO.sentenciaLargaMs, 1000, 86_400_000),
    PG_TRANSACCION_INACTIVA_MS: entero(PLAZOS_POR_DEFECTO.transaccionInactivaMs, 100, 86_400_000),
    PG_BLOQUEO_MS: entero(PLAZOS_POR_DEFECTO.bloqueoMs, 10, 3_600_000),
    SIMULADOR_SALDO: SALDO_SIMULADOR,
  })
  .superRefine((e, ctx) => {
    const pg = Boolean(e.DATABASE_URL);
    // Every process must sign and check tokens, and read two-step secrets, with the same keys; ones
    // generated per data folder would not be.
    if (e.DATABASE_URL_LECTURA && !pg)
      faltaEn(ctx, 'DATABASE_URL_LECTURA', 'va con DATABASE_URL: es su réplica');
    if (pg && !e.JWT_SECRET) faltaEn(ctx, 'JWT_SECRET', 'es obligatoria cuando DATABASE_URL está puesta');
    if (pg && !e.DOS_PASOS_CLAVES)
      faltaEn(ctx, 'DOS_PASOS_CLAVES', 'es obligatoria cuando DATABASE_URL está puesta');
    if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
      faltaEn(ctx, e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY', 'debe ir con su par');
    if (e.NODE_ENV !== 'production') return;
    // The embedded database is for development and demonstration: one process, demo accounts.
    if (!pg) faltaEn(ctx, 'DATABASE_URL', 'es obligatoria con NODE_ENV=production');
    if (e.SEED_DEMO)
      faltaEn(
        ctx,
        'SEED_DEMO',
        'no se permite con NODE_ENV=production (las contraseñas de demostración son públicas)',
      );
  });
type Entorno = z.output<typeof ENTORNO>;

/** A secret generated once and kept in the data folder (embedded database only). */
function guardado(dataDir: string, archivo: string): string {
  if (dataDir === MEMORIA) return randomBytes(48).toString('base64url');
  const ruta = join(dataDir, archivo);
  try {
    return readFileSync(ruta, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const nuevo = randomBytes(48).toString('base64url');
    writeFileSync(ruta, nuevo, { mode: 0o600 });
    return nuevo;
  }
}

/** DOS_PASOS_CLAVES, or one key `local` generated once into the data folder. */
function clavesDosPasos(dataDir: string, env: Entorno): Config['dosPasos'] {
  const pares = env.DOS_PASOS_CLAVES
    ? env.DOS_PASOS_CLAVES.split(',').map((p) => {
        const i = p.indexOf(':');
        return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
      })
    : [['local', guardado(dataDir, 'dos-pasos-clave')] as const];
  return { actual: pares[0]?.[0] ?? '', claves: Object.fromEntries(pares) };
}

/** The push services of the browsers (Chrome, Firefox, Edge, Safari). */
const PUSH_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

function notificaciones(env: Entorno): ConfigNotificaciones {
  const lista = (v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean);
  return {
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: env.VAPID_SUBJECT || 'mailto:notificaciones@localhost',
    pushHosts: env.PUSH_HOSTS ? lista(env.PUSH_HOSTS) : PUSH_HOSTS,
    pushHttp: env.PUSH_PERMITIR_HTTP,
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          secure: env.SMTP_SECURE,
          ...(env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : {}),
          from: env.SMTP_FROM || 'Portal de recargas <notificaciones@localhost>',
        }
      : undefined,
  };
}

/** DATA_DIR=memory:// keeps the embedded database in memory (tests, throw-away demos). */
export const MEMORIA = 'memory://';

/** ./data of the repository, whichever workspace npm runs the script in. */
const DATA_POR_DEFECTO = resolve(import.meta.dirname, '../../../data');

/** The settings, read once from the environment; a bad value throws ErrorConfig naming it. */
export function leerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const v = validar(ENTORNO, env);
  // A relative DATA_DIR is taken from where the user ran npm (INIT_CWD), not the workspace.
  const dataDir =
    v.DATA_DIR === MEMORIA
      ? MEMORIA
      : v.DATA_DIR
        ? resolve(env.INIT_CWD ?? process.cwd(), v.DATA_DIR)
        : DATA_POR_DEFECTO;
  return {
    port: v.PORT,
    host: v.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: v.DATABASE_URL,
    databaseUrlLectura: v.DATABASE_URL_LECTURA,
    lecturaRetrasoMaxS: v.LECTURA_RETRASO_MAX_S,
    jwtSecret: v.JWT_SECRET ?? guardado(dataDir, 'jwt-secret'),
    jwtSecretAnterior: v.JWT_SECRET_ANTERIOR,
    dosPasos: clavesDosPasos(dataDir, v),
    accessTtl: v.ACCESS_TTL,
    sessionTtl: v.SESSION_TTL,
    cookieSecure: v.COOKIE_SECURE,
    redisUrl: v.REDIS_URL,
    trustProxy: v.TRUST_PROXY,
    metricsToken: v.METRICS_TOKEN,
    docsToken: v.DOCS_TOKEN,
    produccion: v.NODE_ENV === 'production',
    simuladorPermitido: v.PROVEEDOR_SIMULADO ?? v.NODE_ENV !== 'production',
    workerPort: v.WORKER_PORT || undefined,
    rateLimitMax: v.RATE_LIMIT_MAX,
    loginMaxFallosCuenta: v.LOGIN_MAX_FALLOS_CUENTA,
    loginMaxFallosIp: v.LOGIN_MAX_FALLOS_IP,
    loginEspera: v.LOGIN_ESPERA,
    loginBloqueo: v.LOGIN_BLOQUEO,
    loginDemoraMaxMs: v.LOGIN_DEMORA_MAX_MS,
    webDir: v.WEB_DIR,
    logLevel: v.LOG_LEVEL ?? 'info',
    providerSimUrl: v.PROVIDER_SIM_URL,
    providerSimUrl2: v.PROVIDER_SIM_URL_2,
    providerTimeoutMs: v.PROVIDER_TIMEOUT_MS,
    reloadly: cuentasReloadly(env, v.NODE_ENV === 'production' && !v.PROVEEDOR_SIMULADO),
    taecel: cuentasTaecel(env),
    reconciliarTras: v.RECONCILIAR_TRAS,
    graciaNoEncontrada: v.GRACIA_NO_ENCONTRADA,
    barridoTras: v.BARRIDO_TRAS,
    corte: { minimoLlamadas: v.CORTE_MINIMO_LLAMADAS, probarTrasMs: v.CORTE_PROBAR_TRAS_MS },
    trabajadores: v.WORKERS,
    sembrarDemo: v.SEED_DEMO ?? !v.DATABASE_URL,
    apagadoMs: v.SHUTDOWN_TIMEOUT_MS,
    drenajeMs: v.SHUTDOWN_DRAIN_MS,
    notificaciones: notificaciones(v),
    llavesPorMinuto: v.API_LLAVE_POR_MINUTO,
    webhooksReintento: v.WEBHOOKS_REINTENTO_S,
    webhooksPermitirHttp: v.WEBHOOKS_PERMITIR_HTTP,
    webhooksPermitirPrivadas: v.WEBHOOKS_PERMITIR_PRIVADAS,
    subidas: {
      maxMb: v.SUBIDA_MAX_MB,
      maxDescomprimidoMb: v.SUBIDA_MAX_DESCOMPRIMIDO_MB,
      maxFilas: v.SUBIDA_MAX_FILAS,
    },
    excelTtlMin: v.EXCEL_TTL_MIN,
    masivasConcurrencia: v.MASIVAS_CONCURRENCIA,
    migrarAlArrancar: v.MIGRAR_AL_ARRANCAR,
    baseDeDatos: {
      poolMax: v.PG_POOL_MAX,
      conexionMs: v.PG_CONEXION_MS,
      sentenciaMs: v.PG_SENTENCIA_MS,
      sentenciaLargaMs: v.PG_SENTENCIA_LARGA_MS,
      transaccionInactivaMs: v.PG_TRANSACCION_INACTIVA_MS,
      bloqueoMs: v.PG_BLOQUEO_MS,
    },
    simuladorSaldo: v.SIMULADOR_SALDO,
  };
}

/** npm run provider:sim on its own: its port and the starting balance of its accounts. */
export function leerConfigSimulador(env: NodeJS.ProcessEnv = process.env) {
  const v = validar(
    z.object({ PROVIDER_SIM_PORT: entero(4010, 0, 65535), SIMULADOR_SALDO: SALDO_SIMULADOR }),
    env,
  );
  return { puerto: v.PROVIDER_SIM_PORT, saldo: v.SIMULADOR_SALDO };
}
