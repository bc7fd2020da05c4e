import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, openAsBlob, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { abrirDb } from '../apps/server/src/db/database.ts';
import { migrar } from '../apps/server/src/db/migrate.ts';
import { PASSWORD_DEMO, sembrar } from '../apps/server/src/db/seed/index.ts';
import { PLANTILLAS } from '../apps/server/src/modules/subidas/service.ts';
import * as medir from './comun.ts';

/**
 * npm run bench:soak — issue 20's silent exit: a server on the embedded database (PGlite in
 * DATA_DIR, workers in process, as `npm start` runs) takes SOAK_VUELTAS rounds (default 20) of one
 * upload of SOAK_FILAS_SUBIDA lines (default 100,000; odd rounds add them, even rounds delete
 * them) and one export of every line (SOAK_LINEAS preloaded, default 1,000,000, plus the upload's),
 * downloaded whole, with top-ups (POST /checkOut) every 200 ms alongside. The server's RSS is read
 * every second for the peak, and after a full garbage collection (SIGUSR2, bench/gc-senal.mjs) at
 * the start (after warm-up), after each round and at the end (after SOAK_REPOSO_SEG idle seconds,
 * default 30). Fails when the process exits, or when the end RSS after GC is more than 20 % over
 * the start's.
 */
const VUELTAS = medir.tamano('SOAK_VUELTAS', 20, 2);
const FILAS_SUBIDA = medir.tamano('SOAK_FILAS_SUBIDA', 100_000, 5_000);
const LINEAS = medir.tamano('SOAK_LINEAS', 1_000_000, 20_000);
const REPOSO_SEG = medir.tamano('SOAK_REPOSO_SEG', 30, 5);
const LOG_SERVIDOR = process.env.SOAK_LOG_SERVIDOR;

const datos = mkdtempSync(join(tmpdir(), 'bench-soak-'));
const MiB = 2 ** 20;
const rss = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
let servidor: ChildProcess | undefined;
let salida: string | undefined;
// Stopped in `finally` too: a failed round must not leave the sampler or the top-ups running.
let muestreo: NodeJS.Timeout | undefined;
let seguir = true;

/**
 * On a loaded machine an upload or an export may take longer than fetch's 300 s wait for an
 * answer to start ("fetch failed", UND_ERR_HEADERS_TIMEOUT, in the first round at load 26): the
 * global dispatcher (fetch's own undici Agent, in place after a first fetch) is replaced by one
 * without time limits.
 */
function sinLimitesDeTiempo() {
  const clave = Symbol.for('undici.globalDispatcher.1');
  const g = globalThis as unknown as Record<symbol, object>;
  const Agente = (g[clave] as object).constructor as new (o: object) => object;
  g[clave] = new Agente({ headersTimeout: 0, bodyTimeout: 0 });
}

