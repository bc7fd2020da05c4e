import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { PASSWORD_DEMO } from '../apps/server/src/db/seed/index.ts';
import { servidorSimulador } from '../apps/server/src/providers/servidor-simulador.ts';
import { baseParaCarga, libroSimulador } from '../apps/server/test/entorno.ts';
import { sesionHttp } from '../apps/server/test/proceso.ts';
import * as medir from './comun.ts';
import { CargaEnTurno, compilado, dormir, dosYDos, entornoCluster, type Proceso } from './procesos.ts';

/**
 * npm run test:cluster — issue 20's cluster on real PostgreSQL (a fresh database of
 * BENCH_DATABASE_URL's server) and Redis (a redis-server of its own on a free port): two API
 * processes and two workers (compiled apps/server/dist when built, else tsx), a round-robin
 * client, CLUSTER_RECARGAS top-ups (default 2,000) against the HTTP provider simulator with faults;
 * mid-run one API and one worker are killed with SIGKILL and started again, and Redis is stopped
 * (and later started). Then: double sends and lost rows (the simulator's ledger against our rows),
 * open rows; one Idempotency-Key sent to both APIs at once; a logout on one API against the session
 * the other remembers; login throttling and rate limits across
 * both; an export made on one downloaded through the other; a block's progress read through both.
 * Prints the figures; exits 1 when a check fails.
 */
const TOTAL = medir.tamano('CLUSTER_RECARGAS', 2000, 200);
const CONCURRENCIA = 20;
const LIMITE = 300;
process.env.BENCH_PREFIJO ??= 'b';

