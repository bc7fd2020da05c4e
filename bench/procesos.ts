import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { puertoLibre } from './comun.ts';

/** Cluster runs (test:cluster, test:failover): API and worker processes killed and started at will. */
export const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));
// npm run test:cluster builds first (apps/server/dist); CLUSTER_TSX=1 runs the sources through tsx.
export const compilado = existsSync('apps/server/dist/main.js') && process.env.CLUSTER_TSX !== '1';

/** One process of the cluster (API or worker), killed and started again at will. */
export class Proceso {
  hijo: ChildProcess | undefined;
  muertes = 0;
  constructor(
    readonly nombre: string,
    readonly archivo: 'main' | 'worker',
    readonly env: NodeJS.ProcessEnv,
    readonly url = '',
  ) {}
  async arrancar() {
    const args = compilado
      ? [`apps/server/dist/${this.archivo}.js`]
      : ['--import', 'tsx', `apps/server/src/${this.archivo}.ts`];
    let salida = '';
    const h = spawn(process.execPath, args, {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.hijo = h;
    const anota = (d: Buffer) => {
      salida = (salida + d).slice(-3000);
    };
    h.stdout?.on('data', anota);
    h.stderr?.on('data', anota);
    const limite = Date.now() + 120_000;
    while (Date.now() < limite) {
      if (h.exitCode !== null) throw new Error(`${this.nombre} terminó (${h.exitCode}): ${salida}`);
      if (this.archivo === 'worker' ? salida.includes('Trabajadores en marcha') : await this.sano()) return;
      await dormir(250);
    }
    throw new Error(`${this.nombre} no arrancó: ${salida}`);
  }
  private async sano() {
    try {
      return (await fetch(`${this.url}/health`)).ok;
    } catch {
      return false;
    }
  }
  async matar() {
    const h = this.hijo;
    if (!h || h.exitCode !== null) return;
    const fin = new Promise((r) => h.once('exit', r));
    h.kill('SIGKILL');
    await fin;
    this.muertes++;
  }
}

/**
 * What every API and worker of a cluster run shares: the database, the HTTP provider simulator
 * with short provider timeouts and quick reconciliation, secrets of `nombre`, warn-level logs.
 */
export const entornoCluster = (databaseUrl: string, simUrl: string, nombre: string): NodeJS.ProcessEnv => ({
  DATABASE_URL: databaseUrl,
  JWT_SECRET: `secreto-del-${nombre}-0123456789-0123456789`,
  DOS_PASOS_CLAVES: `prueba:secreto-del-${nombre}-0123456789-0123456789`,
  PROVIDER_SIM_URL: simUrl,
  PROVIDER_TIMEOUT_MS: '300',
  RECONCILIAR_TRAS: '1',
  BARRIDO_TRAS: '1',
  GRACIA_NO_ENCONTRADA: '15',
  TRUST_PROXY: '1',
  WORKERS: '0',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  WEB_DIR: '/nonexistent',
});

/** Two APIs and two workers (not started) on the environment `comun`, each on a free port. */
export async function dosYDos(comun: NodeJS.ProcessEnv): Promise<[Proceso, Proceso, Proceso, Proceso]> {
  const api = async (n: number) => {
    const puerto = await puertoLibre();
    return new Proceso(`api${n}`, 'main', { ...comun, PORT: String(puerto) }, `http://127.0.0.1:${puerto}`);
  };
  const trabajador = async (n: number) =>
    new Proceso(`worker${n}`, 'worker', {
      ...comun,
      LOG_LEVEL: 'info',
      WORKER_PORT: String(await puertoLibre()),
    });
  return [await api(1), await api(2), await trabajador(1), await trabajador(2)];
}

/**
 * `total` top-ups through /checkOut of `apis` in turn (test:cluster, test:failover), each retried
 * 200 ms apart with its Idempotency-Key `<clave>-<i>` until an answer decides it (200, 202 or
 * 422). Clients come from many addresses (X-Forwarded-For `<red>.<i % 200>.1`, TRUST_PROXY=1),
 * each under the rate limit.
 */
export class CargaEnTurno {
  /** Answers by status; 'sin respuesta': none within 15 s. */
  readonly respuestas: Record<string, number> = {};
  /** Top-ups decided so far. */
  hechas = 0;
  private siguiente = 0;
  private turno = 0;

  constructor(
    private readonly o: {
      apis: Proceso[];
      total: number;
      sesion: Record<string, string>;
      prefijoDn: string;
      clave: string;
      red: string;
      /** Called once per top-up, with its key, when an answer decides it. */
      alDecidir?: (clave: string) => void;
    },
  ) {}

  /** `concurrencia` clients until every top-up is decided. */
  correr(concurrencia: number) {
    return Promise.all(Array.from({ length: concurrencia }, () => this.cliente()));
  }

  private async cliente() {
    const { apis, total, sesion, prefijoDn, clave, red, alDecidir } = this.o;
    while (this.siguiente < total) {
      const i = this.siguiente++;
      const cuerpo = JSON.stringify({ dn: `${prefijoDn}${String(i).padStart(8, '0')}`, compania: 'T' });
      for (;;) {
        const api = apis[this.turno++ % apis.length] as Proceso;
        let status = 'sin respuesta';
        try {
          const r = await fetch(`${api.url}/checkOut`, {
            method: 'POST',
            body: cuerpo,
            headers: {
              ...sesion,
              'idempotency-key': `${clave}-${i}`,
              'x-forwarded-for': `${red}.${i % 200}.1`,
            },
            signal: AbortSignal.timeout(15_000),
          });
          await r.arrayBuffer();
          status = String(r.status);
        } catch {}
        this.respuestas[status] = (this.respuestas[status] ?? 0) + 1;
        if (['200', '202', '422'].includes(status)) {
          alDecidir?.(`${clave}-${i}`);
          break;
        }
        await dormir(200);
      }
      this.hechas++;
    }
  }
}
