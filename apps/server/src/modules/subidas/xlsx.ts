import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { M, texto } from '@recargas/contracts/mensajes';
import type ExcelJS from 'exceljs';
import { ErrorApi } from '../../lib/errores.ts';
import { avanzador } from './avance.ts';

/** Limits of an uploaded workbook (env SUBIDA_MAX_MB, SUBIDA_MAX_DESCOMPRIMIDO_MB, SUBIDA_MAX_FILAS). */
export interface LimitesXlsx {
  /** Uncompressed bytes of all the entries together. */
  maxDescomprimido: number;
  /** Largest uncompressed/compressed ratio of an entry bigger than 1 MiB. */
  maxRazon: number;
  maxEntradas: number;
  /** Data rows (after the header). */
  maxFilas: number;
  /** Columns read per row. */
  maxColumnas: number;
  /** Characters of one cell. */
  maxCelda: number;
}

const ilegible = () => new ErrorApi(400, M.archivoIlegible);
const excesivo = () => new ErrorApi(413, M.archivoComprimidoExcesivo);

interface Entrada {
  nombre: string;
  metodo: number;
  bandera: number;
  comprimido: number;
  descomprimido: number;
  desplazamiento: number;
}

async function leer(f: FileHandle, posicion: number, n: number) {
  const b = Buffer.alloc(n);
  const { bytesRead } = await f.read(b, 0, n, posicion);
  if (bytesRead !== n) throw ilegible();
  return b;
}

/**
 * Checks an .xlsx (a zip) before any parser opens it, so a zip bomb costs nothing: the central
 * directory is read; every entry must be stored or deflated, not zip64, not encrypted; the
 * entries must follow one another with no gap (no entry hidden from the directory, which a
 * streaming reader would still see); and each is inflated here, counting bytes, up to the
 * size it declares and the total cap. Throws a 4xx ErrorApi in Spanish.
 */
