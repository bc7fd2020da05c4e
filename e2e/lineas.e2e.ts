import { M, texto } from '@recargas/contracts/mensajes';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descargarExcel } from './excel.ts';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base } = sitio();
let navegador: Browser;
let pagina: Page;
let errores: string[];

const tabla = () => pagina.getByTestId('tabla-lineas');
/** Data rows (the sentinel row has a single cell). */
const filas = () => tabla().locator('tbody tr:has(td:nth-child(3))');
const total = async () =>
  Number((await pagina.getByTestId('lineas-total').textContent())?.replace(/\D/g, ''));
const indice = async (titulo: string) =>
  (await tabla().locator('thead th').allTextContents()).indexOf(titulo);
const celda = async (fila: number, titulo: string) =>
  filas()
    .nth(fila)
    .locator(`td:nth-child(${(await indice(titulo)) + 1})`);

async function chip(columna: string, valor: string) {
  const campo = pagina.locator(`input[name="filtro-${columna}"]`);
  if (!(await campo.isVisible())) await pagina.getByRole('button', { name: M.mostrarFiltros }).click();
  await campo.fill(valor);
  await campo.press('Enter');
}

/** The visible part of a MUI select, by the name of its hidden input. */
const selector = (nombre: string) =>
  pagina.locator(`.MuiInputBase-root:has(input[name="${nombre}"]) [role="combobox"]`);

const aviso = (t: string) => pagina.locator('#notistack-snackbar').filter({ hasText: t }).first();

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina, errores } = await nuevaPagina(navegador));
  await iniciarSesion(pagina, base, 'demo', 'admin');
});
afterAll(() => navegador?.close());