try {
  // 1. The embedded database, with the demo data and SOAK_LINEAS generated lines of its company.
  let t = performance.now();
  const db = await abrirDb({ databaseUrl: undefined, dataDir: datos });
  await migrar(db);
  await sembrar(db);
  const { id: empresa } = await db
    .selectFrom('empresas')
    .select('id')
    .where('codigo', '=', 'demo')
    .executeTakeFirstOrThrow();
  for (let desde = 1; desde <= LINEAS; desde += 250_000) {
    const hasta = Math.min(LINEAS, desde + 249_999);
    await sql`insert into lineas (empresa_id, icc, dn, monto, compania, fecha_subida, fecha_actualizacion, fecha_vigencia, plataforma)
      select ${empresa}, '8952' || lpad(g::text, 15, '0'), '55' || lpad((g * 7919 % 100000000)::text, 8, '0'),
        (array[30, 50, 100])[1 + g % 3], (array['T', 'M', 'A'])[1 + g % 3], now(), now(), current_date + 180, 1
      from generate_series(${desde}::bigint, ${hasta}::bigint) g`.execute(db);
  }
  await db.destroy();
  console.log(
    `${LINEAS.toLocaleString('en')} lines generated in ${((performance.now() - t) / 1000).toFixed(0)} s`,
  );

  // 2. The upload file: SOAK_FILAS_SUBIDA new lines (administrator's template).
  const archivo = join(datos, 'subida.xlsx');
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: archivo, useSharedStrings: false });
  const hoja = libro.addWorksheet('Lineas');
  hoja.addRow([...PLANTILLAS.admin]).commit();
  for (let i = 0; i < FILAS_SUBIDA; i++) hoja.addRow(medir.filaLinea(i)).commit();
  hoja.commit();
  await libro.commit();

  // 3. The server as `npm start` runs it (workers in process), on a free port.
  const puerto = await medir.puertoLibre();
  const api = `http://127.0.0.1:${puerto}`;
  const env = { ...medir.entornoServidor(undefined, datos, puerto), DATABASE_URL: '', WORKERS: '1' };
  const hijo = spawn(
    process.execPath,
    ['--expose-gc', '--import', './bench/gc-senal.mjs', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      env: { ...process.env, ...env },
      // SOAK_LOG_SERVIDOR: the server's log (warnings and errors) into that file.
      stdio: ['ignore', LOG_SERVIDOR ? openSync(LOG_SERVIDOR, 'a') : 'ignore', 'pipe'],
    },
  );
  servidor = hijo;
  let stderr = '';
  hijo.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d).slice(-4000);
  });
  hijo.once('exit', (codigo, senal) => {
    salida = `the server exited (${codigo ?? senal}); its last stderr:\n${stderr}`;
  });
  const limite = Date.now() + 120_000;
  for (;;) {
    if (salida) throw new Error(salida);
    if (Date.now() > limite) throw new Error('the server did not answer /health');
    try {
      if ((await fetch(`${api}/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = hijo.pid as number;
  sinLimitesDeTiempo();
  // RSS after a full collection in the server (two passes, then time for V8 to release pages).
  const rssTrasGc = async () => {
    hijo.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 3000));
    return rss(pid);
  };
  // A round may outlast an access token (15 min): each round logs in again.
  const entrar = async () => {
    const r = await fetch(`${api}/iniciarSesion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD_DEMO, empresa: 'demo' }),
    });
    const token = ((await r.json()) as { token: string }).token;
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '';
    return { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
  };
  let cabeceras = await entrar();

  // Warm-up: a few of each light request, then the start figure.
  for (let i = 0; i < 10; i++) await fetch(`${api}/iccs?limit=20`, { headers: cabeceras });
  await new Promise((r) => setTimeout(r, 5000));
  const inicio = await rssTrasGc();
  let pico = inicio;
  muestreo = setInterval(() => {
    pico = Math.max(pico, rss(pid));
  }, 1000);

  // Top-ups alongside, every 200 ms, until the rounds end.
  const recargas: Record<string, number> = {};
  const alLado = (async () => {
    while (seguir && !salida) {
      const dn = `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const s = await fetch(`${api}/checkOut`, {
        method: 'POST',
        headers: { ...cabeceras, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ dn, compania: 'T', monto: 50 }),
      })
        .then(async (x) => {
          await x.arrayBuffer();
          return String(x.status);
        })
        .catch((e: Error) => e.message);
      recargas[s] = (recargas[s] ?? 0) + 1;
      await new Promise((r) => setTimeout(r, 200));
    }
  })();

  const vueltas: string[] = [];
  t = performance.now();
  console.log(`server RSS at start: ${inicio.toFixed(0)} MiB`);
  for (let v = 1; v <= VUELTAS && !salida; v++) {
    cabeceras = await entrar();
    const accion = v % 2 ? '1' : '3';
    const f = new FormData();
    f.set('accion', accion);
    if (accion === '1') f.set('vigencia', '2027/01/01');
    f.set('archivo', await openAsBlob(archivo), 'subida.xlsx');
    let t0 = performance.now();
    const s = await fetch(`${api}/subirArchivo`, { method: 'POST', headers: cabeceras, body: f });
    const subida = ((await s.json()) as { mensaje: string }).mensaje;
    if (s.status !== 200) throw new Error(`upload ${v}: ${s.status} ${subida}`);
    const segSubida = (performance.now() - t0) / 1000;
    t0 = performance.now();
    const e = await fetch(`${api}/excel`, {
      method: 'POST',
      headers: { ...cabeceras, 'content-type': 'application/json' },
      body: JSON.stringify({ tipo: 'ADMINISTRAR', fechas: { fechaInicial: '2000/01/01' } }),
    });
    const exp = (await e.json()) as { nombreArchivo: string; filas: number; mensaje?: string };
    if (e.status !== 200) throw new Error(`export ${v}: ${e.status} ${exp.mensaje}`);
    const segExport = (performance.now() - t0) / 1000;
    const d = await fetch(`${api}/excel/descargar?nombre=${exp.nombreArchivo}`);
    const bytes = (await d.arrayBuffer()).byteLength;
    const antes = rss(pid);
    const linea = `| ${v} | ${accion === '1' ? 'add' : 'delete'} ${FILAS_SUBIDA.toLocaleString('en')}: ${segSubida.toFixed(0)} s | ${exp.filas.toLocaleString('en')} rows, ${(bytes / MiB).toFixed(1)} MiB: ${segExport.toFixed(0)} s | ${antes.toFixed(0)} | ${(await rssTrasGc()).toFixed(0)} | ${pico.toFixed(0)} |`;
    vueltas.push(linea);
    console.log(linea);
  }
  seguir = false;
  await alLado;
  if (salida) throw new Error(salida);
  const segVueltas = (performance.now() - t) / 1000;
  await new Promise((r) => setTimeout(r, REPOSO_SEG * 1000));
  clearInterval(muestreo);
  if (salida) throw new Error(salida);
  const finSinGc = rss(pid);
  const fin = await rssTrasGc();
  const crecimiento = (fin / inicio - 1) * 100;
  medir.guardarResultados('soak', {
    bench: 'bench:soak (embedded database)',
    base: 'PGlite in DATA_DIR, workers in process',
    condiciones: `${VUELTAS} rounds in ${(segVueltas / 60).toFixed(1)} min; ${LINEAS.toLocaleString('en')} lines preloaded; top-ups every 200 ms alongside (${Object.entries(
      recargas,
    )
      .map(([k, n]) => `${n}× ${k}`)
      .join(', ')})`,
    cifras: [
      { caso: 'server RSS', medida: 'start', valor: inicio, unidad: 'MiB' },
      { caso: 'server RSS', medida: 'peak', valor: pico, unidad: 'MiB' },
      { caso: 'server RSS', medida: `end (${REPOSO_SEG} s idle)`, valor: finSinGc, unidad: 'MiB' },
      { caso: 'server RSS', medida: 'end after GC', valor: fin, unidad: 'MiB' },
    ],
    tablas: [
      '| round | upload | export (downloaded whole) | RSS after, MiB | after GC, MiB | peak so far, MiB |',
      '| --- | --- | --- | --- | --- | --- |',
      ...vueltas,
      '',
      `Server RSS after GC: start ${inicio.toFixed(0)} MiB, end ${fin.toFixed(0)} MiB (${crecimiento >= 0 ? '+' : ''}${crecimiento.toFixed(0)} % of start; goal within 20 %); peak ${pico.toFixed(0)} MiB, end before GC ${finSinGc.toFixed(0)} MiB. The process never exited.`,
    ],
  });
  if (crecimiento > 20) process.exitCode = 1;
} catch (e) {
  console.error(e instanceof Error ? `${e.message}${e.cause ? ` (${String(e.cause)})` : ''}` : e);
  process.exitCode = 1;
} finally {
  seguir = false;
  clearInterval(muestreo);
  if (servidor && servidor.exitCode === null) {
    servidor.kill('SIGTERM');
    await new Promise((r) => servidor?.once('exit', r));
  }
  rmSync(datos, { recursive: true, force: true });
}