export async function revisarZip(ruta: string, l: LimitesXlsx): Promise<number | null> {
  const f = await open(ruta, 'r');
  try {
    const { size } = await f.stat();
    const cabeza = size >= 4 ? await leer(f, 0, 4) : Buffer.alloc(4);
    if (cabeza.readUInt32LE(0) !== 0x04034b50) throw new ErrorApi(415, M.archivoSoloXlsx);
    if (size < 22) throw ilegible();
    const cola = Math.min(size, 22 + 65_535);
    const fin = await leer(f, size - cola, cola);
    let eocd = -1;
    for (let i = fin.length - 22; i >= 0; i--) {
      if (fin.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw ilegible();
    const total = fin.readUInt16LE(eocd + 10);
    const tamDir = fin.readUInt32LE(eocd + 12);
    const inicioDir = fin.readUInt32LE(eocd + 16);
    if (total === 0xffff || inicioDir === 0xffffffff) throw ilegible();
    if (total === 0 || total > l.maxEntradas) throw ilegible();
    if (inicioDir + tamDir > size) throw ilegible();
    const dir = await leer(f, inicioDir, tamDir);
    const entradas: Entrada[] = [];
    let p = 0;
    for (let i = 0; i < total; i++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== 0x02014b50) throw ilegible();
      const e: Entrada = {
        bandera: dir.readUInt16LE(p + 8),
        metodo: dir.readUInt16LE(p + 10),
        comprimido: dir.readUInt32LE(p + 20),
        descomprimido: dir.readUInt32LE(p + 24),
        desplazamiento: dir.readUInt32LE(p + 42),
        nombre: dir.toString('utf8', p + 46, p + 46 + dir.readUInt16LE(p + 28)),
      };
      p += 46 + dir.readUInt16LE(p + 28) + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
      if (e.comprimido === 0xffffffff || e.descomprimido === 0xffffffff) throw ilegible();
      if (e.bandera & 1) throw ilegible();
      if (e.metodo !== 0 && e.metodo !== 8) throw ilegible();
      entradas.push(e);
    }
    const suma = entradas.reduce((s, e) => s + e.descomprimido, 0);
    if (suma > l.maxDescomprimido) throw excesivo();
    entradas.sort((a, b) => a.desplazamiento - b.desplazamiento);
    let esperado = 0;
    let inflado = 0;
    let ultimaFila: number | null = null;
    for (const e of entradas) {
      if (e.desplazamiento !== esperado) throw ilegible();
      if (e.descomprimido > 1024 * 1024 && e.descomprimido > e.comprimido * l.maxRazon) throw excesivo();
      const local = await leer(f, e.desplazamiento, 30);
      if (local.readUInt32LE(0) !== 0x04034b50) throw ilegible();
      const datos = e.desplazamiento + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      let siguiente = datos + e.comprimido;
      if (siguiente > inicioDir) throw ilegible();
      if (e.bandera & 8) {
        // Data descriptor, with or without its signature.
        const firma = siguiente + 4 <= inicioDir ? (await leer(f, siguiente, 4)).readUInt32LE(0) : 0;
        siguiente += firma === 0x08074b50 ? 16 : 12;
      }
      esperado = siguiente;
      inflado += await medirInflado(ruta, e, datos, l.maxDescomprimido - inflado, (trozo) => {
        if (e.nombre === PRIMERA_HOJA) ultimaFila = filasDeclaradas(trozo, e.descomprimido);
      });
    }
    if (esperado !== inicioDir) throw ilegible();
    return ultimaFila;
  } finally {
    await f.close();
  }
}

const PRIMERA_HOJA = 'xl/worksheets/sheet1.xml';
/**
 * The last row of a sheet, from the first chunk of its XML: its `<dimension ref="A1:G6001"/>`;
 * without one (exceljs's streaming writer writes none), the rows of the chunk scaled to the
 * sheet's size. Only the progress relies on it.
 */
function filasDeclaradas(trozo: Buffer, tamano: number): number | null {
  const texto = trozo.toString('latin1');
  const m = /<dimension ref="[A-Z]+\d+:[A-Z]+(\d+)"/.exec(texto.slice(0, 4096));
  if (m) return Number(m[1]);
  const filas = texto.split('<row ').length - 1;
  return filas > 1 ? Math.round((tamano * filas) / trozo.length) : null;
}

/**
 * Inflates one entry without keeping it, counting bytes; stops past what it declares or the cap.
 * `inicio` sees the first inflated chunk.
 */
function medirInflado(
  ruta: string,
  e: Entrada,
  desde: number,
  resto: number,
  inicio: (trozo: Buffer) => void,
): Promise<number> {
  if (e.comprimido === 0) return Promise.resolve(0);
  const limite = Math.min(e.descomprimido, resto);
  return new Promise((ok, mal) => {
    const origen = createReadStream(ruta, { start: desde, end: desde + e.comprimido - 1 });
    let n = 0;
    const fallar = (err: ErrorApi) => {
      origen.destroy();
      mal(err);
    };
    if (e.metodo === 0) {
      if (e.comprimido !== e.descomprimido) return fallar(ilegible());
      origen.on('data', () => {});
      origen.on('end', () => ok(e.comprimido));
      origen.on('error', () => fallar(ilegible()));
      return;
    }
    const inflar = createInflateRaw();
    inflar.on('data', (trozo: Buffer) => {
      if (n === 0) inicio(trozo);
      n += trozo.length;
      if (n > limite) {
        inflar.destroy();
        fallar(n > resto ? excesivo() : ilegible());
      }
    });
    inflar.on('end', () => (n === e.descomprimido ? ok(n) : fallar(ilegible())));
    inflar.on('error', () => fallar(ilegible()));
    origen.on('error', () => fallar(ilegible()));
    origen.pipe(inflar);
  });
}

/** The text a cell shows, or a formula found (the file is then refused whole). */
export function textoCelda(valor: unknown, direccion: string, max: number): string {
  if (valor === null || valor === undefined) return '';
  if (typeof valor === 'string') return valor.trim().slice(0, max);
  if (typeof valor === 'number') {
    // Integers as digits (no 1e+21); a 19-digit ICC typed as a number has lost digits already.
    return Number.isInteger(valor) ? BigInt(valor).toString() : String(valor);
  }
  if (typeof valor === 'boolean') return valor ? 'true' : 'false';
  if (valor instanceof Date) return Number.isNaN(valor.getTime()) ? '' : valor.toISOString().slice(0, 10);
  if (typeof valor === 'object') {
    if ('formula' in valor || 'sharedFormula' in valor) {
      throw new ErrorApi(400, texto('archivoFormulas', { celda: direccion }));
    }
    if ('richText' in valor && Array.isArray(valor.richText)) {
      return valor.richText
        .map((r: { text?: unknown }) => String(r.text ?? ''))
        .join('')
        .trim()
        .slice(0, max);
    }
    if ('text' in valor)
      return String(valor.text ?? '')
        .trim()
        .slice(0, max);
    if ('error' in valor) return '';
  }
  return '';
}

/** Whether a number cell held more digits than a double keeps (ICC typed as a number). */
export const numeroImpreciso = (valor: unknown) => typeof valor === 'number' && !Number.isSafeInteger(valor);

export interface FilaLeida {
  /** Row number in the sheet. */
  fila: number;
  valores: string[];
  /** Columns (0-based) whose number lost digits. */
  imprecisas: number[];
}

/** The rows without imprecise numbers share one empty list. */
const NINGUNA: number[] = [];

/**
 * A cell's text as a string of its own: V8 keeps a substring of 13 characters or more (an ICC)
 * as a view of the text it was cut from, here the parser's chunk of the sheet's XML, which then
 * stays in memory as long as the row does (100,000 rows kept the whole sheet).
 */
const propio = (t: string) => (t.length < 13 ? t : Buffer.from(t, 'utf8').toString('utf8'));

/** Rows read between two reports of the reading stage's progress. */
const AVISO_CADA = 500;

/**
 * Reads the first worksheet with exceljs's streaming reader: the header row, then the data
 * rows (empty rows skipped), at most maxFilas. Formulas refuse the file. `ultimaFila`, the last
 * row the sheet declares (revisarZip), measures the progress.
 */
export async function leerHoja(
  ruta: string,
  l: LimitesXlsx,
  ultimaFila: number | null = null,
): Promise<{ encabezados: string[]; filas: FilaLeida[] }> {
  // Rows read of the rows the sheet declares are the reading stage's progress.
  const avanzar = avanzador('leyendo');
  // Loaded on the first upload: importing exceljs costs 0.4 s, which every start of the API, each
  // admin CLI run and each test file paid before.
  const { default: excel } = await import('exceljs');
  const lector = new excel.stream.xlsx.WorkbookReader(ruta, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let encabezados: string[] | undefined;
  const filas: FilaLeida[] = [];
  try {
    for await (const hoja of lector) {
      for await (const fila of hoja as AsyncIterable<ExcelJS.Row>) {
        const valores: string[] = [];
        const imprecisas: number[] = [];
        const ancho = Math.min(fila.cellCount, l.maxColumnas);
        for (let c = 1; c <= ancho; c++) {
          const celda = fila.getCell(c);
          const v = celda.value;
          if (numeroImpreciso(v)) imprecisas.push(c - 1);
          valores.push(propio(textoCelda(v, celda.address, l.maxCelda)));
        }
        if (valores.every((v) => v === '')) continue;
        if (!encabezados) {
          encabezados = valores;
          continue;
        }
        if (filas.length >= l.maxFilas)
          throw new ErrorApi(413, texto('archivoDemasiadasFilas', { max: l.maxFilas }));
        filas.push({ fila: fila.number, valores, imprecisas: imprecisas.length ? imprecisas : NINGUNA });
        if (ultimaFila && filas.length % AVISO_CADA === 0) avanzar(fila.number, ultimaFila);
      }
      break; // only the first worksheet
    }
  } catch (e) {
    if (e instanceof ErrorApi) throw e;
    throw Object.assign(ilegible(), { cause: e });
  }
  return { encabezados: encabezados ?? [], filas };
}
