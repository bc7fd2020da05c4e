import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import webpush from 'web-push';
import { type CuentasReloadly, cuentasReloadly } from './providers/reloadly-sesion.ts';

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
  /** Run the job workers inside the API process (npm start); WORKERS=0 leaves them to npm run worker. */
  trabajadores: boolean;
  /** Web Push (VAPID) and e-mail (SMTP) of the notifications. */
  notificaciones: ConfigNotificaciones;
  /** Reseller API (issue 23): calls per minute per key; webhooks' first retry (s, doubling); http receivers. */
  llavesPorMinuto: number;
  webhooksReintento: number;
  webhooksPermitirHttp: boolean;
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

const entero = (v: string | undefined, porDefecto: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isInteger(n) && n > 0 ? n : porDefecto;
};

/** JWT_SECRET, or one generated once and kept in the data folder. */
function secreto(dataDir: string, env: NodeJS.ProcessEnv): string {
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
function vapid(dataDir: string, env: NodeJS.ProcessEnv): { publicKey: string; privateKey: string } {
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

function notificaciones(dataDir: string, env: NodeJS.ProcessEnv): ConfigNotificaciones {
  const lista = (v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean);
  return {
    vapid: { ...vapid(dataDir, env), subject: env.VAPID_SUBJECT || 'mailto:notificaciones@localhost' },
    pushHosts: env.PUSH_HOSTS ? lista(env.PUSH_HOSTS) : PUSH_HOSTS,
    pushHttp: env.PUSH_PERMITIR_HTTP === '1',
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: entero(env.SMTP_PORT, 587),
          secure: env.SMTP_SECURE === '1',
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

export function leerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A relative DATA_DIR is taken from where the user ran npm (INIT_CWD), not the workspace.
  const dataDir =
    env.DATA_DIR === MEMORIA
      ? MEMORIA
      : env.DATA_DIR
        ? resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR)
        : DATA_POR_DEFECTO;
  return {
    port: entero(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: secreto(dataDir, env),
    accessTtl: entero(env.ACCESS_TTL, 15 * 60),
    sessionTtl: entero(env.SESSION_TTL, 12 * 60 * 60),
    cookieSecure: env.COOKIE_SECURE === '1',
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: confianzaProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN || undefined,
    docsToken: env.DOCS_TOKEN || undefined,
    produccion: env.NODE_ENV === 'production',
    workerPort: env.WORKER_PORT ? entero(env.WORKER_PORT, 0) || undefined : undefined,
    rateLimitMax: entero(env.RATE_LIMIT_MAX, 600),
    loginMaxFallosCuenta: entero(env.LOGIN_MAX_FALLOS_CUENTA, 5),
    loginMaxFallosIp: entero(env.LOGIN_MAX_FALLOS_IP, 30),
    loginEspera: entero(env.LOGIN_ESPERA, 30),
    loginBloqueo: entero(env.LOGIN_BLOQUEO, 15 * 60),
    loginDemoraMaxMs: entero(env.LOGIN_DEMORA_MAX_MS, 2000),
    webDir: env.WEB_DIR,
    logLevel: env.LOG_LEVEL ?? 'info',
    providerSimUrl: env.PROVIDER_SIM_URL || undefined,
    providerTimeoutMs: entero(env.PROVIDER_TIMEOUT_MS, 5000),
    reloadly: cuentasReloadly(env),
    reconciliarTras: entero(env.RECONCILIAR_TRAS, 10),
    graciaNoEncontrada: entero(env.GRACIA_NO_ENCONTRADA, 60),
    barridoTras: entero(env.BARRIDO_TRAS, 60),
    trabajadores: env.WORKERS !== '0',
    notificaciones: notificaciones(dataDir, env),
    llavesPorMinuto: entero(env.API_LLAVE_POR_MINUTO, 600),
    webhooksReintento: entero(env.WEBHOOKS_REINTENTO_S, 30),
    webhooksPermitirHttp: env.WEBHOOKS_PERMITIR_HTTP === '1',
  };
}
