import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { type CuentasReloadly, cuentasReloadly } from './providers/reloadly-sesion.ts';
import { SALDO_SIMULADO } from './providers/simulador.ts';

/** Settings from the environment (listed in .env.example). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  jwtSecret: string;
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
  /** Web Push (VAPID) and e-mail (SMTP) of the notifications. */
  notificaciones: ConfigNotificaciones;
  /** Reseller API (issue 23): calls per minute per key; webhooks' first retry (s, doubling); http receivers. */
  llavesPorMinuto: number;
  webhooksReintento: number;
  webhooksPermitirHttp: boolean;
  /** .xlsx uploads: largest file and uncompressed content (MiB), most rows. */
  subidas: { maxMb: number; maxDescomprimidoMb: number; maxFilas: number };
  /** Minutes an Excel export stays downloadable. */
  excelTtlMin: number;
  /** Lines of bulk blocks one worker process sends at once. */
  masivasConcurrencia: number;
  /** Starting balance (pesos) of each bag of a simulated provider account. */
  simuladorSaldo: number;
}

export interface ConfigNotificaciones {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated once into DATA_DIR/vapid.json. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Hosts (or their parent domains) a push subscription may point to; PUSH_HOSTS. */
  pushHosts: string[];
  /** Also accept http:// endpoints (tests, local push services); PUSH_PERMITIR_HTTP=1. */
  pushHttp: boolean;
  /** SMTP_HOST unset: no e-mail channel. */
  smtp:
    | { host: string; port: number; secure: boolean; user?: string; pass?: string; from: string }
    | undefined;
}

/** A setting the environment gets wrong: the start stops with this one line (lib/arranque.ts). */
export class ErrorConfig extends Error {}

type Ctx = z.core.$RefinementCtx<string | undefined>;
const falla = (ctx: Ctx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** Text; unset and empty are the same. */
const texto = z
  .string()
  .optional()
  .transform((v) => v || undefined);

/** A whole number from min to max; unset or empty: porDefecto. */
const entero = (porDefecto: number, min = 1, max = 2 ** 31 - 1) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return porDefecto;
      const n = Number(v);
      return /^\s*\d+\s*$/.test(v) && n >= min && n <= max
        ? n
        : falla(ctx, `debe ser un número entero entre ${min} y ${max}`);
    });

/** 1 or 0 (also true or false); unset or empty: porDefecto. */
const bandera = <T extends boolean | undefined>(porDefecto: T) =>
  z
    .string()
    .optional()
    .transform((v, ctx): boolean | T => {
      if (v === undefined || v.trim() === '') return porDefecto;
      const t = v.trim().toLowerCase();
      if (t === '1' || t === 'true') return true;
      if (t === '0' || t === 'false') return false;
      return falla(ctx, 'debe ser 1 o 0');
    });

/** A URL with one of these schemes; unset or empty: none. */
const url = (...esquemas: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      let esquema = '';
      try {
        esquema = new URL(v).protocol.slice(0, -1);
      } catch {}
      return esquemas.includes(esquema)
        ? v
        : falla(ctx, `debe ser una URL ${esquemas.map((e) => `${e}://`).join(' o ')}`);
    });

/** SIMULADOR_SALDO, also read alone by the HTTP simulator (npm run provider:sim). */
const SALDO_SIMULADOR = entero(SALDO_SIMULADO, 1, Number.MAX_SAFE_INTEGER);

/** The upload limits when SUBIDA_* are unset (also those of a call without settings). */
export const SUBIDAS_POR_DEFECTO: Config['subidas'] = {
  maxMb: 30,
  maxDescomprimidoMb: 400,
  maxFilas: 100_000,
};

const NIVELES_LOG = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The variables leerConfig reads, checked all at once (.env.example lists and explains them). */
const ENTORNO = z
  .object({
    PORT: entero(3000, 0, 65535),
    HOST: texto,
    DATA_DIR: texto,
    DATABASE_URL: url('postgres', 'postgresql'),
    JWT_SECRET: texto.refine((v) => v === undefined || v.length >= 32, 'debe tener al menos 32 caracteres'),
    ACCESS_TTL: entero(15 * 60),
    SESSION_TTL: entero(12 * 60 * 60),
    COOKIE_SECURE: bandera(false),
    REDIS_URL: url('redis', 'rediss'),
    METRICS_TOKEN: texto,
    DOCS_TOKEN: texto,
    NODE_ENV: texto,
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
    SUBIDA_MAX_MB: entero(SUBIDAS_POR_DEFECTO.maxMb, 1, 1024),
    SUBIDA_MAX_DESCOMPRIMIDO_MB: entero(SUBIDAS_POR_DEFECTO.maxDescomprimidoMb, 1, 16_384),
    SUBIDA_MAX_FILAS: entero(SUBIDAS_POR_DEFECTO.maxFilas, 1, 10_000_000),
    EXCEL_TTL_MIN: entero(60, 1, 7 * 24 * 60),
    MASIVAS_CONCURRENCIA: entero(10, 1, 200),
    SIMULADOR_SALDO: SALDO_SIMULADOR,
  })
  .superRefine((e, ctx) => {
    // Every process must sign and check tokens with the same key; one generated per data folder would not be.
    if (e.DATABASE_URL && !e.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'es obligatoria cuando DATABASE_URL está puesta',
      });
    }
  });
