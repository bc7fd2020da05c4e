import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { abrirDb } from '../apps/server/src/db/database.ts';
import {
  baseGuardada,
  baseNueva,
  baseSembrada,
  type Cifra,
  comparacionDeEscala,
  entornoServidor,
  filaLinea,
  filasBench,
  guardarResultados,
  memoria,
  proceso,
  puertoLibre,
  tamano,
} from './comun.ts';
import { consultasLineas, entrarDemo, mediana, medirPagina } from './lineas-consultas.ts';

/**
 * npm run bench:lines — the line inventory at scale, on real PostgreSQL (BENCH_DATABASE_URL):
 * BENCH_FILAS (or BENCH_LINEAS; default 1,000,000) generated lines in company demo over the
 * last year; the median time of the first page of GET /iccs (with its 'N encontrados' count)
 * and of the next (keyset) page, with and without chips; unless BENCH_PESADOS=0, POST /excel
 * tipo ADMINISTRAR of every line (time and the API process's peak RSS) and POST /subirArchivo
 * of a 100,000-row .xlsx, action 1 (time and peak RSS), each in a fresh API process so that
 * its peak RSS is its own. BENCH_BASE=<name> keeps its database and reuses it (generated once).
 */
const LINEAS = filasBench('BENCH_LINEAS', 1_000_000, 5_000);
const PESADOS = process.env.BENCH_PESADOS !== '0';
const FILAS_SUBIDA = tamano('BENCH_FILAS_SUBIDA', 100_000, 1_000);
const VECES = tamano('BENCH_VECES', 21, 3);
const PUERTO = await puertoLibre();
const api = `http://127.0.0.1:${PUERTO}`;

