import { M } from '@recargas/contracts/mensajes';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A MUI X picker field (its sections and its open button), found by its hidden input's name. */
export const campoFecha = (donde: Page | Locator, nombre: string) =>
  donde.locator(`input[name="${nombre}"]`).locator('..');

/** A section of a picker field: 'Año', 'Mes', 'Dia', 'Horas', 'Minutos' (es-ES labels). */
export const seccion = (campo: Locator, nombre: string) =>
  campo.getByRole('spinbutton', { name: nombre, exact: true });

/** Types digits into a picker field from `desde` on; the field moves to the next section itself. */
export async function escribir(campo: Locator, desde: string, digitos: string) {
  await seccion(campo, desde).click();
  await campo.page().keyboard.type(digitos);
}

/** The requests the page sends to `ruta` (a path) from now on. */
export function peticionesA(pagina: Page, ruta: string): string[] {
  const vistas: string[] = [];
  pagina.on('request', (r) => {
    if (new URL(r.url()).pathname === ruta) vistas.push(r.url());
  });
  return vistas;
}

/** Waits long enough for a request the page would send, then gives the count. */
export async function tras(pagina: Page, vistas: string[]) {
  await pagina.waitForTimeout(700);
  return vistas.length;
}

/**
 * Waits for a picker's popper to finish opening. It grows in over 225 ms, and a click before
 * then can press on one element and release on another under the growing box (the scheduling
 * picker's Cancelar, pressed mid-transition under load, released on a calendar row: no click).
 * An animation cancelled meanwhile (React re-rendering the popper) rejects its `finished` with an
 * AbortError; it is over all the same.
 */
export const abierto = (popper: Locator) =>
  popper.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/** Opens the picker of the field `nombre`, clicks day `dia` of the month it shows and Seleccionar. */
export async function elegirDia(pagina: Page, nombre: string, foto?: string, dia = 1) {
  await campoFecha(pagina, nombre).getByRole('button').click();
  const calendario = pagina.getByRole('dialog');
  await abierto(calendario);
  await calendario.getByRole('gridcell', { name: String(dia), exact: true }).click();
  if (foto) await pagina.screenshot({ path: foto });
  await calendario.getByRole('button', { name: M.seleccionar }).click();
  await calendario.waitFor({ state: 'detached' });
}

/**
 * The range of a list screen asks `ruta` only once accepted: a day typed digit by digit and a
 * day half deleted ask nothing; day 1 chosen in the picker and Seleccionar ask once (day 2 when
 * the range already starts on a 1st, so that the choice is a change).
 */
export async function rangoPideAlAceptar(pagina: Page, ruta: string, foto?: string) {
  const vistas = peticionesA(pagina, ruta);
  const inicial = campoFecha(pagina, 'fechaInicial');
  const dia = (await inicial.locator('input').inputValue()).endsWith('/01') ? 2 : 1;
  await escribir(inicial, 'Dia', '1');
  expect(await tras(pagina, vistas)).toBe(0);
  await pagina.keyboard.type('5');
  await pagina.keyboard.press('Backspace');
  await pagina.keyboard.press('Tab');
  expect(await tras(pagina, vistas)).toBe(0);
  await elegirDia(pagina, 'fechaInicial', foto, dia);
  await expect.poll(() => vistas.length).toBe(1);
  expect(await tras(pagina, vistas)).toBe(1);
  return vistas;
}
