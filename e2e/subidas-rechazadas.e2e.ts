import { readFile } from 'node:fs/promises';
import { M } from '@recargas/contracts/mensajes';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, iniciarSesion } from './navegador.ts';
import { sitio } from './sitio.ts';
import { paginaDe, TAMANOS, type Tamano } from './telefono.ts';

/**
 * Issue 41, item 5: an upload's amounts against the company's list, and its result read errors
 * first. A lines file with two good rows around one of $45 (not sold by demo): the bad row leads
 * the table with its cell D3 marked 'Monto no permitido', 'Solo errores' leaves it alone, and the
 * rejected rows .xlsx holds it with its reason. At 1280×800 and on a 390×844 touch phone.
 */
const { base } = sitio();
const FOTOS = process.env.SHOTS_DIR ?? '/tmp/shots-41';
const COLUMNAS = ['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR'];
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

/** A tap on the phone, a click on the desk. */
const pulsar = (t: Tamano, l: Locator) => (t.tactil ? l.tap() : l.click());

/** Rows 2 and 4 sell $50 and $30; row 3 asks for $45. */
async function archivo(prefijo: string) {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Lineas');
  hoja.addRow(COLUMNAS);
  const icc = (i: number) => `${prefijo}${String(i).padStart(19 - prefijo.length, '0')}`;
  for (const [i, monto] of [50, 45, 30].entries()) hoja.addRow([icc(i), '', 'Telcel', monto, '', '', '']);
  return {
    mala: icc(1),
    archivo: {
      name: 'lineas.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await libro.xlsx.writeBuffer()),
    },
  };
}

async function subir(pagina: Page, t: Tamano, datos: Awaited<ReturnType<typeof archivo>>['archivo']) {
  await pagina.goto(`${base}/in/subirArchivos`);
  await pulsar(t, pagina.locator('.MuiInputBase-root:has(input[name="accion"]) [role="combobox"]'));
  await pulsar(t, pagina.getByRole('option', { name: '1 Registrar nuevos' }));
  await pagina.locator('input[name="archivo"]').setInputFiles(datos);
  await pulsar(t, pagina.getByRole('button', { name: M.subirArchivo }));
}

describe.each(TAMANOS)('the upload result on the $nombre ($ancho px)', (t) => {
  it('the $45 row leads with D3 marked, Solo errores keeps it alone, its .xlsx downloads', async () => {
    const { pagina, errores } = await paginaDe(navegador, t);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    const { mala, archivo: datos } = await archivo(`8952641${t.ancho}${String(Date.now()).slice(-6)}`);
    await subir(pagina, t, datos);
    const dialogo = pagina.getByRole('dialog', { name: M.resultadoSubida });
    const tabla = dialogo.getByTestId('tabla-resultado');
    await tabla.waitFor({ timeout: 60_000 });
    await expect(tabla.getAttribute('data-filas')).resolves.toBe('3');
    // Errors first: the sheet's row 3 is the table's first, its MONTO cell (D3) marked.
    const primera = tabla.locator('tbody tr[data-index="0"]');
    await expect(primera.locator('td').first().textContent()).resolves.toBe('3');
    const roja = primera.locator('td[data-correcto="no"]');
    await expect(roja.count()).resolves.toBe(1);
    await expect(roja.getAttribute('data-celda')).resolves.toBe('D3');
    await expect(roja.textContent()).resolves.toContain(`D3: ${M.montoNoPermitido}`);
    // On the phone the reason also sits beside the row's number, in view with no swipe.
    const motivo = primera.getByTestId('motivo-fila');
    if (t.tactil) {
      await expect(motivo.textContent()).resolves.toBe(`D3: ${M.montoNoPermitido}`);
      const caja = await motivo.boundingBox();
      expect((caja?.x ?? t.ancho) + (caja?.width ?? 0)).toBeLessThanOrEqual(t.ancho);
    } else await expect(motivo.isVisible()).resolves.toBe(false);
    await pagina.screenshot({ path: `${FOTOS}/subidas-rechazadas-${t.ancho}.png` });

    // Solo errores: only the rejected row is listed.
    await pulsar(t, dialogo.getByLabel(M.soloErrores));
    await expect.poll(() => tabla.getAttribute('data-filas')).toBe('1');
    await expect(tabla.locator('tbody tr[data-index]').count()).resolves.toBe(1);
    await pagina.screenshot({ path: `${FOTOS}/subidas-solo-errores-${t.ancho}.png` });

    // The rejected rows file: the columns plus ERROR, the $45 row with its cell and reason.
    const [descarga] = await Promise.all([
      pagina.waitForEvent('download'),
      pulsar(t, dialogo.getByRole('button', { name: M.descargarRechazadas })),
    ]);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load((await readFile(await descarga.path())) as unknown as ArrayBuffer);
    const filas: unknown[][] = [];
    libro.worksheets[0]?.eachRow((r) => {
      filas.push((r.values as unknown[]).slice(1));
    });
    expect(filas[0]).toEqual([...COLUMNAS, M.colErrorSubida]);
    expect(filas).toHaveLength(2);
    expect(filas[1]?.[0]).toBe(mala);
    expect(filas[1]?.[3]).toBe('45');
    expect(filas[1]?.at(-1)).toBe(`D3: ${M.montoNoPermitido}`);
    expect(errores).toEqual([]);
    await pagina.context().close();
  }, 120_000);
});
