import type { Locator, Page } from 'playwright-core';

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
