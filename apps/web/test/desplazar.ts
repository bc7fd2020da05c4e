import { act, fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

/** A row's height in these tests. */
const ALTO_FILA = 33;

/**
 * happy-dom lays nothing out: a table's scroll box says it is `filas` rows tall and every row 33
 * px, so a virtual table draws the rows of one box plus its margin. Undone by vi.restoreAllMocks().
 */
export function simularAlto(filas = 10): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(filas * ALTO_FILA);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ALTO_FILA);
}

/** Scrolls every table box to `px` from its top, as a wheel or script would. */
export const desplazarA = (px: number) =>
  act(() => {
    for (const caja of document.querySelectorAll<HTMLElement>('.MuiTableContainer-root')) {
      caja.scrollTop = px;
      fireEvent.scroll(caja);
    }
  });

/** Scrolls every table box to its end, as a wheel, End key or script would. */
export const verFinal = () => desplazarA(1e7);
