import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base, sim } = sitio();
let navegador: Browser;
let pagina: Page;
let errores: string[];

const fallas = (f: Record<string, number>) =>
  fetch(`${sim}/fallas`, { method: 'PUT', body: JSON.stringify(f) }).then((r) => r.json());
const tabla = () => pagina.getByTestId('tabla-portas');
const filas = () => tabla().locator('tbody tr:has(td:nth-child(3))');
const total = async () =>
  Number((await pagina.getByTestId('portas-total').textContent())?.replace(/\D/g, ''));
/** The cell of the only row under the column titled `titulo`. */
const celda = async (titulo: string) => {
  const i = (await tabla().locator('thead th').allTextContents()).indexOf(titulo);
  return filas()
    .first()
    .locator(`td:nth-child(${i + 1})`);
};

/** Narrows the list to one ICC with the chip filter. */
async function soloIcc(icc: string) {
  const campo = pagina.locator('input[name="filtro-icc"]');
  if (!(await campo.isVisible())) await pagina.getByRole('button', { name: M.mostrarFiltros }).click();
  await campo.fill(icc);
  await campo.press('Enter');
  await expect.poll(total).toBe(1);
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina, errores } = await nuevaPagina(navegador));
  await fallas({ tasaRechazo: 0, latenciaMs: 0, latenciaDetalleMs: 0 });
  await iniciarSesion(pagina, base, 'demo', 'admin');
});
afterAll(() => navegador?.close());

