import { type ChildProcess, spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';

/** A fresh database on the PostgreSQL of BENCH_DATABASE_URL (default: the local server). */
export async function baseNueva(nombre: string) {
  const servidor = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const base = `bench_${nombre}_${Date.now()}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: servidor });
    await c.connect();
    try {
      return await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${base}`);
  const version = (await admin('show server_version')).rows[0]?.server_version as string;
  const url = new URL(servidor);
  url.pathname = `/${base}`;
  return {
    url: url.toString(),
    version,
    borrar: () => admin(`drop database if exists ${base} with (force)`),
  };
}

/** Starts a TypeScript entry point as its own process and waits for GET <url>/health. */
export async function proceso(entrada: string, url: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const hijo = spawn(process.execPath, ['--import', 'tsx', entrada], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const limite = Date.now() + 90_000;
  while (Date.now() < limite) {
    if (hijo.exitCode !== null) throw new Error(`${entrada} terminó con ${hijo.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return hijo;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${entrada} no respondió`);
}

export const maquina = () => {
  const c = cpus();
  return `${c.length} × ${c[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
};

/** Median and 95th percentile (ms) of `veces` sequential calls, after 5 warm-up calls. */
export async function cronometrar(pedir: () => Promise<unknown>, veces: number) {
  for (let i = 0; i < 5; i++) await pedir();
  const t: number[] = [];
  for (let i = 0; i < veces; i++) {
    const inicio = performance.now();
    await pedir();
    t.push(performance.now() - inicio);
  }
  t.sort((a, b) => a - b);
  const q = (p: number) => t[Math.min(t.length - 1, Math.floor(p * t.length))] ?? 0;
  return { p50: q(0.5), p95: q(0.95) };
}

/** Logs in over HTTP and returns the bearer token. */
export async function iniciarSesion(api: string, username: string, password: string, empresa = 'demo') {
  const r = await fetch(`${api}/iniciarSesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, empresa }),
  });
  if (!r.ok) throw new Error(`login ${username}: ${r.status}`);
  return ((await r.json()) as { token: string }).token;
}
