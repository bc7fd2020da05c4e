import { readFile } from 'node:fs/promises';
import { M } from '@recargas/contracts/mensajes';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';

/**
 * Clicks the screen's Generar Excel and opens the download with a second reader (exceljs), as a
 * user's spreadsheet program would: its name and its first sheet.
 */
export async function descargarExcel(pagina: Page) {
  const [descarga] = await Promise.all([
    pagina.waitForEvent('download'),
    pagina.getByRole('button', { name: M.generarExcel }).click(),
  ]);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load((await readFile(await descarga.path())) as unknown as ArrayBuffer);
  const hoja = libro.worksheets[0];
  if (!hoja) throw new Error('El excel no tiene hojas');
  return { nombre: descarga.suggestedFilename(), hoja };
}
