import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { M } from '@recargas/contracts/mensajes';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import type { Columna } from './columnas.ts';

/** What the paged lists take: the table on a desk, the cards on a phone. */
export interface PropsLista<F> {
  columnas: readonly Columna<F>[];
  filas: readonly F[];
  /** A row's key; `indice` for rows with no id of their own (keyed by their place). */
  clave: (fila: F, indice: number) => string | number;
  hayMas: boolean;
  cargando: boolean;
  alFinal: () => void;
  testId?: string;
  /** The text of an empty list (M.sinResultados unless given). */
  vacio?: string;
}

/**
 * Under 600 px (MUI's `sm`, written out: a list outside the theme's provider reads it too) a
 * list shows cards: a table there needed a sideways swipe to reach a row's number or amount
 * (issue 41). Read before the first drawing, so nothing flips.
 */
export const useAngosta = () => useMediaQuery('(max-width:599.95px)', { noSsr: true });

/**
 * Rows drawn beyond each edge of the view, so a wheel turn shows no blank. Few: a fling replaces
 * every drawn row each frame, so each one more is drawn about 60 times a second.
 */
export const FUERA = 4;
/** The next page is asked for when the last row in view is this close to the end. */
const ANTES_DEL_FINAL = 3;

/**
 * Asks for the next page when the last row in view (`ultima`; not the last drawn: the rows drawn
 * beyond the view would ask at once) comes within a few rows of the end. One request per list
 * state: a failed page is not asked again until the rows change.
 */
export function usePedirAlFinal<F>(ultima: number, p: PropsLista<F>) {
  const { filas, hayMas, cargando, alFinal } = p;
  const pedidoCon = useRef<readonly [number, F | undefined] | null>(null);
  useEffect(() => {
    if (!hayMas || cargando || ultima < filas.length - 1 - ANTES_DEL_FINAL) return;
    const estado = [filas.length, filas[0]] as const;
    if (pedidoCon.current?.[0] === estado[0] && pedidoCon.current[1] === estado[1]) return;
    pedidoCon.current = estado;
    alFinal();
  }, [ultima, filas, hayMas, cargando, alFinal]);
}

/** The loading line, stuck to the box's bottom edge so it shows even when the page comes below the view. */
export const FilaCargando = (): ReactNode => (
  <Box
    data-testid="fila-cargando"
    sx={{
      position: 'sticky',
      bottom: 0,
      left: 0,
      display: 'flex',
      justifyContent: 'center',
      alignItems: 'center',
      gap: 1,
      py: 0.75,
      bgcolor: 'background.paper',
      borderTop: 1,
      borderColor: 'divider',
      zIndex: 3,
    }}
  >
    <CircularProgress size={20} aria-hidden />
    <span role="status">{M.cargando}</span>
  </Box>
);
