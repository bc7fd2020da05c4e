import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * The API (`src/main.ts`, as `npm start` runs it) or the job workers alone (`src/worker.ts`,
 * `npm run worker`) as their own process, so a test can kill it with SIGKILL and start it again
 * on the same database. The API is ready when /health answers; the workers when they say so.
 */
export class ProcesoApi {
  private hijo: ChildProcess | undefined;
  private matando = false;
  /** What the process wrote to stdout (its log lines), the first 200,000 characters. */
  salida = '';
  /** Set when the process ended without being killed by the test: a crash. */
  murio: string | undefined;

  constructor(
    readonly url: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly script: 'src/main.ts' | 'src/worker.ts' = 'src/main.ts',
  ) {}

  async arrancar(): Promise<void> {
    const hijo = spawn(process.execPath, ['--import', 'tsx', this.script], {
      cwd: new URL('..', import.meta.url).pathname,
      env: this.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.hijo = hijo;
    hijo.stdout?.on('data', (d: Buffer) => {
      if (this.salida.length < 200_000) this.salida += d.toString();
    });
    hijo.once('exit', (codigo, senal) => {
      if (!this.matando) this.murio = `${this.script} terminó solo (${codigo ?? senal})`;
    });
    const listo = async () => {
      if (this.script === 'src/worker.ts') return this.salida.includes('Trabajadores en marcha');
      return (await fetch(`${this.url}/health`)).ok;
    };
    const limite = Date.now() + 90_000;
    while (Date.now() < limite) {
      if (this.murio) throw new Error(this.murio);
      try {
        if (await listo()) return;
      } catch {}
      await new Promise((ok) => setTimeout(ok, 200));
    }
    throw new Error(`${this.script} no arrancó`);
  }

  /** SIGKILL: no shutdown hooks, no goodbye to the database or the provider. */
  matar(): Promise<void> {
    const h = this.hijo;
    if (!h || h.exitCode !== null) return Promise.resolve();
    this.matando = true;
    return new Promise((ok) => {
      h.once('exit', () => {
        this.matando = false;
        ok();
      });
      h.kill('SIGKILL');
    });
  }
}

/** Logs in over HTTP: the headers a browser would send afterwards. */
export async function sesionHttp(api: string, username: string, password: string, empresa = 'demo') {
  const r = await fetch(`${api}/iniciarSesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, empresa }),
  });
  if (!r.ok) throw new Error(`login ${username}: ${r.status}`);
  const { token } = (await r.json()) as { token: string };
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
}

/** A TCP port free on the loopback now (for a process the test starts). */
export const puertoLibre = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/**
 * The environment of an API or worker process a test starts: on PostgreSQL database `url`, else
 * the embedded one in `datos`; its secrets derived from `secreto` (32+ characters).
 */
export const entornoDeProceso = (
  o: { puerto: number; url: string | undefined; datos?: string; secreto: string },
  mas: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(o.puerto),
  HOST: '127.0.0.1',
  ...(o.url ? { DATABASE_URL: o.url } : { DATA_DIR: o.datos ?? 'memory://' }),
  JWT_SECRET: o.secreto,
  DOS_PASOS_CLAVES: `prueba:${o.secreto}`,
  ...mas,
});

/**
 * The fault suites' API settings besides its database: a short send timeout, reconciliation and
 * the sweep after a second, "never received" believed after 15 s, no request limit, a quiet log.
 */
export const AJUSTES_DE_FALLAS: NodeJS.ProcessEnv = {
  PROVIDER_TIMEOUT_MS: '300',
  RECONCILIAR_TRAS: '1',
  BARRIDO_TRAS: '1',
  GRACIA_NO_ENCONTRADA: '15',
  RATE_LIMIT_MAX: '10000000',
  LOG_LEVEL: 'fatal',
};
