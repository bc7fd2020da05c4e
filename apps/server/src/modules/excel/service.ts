import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { NOMBRE_EXCEL, type PeticionExcel } from '@recargas/contracts/excel';
import { filtrosLineas } from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import type { Ctx } from '../../contexto.ts';
import { cediendo } from '../../db/pglite-dialect.ts';
import { ErrorApi } from '../../lib/errores.ts';
import * as lineas from '../lineas/service.ts';
import * as repo from './repo.ts';

/** Size of the stored chunks: a download holds one at a time. */
const TROZO = 1024 * 1024;

/** What an export kind produces: its titles and its rows in batches. */
export interface Contenido {
  hoja: string;
  titulos: string[];
  /** Columns written as numbers when they hold digits. */
  numericas: number[];
  filas: () => AsyncGenerator<string[][]>;
}

export type Exportador = (ctx: Ctx, u: lineas.Usuario, p: PeticionExcel) => Promise<Contenido>;

/**
 * Export kinds served so far; USUARIOS, VENTAS, PORTAS and InventoryDays come with their
 * screens, each adding itself with registrarExportador.
 */
const EXPORTADORES: Partial<Record<PeticionExcel['tipo'], Exportador>> = {
  ADMINISTRAR: async (ctx, u, p) => {
    const filtros = filtrosLineas.safeParse(p.filtros);
    if (!filtros.success) throw new ErrorApi(400, M.filtrosInvalidos);
    const e = await lineas.paraExportar(ctx, u, filtros.data, p.fechas);
    return {
      hoja: 'Lineas',
      titulos: e.titulos,
      numericas: [e.columnas.indexOf('monto')].filter((i) => i >= 0),
      filas: () => e.filas(),
    };
  },
};

/** Adds an export kind (its module's service calls this once, at start-up). */
export function registrarExportador(tipo: PeticionExcel['tipo'], exportador: Exportador) {
  EXPORTADORES[tipo] = exportador;
}

/**
 * POST /excel: the rows are streamed (exceljs WorkbookWriter, in a thread of its own) into a
 * staging file of this machine, which is then copied into the database in chunks (excel_trozos),
 * so every API process can serve the download. The export is downloadable only once complete,
 * under a name that cannot be guessed, until it expires; expired ones are swept (barrer).
 */
export async function generar(ctx: Ctx, u: lineas.Usuario, p: PeticionExcel) {
  const exportador = EXPORTADORES[p.tipo];
  if (!exportador) throw new ErrorApi(400, M.excelNoDisponible);
  return escribirExcel(ctx, u.empresaId, p.tipo.toLowerCase(), await exportador(ctx, u, p));
}

/**
 * Writes rows into a stored export (generar's file, also the upload's rejected rows: registros.ts)
 * named `<prefijo>-<time>-<random>.xlsx`, downloadable at GET /excel/descargar until it expires.
 */
export async function escribirExcel(ctx: Ctx, empresaId: number, prefijo: string, contenido: Contenido) {
  await barrer(ctx);
  const marca = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const nombre = `${prefijo}-${marca}-${randomBytes(16).toString('hex')}.xlsx`;
  const parcial = join(tmpdir(), `recargas-${nombre}.parcial`);
  let filas = 0;
  const escritor = abrirEscritor({
    ruta: parcial,
    hoja: contenido.hoja,
    titulos: contenido.titulos,
    numericas: contenido.numericas,
  });
  const expira = new Date(Date.now() + ctx.config.excelTtlMin * 60_000);
  try {
    try {
      // The rows are read here (the embedded database lives in this thread) and written there.
      // On the embedded database each read gives way to the requests in course (cediendo): read
      // in turn with them, a login during a 100,000-row export took 0.35 s (median), each of its
      // queries waiting behind a page.
      await cediendo(async () => {
        for await (const lote of contenido.filas()) {
          await escritor.escribir(lote);
          filas += lote.length;
        }
      });
      await escritor.cerrar();
    } finally {
      await escritor.terminar(); // nothing writes to the partial file after this
    }
    await cediendo(() => guardar(ctx, nombre, empresaId, expira, parcial));
  } catch (e) {
    // A failure here is ours (logged whole by the error handler); the screen says 'No se pudo crear el excel'.
    await repo.borrar(ctx.db, nombre).catch(() => {});
    throw e;
  } finally {
    await rm(parcial, { force: true });
  }
  return { nombreArchivo: nombre, expira: expira.toISOString(), filas };
}

