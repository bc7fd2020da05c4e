import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { dormir } from './procesos.ts';

/**
 * A pg_auto_failover formation on this machine (issue 46): a monitor and two PostgreSQL 15 nodes
 * on local ports, each run by its `pg_autoctl` keeper, with synchronous replication (the
 * formation's default with one standby: `synchronous_standby_names = 'ANY 1 (...)'`). Debian's
 * packages are installed with apt-get when `pg_autoctl` is missing. PostgreSQL refuses to run as
 * root: under root every command runs as the `postgres` user.
 */
const BIN = '/usr/lib/postgresql/15/bin';

/**
 * The monitor's health checks, shortened for a test (defaults: every 5 s, 20 s before a node is
 * unhealthy); docs/operacion.md says which to keep in production and why.
 */
const CHEQUEOS = {
  'pgautofailover.health_check_period': '1000',
  'pgautofailover.health_check_timeout': '1000',
  'pgautofailover.health_check_max_retries': '1',
  'pgautofailover.health_check_retry_delay': '500',
  'pgautofailover.node_considered_unhealthy_timeout': '4000',
  // How long the monitor waits for a lost primary to demote itself before promoting the standby
  // (default 30 s); it must stay above the keepers' network_partition_timeout (20 s) where a
  // primary can be cut off alive. Here the node is killed outright.
  'pgautofailover.primary_demote_timeout': '5s',
};

const comoPostgres = process.getuid?.() === 0;

/** A signal to a process (or, negative, its group); never to 0, 1 or -1: ourselves or everyone. */
function matar(pid: number, senal: NodeJS.Signals = 'SIGKILL') {
  if (Math.abs(pid) <= 1) return;
  try {
    process.kill(pid, senal);
  } catch {}
}

/** The postmaster's pid of a data folder, or 0 when it is not running. */
const pidDe = (pgdata: string) => {
  const f = join(pgdata, 'postmaster.pid');
  return existsSync(f) ? Number(readFileSync(f, 'utf8').split('\n')[0]) || 0 : 0;
};