type Entorno = z.output<typeof ENTORNO>;

/** Values never echoed in the error line. */
const SECRETOS = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_SECRET',
  'SMTP_PASS',
  'VAPID_PRIVATE_KEY',
  'METRICS_TOKEN',
  'DOCS_TOKEN',
]);

/** The environment checked against a schema (ENTORNO); the first bad variable as one ErrorConfig line. */
function validar<S extends z.ZodType>(esquema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const r = esquema.safeParse(env);
  if (r.success) return r.data;
  const { path, message } = r.error.issues[0] as z.core.$ZodIssue;
  const nombre = String(path[0]);
  const valor = env[nombre];
  const visto = valor === undefined || SECRETOS.has(nombre) ? '' : ` (es "${valor}")`;
  throw new ErrorConfig(`Configuración inválida: ${nombre} ${message}${visto}`);
}

/** JWT_SECRET, or one generated once and kept in the data folder. */
function secreto(dataDir: string, env: Entorno): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (dataDir === MEMORIA) return randomBytes(48).toString('base64url');
  const archivo = join(dataDir, 'jwt-secret');
  try {
    return readFileSync(archivo, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const nuevo = randomBytes(48).toString('base64url');
    writeFileSync(archivo, nuevo, { mode: 0o600 });
    return nuevo;
  }
}

/** The push services of the browsers (Chrome, Firefox, Edge, Safari). */
const PUSH_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/** VAPID keys from the environment, or generated once and kept in the data folder. */
function vapid(dataDir: string, env: Entorno): { publicKey: string; privateKey: string } {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  }
  if (dataDir === MEMORIA) return webpush.generateVAPIDKeys();
  const archivo = join(dataDir, 'vapid.json');
  try {
    return JSON.parse(readFileSync(archivo, 'utf8')) as { publicKey: string; privateKey: string };
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const nuevas = webpush.generateVAPIDKeys();
    writeFileSync(archivo, JSON.stringify(nuevas), { mode: 0o600 });
    return nuevas;
  }
}

function notificaciones(dataDir: string, env: Entorno): ConfigNotificaciones {
  const lista = (v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean);
  return {
    vapid: { ...vapid(dataDir, env), subject: env.VAPID_SUBJECT || 'mailto:notificaciones@localhost' },
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

/** A number of hops, else a comma list of addresses or CIDRs (Fastify's trustProxy); 0: none. */
function confianzaProxy(v: string | undefined): false | number | string {
  const t = v?.trim() ?? '';
  if (t === '' || t === '0') return false;
  return /^\d+$/.test(t) ? Number(t) : t;
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
    jwtSecret: secreto(dataDir, v),
    accessTtl: v.ACCESS_TTL,
    sessionTtl: v.SESSION_TTL,
    cookieSecure: v.COOKIE_SECURE,
    redisUrl: v.REDIS_URL,
    trustProxy: confianzaProxy(env.TRUST_PROXY),
    metricsToken: v.METRICS_TOKEN,
    docsToken: v.DOCS_TOKEN,
    produccion: v.NODE_ENV === 'production',
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
    reloadly: cuentasReloadly(env),
    reconciliarTras: v.RECONCILIAR_TRAS,
    graciaNoEncontrada: v.GRACIA_NO_ENCONTRADA,
    barridoTras: v.BARRIDO_TRAS,
    corte: { minimoLlamadas: v.CORTE_MINIMO_LLAMADAS, probarTrasMs: v.CORTE_PROBAR_TRAS_MS },
    trabajadores: v.WORKERS,
    sembrarDemo: v.SEED_DEMO ?? !v.DATABASE_URL,
    apagadoMs: v.SHUTDOWN_TIMEOUT_MS,
    notificaciones: notificaciones(dataDir, v),
    llavesPorMinuto: v.API_LLAVE_POR_MINUTO,
    webhooksReintento: v.WEBHOOKS_REINTENTO_S,
    webhooksPermitirHttp: v.WEBHOOKS_PERMITIR_HTTP,
    subidas: {
      maxMb: v.SUBIDA_MAX_MB,
      maxDescomprimidoMb: v.SUBIDA_MAX_DESCOMPRIMIDO_MB,
      maxFilas: v.SUBIDA_MAX_FILAS,
    },
    excelTtlMin: v.EXCEL_TTL_MIN,
    masivasConcurrencia: v.MASIVAS_CONCURRENCIA,
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