/** Copies the finished file into the database, one chunk per statement (no long transaction). */
async function guardar(ctx: Ctx, nombre: string, empresaId: number, expira: Date, ruta: string) {
  await repo.crear(ctx.db, nombre, empresaId, expira);
  let n = 0;
  let tamano = 0;
  for await (const datos of createReadStream(ruta, { highWaterMark: TROZO }) as AsyncIterable<Buffer>) {
    await repo.guardarTrozo(ctx.db, nombre, n++, datos);
    tamano += datos.length;
  }
  await repo.completar(ctx.db, nombre, n, tamano);
}

/**
 * The writer thread of one export (escritor.mjs): each batch is sent once the previous one is
 * written, so at most one batch waits in either thread. Its heap is bounded and its garbage is its
 * own (bench:lines, 1,000,000 rows: API peak RSS 364 → 271 MiB with the batch and GC changes).
 */
function abrirEscritor(datos: { ruta: string; hoja: string; titulos: string[]; numericas: number[] }) {
  const hilo = new Worker(new URL('./escritor.mjs', import.meta.url), {
    workerData: datos,
    resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 2 },
  });
  let espera: { ok: () => void; no: (e: unknown) => void } | undefined;
  let falla: unknown;
  const fallar = (e: unknown) => {
    falla ??= e;
    espera?.no(falla);
    espera = undefined;
  };
  hilo.on('message', () => {
    espera?.ok();
    espera = undefined;
  });
  hilo.on('error', fallar);
  hilo.on('exit', (codigo) => fallar(new Error(`El escritor del excel terminó (código ${codigo})`)));
  const enviar = (m: { filas: string[][] } | { fin: true }) =>
    new Promise<void>((ok, no) => {
      if (falla) return no(falla);
      espera = { ok, no };
      hilo.postMessage(m);
    });
  return {
    escribir: (filas: string[][]) => enviar({ filas }),
    cerrar: () => enviar({ fin: true }),
    terminar: () => hilo.terminate(),
  };
}

/** Deletes the expired exports (each export sweeps, and the workers' minute sweep). */
export async function barrer(ctx: Pick<Ctx, 'db'>) {
  return repo.borrarVencidos(ctx.db);
}

/**
 * The export behind a download name: only names the export makes (letters, digits, - and _,
 * ending .xlsx), complete, not expired. Its chunks are read one query at a time as the client
 * takes them, so a 1,000,000-row file is never whole in memory.
 */
export async function abrir(ctx: Pick<Ctx, 'db'>, nombre: string) {
  if (!NOMBRE_EXCEL.test(nombre)) throw new ErrorApi(400, M.excelExpirado);
  const archivo = await repo.vigente(ctx.db, nombre);
  if (!archivo) throw new ErrorApi(404, M.excelExpirado);
  const { trozos: total, tamano } = archivo;
  async function* trozos() {
    for (let n = 0; n < total; n++) {
      const datos = await repo.trozo(ctx.db, nombre, n);
      // Swept mid-download (expired meanwhile): the response ends short, as a dropped one would.
      if (!datos) throw new Error(`Excel ${nombre}: falta el trozo ${n}`);
      yield Buffer.from(datos.buffer, datos.byteOffset, datos.byteLength);
    }
  }
  return { flujo: Readable.from(trozos(), { objectMode: false }), tamano };
}
