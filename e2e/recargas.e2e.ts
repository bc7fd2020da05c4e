import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base, sim } = sitio();
let navegador: Browser;
let pagina: Page;

const fallas = (f: Record<string, number>) =>
  fetch(`${sim}/fallas`, { method: 'PUT', body: JSON.stringify(f) }).then((r) => r.json());

/** How many sends the simulated providers have received, over every account. */
async function envios(): Promise<number> {
  const libro = (await (await fetch(`${sim}/libro`)).json()) as Record<
    string,
    { recibidos: Record<string, number> }
  >;
  return Object.values(libro).reduce((n, c) => n + Object.values(c.recibidos).reduce((a, b) => a + b, 0), 0);
}

const campo = (nombre: string) => pagina.locator(`input[name="${nombre}"]`);
const recargar = () => pagina.getByTestId('recargar').click();
const aviso = (texto: string) => pagina.locator('#notistack-snackbar', { hasText: texto });

async function elegirCompania(nombre: string) {
  await pagina.getByLabel(M.compania).click();
  await pagina.getByRole('option', { name: nombre, exact: true }).click();
}

/** The admin holds Permiso Monto: every top-up needs its amount chosen (issue 18). */
async function elegirMonto(monto = 30) {
  await pagina.getByLabel(M.monto).click();
  await pagina.getByRole('option', { name: `$${monto}`, exact: true }).click();
}

async function porTelefono(dn: string, confirmacion = dn) {
  await pagina.getByLabel(M.porDn).check();
  await campo('dn').fill(dn);
  await campo('dn2').fill(confirmacion);
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina } = await nuevaPagina(navegador));
  await iniciarSesion(pagina, base, 'demo', 'admin');
  await pagina.waitForURL(/\/in\/recargas$/);
});
afterAll(() => navegador?.close());
afterEach(async () => {
  await fallas({ tasaRechazo: 0, latenciaMs: 0 });
  await pagina.reload();
  await pagina.getByTestId('recargar').waitFor();
});

describe('top-up screen in Chromium: every message of spec sections 5 and 8', () => {
  it('ICC mode: empty, missing confirmation, different confirmation', async () => {
    await recargar();
    await pagina.getByText(M.iccInvalido).waitFor();
    await campo('icc').fill('8952140000000000001');
    await recargar();
    await pagina.getByText(M.iccConfirmacion).waitFor();
    await campo('icc2').fill('8952140000000000002');
    await recargar();
    await pagina.getByText(M.iccNoCoinciden).waitFor();
  });

  it('phone mode: not 10 digits, missing confirmation, different confirmation; carrier missing', async () => {
    await porTelefono('55123', '');
    await recargar();
    await pagina.getByText(M.telefonoInvalido).waitFor();
    await campo('dn').fill('5512345678');
    await recargar();
    await pagina.getByText(M.telefonoConfirmacion).waitFor();
    await campo('dn2').fill('5512345679');
    await recargar();
    await pagina.getByText(M.telefonoNoCoinciden).waitFor();
    await campo('dn2').fill('5512345678');
    await recargar();
    await pagina.getByText(M.recargaFaltanDatos).waitFor();
  });

  it('success shows Recarga exitosa, clears the form and lists the movement', async () => {
    const antes = await envios();
    await porTelefono('5511112222');
    await elegirCompania('Telcel');
    await elegirMonto();
    await recargar();
    await aviso(M.recargaExitosa).waitFor();
    await expect(campo('dn').inputValue()).resolves.toBe('');
    await pagina.getByTestId('tabla-movimientos').getByText('5511112222').waitFor();
    expect(await envios()).toBe(antes + 1);
    await captura(pagina, 'recarga-exitosa');
  });

  it('a declined top-up shows the provider message', async () => {
    await fallas({ tasaRechazo: 1 });
    await porTelefono('5511113333');
    await elegirCompania('Movistar');
    await elegirMonto();
    await recargar();
    await aviso('Número no válido para recarga').waitFor();
    // A failed top-up keeps the form, so the user can correct and retry.
    await expect(campo('dn').inputValue()).resolves.toBe('5511113333');
  });

  it('a second submit while one runs says so and the provider receives one send', async () => {
    await fallas({ latenciaMs: 1500 });
    const antes = await envios();
    await porTelefono('5511114444');
    await elegirCompania('Telcel');
    await elegirMonto();
    await recargar();
    await recargar();
    await aviso(M.recargaEnCurso).waitFor();
    await aviso(M.recargaExitosa).waitFor({ timeout: 15_000 });
    expect(await envios()).toBe(antes + 1);
  });

  it('external top-up: no folio, then success with folio', async () => {
    await pagina.getByLabel(M.recargaExterna).check();
    await porTelefono('5511115555');
    await elegirCompania('AT&T');
    await elegirMonto();
    await recargar();
    await pagina.getByText(M.sinFolio).waitFor();
    await campo('folio').fill('F12345');
    await recargar();
    await aviso(M.recargaExternaExitosa).waitFor();
  });
});
