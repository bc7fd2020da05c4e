import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { servidorSimulador } from '../apps/server/src/providers/servidor-simulador.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The HTTP provider simulator the portal talks to: PUT /fallas steers declines and latency. */
    simURL: string;
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

let servidor: ChildProcess | undefined;
let datos: string | undefined;
let simulador: Server | undefined;

/**
 * Starts `apps/server/src/main.ts` as `npm start` would, on a fresh embedded database, talking
 * to the provider simulator over HTTP so a test can make the provider decline or slow down.
 */
export async function setup(project: TestProject) {
  const puertoSim = await puertoLibre();
  simulador = servidorSimulador().server;
  await new Promise<void>((ok) => simulador?.listen(puertoSim, '127.0.0.1', ok));
  const simURL = `http://127.0.0.1:${puertoSim}`;
  const puerto = await puertoLibre();
  datos = mkdtempSync(join(tmpdir(), 'recargas-e2e-'));
  servidor = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      DATA_DIR: datos,
      LOG_LEVEL: 'warn',
      // Every browser test comes from 127.0.0.1, as one user would not: the per-IP limit is the
      // server tests' subject, not theirs.
      RATE_LIMIT_MAX: '100000',
      PROVIDER_SIM_URL: simURL,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${puerto}`;
  // A loaded machine may take minutes to migrate and seed; past the limit, say so instead of
  // letting the first test fail with a refused connection.
  const limite = Date.now() + 180_000;
  for (;;) {
    if (servidor.exitCode !== null) throw new Error(`El servidor terminó con código ${servidor.exitCode}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) break;
    } catch {}
    if (Date.now() > limite) throw new Error('El servidor no estuvo listo en 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', url);
  project.provide('simURL', simURL);
}

export async function teardown() {
  servidor?.kill('SIGTERM');
  simulador?.close();
  if (datos) rmSync(datos, { recursive: true, force: true });
}