const base = process.env.BENCH_BASE ? await baseGuardada(process.env.BENCH_BASE) : await baseNueva('lineas');
const datos = mkdtempSync(join(tmpdir(), 'bench-lineas-'));
let servidor: ChildProcess | undefined;
try {
  const { db, empresa } = await baseSembrada(base.url);
  const lider = (
    await db.selectFrom('lideres').select('id').where('empresa_id', '=', empresa).executeTakeFirstOrThrow()
  ).id;

  let t = performance.now();
  // A kept database (BENCH_BASE) already holds them (their ICCs start 89520; the seed's do not).
  const hay = await db
    .selectFrom('lineas')
    .select('id')
    .where('empresa_id', '=', empresa)
    .where('icc', 'like', '89520%')
    .limit(1)
    .executeTakeFirst();
  // Generated in the database: a year of uploads, six carriers, two thirds of a leader.
  for (let desde = 1; !hay && desde <= LINEAS; desde += 500_000) {
    const hasta = Math.min(LINEAS, desde + 499_999);
    await sql`insert into lineas (empresa_id, icc, dn, monto, lider_id, compania, fecha_subida, fecha_actualizacion,
        fecha_vigencia, is_recargado, fecha_recarga, plataforma)
      select ${empresa}, '8952' || lpad(g::text, 15, '0'), '55' || lpad((g * 7919 % 100000000)::text, 8, '0'),
        (array[30, 50, 70, 100, 200])[1 + g % 5], case when g % 3 = 0 then null else ${lider}::int end,
        (array['T', 'M', 'U', 'A', 'V', 'B'])[1 + (g * 31) % 6],
        now() - ((g * 104729 % 31536000) * interval '1 second'), now(), current_date + 180,
        g % 10 = 0, case when g % 10 = 0 then now() end, 1 + g % 2
      from generate_series(${desde}::bigint, ${hasta}::bigint) g`.execute(db);
  }
  // Steady state: autovacuum keeps the visibility map set; a fresh bulk load would not be there yet.
  if (!hay) {
    await sql`vacuum analyze lineas`.execute(db);
    await sql`vacuum analyze lineas_dia`.execute(db);
  }
  const generacion = (performance.now() - t) / 1000;
  await db.destroy();

  const comun = entornoServidor(base.url, datos, PUERTO);

  const iniciar = () => proceso('apps/server/src/main.ts', api, comun);
  const detener = async (h: ChildProcess) => {
    h.kill('SIGTERM');
    await new Promise((r) => h.once('exit', r));
  };
  // 1. First pages.
  servidor = await iniciar();
  let cabeceras = await entrarDemo(api);
  const consultas = consultasLineas();
  const paginas: string[] = [];
  const cifras: Cifra[] = [];
  for (const [nombre, q] of consultas) {
    const tiempos: number[] = [];
    const siguientes: number[] = [];
    let total = 0;
    let masDe = false;
    for (let i = 0; i < VECES; i++) {
      const m = await medirPagina(api, cabeceras, q);
      tiempos.push(m.primera);
      if (m.siguiente !== undefined) siguientes.push(m.siguiente);
      total = m.total;
      masDe = m.masDe;
    }
    const caso = `GET /iccs, ${nombre}`;
    cifras.push(
      { caso, medida: 'N encontrados', valor: total, unidad: 'lines' },
      { caso, medida: 'first page, median', valor: mediana(tiempos), unidad: 'ms' },
    );
    if (siguientes.length)
      cifras.push({ caso, medida: 'next page, median', valor: mediana(siguientes), unidad: 'ms' });
    paginas.push(
      `| ${nombre} | ${masDe ? 'más de ' : ''}${total.toLocaleString('en')} | ${mediana(tiempos).toFixed(1)} | ${siguientes.length ? mediana(siguientes).toFixed(1) : '-'} |`,
    );
  }

  const tablas = [
    `First page of GET /iccs (20 rows, with the count), median of ${VECES}; and the second page (keyset cursor):`,
    '',
    '| query | N encontrados | first page ms | next page ms |',
    '| --- | --- | --- | --- |',
    ...paginas,
    ...comparacionDeEscala('lineas', LINEAS, cifras),
  ];
  if (PESADOS) await pesados();
  guardarResultados('lineas', {
    bench: 'bench:lines',
    base: `PostgreSQL ${base.version}`,
    condiciones: `${LINEAS.toLocaleString('en')} lines in one company (${hay ? `kept database ${process.env.BENCH_BASE}` : `generated in ${generacion.toFixed(0)} s`}), API over HTTP in its own process (WORKERS=0).`,
    tablas,
    cifras,
  });

  /** 2 and 3: the export of every line and an upload, each in a fresh API process. */
  async function pesados() {
    // 2. Export of every line, in a fresh process.
    await detener(servidor as ChildProcess);
    servidor = await iniciar();
    cabeceras = await entrarDemo(api);
    const antesExport = memoria(servidor.pid as number);
    t = performance.now();
    const exp = await fetch(`${api}/excel`, {
      method: 'POST',
      headers: { ...cabeceras, 'content-type': 'application/json' },
      body: JSON.stringify({ tipo: 'ADMINISTRAR', fechas: { fechaInicial: '2000/01/01' } }),
    });
    const { nombreArchivo, filas } = (await exp.json()) as { nombreArchivo: string; filas: number };
    const segExport = (performance.now() - t) / 1000;
    const memExport = memoria(servidor.pid as number);
    t = performance.now();
    const descarga = await fetch(`${api}/excel/descargar?nombre=${nombreArchivo}`);
    const bytes = (await descarga.arrayBuffer()).byteLength;
    const segDescarga = (performance.now() - t) / 1000;

    // 3. Upload of a 100,000-row file (written here with exceljs's streaming writer), fresh process.
    const archivo = join(datos, 'subida.xlsx');
    const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: archivo, useSharedStrings: false });
    const hoja = libro.addWorksheet('Lineas');
    hoja.addRow(['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR']).commit();
    for (let i = 0; i < FILAS_SUBIDA; i++) {
      hoja.addRow(filaLinea(i)).commit();
    }
    hoja.commit();
    await libro.commit();
    const tamSubida = statSync(archivo).size;
    await detener(servidor);
    servidor = await iniciar();
    cabeceras = await entrarDemo(api);
    const antesSubida = memoria(servidor.pid as number);
    const formulario = new FormData();
    formulario.set('accion', '1');
    formulario.set('vigencia', '2027/01/01');
    formulario.set('archivo', await openAsBlob(archivo), 'subida.xlsx');
    t = performance.now();
    const sub = await fetch(`${api}/subirArchivo`, { method: 'POST', headers: cabeceras, body: formulario });
    const resultado = (await sub.json()) as { total: number; correctos: number; mensaje: string };
    const segSubida = (performance.now() - t) / 1000;
    const memSubida = memoria(servidor.pid as number);
    await detener(servidor);
    // A kept database (BENCH_BASE) goes back to its generated lines.
    if (process.env.BENCH_BASE) {
      const db = await abrirDb({ databaseUrl: base.url, dataDir: 'memory://' });
      await sql`delete from lineas where icc like '8953%'`.execute(db);
      await db.destroy();
    }

    /** Rows, time and the API's peak resident memory of a heavy step. */
    const pesado = (caso: string, filas: number, segundos: number, picoMiB: number): Cifra[] => [
      { caso, medida: 'rows', valor: filas, unidad: '' },
      { caso, medida: 'time', valor: segundos, unidad: 's' },
      { caso, medida: 'API peak RSS', valor: picoMiB, unidad: 'MiB' },
    ];
    cifras.push(
      ...pesado('POST /excel ADMINISTRAR (every line)', filas, segExport, memExport.pico),
      ...pesado('POST /subirArchivo action 1', resultado.total, segSubida, memSubida.pico),
    );
    tablas.push(
      '',
      '| step | rows | time s | API peak RSS MiB (idle before) | goal |',
      '| --- | --- | --- | --- | --- |',
      `| POST /excel ADMINISTRAR (file ${(bytes / 2 ** 20).toFixed(1)} MiB, downloaded in ${segDescarga.toFixed(1)} s) | ${filas.toLocaleString('en')} | ${segExport.toFixed(1)} | ${memExport.pico.toFixed(0)} (${antesExport.actual.toFixed(0)}) | < 60 s, < 300 MB |`,
      `| POST /subirArchivo action 1 (file ${(tamSubida / 2 ** 20).toFixed(1)} MiB) — ${resultado.mensaje} | ${resultado.total.toLocaleString('en')} | ${segSubida.toFixed(1)} | ${memSubida.pico.toFixed(0)} (${antesSubida.actual.toFixed(0)}) | < 15 s, < 350 MB |`,
    );
  }
} finally {
  if (servidor && servidor.exitCode === null) servidor.kill('SIGTERM');
  await base.borrar();
  rmSync(datos, { recursive: true, force: true });
}
process.exit(0);
