import { M } from '@recargas/contracts/mensajes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abierto, campoFecha, escribir, seccion } from './fechas.ts';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base } = sitio();
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

describe('bulk top-ups in Chromium', () => {
  it('a seeded block is recharged from the browser and its progress reaches every line', async () => {
    const { pagina, errores } = await nuevaPagina(navegador);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.goto(`${base}/in/recargasMasivas`);
    await pagina.getByRole('heading', { name: M.bloquesDeRecargas }).waitFor();
    const fila = pagina.getByTestId('tabla-bloques').locator('tbody tr').first();
    const lineas = Number(await fila.locator('td').first().textContent());
    expect(lineas).toBeGreaterThan(0);
    await fila.getByRole('button', { name: M.recargarBloque }).click();
    // Sent once asked (issue 41; masivas-confirmar.e2e.ts tests the question).
    await pagina.getByTestId('confirmar-si').click();
    // The numbers refresh by themselves while the block runs.
    await expect
      .poll(() => fila.getByTestId('bloque-progreso').textContent(), { timeout: 60_000 })
      .toBe(`${lineas} de ${lineas} recargadas`);
    await captura(pagina, 'masivas-bloque');

    await fila.getByRole('button', { name: M.detalles }).click();
    await pagina.getByRole('heading', { name: /^Recargas del / }).waitFor();
    // Every line is loaded (data-filas) though only those in view are drawn, each one recharged.
    const tabla = pagina.getByTestId('tabla-lineas-bloque');
    await expect(tabla.getAttribute('data-filas')).resolves.toBe(String(lineas));
    const marcas = await tabla.locator('tbody tr[data-index]').allTextContents();
    expect(marcas.length).toBeGreaterThan(0);
    expect(marcas.every((t) => t.includes('✓'))).toBe(true);
    await pagina.getByRole('button', { name: M.bloquesDeRecargas }).click();
    await pagina.getByTestId('tabla-bloques').waitFor();
    expect(errores).toEqual([]);
    await pagina.context().close();
  });

  it('vcell schedules a block: the validation messages, then a programme that a click cancels once asked', async () => {
    const { pagina } = await nuevaPagina(navegador);
    await iniciarSesion(pagina, base, 'vcell', 'admin');
    await pagina.goto(`${base}/in/recargasMasivas`);
    await pagina.getByRole('button', { name: M.programar }).first().click();
    const dialogo = pagina.getByRole('dialog', { name: M.programarRecargas });
    const ini = campoFecha(dialogo, 'ini');
    const fin = campoFecha(dialogo, 'fin');
    // yyyy/mm/dd and a 24-hour time, 20:20 by default: no AM/PM section.
    await expect(ini.locator('input').inputValue()).resolves.toMatch(/^\d{4}\/\d{2}\/\d{2} 20:20$/);
    await expect(seccion(ini, 'Horas').count()).resolves.toBe(1);
    await expect(seccion(ini, 'Meridiano').count()).resolves.toBe(0);
    // The picker's clock lists the hours 00 to 23.
    await ini.getByRole('button').click();
    const reloj = pagina.getByRole('dialog', { name: M.fechaInicial });
    await reloj.getByRole('option', { name: '23 horas', exact: true }).waitFor();
    await expect(reloj.getByText(/^(AM|PM|a\. m\.|p\. m\.)$/).count()).resolves.toBe(0);
    await reloj.getByRole('button', { name: M.seleccionar }).waitFor();
    await abierto(reloj);
    await pagina.screenshot({ path: '/tmp/shots-fechas/programar-reloj.png' });
    // Cancelar closes the picker alone: the scheduling dialog stays.
    await reloj.getByRole('button', { name: M.cancelar }).click();
    await reloj.waitFor({ state: 'detached' });
    await dialogo.waitFor();
    // The end before the start.
    await escribir(fin, 'Año', '2020');
    await dialogo.getByRole('button', { name: M.programar }).click();
    await dialogo.getByText(M.fechaFinalMenor).waitFor();
    await escribir(fin, 'Año', '2099');
    await dialogo.getByRole('button', { name: M.programar }).click();
    await pagina.getByTestId('confirmar-si').click();
    await pagina.getByText(M.recargasProgramadas).waitFor();
    const programa = pagina.getByTestId('programas').getByRole('button').first();
    await programa.waitFor();
    await captura(pagina, 'masivas-programa');
    await programa.click();
    await pagina.getByTestId('confirmar-si').click();
    await pagina.getByText(/^Programación cancelada: \d+ recargas no se enviarán$/).waitFor();
    await pagina.context().close();
  });
});
