import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { servidorSimulador } from '../apps/server/src/providers/servidor-simulador.ts';

/** One portal and the HTTP provider simulator it talks to (PUT /fallas steers declines and latency). */
export interface Sitio {
  base: string;
  sim: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker (sitio.ts picks the worker's): files running at once never share data. */
    sitios: Sitio[];
  }
}

const puertoLibre = () =>
  new Promise<number>((ok, mal) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
    s.on('error', mal);
  });

const servidores: ChildProcess[] = [];
const simuladores: Server[] = [];
const carpetas: string[] = [];

/**
 * Starts `apps/server/src/main.ts` as `npm start` would, on a fresh embedded database, talking
 * to the provider simulator over HTTP so a test can make the provider decline or slow down.
 */
async function levantar(): Promise<Sitio> {
  const puertoSim = await puertoLibre();
  const simulador = servidorSimulador().server;
  simuladores.push(simulador);
  await new Promise<void>((ok) => simulador.listen(puertoSim, '127.0.0.1', ok));
  const sim = `http://127.0.0.1:${puertoSim}`;
  const puerto = await puertoLibre();
  const datos = mkdtempSync(join(tmpdir(), 'recargas-e2e-'));
  carpetas.push(datos);
  const servidor = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      DATA_DIR: datos,
      LOG_LEVEL: 'warn',
      // Every browser test comes from 127.0.0.1, as one user would not: the per-IP limit is the
      // server tests' subject, not theirs.
      RATE_LIMIT_MAX: '100000',
      PROVIDER_SIM_URL: sim,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  servidores.push(servidor);
  const base = `http://127.0.0.1:${puerto}`;
  // A loaded machine may take minutes to migrate and seed; past the limit, say so instead of
  // letting the first test fail with a refused connection.
  const limite = Date.now() + 180_000;
  for (;;) {
    if (servidor.exitCode !== null) throw new Error(`El servidor terminó con código ${servidor.exitCode}`);
    try {
      if ((await fetch(`${base}/ready`)).ok) break;
    } catch {}
    if (Date.now() > limite) throw new Error('El servidor no estuvo listo en 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, sim };
}

/** A portal and a simulator for each worker: two files at once would otherwise change each other's data. */
export async function setup(project: TestProject) {
  const n = Math.max(1, project.config.maxWorkers);
  project.provide('sitios', await Promise.all(Array.from({ length: n }, levantar)));
}

export function teardown() {
  for (const s of servidores) s.kill('SIGTERM');
  for (const s of simuladores) s.close();
  for (const d of carpetas) rmSync(d, { recursive: true, force: true });
}
