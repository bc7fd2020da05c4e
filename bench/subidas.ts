import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { PASSWORD_DEMO } from '../apps/server/src/db/seed/index.ts';
import { PLANTILLAS } from '../apps/server/src/modules/subidas/service.ts';
import * as medir from './comun.ts';

/**
 * npm run bench:uploads — does a long upload stop the rest of the server on the embedded
 * database (PGlite in DATA_DIR, the zero-set-up install: DATABASE_URL unset)? GET /ready (one
 * database round trip; /health no longer touches the database) and
 * POST /iniciarSesion (demo admin) are asked one after another, each in its own loop, while each
 * heavy request runs: POST /subirArchivo of a 100,000-row .xlsx with actions 1 (new), 2 (the same
 * file again: replacements), 3 (delete them), 6 (port-outs), 7 (1,000 users, the most a file may
 * have) and POST /excel of every line; and the same loops with nothing else running. The figures
 * are p50 and p99 (ms) of the requests started while the heavy one ran; goal p99 < 500 ms.
 *
 * BENCH_FILAS_SUBIDA rows (default 100,000), BENCH_ACCIONES (default 1,2,3,6,7,excel);
 * BENCH_POSTGRES=1: the same on a fresh database of BENCH_DATABASE_URL's PostgreSQL, to compare.
 * The server is the compiled one (`npm run bench:uploads` builds it first).
 */
const FILAS = medir.tamano('BENCH_FILAS_SUBIDA', 100_000, 5_000);
const FILAS_USUARIOS = Math.min(FILAS, 1000);
const SOLO_BASE_SEG = medir.tamano('BENCH_BASE_SEG', 10, 3);
const ACCIONES = (process.env.BENCH_ACCIONES ?? '1,2,3,6,7,excel').split(',');
const PUERTO = await medir.puertoLibre();
const api = `http://127.0.0.1:${PUERTO}`;
const base = process.env.BENCH_POSTGRES === '1' ? await medir.baseNueva('subidas') : undefined;
const databaseUrl = base?.url ?? '';

const datos = mkdtempSync(join(tmpdir(), 'bench-subidas-'));
let servidor: ChildProcess | undefined;

/** A workbook written with exceljs's streaming writer: the header, then `n` rows. */
async function escribirLibro(
  nombre: string,
  hoja: string,
  titulos: readonly string[],
  fila: (i: number) => unknown[],
  n: number,
) {
  const archivo = join(datos, nombre);
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: archivo, useSharedStrings: false });
  const h = libro.addWorksheet(hoja);
  h.addRow([...titulos]).commit();
  for (let i = 0; i < n; i++) h.addRow(fila(i)).commit();
  h.commit();
  await libro.commit();
  return archivo;
}

