import { readFile } from 'node:fs/promises';
import { COLUMNAS_ESTADO_CUENTA } from '@recargas/contracts/conciliaciones';
import { instanteDeReloj } from '@recargas/contracts/fechas';
import { M, texto } from '@recargas/contracts/mensajes';
import { ErrorApi } from '../../lib/errores.ts';
import { centavosDe, estadoDe, type FilaEstadoCuenta } from '../../providers/estado-cuenta.ts';
import * as subidas from '../subidas/service.ts';

type Limites = ReturnType<typeof subidas.limitesSubida>;
type Columna = (typeof COLUMNAS_ESTADO_CUENTA)[number];

/**
 * Header names a provider's file may use for each column (compared without case, accents or
 * spaces), ours and Reloadly's transactions report's; the first name found wins.
 */
const NOMBRES: Record<Columna, readonly string[]> = {
  folio: ['FOLIO', 'FOLIO_PROVEEDOR', 'TRANSACTIONID', 'TRANSACTION_ID'],
  id: ['ID', 'NUESTRO_ID', 'ID_RECARGA', 'REFERENCIA', 'CUSTOMIDENTIFIER', 'CUSTOM_IDENTIFIER'],
  numero: ['NUMERO', 'DN', 'TELEFONO', 'RECIPIENTPHONE', 'RECIPIENT_PHONE'],
  monto: [
    'MONTO',
    'IMPORTE',
    'DELIVEREDAMOUNT',
    'DELIVERED_AMOUNT',
    'REQUESTEDAMOUNT',
    'REQUESTED_AMOUNT',
    'AMOUNT',
  ],
  estatus: ['ESTATUS', 'ESTADO', 'STATUS'],
  hora: ['HORA', 'FECHA', 'FECHA_HORA', 'TRANSACTIONDATE', 'TRANSACTION_DATE', 'DATE'],
};

/** Statuses of rows not decided yet: left out, as the provider's own statement leaves them. */
const EN_PROCESO = new Set(['PROCESSING', 'PENDING', 'PENDIENTE', 'EN_PROCESO']);

const ilegible = () => new ErrorApi(400, M.conciliacionArchivoIlegible);

/**
 * A statement file as rows: .xlsx read like every upload (the zip checked first, exceljs's
 * streaming reader) or .csv (UTF-8, comma or semicolon). Every row is checked before any is
 * returned: one bad row refuses the file, with its row number.
 */
export async function leerEstadoCuenta(ruta: string, tipo: 'xlsx' | 'csv', l: Limites, zona: string) {
  const hoja = tipo === 'xlsx' ? await leerXlsx(ruta, l) : leerCsv(await readFile(ruta), l);
  const indices = columnas(hoja.encabezados);
  return hoja.filas.flatMap((f) => filaDe(f.fila, f.valores, indices, zona) ?? []);
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
    const nombre = NOMBRES[c].find((n) => normales.includes(n));
    const i = nombre ? normales.indexOf(nombre) : -1;
    if (i < 0 && c !== 'hora') faltan.push(c);
    indices[c] = i;
  }
  if (faltan.length > 0)
    throw new ErrorApi(400, texto('conciliacionColumnasFaltan', { columnas: faltan.join(', ') }));
  return indices;
}

/** A row checked whole; undefined: a row the provider has not decided yet. */
function filaDe(
  fila: number,
  valores: string[],
  i: Record<Columna, number>,
  zona: string,
): FilaEstadoCuenta | undefined {
  const v = (c: Columna) => (i[c] < 0 ? '' : (valores[i[c]] ?? '').trim());
  const mal = (detalle: string) => new ErrorApi(400, texto('conciliacionFilaInvalida', { fila, detalle }));
  const folio = v('folio');
  const id = v('id');
  if (!folio && !id) throw mal(`${M.conciliacionFolio} / ${M.conciliacionId}`);
  if (id && !/^\d{1,10}$/.test(id)) throw mal(M.conciliacionId);
  const centavos = centavosDe(v('monto'));
  if (centavos === undefined) throw mal(M.conciliacionMontoSuyo);
  if (EN_PROCESO.has(subidas.normalizarEncabezado(v('estatus')))) return undefined;
  const estado = estadoDe(v('estatus'));
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
    centavos,
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
