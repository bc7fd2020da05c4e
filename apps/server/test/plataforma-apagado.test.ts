import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirDb } from '../src/db/database.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import { baseDeDatosNueva, PASSWORD_DEMO } from './entorno.ts';
import { sesionHttp } from './proceso.ts';

/**
 * `src/main.ts` as its own process on a free port (PORT=0), on a fresh database: PostgreSQL
 * when DATABASE_URL is set, else an embedded one in a temporary folder. Its stdout is kept.
 */
class Servidor {
  salida = '';
  url = '';
  readonly fin: Promise<number | null>;
  private readonly hijo: ChildProcess;

  constructor(env: NodeJS.ProcessEnv) {
    this.hijo = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.hijo.stdout?.on('data', (d: Buffer) => {
      this.salida += d.toString();
    });
    this.fin = new Promise((ok) => this.hijo.once('exit', (codigo) => ok(codigo)));
  }

  async escuchando(): Promise<string> {
    const limite = Date.now() + 90_000;
    while (Date.now() < limite && this.hijo.exitCode === null) {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(this.salida);
      if (m?.[1]) {
        this.url = m[1];
        return m[1];
      }
      await new Promise((ok) => setTimeout(ok, 200));
    }
    throw new Error(`el servidor no arrancó:\n${this.salida}`);
  }

  senal(s: NodeJS.Signals) {
    this.hijo.kill(s);
  }
}

const SECRETO = 'secreto-de-la-prueba-de-apagado-0123456789';
const carpetas: string[] = [];
const bases: Awaited<ReturnType<typeof baseDeDatosNueva>>[] = [];

/** A fresh database's settings, and how to look into it once the server has gone. */
async function baseNueva() {
  const db = await baseDeDatosNueva();
  bases.push(db);
  const dataDir = mkdtempSync(join(tmpdir(), 'recargas-apagado-'));
  carpetas.push(dataDir);
  return {
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: db.url ?? '',
      JWT_SECRET: SECRETO,
      DOS_PASOS_CLAVES: `prueba:${SECRETO}`,
    },
    abrir: () => abrirDb({ databaseUrl: db.url, dataDir, logLevel: 'silent' }),
  };
}

let sim: ReturnType<typeof servidorSimulador>;
let envios = 0;

beforeAll(async () => {
  // Every answer of the provider takes 3 s: a top-up is in flight that long.
  sim = servidorSimulador({ fallas: { latenciaMs: 3000 } });
  sim.server.on('request', (req) => {
    if (req.method === 'POST') envios++;
  });
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
});

afterAll(async () => {
  sim?.server.closeAllConnections();
  await new Promise((ok) => sim?.server.close(ok));
  for (const b of bases) await b.borrar();
  for (const c of carpetas) rmSync(c, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('SIGTERM with a top-up in flight: no new requests, the top-up answers, exit 0 with log lines', async () => {
    const base = await baseNueva();
    const servidor = new Servidor({
      ...base.env,
      SEED_DEMO: '1',
      PROVIDER_SIM_URL: `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`,
      PROVIDER_TIMEOUT_MS: '20000',
      SHUTDOWN_TIMEOUT_MS: '15000',
    });
    const api = await servidor.escuchando();
    const headers = await sesionHttp(api, 'cliente', PASSWORD_DEMO);
    const antes = envios;
    const enVuelo = fetch(`${api}/checkOut`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': 'apagado-1' },
      body: JSON.stringify({ dn: '5511223344', compania: 'T' }),
    });
    while (envios === antes) await new Promise((ok) => setTimeout(ok, 50));

    servidor.senal('SIGTERM');
    // It stops taking requests while the top-up is still at the provider.
    let nueva: number | Error = 200;
    while (nueva === 200) {
      nueva = await fetch(`${api}/health`).then(
        (r) => r.status,
        (e: Error) => e,
      );
    }
    const r = await enVuelo;
    expect(r.status).toBe(200);
    expect(await servidor.fin, servidor.salida).toBe(0);
    expect(servidor.salida).toContain('SIGTERM recibida: apagado ordenado (plazo 15000 ms)');
    expect(servidor.salida).toMatch(/Apagado ordenado en \d+ ms/);
    expect(servidor.salida).toContain('Proceso terminado con código 0');

    const db = await base.abrir();
    const fila = await db.selectFrom('recargas').select('estado').executeTakeFirstOrThrow();
    await db.destroy();
    expect(fila.estado).not.toBe('pendiente');
  }, 180_000);
});

describe('demo data rule at start', () => {
  it('a fresh database without SEED_DEMO (PostgreSQL), or with SEED_DEMO=0 (embedded), gets no company', async () => {
    const base = await baseNueva();
    const servidor = new Servidor({ ...base.env, ...(process.env.DATABASE_URL ? {} : { SEED_DEMO: '0' }) });
    const api = await servidor.escuchando();
    const login = await fetch(`${api}/iniciarSesion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: PASSWORD_DEMO, empresa: 'demo' }),
    });
    expect(login.status).not.toBe(200);
    servidor.senal('SIGINT');
    expect(await servidor.fin, servidor.salida).toBe(0);
    expect(servidor.salida).not.toContain('datos de demostración creados');
    const db = await base.abrir();
    const { n } = await db
      .selectFrom('empresas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await db.destroy();
    expect(n).toBe(0);
  }, 180_000);
});