async function entrar() {
  const t = performance.now();
  const r = await fetch(`${api}/iniciarSesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD_DEMO, empresa: 'demo' }),
  });
  const cuerpo = (await r.json()) as { token?: string };
  const ms = performance.now() - t;
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return {
    ms,
    status: r.status,
    cabeceras: { authorization: `Bearer ${cuerpo.token}`, 'x-xsrf-token': xsrf },
  };
}

async function salud() {
  const t = performance.now();
  const r = await fetch(`${api}/ready`);
  await r.arrayBuffer();
  return { ms: performance.now() - t, status: r.status };
}

/** Two loops (health every 20 ms, login every 50 ms) until `fin` settles; the samples started before it. */
async function sondear(fin: Promise<unknown>) {
  let terminado = false;
  const listo = fin.finally(() => {
    terminado = true;
  });
  const espera = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const bucle = async (pedir: () => Promise<{ ms: number; status: number }>, pausa: number) => {
    const ms: number[] = [];
    const fallos: number[] = [];
    while (!terminado) {
      const r = await pedir();
      ms.push(r.ms);
      if (r.status !== 200) fallos.push(r.status);
      await espera(pausa);
    }
    return { ms, fallos };
  };
  const [s, l] = await Promise.all([bucle(salud, 20), bucle(entrar, 50), listo]);
  return { salud: s, login: l };
}

const cuantil = (xs: number[], p: number) => {
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.floor(p * o.length))] ?? 0;
};

try {
  const comun = {
    ...medir.entornoServidor(databaseUrl, datos, PUERTO),
    ...(databaseUrl ? { SEED_DEMO: '1' } : {}),
  };
  const icc = (i: number) => `8953${String(i).padStart(15, '0')}`;
  const lineas = await escribirLibro('lineas.xlsx', 'Lineas', PLANTILLAS.admin, medir.filaLinea, FILAS);
  const portas = await escribirLibro(
    'portas.xlsx',
    'Portabilidades',
    PLANTILLAS.portabilidadesAdmin,
    (i) => [icc(i), 'Lider', 'Cliente', 'X', `55${String(i).padStart(8, '0')}`, 'Telcel', '1234', 50],
    FILAS,
  );
  const usuarios = await escribirLibro(
    'usuarios.xlsx',
    'Usuarios',
    PLANTILLAS.registroUsuarios,
    (i) => [`bench${i}`, `Usuario ${i}`, 'Bench.2026x', 2, `Lider bench ${i}`, '', '5512345678', 100],
    FILAS_USUARIOS,
  );

  // The compiled server, as `npm start` and the image run it: tsx's loader held 80-95 MiB more
  // (2026-11-26, PostgreSQL, action 1: 251 against 173 MiB idle, 353 against 258 at the peak).
  servidor = await medir.proceso('apps/server/dist/main.js', api, comun);
  const { cabeceras } = await entrar();
  for (let i = 0; i < 20; i++) await Promise.all([salud(), entrar()]);

  const pasos: { nombre: string; pedir: () => Promise<string> }[] = [
    {
      nombre: 'nothing else',
      pedir: () => new Promise((r) => setTimeout(() => r(`${SOLO_BASE_SEG} s`), SOLO_BASE_SEG * 1000)),
    },
  ];
  const subir = (accion: string, archivo: string) => async () => {
    const f = new FormData();
    f.set('accion', accion);
    if (accion === '1' || accion === '2') f.set('vigencia', '2027/01/01');
    f.set('archivo', await openAsBlob(archivo), 'subida.xlsx');
    const r = await fetch(`${api}/subirArchivo`, { method: 'POST', headers: cabeceras, body: f });
    const b = (await r.json()) as { mensaje: string };
    if (r.status !== 200) throw new Error(`subida ${accion}: ${r.status} ${b.mensaje}`);
    return b.mensaje;
  };
  const nombres: Record<string, string> = {
    '1': `POST /subirArchivo action 1, ${FILAS.toLocaleString('en')} new lines`,
    '2': `POST /subirArchivo action 2, the same ${FILAS.toLocaleString('en')} (replaced)`,
    '3': `POST /subirArchivo action 3, delete those ${FILAS.toLocaleString('en')}`,
    '6': `POST /subirArchivo action 6, ${FILAS.toLocaleString('en')} port-outs`,
    '7': `POST /subirArchivo action 7, ${FILAS_USUARIOS.toLocaleString('en')} users`,
    excel: 'POST /excel ADMINISTRAR, every line',
  };
  const archivos: Record<string, string> = {
    '1': lineas,
    '2': lineas,
    '3': lineas,
    '6': portas,
    '7': usuarios,
  };
  // The export runs after action 1 (when the lines are there), before their deletion.
  const orden = ['1', 'excel', '2', '3', '6', '7'].filter((a) => ACCIONES.includes(a));
  for (const a of orden) {
    pasos.push({
      nombre: nombres[a] as string,
      pedir:
        a === 'excel'
          ? async () => {
              const r = await fetch(`${api}/excel`, {
                method: 'POST',
                headers: { ...cabeceras, 'content-type': 'application/json' },
                body: JSON.stringify({ tipo: 'ADMINISTRAR', fechas: { fechaInicial: '2000/01/01' } }),
              });
              const b = (await r.json()) as { filas: number; mensaje?: string };
              if (r.status !== 200) throw new Error(`excel: ${r.status} ${b.mensaje}`);
              return `${b.filas.toLocaleString('en')} rows`;
            }
          : subir(a, archivos[a] as string),
    });
  }

  const filasTabla: string[] = [];
  const cifras: medir.Cifra[] = [];
  for (const p of pasos) {
    const t = performance.now();
    const pedido = p.pedir();
    const s = await sondear(pedido);
    const segundos = (performance.now() - t) / 1000;
    const resultado = await pedido;
    const de = (m: { ms: number[]; fallos: number[] }) =>
      `${cuantil(m.ms, 0.5).toFixed(0)} / ${cuantil(m.ms, 0.99).toFixed(0)} / ${Math.max(...m.ms).toFixed(0)} (${m.ms.length}${m.fallos.length ? `, ${m.fallos.length} not 200` : ''})`;
    filasTabla.push(
      `| ${p.nombre} | ${segundos.toFixed(1)} | ${medir.memoria(servidor.pid as number).pico.toFixed(0)} | ${de(s.salud)} | ${de(s.login)} | ${resultado} |`,
    );
    for (const [medida, m] of [
      ['GET /ready', s.salud],
      ['POST /iniciarSesion', s.login],
    ] as const) {
      cifras.push(
        { caso: p.nombre, medida: `${medida} p50`, valor: cuantil(m.ms, 0.5), unidad: 'ms' },
        { caso: p.nombre, medida: `${medida} p99`, valor: cuantil(m.ms, 0.99), unidad: 'ms' },
      );
    }
    const pico = medir.memoria(servidor.pid as number).pico;
    cifras.push(
      { caso: p.nombre, medida: 'time', valor: segundos, unidad: 's' },
      { caso: p.nombre, medida: 'API peak RSS so far', valor: pico, unidad: 'MiB' },
    );
    console.log(filasTabla.at(-1));
  }
  medir.guardarResultados(base ? 'subidas-postgres' : 'subidas', {
    bench: 'bench:uploads',
    base: base ? `PostgreSQL ${base.version}` : 'embedded PGlite on disk (DATA_DIR)',
    condiciones: `API over HTTP in its own process (WORKERS=0), demo data; lines file ${(statSync(lineas).size / 2 ** 20).toFixed(1)} MiB. GET /ready every 20 ms and POST /iniciarSesion (admin) every 50 ms, each loop waiting for its answer, while the step runs.`,
    tablas: [
      'Latency of other requests while a heavy one runs: p50 / p99 / max ms (samples). Goal: p99 < 500 ms;',
      'action 1 under 15 s and the API under 350 MB peak RSS (the peak since the process started).',
      '',
      '| step | time s | API peak RSS MiB | GET /ready | POST /iniciarSesion | answer |',
      '| --- | --- | --- | --- | --- | --- |',
      ...filasTabla,
    ],
    cifras,
  });
} finally {
  if (servidor && servidor.exitCode === null) {
    servidor.kill('SIGTERM');
    await new Promise((r) => servidor?.once('exit', r));
  }
  rmSync(datos, { recursive: true, force: true });
  await base?.borrar();
}
process.exit(0);
