import type { Page } from 'playwright-core';

/**
 * The highest row index wholly inside the list's box, and how many rows are in the DOM: a
 * table's rows, or under 600 px its cards (both carry data-index).
 */
export const alcance = (pagina: Page, tabla: string) =>
  pagina.evaluate((tabla) => {
    const caja = document.querySelector(`[data-testid="${tabla}-caja"]`)?.getBoundingClientRect();
    const filas = Array.from(document.querySelectorAll(`[data-testid="${tabla}"] [data-index]`));
    const vistas = filas.filter((f) => {
      const r = f.getBoundingClientRect();
      return caja && r.top >= caja.top - 1 && r.bottom <= caja.bottom + 1;
    });
    return {
      ultima: Math.max(-1, ...vistas.map((f) => Number(f.getAttribute('data-index')))),
      enDom: filas.length,
      cargadas: Number(document.querySelector(`[data-testid="${tabla}"]`)?.getAttribute('data-filas')),
    };
  }, tabla);