describe('port-outs and inventory days in Chromium', () => {
  it('lists the seeded port-outs with their count, NA for missing fields', async () => {
    await pagina.goto(`${base}/in/portabilidades`);
    await pagina.getByTestId('portas-total').waitFor();
    const n = await total();
    expect(n).toBeGreaterThanOrEqual(20);
    // The first page: 20 rows loaded (data-filas), of which those in view are drawn.
    await expect.poll(() => tabla().getAttribute('data-filas')).toBe('20');
    expect(await filas().count()).toBeGreaterThan(0);
    await expect(tabla().getByText(M.na).count()).resolves.toBeGreaterThan(0);
    await expect(tabla().getByText(M.aunNoRecargar).count()).resolves.toBeGreaterThan(0);
    await expect(tabla().getByText(M.aunNoPortar).count()).resolves.toBeGreaterThan(0);
    await captura(pagina, 'portabilidades');
  });

  it('takes a row from Activar to recharged; the detail modal shows its spinner, then the data', async () => {
    // Seed row 0: no number yet, origin data and NIP filled in.
    await soloIcc('8952140500000000000');
    await expect((await celda(M.recargar)).textContent()).resolves.toBe(M.aunNoRecargar);
    await expect((await celda(M.portar)).textContent()).resolves.toBe(M.aunNoPortar);
    await (await celda(M.activar)).getByRole('button', { name: M.activar }).click();
    await pagina.getByText(M.iccActivado).waitFor();
    // The toast comes with the answer; the row changes when the list is read again, a moment later
    // (CI, two browser files at once, once checked the cell in between).
    await (await celda(M.portar)).getByRole('button', { name: M.portar, exact: true }).waitFor();
    await expect.poll(async () => (await celda(M.activar)).textContent()).toBe('');
    await expect.poll(async () => (await celda(M.detalles)).textContent()).toBe('');

    await (await celda(M.portar)).getByRole('button', { name: M.portar, exact: true }).click();
    await pagina.getByText(M.iccPortado).waitFor();
    const recargar = (await celda(M.recargar)).getByRole('button', { name: M.recargar });
    await recargar.waitFor();

    await fallas({ latenciaDetalleMs: 1500 });
    await (await celda(M.detalles)).getByRole('button', { name: M.detalles }).click();
    const dialogo = pagina.getByRole('dialog');
    await dialogo.getByText(M.detallePortabilidad).waitFor();
    await dialogo.getByText(M.esperaDetalleAtt).waitFor();
    await captura(pagina, 'portabilidades-detalle-espera');
    const detalle = dialogo.getByTestId('detalle-porta');
    await detalle.waitFor();
    await fallas({ latenciaDetalleMs: 0 });
    const textos = await detalle.locator('tr td:first-child').allTextContents();
    expect(textos).toEqual([
      M.telefonoAPortar,
      M.telefonoDestino,
      M.fechaDeCreacion,
      M.fechaDeModificacion,
      M.refExterna,
      M.estado,
      M.comentarios,
    ]);
    await expect(detalle.getByText('PORTADO').count()).resolves.toBe(1);
    await captura(pagina, 'portabilidades-detalle');
    await dialogo.getByRole('button', { name: M.cerrar }).click();

    await recargar.click();
    await pagina.getByText(M.portaRecargaExitosa).waitFor();
    await expect.poll(async () => (await celda(M.recargar)).textContent()).toBe('');
    await expect
      .poll(async () => (await celda(M.colFechaRecarga)).textContent())
      .toMatch(/^\d{4}\/\d{2}\/\d{2}/);
  });

  it('edit mode: nothing changed says so; folio and Recargar externamente recharge externally', async () => {
    await pagina.goto(`${base}/in/portabilidades`);
    // Seed row 3: ported, not recharged.
    await soloIcc(`8952140${String(500_000_000_000 + 3 * 104_729).slice(-12)}`);
    await (await celda(M.colEditar)).getByRole('button', { name: M.colEditar }).click();
    await (await celda(M.colEditar)).getByRole('button', { name: M.guardar }).click();
    await pagina.getByText(M.ningunCambio).waitFor();

    await (await celda(M.colEditar)).getByRole('button', { name: M.colEditar }).click();
    await (await celda(M.recargar)).getByRole('button', { name: M.recargarExternamente }).click();
    await pagina.getByText(`${M.portaRecargaFallida}: ${M.sinFolio}`).waitFor();
    await (await celda(M.recargar)).locator('input[name="folio"]').fill('EXT123');
    await (await celda(M.recargar)).getByRole('button', { name: M.recargarExternamente }).click();
    await pagina.getByText(M.portaRecargaExternaExitosa).waitFor();
    await expect.poll(async () => (await celda(M.recargar)).textContent()).toBe('');
    await captura(pagina, 'portabilidades-externa');
  });

  it('inventory: leaders first, a click drills into the leader’s clients', async () => {
    await pagina.goto(`${base}/in/inventario`);
    const inv = pagina.getByTestId('tabla-inventario');
    const lider = inv.getByTestId('inventario-lider').filter({ hasText: 'Lider Demo' }).first();
    await lider.waitFor();
    const titulos = await inv.locator('thead th').allTextContents();
    expect(titulos).toEqual([
      '#',
      'Lider',
      'Cliente',
      M.colCompania,
      M.colEntregados,
      M.colRecargados,
      M.portados,
      M.colTipo,
      M.inventarioActual,
      M.diasInventario,
    ]);
    // The breadcrumb gives each step's inventory days (inventoryDaysRoute).
    const diasDe = (tipo: string) => pagina.getByTestId(`ruta-${tipo}`).textContent();
    const conDias = new RegExp(`\\(${M.diasInventario}: (\\d+|${M.na})\\)$`);
    await expect.poll(() => diasDe('empresa')).toMatch(conDias);
    await captura(pagina, 'inventario');
    await lider.click();
    await pagina.getByTestId('inventario-lider-actual').getByText('Lider Demo').waitFor();
    await expect.poll(() => diasDe('lider')).toMatch(conDias);
    const tipoCol = titulos.indexOf(M.colTipo) + 1;
    await expect
      .poll(async () => new Set(await inv.locator(`tbody tr td:nth-child(${tipoCol})`).allTextContents()))
      .toEqual(new Set([M.colCliente]));
    await expect(inv.getByText('Cliente Demo').count()).resolves.toBeGreaterThan(0);
    await captura(pagina, 'inventario-clientes');
    // Back to the leaders through the breadcrumb.
    await pagina.getByRole('button', { name: M.inventario }).click();
    await inv.getByTestId('inventario-lider').first().waitFor();
    // The refused folio-less submit never reached the server: no console errors expected.
    expect(errores).toEqual([]);
  });
});