function instalar() {
  if (spawnSync('sh', ['-c', 'command -v pg_autoctl']).status === 0) return;
  console.log('instalando postgresql-15-auto-failover (Debian)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql-15-auto-failover', 'pg-auto-failover-cli'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** A command as the user PostgreSQL runs under, with its binaries first on PATH. */
function orden(args: string[]): [string, string[]] {
  const env = [`PATH=${BIN}:${process.env.PATH}`, 'PG_AUTOCTL_DEBUG=0'];
  return comoPostgres
    ? ['runuser', ['-u', 'postgres', '--', 'env', ...env, ...args]]
    : ['env', [...env, ...args]];
}

/** `select` against one node (trust authentication on 127.0.0.1, as pg_autoctl --auth trust sets). */
async function consultar<T>(puerto: number, texto: string, base = 'postgres'): Promise<T[]> {
  const c = new pg.Client({ host: '127.0.0.1', port: puerto, user: 'postgres', database: base });
  await c.connect();
  try {
    return (await c.query(texto)).rows as T[];
  } finally {
    await c.end();
  }
}

export interface Formacion {
  /** The formation's URL for the APIs and workers: both nodes, read-write wanted. */
  url: (base: string) => string;
  /** Each node's reported and assigned state, as the monitor has them (for the log). */
  estados: () => Promise<string>;
  /** The node pg_auto_failover has as primary now (1 or 2; 0: none), from the monitor. */
  primaria: () => Promise<number>;
  /** Node `n`'s machine lost: its keeper, postmaster and backends killed with SIGKILL. */
  perder: (n: number) => void;
  /** Until the monitor reports one of `estados` for node `n` (or `ms` pass). */
  esperar: (n: number, estados: string[], ms: number) => Promise<void>;
  /** Every process stopped and the folder removed. */
  cerrar: () => Promise<void>;
  puertos: number[];
}

/** Builds the formation on three free ports: the monitor's, node 1's and node 2's. */
export async function crearFormacion([pm, p1, p2]: [number, number, number]): Promise<Formacion> {
  instalar();
  const dir = mkdtempSync(join(tmpdir(), 'formacion-'));
  chmodSync(dir, 0o777);
  const hijos = new Map<string, ChildProcess>();
  const registro = (nombre: string) => join(dir, `${nombre}.log`);
  const arrancar = (nombre: string, args: string[]) => {
    const [c, a] = orden(['sh', '-c', `exec "$@" >>${registro(nombre)} 2>&1`, 'sh', 'pg_autoctl', ...args]);
    hijos.set(nombre, spawn(c, a, { stdio: 'ignore', detached: true }));
  };
  const comun = ['--auth', 'trust', '--no-ssl', '--hostname', '127.0.0.1', '--run'];
  arrancar('monitor', [
    'create',
    'monitor',
    '--pgdata',
    join(dir, 'monitor'),
    '--pgport',
    String(pm),
    ...comun,
  ]);
  const monitor = `postgres://autoctl_node@127.0.0.1:${pm}/pg_auto_failover?sslmode=disable`;
  const estados = () =>
    consultar<{ nodeid: number; reportedstate: string; goalstate: string }>(
      pm,
      'select nodeid, reportedstate, goalstate from pgautofailover.node order by nodeid',
      'pg_auto_failover',
    );
  const hasta = async (listo: () => Promise<boolean>, ms: number, que: string) => {
    const fin = Date.now() + ms;
    for (;;) {
      if (await listo().catch(() => false)) return;
      if (Date.now() > fin) throw new Error(`formación: ${que} no llegó en ${ms} ms (${dir})`);
      await dormir(250);
    }
  };
  await hasta(async () => (await estados()).length >= 0, 60_000, 'el monitor');
  for (const [k, v] of Object.entries(CHEQUEOS))
    await consultar(pm, `alter system set ${k} = '${v}'`, 'pg_auto_failover');
  await consultar(pm, 'select pg_reload_conf()', 'pg_auto_failover');
  const nodo = (n: number, puerto: number) =>
    arrancar(`nodo${n}`, [
      'create',
      'postgres',
      '--pgdata',
      join(dir, `n${n}`),
      '--pgport',
      String(puerto),
      '--monitor',
      monitor,
      ...comun,
    ]);
  nodo(1, p1);
  await hasta(async () => (await estados())[0]?.reportedstate === 'single', 90_000, 'el nodo 1');
  nodo(2, p2);
  const esperar = (n: number, lista: string[], ms: number) =>
    hasta(
      async () => lista.includes((await estados())[n - 1]?.reportedstate ?? ''),
      ms,
      `nodo ${n} ${lista}`,
    );
  await esperar(1, ['primary'], 120_000);
  await esperar(2, ['secondary'], 120_000);
  return {
    puertos: [p1, p2],
    url: (b) => `postgres://postgres@127.0.0.1:${p1},127.0.0.1:${p2}/${b}?target_session_attrs=read-write`,
    estados: async () =>
      (await estados()).map((e) => `node ${e.nodeid} ${e.reportedstate}/${e.goalstate}`).join(', '),
    // A lost node keeps the state it last reported: the monitor's goal for it says what it is now.
    primaria: async () => {
      const e = await estados();
      return e.findIndex((x) => x.goalstate === 'primary' || x.goalstate === 'wait_primary') + 1;
    },
    perder: (n) => {
      const pgdata = join(dir, `n${n}`);
      const pid = pidDe(pgdata);
      if (!pid) throw new Error(`formación: nodo ${n} sin postmaster`);
      // The keeper's whole group first: its supervisor would start PostgreSQL again, as a primary
      // nobody demoted. Then the backends with their postmaster.
      matar(-(hijos.get(`nodo${n}`)?.pid ?? 0));
      spawnSync('pkill', ['-KILL', '-P', String(pid)]);
      matar(pid);
    },
    esperar,
    cerrar: async () => {
      // Each keeper was started in its own process group (detached): the group goes.
      for (const h of hijos.values()) matar(-(h.pid ?? 0), 'SIGTERM');
      await dormir(2000);
      for (const h of hijos.values()) matar(-(h.pid ?? 0));
      for (const d of ['monitor', 'n1', 'n2']) matar(pidDe(join(dir, d)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