const libre = medir.puertoLibre;
const fallas: string[] = [];
const comprobar = (ok: boolean, que: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${que}`);
  if (!ok) fallas.push(que);
};

const base = await medir.baseNueva('cluster');
const sim = servidorSimulador({
  fallas: {
    tasaTimeout: 0.1,
    tasa5xx: 0.05,
    tasaCaida: 0.03,
    tasaRechazo: 0.05,
    latenciaMs: 20,
    semilla: 20,
  },
});
await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
const simUrl = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
const puertoRedis = await libre();
let redis: ChildProcess | undefined;
const arrancarRedis = async () => {
  redis = spawn(
    'redis-server',
    ['--port', String(puertoRedis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await dormir(500);
};
const pararRedis = async () => {
  const r = redis;
  if (!r || r.exitCode !== null) return;
  const fin = new Promise((ok) => r.once('exit', ok));
  r.kill('SIGTERM');
  await fin;
};
const procesos: Proceso[] = [];

try {
  await arrancarRedis();
  const db = await baseParaCarga(base.url);
  const comun: NodeJS.ProcessEnv = {
    ...entornoCluster(base.url, simUrl, 'cluster'),
    REDIS_URL: `redis://127.0.0.1:${puertoRedis}`,
    RATE_LIMIT_MAX: String(LIMITE),
  };

  procesos.push(...(await dosYDos(comun)));
  const [api1, api2, worker1] = procesos as [Proceso, Proceso, Proceso, Proceso];
  await Promise.all(procesos.map((p) => p.arrancar()));
  console.log(
    `cluster: 2 APIs + 2 workers (${compilado ? 'compiled, node dist/' : 'tsx'}), PostgreSQL ${base.version}, redis-server :${puertoRedis}`,
  );
  const apis = [api1, api2];

  const cliente = await sesionHttp(api1.url, 'cliente', PASSWORD_DEMO);
  const carga = new CargaEnTurno({
    apis,
    total: TOTAL,
    sesion: cliente,
    prefijoDn: '55',
    clave: 'cluster-n',
    red: '10.9',
  });
  const { respuestas } = carga;
  const golpes: string[] = [];
  const saboteador = async () => {
    const plan: [number, string, () => Promise<void>][] = [
      [
        0.25,
        'SIGKILL api1',
        async () => {
          await api1.matar();
          await dormir(300);
          await api1.arrancar();
        },
      ],
      [
        0.45,
        'SIGKILL worker1',
        async () => {
          await worker1.matar();
          await dormir(300);
          await worker1.arrancar();
        },
      ],
      [0.35, 'Redis stopped', pararRedis],
      [0.75, 'Redis started', arrancarRedis],
    ];
    // Each blow on its own: a restart that takes a while does not hold back the next one.
    await Promise.all(
      plan.map(async ([en, que, hacer]) => {
        while (carga.hechas < en * TOTAL) await dormir(50);
        golpes.push(`${que} at ${carga.hechas}`);
        await hacer();
      }),
    );
  };
  const t0 = performance.now();
  await Promise.all([saboteador(), carga.correr(CONCURRENCIA)]);
  const envio = (performance.now() - t0) / 1000;
  const abiertas = async () =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from recargas where estado in ('pendiente', 'enviada')
        and idempotencia like 'u:%:cluster-n-%'`.execute(db)
      ).rows[0]?.n,
    );
  const limite = Date.now() + 240_000;
  while ((await abiertas()) > 0 && Date.now() < limite) await dormir(1000);
  const terminal = (performance.now() - t0) / 1000 - envio;
  const filas = (
    await sql<{ estado: string; monto: number; idempotencia: string }>`select estado, monto, idempotencia
      from recargas where idempotencia like 'u:%:cluster-n-%'`.execute(db)
  ).rows;
  const { cobrado, dobles } = await libroSimulador(simUrl);
  const exitosas = filas.filter((f) => f.estado === 'exitosa');
  const porEstado: Record<string, number> = {};
  for (const f of filas) porEstado[f.estado] = (porEstado[f.estado] ?? 0) + 1;
  console.log(
    `${TOTAL} top-ups, ${CONCURRENCIA} at a time, round-robin over 2 APIs; faults 10% timeouts, 5% 5xx, 3% drops, 5% declines; ` +
      `${golpes.join(', ')}; answers ${JSON.stringify(respuestas)}; sent in ${envio.toFixed(0)} s, all terminal ${terminal.toFixed(0)} s later; ` +
      `rows ${JSON.stringify(porEstado)}; double sends ${dobles}; charged ${cobrado} = ours ${exitosas.reduce((t, f) => t + f.monto, 0)}`,
  );
  comprobar(golpes.length === 4, 'API and worker killed and restarted, Redis stopped and started, mid-run');
  comprobar(dobles === 0, '0 double sends (simulator ledger)');
  comprobar(
    new Set(filas.map((f) => f.idempotencia)).size === TOTAL && filas.length === TOTAL,
    `0 lost: ${filas.length} rows for ${TOTAL} top-ups`,
  );
  comprobar((porEstado.pendiente ?? 0) + (porEstado.enviada ?? 0) === 0, 'every row terminal');
  comprobar(
    exitosas.reduce((t, f) => t + f.monto, 0) === cobrado,
    'charged by the provider = our successful rows',
  );
  comprobar((respuestas['500'] ?? 0) === 0, 'no 500 (Redis stopped mid-run included)');

  // The same Idempotency-Key to both APIs at once: one row, the same answer.
  const clave = 'doble-cluster';
  const dos = await Promise.all(
    apis.map((a) =>
      fetch(`${a.url}/checkOut`, {
        method: 'POST',
        body: JSON.stringify({ dn: '5599999999', compania: 'T' }),
        headers: { ...cliente, 'idempotency-key': clave, 'x-forwarded-for': '10.8.0.1' },
      }).then(async (r) => ({ status: r.status, cuerpo: await r.text() })),
    ),
  );
  const conClave = (
    await sql<{
      n: number;
    }>`select count(*)::int as n from recargas where idempotencia like ${`u:%:${clave}`}`.execute(db)
  ).rows[0]?.n;
  comprobar(
    conClave === 1,
    `one Idempotency-Key at both APIs at once: ${conClave} row, answers ${dos.map((d) => d.status).join('/')}`,
  );

  // A logout on one API ends, at once, the session the other keeps in memory for its top-ups
  // (auth/service.ts): the top-up's write finds it ended and writes nothing.
  const lider = await sesionHttp(api1.url, 'lider', PASSWORD_DEMO);
  const porLider = (a: Proceso, clave: string) =>
    fetch(`${a.url}/checkOut`, {
      method: 'POST',
      body: JSON.stringify({ dn: '5599999998', compania: 'T' }),
      headers: { ...lider, 'idempotency-key': clave, 'x-forwarded-for': '10.8.0.2' },
    });
  const recordada = (await porLider(api2, 'memoria-antes')).status;
  const salida = await fetch(`${api1.url}/api/cerrarSesion`, {
    method: 'POST',
    body: '{}',
    headers: { ...lider, 'x-forwarded-for': '10.8.0.2' },
  });
  const tras = await porLider(api2, 'memoria-despues');
  const escritasTras = (
    await sql<{ n: number }>`select count(*)::int as n from recargas
      where idempotencia like ${'u:%:memoria-despues'}`.execute(db)
  ).rows[0]?.n;
  comprobar(
    [200, 202, 422].includes(recordada) && salida.ok && tras.status === 401 && escritasTras === 0,
    `a logout on api1 ends the session api2 remembers: ${recordada}, logout ${salida.status}, then ${tras.status} and ${escritasTras} rows`,
  );

  // Login throttling: wrong passwords alternating between the APIs add up.
  const intentos: number[] = [];
  for (let i = 0; i < 8; i++) {
    const r = await fetch(`${(apis[i % 2] as Proceso).url}/iniciarSesion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.7.0.1' },
      body: JSON.stringify({ username: 'lider', password: 'equivocada', empresa: 'demo' }),
    });
    intentos.push(r.status);
  }
  comprobar(intentos.includes(429), `login throttling across both APIs: ${intentos.join(' ')}`);

  const admin = await sesionHttp(api1.url, 'admin', PASSWORD_DEMO);
  // Rate limit: one address, LIMITE + 40 requests alternating: only a shared count refuses any.
  await dormir(3000);
  const limites: Record<string, number> = {};
  for (let i = 0; i < LIMITE + 40; i++) {
    const r = await fetch(`${(apis[i % 2] as Proceso).url}/iccs?limit=1`, {
      headers: { ...admin, 'x-forwarded-for': '10.6.0.1' },
    });
    await r.arrayBuffer();
    limites[r.status] = (limites[r.status] ?? 0) + 1;
  }
  comprobar(
    (limites['429'] ?? 0) > 0,
    `rate limit shared (${LIMITE}/min, ${LIMITE + 40} alternating): ${JSON.stringify(limites)}`,
  );

  // An export made through api1 downloads through api2.
  const e = await fetch(`${api1.url}/excel`, {
    method: 'POST',
    headers: { ...admin, 'x-forwarded-for': '10.5.0.1' },
    body: JSON.stringify({ tipo: 'ADMINISTRAR', fechas: { fechaInicial: '2000/01/01' } }),
  });
  const { nombreArchivo, filas: filasExcel } = (await e.json()) as { nombreArchivo: string; filas: number };
  const d = await fetch(`${api2.url}/excel/descargar?nombre=${nombreArchivo}`);
  const bytes = (await d.arrayBuffer()).byteLength;
  comprobar(
    e.status === 200 && d.status === 200 && bytes > 0,
    `export on api1 (${filasExcel} rows) downloaded through api2: ${d.status}, ${bytes} bytes`,
  );

  // A block's progress read through either API while the workers recharge it.
  const bloques = async (a: Proceso) =>
    (
      (await (
        await fetch(`${a.url}/api/bloqueRecargasMasivas`, {
          headers: { ...admin, 'x-forwarded-for': '10.5.0.2' },
        })
      ).json()) as {
        bloques: { fechaNumerica: number; recargadas: number; enCurso: number; lineas: number }[];
      }
    ).bloques;
  const [bloque] = await bloques(api1);
  if (!bloque) throw new Error('no demo block');
  const rb = await fetch(`${api1.url}/api/recargarBloque`, {
    method: 'POST',
    headers: { ...admin, 'x-forwarded-for': '10.5.0.3' },
    body: JSON.stringify({ fecha: bloque.fechaNumerica }),
  });
  await rb.arrayBuffer();
  const visto: string[] = [];
  const limiteBloque = Date.now() + 120_000;
  let iguales = true;
  for (;;) {
    const [a, b] = await Promise.all(
      apis.map(async (x) => (await bloques(x)).find((k) => k.fechaNumerica === bloque.fechaNumerica)),
    );
    visto.push(`${a?.recargadas}+${a?.enCurso}/${b?.recargadas}+${b?.enCurso}`);
    if (a?.recargadas !== b?.recargadas) iguales = false;
    if ((a?.enCurso ?? 0) === 0 && (b?.enCurso ?? 0) === 0 && visto.length > 1) break;
    if (Date.now() > limiteBloque) break;
    await dormir(500);
  }
  comprobar(
    rb.status === 200 && visto.length > 1,
    `block progress (recargadas+enCurso, api1/api2) through both: ${visto.slice(0, 8).join(' → ')}${visto.length > 8 ? ' …' : ''}${iguales ? '' : ' (a poll between writes differed)'}`,
  );
  await db.destroy();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  fallas.push('error');
} finally {
  await Promise.all(procesos.map((p) => p.matar()));
  await pararRedis();
  sim.server.closeAllConnections();
  await new Promise((ok) => sim.server.close(ok));
  await base.borrar();
}
console.log(
  fallas.length ? `test:cluster: ${fallas.length} check(s) failed` : 'test:cluster: every check holds',
);
process.exit(fallas.length ? 1 : 0);
