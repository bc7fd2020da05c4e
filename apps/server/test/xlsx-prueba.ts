import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/** Helpers of the upload tests: real .xlsx files made with exceljs, hand-made zips, multipart bodies. */

/** A workbook with one sheet: the header row, then the rows (a cell may be a formula object). */
export async function libro(filas: unknown[][], opciones: { hoja?: string } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(opciones.hoja ?? 'Lineas');
  for (const f of filas) ws.addRow(f);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface EntradaZip {
  nombre: string;
  datos: Buffer;
  /** Declare this uncompressed size instead of the real one (a lying zip). */
  tamanoDeclarado?: number;
}

/** A zip written by hand (deflate), so a test can make what no spreadsheet program would. */
export function zip(entradas: EntradaZip[]): Buffer {
  const locales: Buffer[] = [];
  const centrales: Buffer[] = [];
  let desplazamiento = 0;
  for (const e of entradas) {
    const nombre = Buffer.from(e.nombre);
    const comprimido = deflateRawSync(e.datos);
    const crc = crc32(e.datos);
    const tamano = e.tamanoDeclarado ?? e.datos.length;
    // What a local header and its central directory entry share, from "version needed" on:
    // the local header has it at byte 4, the central entry at 6 (after "version made by").
    const comun = Buffer.alloc(26);
    comun.writeUInt16LE(20, 0);
    comun.writeUInt16LE(8, 4);
    comun.writeUInt32LE(crc, 10);
    comun.writeUInt32LE(comprimido.length, 14);
    comun.writeUInt32LE(tamano, 18);
    comun.writeUInt16LE(nombre.length, 22);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    comun.copy(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    comun.copy(central, 6);
    central.writeUInt32LE(desplazamiento, 42);
    locales.push(local, nombre, comprimido);
    centrales.push(central, nombre);
    desplazamiento += 30 + nombre.length + comprimido.length;
  }
  const dir = Buffer.concat(centrales);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  fin.writeUInt16LE(entradas.length, 8);
  fin.writeUInt16LE(entradas.length, 10);
  fin.writeUInt32LE(dir.length, 12);
  fin.writeUInt32LE(desplazamiento, 16);
  return Buffer.concat([...locales, dir, fin]);
}

const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
const escapar = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The entries of a minimal valid .xlsx with inline strings. */
export function entradasXlsx(filas: string[][]): EntradaZip[] {
  const letra = (i: number) => String.fromCharCode(65 + i);
  const hoja = filas
    .map(
      (f, r) =>
        `<row r="${r + 1}">${f
          .map((v, c) => `<c r="${letra(c)}${r + 1}" t="inlineStr"><is><t>${escapar(v)}</t></is></c>`)
          .join('')}</row>`,
    )
    .join('');
  return [
    {
      nombre: '[Content_Types].xml',
      datos: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      nombre: '_rels/.rels',
      datos: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      nombre: 'xl/workbook.xml',
      datos: xml(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Lineas" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      nombre: 'xl/_rels/workbook.xml.rels',
      datos: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    {
      nombre: 'xl/worksheets/sheet1.xml',
      datos: xml(
        `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${hoja}</sheetData></worksheet>`,
      ),
    },
  ];
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function formulario(
  campos: Record<string, string>,
  archivo?: { nombre: string; datos: Buffer; campo?: string; tipo?: string },
) {
  const limite = `----prueba${Math.random().toString(16).slice(2)}`;
  const partes: Buffer[] = [];
  for (const [k, v] of Object.entries(campos)) {
    partes.push(Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (archivo) {
    partes.push(
      Buffer.from(
        `--${limite}\r\nContent-Disposition: form-data; name="${archivo.campo ?? 'archivo'}"; filename="${archivo.nombre}"\r\nContent-Type: ${archivo.tipo ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`,
      ),
      archivo.datos,
      Buffer.from('\r\n'),
    );
  }
  partes.push(Buffer.from(`--${limite}--\r\n`));
  return {
    payload: Buffer.concat(partes),
    headers: { 'content-type': `multipart/form-data; boundary=${limite}` },
  };
}
