import { readFile } from 'node:fs/promises';
import { COLUMNAS_ESTADO_CUENTA } from '@recargas/contracts/conciliaciones';
import { instanteDeReloj } from '@recargas/contracts/fechas';
import { M, texto } from '@recargas/contracts/mensajes';
import { ErrorApi } from '../../lib/errores.ts';
import type { FilaEstadoCuenta } from '../../providers/puerto.ts';
import * as subidas from '../subidas/service.ts';

type Limites = ReturnType<typeof subidas.limitesSubida>;
type Columna = (typeof COLUMNAS_ESTADO_CUENTA)[number];

/** Header names a provider's file may use for each column (compared without case, accents or spaces). */
const NOMBRES: Record<Columna, readonly string[]> = {
  folio: ['FOLIO', 'FOLIO_PROVEEDOR'],
  id: ['ID', 'NUESTRO_ID', 'ID_RECARGA', 'REFERENCIA'],
  numero: ['NUMERO', 'DN', 'TELEFONO'],
  monto: ['MONTO', 'IMPORTE'],
  estatus: ['ESTATUS', 'ESTADO', 'STATUS'],
  hora: ['HORA', 'FECHA', 'FECHA_HORA'],
};

const ESTADOS: Record<string, FilaEstadoCuenta['estado']> = {
  EXITOSA: 'exitosa',
  EXITOSO: 'exitosa',
  ACEPTADA: 'exitosa',
  SUCCESSFUL: 'exitosa',
  FALLIDA: 'fallida',
  FALLIDO: 'fallida',
  RECHAZADA: 'fallida',
  FAILED: 'fallida',
};

const ilegible = () => new ErrorApi(400, M.conciliacionArchivoIlegible);

/**
 * A statement file as rows: .xlsx read like every upload (the zip checked first, exceljs's
 * streaming reader) or .csv (UTF-8, comma or semicolon). Every row is checked before any is
 * returned: one bad row refuses the file, with its row number.
 */
export async function leerEstadoCuenta(ruta: string, tipo: 'xlsx' | 'csv', l: Limites, zona: string) {
  const hoja = tipo === 'xlsx' ? await leerXlsx(ruta, l) : leerCsv(await readFile(ruta), l);
  const indices = columnas(hoja.encabezados);
  return hoja.filas.map((f) => filaDe(f.fila, f.valores, indices, zona));
}

async function leerXlsx(ruta: string, l: Limites) {
  const ultima = await subidas.revisarZip(ruta, l);
  return subidas.leerHoja(ruta, l, ultima);
}

/** Where each column is; the missing ones refuse the file, named. */
function columnas(encabezados: string[]): Record<Columna, number> {
  const normales = encabezados.map(subidas.normalizarEncabezado);
  const indices = {} as Record<Columna, number>;
  const faltan: string[] = [];
  for (const c of COLUMNAS_ESTADO_CUENTA) {
    const i = normales.findIndex((h) => NOMBRES[c].includes(h));
    if (i < 0 && c !== 'hora') faltan.push(c);
    indices[c] = i;
  }
  if (faltan.length > 0)
    throw new ErrorApi(400, texto('conciliacionColumnasFaltan', { columnas: faltan.join(', ') }));
  return indices;
}

function filaDe(fila: number, valores: string[], i: Record<Columna, number>, zona: string): FilaEstadoCuenta {
  const v = (c: Columna) => (i[c] < 0 ? '' : (valores[i[c]] ?? '').trim());
  const mal = (detalle: string) => new ErrorApi(400, texto('conciliacionFilaInvalida', { fila, detalle }));
  const folio = v('folio');
  const id = v('id');
  if (!folio && !id) throw mal(`${M.conciliacionFolio} / ${M.conciliacionId}`);
  if (id && !/^\d{1,10}$/.test(id)) throw mal(M.conciliacionId);
  const monto = Number(v('monto').replace(/[$,\s]/g, ''));
  if (!Number.isInteger(monto) || monto <= 0 || monto > 100_000) throw mal(M.conciliacionMontoSuyo);
  const estado = ESTADOS[subidas.normalizarEncabezado(v('estatus'))];
  if (!estado) throw mal(M.conciliacionEstadoSuyo);
  const hora = v('hora');
  // A time without a zone is the company's clock (issue 41); one with a zone is that instant.
  const local = hora ? instanteDeReloj(hora, zona) : Number.NaN;
  const t = Number.isNaN(local) && hora ? Date.parse(hora) : local;
  if (hora && Number.isNaN(t)) throw mal(M.conciliacionHora);
  return {
    folio: folio.slice(0, 60),
    id,
    dn: v('numero').slice(0, 20),
    monto,
    estado,
    hora: Number.isNaN(t) ? '' : new Date(t).toISOString(),
  };
}

/**
 * A CSV (RFC 4180: quotes, doubled quotes, CRLF or LF) in UTF-8, with an optional BOM; the
 * separator is the header's: semicolon when it has one and no comma (a Spanish Excel's CSV).
 */
export function leerCsv(datos: Buffer, l: Pick<Limites, 'maxFilas' | 'maxColumnas' | 'maxCelda'>) {
  let textoCsv: string;
  try {
    textoCsv = new TextDecoder('utf-8', { fatal: true }).decode(datos);
  } catch {
    throw ilegible();
  }
  if (textoCsv.charCodeAt(0) === 0xfeff) textoCsv = textoCsv.slice(1);
  if (textoCsv.includes('\0')) throw ilegible();
  const primera = textoCsv.slice(0, textoCsv.search(/\r?\n|$/));
  const sep = primera.includes(';') && !primera.includes(',') ? ';' : ',';
  const filas: { fila: number; valores: string[] }[] = [];
  let encabezados: string[] | undefined;
  let valores: string[] = [];
  let celda = '';
  let comillas = false;
  let numero = 1;
  const cerrarFila = () => {
    valores.push(celda);
    celda = '';
    if (valores.length > l.maxColumnas) throw ilegible();
    if (valores.some((x) => x.trim() !== '')) {
      if (!encabezados) encabezados = valores;
      else {
        if (filas.length >= l.maxFilas)
          throw new ErrorApi(413, texto('archivoDemasiadasFilas', { max: l.maxFilas }));
        filas.push({ fila: numero, valores: valores.map((x) => x.trim()) });
      }
    }
    valores = [];
    numero++;
  };
  for (let k = 0; k < textoCsv.length; k++) {
    const c = textoCsv[k];
    if (comillas) {
      if (c === '"' && textoCsv[k + 1] === '"') {
        celda += '"';
        k++;
      } else if (c === '"') comillas = false;
      else celda += c;
    } else if (c === '"' && celda === '') comillas = true;
    else if (c === sep) {
      valores.push(celda);
      celda = '';
    } else if (c === '\n') cerrarFila();
    else if (c !== '\r') celda += c;
    if (celda.length > l.maxCelda) throw ilegible();
  }
  if (comillas) throw ilegible();
  if (celda !== '' || valores.length > 0) cerrarFila();
  return { encabezados: encabezados ?? [], filas };
}