describe('line inventory and uploads in Chromium', () => {
  it('administrarBase: the two-month notice once, seeded lines with N encontrados, 20 rows', async () => {
    await pagina.goto(`${base}/in/administrarBase`);
    const dialogo = pagina.getByRole('dialog');
    await dialogo.getByText(M.avisoDosMeses).waitFor();
    await dialogo.getByRole('button', { name: M.entendido }).click();
    await pagina.getByTestId('lineas-total').waitFor();
    const n = await total();
    expect(n).toBeGreaterThan(20);
    await expect(pagina.getByTestId('lineas-total').textContent()).resolves.toBe(texto('encontrados', { n }));
    // One page of 20 loaded; the table draws those in view and a few beyond.
    await expect.poll(() => tabla().getAttribute('data-filas')).toBe('20');
    expect(await filas().count()).toBeGreaterThan(0);
    // The pickers show the server's default range.
    await expect(pagina.locator('input[name="fechaInicial"]').inputValue()).resolves.toMatch(
      /^\d{4}\/\d{2}\/\d{2}$/,
    );
    // Shown once per browser.
    await pagina.reload();
    await pagina.getByTestId('lineas-total').waitFor();
    await expect(pagina.getByText(M.avisoDosMeses).count()).resolves.toBe(0);
  });

  it('a chip narrows the list; an invalid ICC says Icc invalido, a valid edit is saved', async () => {
    const antes = await total();
    await chip('compania', 'Telcel');
    await expect.poll(total).toBeLessThan(antes);
    expect(await total()).toBeGreaterThan(0);
    const companias = new Set(
      await filas()
        .locator(`td:nth-child(${(await indice('Compañia')) + 1})`)
        .allTextContents(),
    );
    expect([...companias]).toEqual(['Telcel']);

    // One line with a DN, alone through an ICC chip.
    const dns = await filas()
      .locator(`td:nth-child(${(await indice('Dn')) + 1})`)
      .allTextContents();
    const i = dns.findIndex((d) => d.length >= 10);
    const icc = (await (await celda(i, 'Icc')).textContent()) ?? '';
    await chip('icc', icc);
    await expect.poll(total).toBe(1);

    // Opening the pencil moves no column: every header keeps its width.
    const anchos = () =>
      tabla()
        .locator('thead th')
        .evaluateAll((ths) => ths.map((t) => t.clientWidth));
    const anchosAntes = await anchos();
    await (await celda(0, M.colAcciones)).getByRole('button', { name: M.colEditar }).click();
    const campoIcc = (await celda(0, 'Icc')).locator('input[name="editar-icc"]');
    expect(await anchos()).toEqual(anchosAntes);
    // The 19 digits fit in the field, and a 20th is not taken (section 5: exactly 19).
    expect(await campoIcc.evaluate((c: HTMLInputElement) => c.scrollWidth <= c.clientWidth)).toBe(true);
    await campoIcc.fill('');
    await campoIcc.pressSequentially('89520000000000000001X');
    expect(await campoIcc.inputValue()).toHaveLength(19);

    // Invalid ICC and DN: red fields with the catalogue's messages, and nothing is saved.
    await campoIcc.fill('123');
    const campoDn = (await celda(0, 'Dn')).locator('input[name="editar-dn"]');
    await campoDn.fill('123');
    await (await celda(0, M.colAcciones)).getByRole('button', { name: M.guardar }).click();
    for (const [columna, campo, mensaje] of [
      ['Icc', campoIcc, M.lineaIccInvalido],
      ['Dn', campoDn, M.lineaDnInvalido],
    ] as const) {
      expect(await campo.getAttribute('aria-invalid')).toBe('true');
      await (await celda(0, columna)).getByText(mensaje).waitFor();
    }
    expect(await (await celda(0, M.colAcciones)).getByRole('button', { name: M.guardar }).isDisabled()).toBe(
      true,
    );
    await captura(pagina, 'administrarBase-edicion');

    await campoIcc.fill(icc);
    const nuevoDn = `55${String(Date.now()).slice(-8)}`;
    await campoDn.fill(nuevoDn);
    expect(await campoDn.getAttribute('aria-invalid')).toBe('false');
    await (await celda(0, M.colAcciones)).getByRole('button', { name: M.guardar }).click();
    await aviso(M.actualizadoCorrectamente).waitFor();
    await expect.poll(async () => (await celda(0, 'Dn')).textContent()).toBe(nuevoDn);
  });

  it('Generar Excel downloads a file that a second reader opens with the rows', async () => {
    // Back to the Telcel chip only: more than one row.
    await pagina.reload();
    await pagina.getByTestId('lineas-total').waitFor();
    await chip('compania', 'Telcel');
    await expect.poll(total).toBeGreaterThan(1);
    const n = await total();
    const titulos = (await tabla().locator('thead th').allTextContents()).filter((t) => t !== M.colAcciones);
    const { nombre, hoja } = await descargarExcel(pagina);
    expect(nombre).toMatch(/\.xlsx$/);
    const encabezados = (hoja.getRow(1).values as unknown[]).slice(1).map(String);
    expect(encabezados).toEqual(titulos);
    expect(hoja.actualRowCount - 1).toBe(n);
    const companias = new Set<string>();
    hoja.eachRow((fila, k) => {
      if (k > 1) companias.add(String(fila.getCell(encabezados.indexOf('Compañia') + 1).value));
    });
    expect([...companias].every((c) => /Telcel/.test(c))).toBe(true);
    await pagina.getByTestId('lineas-excel').locator('input[name="excelExpira"]').waitFor();
  });

  it('unlock: only recharged lines without a recharge date offer it; the line leaves that list', async () => {
    await pagina.goto(`${base}/in/administrarBase`);
    await pagina.getByTestId('lineas-total').waitFor();
    await chip('isRecargado', 'Si');
    await chip('fechaRecarga', M.lineaSinFecha);
    await expect.poll(total).toBeGreaterThan(0);
    const n = await total();
    const botones = tabla().getByRole('button', { name: M.desbloquear });
    await expect.poll(() => botones.count()).toBe(await filas().count());
    await botones.first().click();
    await aviso(M.lineaDesbloqueada).waitFor();
    await expect.poll(total).toBe(n - 1);
    // A recharged line with its date has no unlock button.
    await pagina.reload();
    await pagina.getByTestId('lineas-total').waitFor();
    await chip('isRecargado', 'Si');
    await chip('fechaRecarga', '/');
    await expect.poll(total).toBeGreaterThan(0);
    await expect(tabla().getByRole('button', { name: M.desbloquear }).count()).resolves.toBe(0);
  });

  it('a leader: actions 1 and 2 only, the seller template only, no edit column', async () => {
    const { pagina: lider } = await nuevaPagina(navegador);
    await iniciarSesion(lider, base, 'demo', 'lider');
    await lider.goto(`${base}/in/subirArchivos`);
    await lider.locator(`.MuiInputBase-root:has(input[name="accion"]) [role="combobox"]`).click();
    await expect(lider.getByRole('option').allTextContents()).resolves.toEqual([
      M.seleccionaUnaAccion,
      '1 Registrar nuevos',
      '2 Reemplazar',
    ]);
    await lider.keyboard.press('Escape');
    await expect(
      lider.getByRole('button', { name: M.plantillaAdministrador, exact: true }).count(),
    ).resolves.toBe(0);
    await lider.getByRole('button', { name: M.plantillaVendedor }).waitFor();
    await lider.goto(`${base}/in/administrarBase`);
    await lider.getByRole('button', { name: M.entendido }).click();
    await lider.getByTestId('lineas-total').waitFor();
    const titulos = await lider.getByTestId('tabla-lineas').locator('thead th').allTextContents();
    expect(titulos).not.toContain(M.colAcciones);
    expect(titulos).not.toContain('Plataforma');
    await lider.context().close();
  });

  it('works at 800 px without the page growing sideways', async () => {
    const { pagina: angosta } = await nuevaPagina(navegador, 800);
    await iniciarSesion(angosta, base, 'demo', 'admin');
    await angosta.goto(`${base}/in/administrarBase`);
    await angosta.getByRole('button', { name: M.entendido }).click();
    await angosta.getByTestId('lineas-total').waitFor();
    const ancho = await angosta.evaluate(() => document.documentElement.scrollWidth);
    expect(ancho).toBeLessThanOrEqual(800);
    await captura(angosta, 'administrarBase-800');
    // Inline edit at 800 px: the table scrolls inside its box, the invalid DN turns red.
    const primera = angosta.getByTestId('tabla-lineas').locator('tbody tr[data-index="0"]');
    await primera.getByRole('button', { name: M.colEditar }).click();
    const dn = primera.locator('input[name="editar-dn"]');
    await dn.fill('12');
    await primera.getByRole('button', { name: M.guardar }).click();
    await primera.getByText(M.lineaDnInvalido).waitFor();
    expect(await dn.getAttribute('aria-invalid')).toBe('true');
    await expect(angosta.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
      800,
    );
    await captura(angosta, 'administrarBase-edicion-800');
    await angosta.goto(`${base}/in/subirArchivos`);
    await angosta.getByText(M.seleccionaUnaAccion).waitFor();
    await expect(angosta.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
      800,
    );
    await angosta.context().close();
  });

  it('subirArchivos: action required, one good and one bad row, red cell and the toast', async () => {
    await pagina.goto(`${base}/in/subirArchivos`);
    await pagina.getByText(M.seleccionaUnaAccion).waitFor();
    // No upload button before a file is chosen.
    await expect(pagina.getByRole('button', { name: M.subirArchivo }).count()).resolves.toBe(0);

    const [plantilla] = await Promise.all([
      pagina.waitForEvent('download'),
      pagina.getByRole('button', { name: M.plantillaAdministrador, exact: true }).click(),
    ]);
    expect(plantilla.suggestedFilename()).toBe('plantilla.xlsx');

    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Lineas');
    hoja.addRow(['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR']);
    const icc = `89521407${String(Date.now()).slice(-11)}`;
    hoja.addRow([icc, '5587654321', 'Telcel', '50', '', '', '']);
    hoja.addRow(['123', '5587654322', 'Telcel', '50', '', '', '']);
    const contenido = Buffer.from(await libro.xlsx.writeBuffer());
    await pagina.locator('input[name="archivo"]').setInputFiles({
      name: 'lineas.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: contenido,
    });
    await pagina.getByTestId('archivo-elegido').getByText('lineas.xlsx').waitFor();

    await pagina.getByRole('button', { name: M.subirArchivo }).click();
    await pagina.getByText(M.seleccionaAccion).first().waitFor();

    await selector('accion').click();
    await pagina.getByRole('option', { name: '1 Registrar nuevos' }).click();
    await pagina.locator('input[name="vigencia"]').waitFor();
    await selector('plataformaId').getByText(M.noAplica).waitFor();
    await pagina.getByRole('button', { name: M.subirArchivo }).click();

    const dialogo = pagina.getByRole('dialog');
    await dialogo.getByText(M.resultadoSubida).waitFor();
    await aviso(texto('subidaResultado', { total: 2, correctos: 1, erroneos: 1, duplicados: 0 })).waitFor();
    const roja = dialogo.locator('td[data-correcto="no"]');
    await expect(roja.count()).resolves.toBe(1);
    await expect(roja.textContent()).resolves.toContain(M.lineaIccInvalido);
    const fondo = await roja.evaluate((e) => getComputedStyle(e).backgroundColor);
    const [r, g, b] = (fondo.match(/\d+/g) ?? []).map(Number) as [number, number, number];
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
    await captura(pagina, 'subirArchivos-resultado');
    await dialogo.getByRole('button', { name: M.cerrar }).click();

    // Action 2 on the same file: the existing line is replaced; the toast says nuevos/Actualizados.
    await selector('accion').click();
    await pagina.getByRole('option', { name: '2 Reemplazar' }).click();
    await pagina.locator('input[name="archivo"]').setInputFiles({
      name: 'lineas.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: contenido,
    });
    await pagina.getByRole('button', { name: M.subirArchivo }).click();
    await aviso(
      texto('subidaResultadoReemplazo', { total: 2, correctos: 0, erroneos: 1, duplicados: 1 }),
    ).waitFor();
    await dialogo.getByText(M.filaActualizada).waitFor();
    await dialogo.getByRole('button', { name: M.cerrar }).click();

    // The good row is in the inventory now.
    await pagina.goto(`${base}/in/administrarBase`);
    await pagina.getByTestId('lineas-total').waitFor();
    const entendido = pagina.getByRole('button', { name: M.entendido });
    if (await entendido.isVisible()) await entendido.click();
    await chip('icc', icc);
    await expect.poll(total).toBe(1);
    expect(errores.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});
