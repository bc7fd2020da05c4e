import { alpha, lighten, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { M } from '@recargas/contracts/mensajes';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type FocusEvent,
  type Key,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { type Columna, contenido } from './columnas.ts';
import { FilaCargando, FUERA, type PropsLista, useAngosta, usePedirAlFinal } from './listaVirtual.tsx';
import { TarjetasInfinitas } from './TarjetasInfinitas.tsx';

export type { Columna } from './columnas.ts';

/**
 * The body's look, set once on the table: a small MUI cell's (typography, padding, border) and
 * the row's hover, on plain `tr`/`td`. An MUI TableRow/TableCell per cell cost an emotion class
 * each, hundreds a scroll frame at 100,000 rows.
 */
const CUERPO = {
  '& > tbody > tr > td': {
    typography: 'body2',
    color: 'text.primary',
    padding: '6px 16px',
    textAlign: 'left',
    borderBottom: (t: Theme) => `1px solid ${lighten(alpha(t.palette.divider, 1), 0.88)}`,
  },
  '& > tbody > tr[data-index]:hover': { bgcolor: 'action.hover' },
} as const;

/** The height of a small MUI row, until the browser measures the list's first row. */
const ALTO_FILA = 33;

interface PropsFila<F> {
  fila: F;
  indice: number;
  columnas: readonly Columna<F>[];
  medir: (nodo: HTMLTableRowElement | null) => void;
}

/** One row; it draws again only when its data or the columns change, not on every scroll step. */
const Fila = memo(function Fila<F>({ fila, indice, columnas, medir }: PropsFila<F>) {
  return (
    <tr ref={medir} data-index={indice}>
      {columnas.map((c) => (
        <td key={c.llave}>{contenido(c, fila, indice)}</td>
      ))}
    </tr>
  );
}) as <F>(p: PropsFila<F>) => ReactNode;

/** The focused row: its item key, and the React key it keeps while it stays drawn. */
interface Fijada {
  clave: Key;
  llave: Key;
}

/**
 * Each drawn row's React key: its place in the drawn window, so a fling moves no element in the
 * DOM (a row keeps its place, only its text changes). The row holding the focus (a field in
 * edit) keeps its own key, and the others are keyed by their distance from it: rows above stay
 * above, so React never moves the focused element (which would lose the focus).
 */
function llavesPorLugar(items: readonly { key: Key }[], fijada: Fijada | null): Key[] {
  const f = fijada ? items.findIndex((v) => v.key === fijada.clave) : -1;
  if (!fijada || f < 0) return items.map((_, lugar) => lugar);
  return items.map((_, i) =>
    i === f ? fijada.llave : `${fijada.llave}${i < f ? '<' : '>'}${Math.abs(i - f)}`,
  );
}

/** A row of no content that stands for the rows not drawn above or below the view. */
export const Relleno = ({ alto, columnas }: { alto: number; columnas: number }) =>
  alto > 0 ? (
    <tr aria-hidden style={{ height: alto }}>
      <td colSpan={columnas} style={{ padding: 0, border: 0 }} />
    </tr>
  ) : null;

/**
 * A paged list (spec section 9): a table from 600 px on, cards below (issue 41), from the same
 * columns. Both draw only the rows in view and ask for the next page near the end.
 */
export function TablaInfinita<F>(props: PropsLista<F>) {
  return useAngosta() ? <TarjetasInfinitas {...props} /> : <TablaEscritorio {...props} />;
}

/**
 * The table that draws only the rows in view (TanStack Virtual on its own scroll box), so
 * 100,000 loaded rows scroll like 20. When the last row in view comes within a few rows of the
 * end it asks for the next page; a short list keeps asking until it fills the box or ends. A row
 * with a spinner shows while a page loads. The header sticks, and a column never narrows once
 * wider rows have been seen, so columns do not jump while scrolling.
 */
function TablaEscritorio<F>(props: PropsLista<F>) {
  const { filas, columnas, cargando, clave } = props;
  const caja = useRef<HTMLDivElement>(null);
  const cabecera = useRef<HTMLTableRowElement>(null);
  // The rows start below the header: the virtual positions then match the page's.
  const [altoCabecera, setAltoCabecera] = useState(0);
  // The first row's height is the estimate for the rest: a row measured at the estimate moves
  // nothing, while each one that differs makes TanStack Virtual copy its size cache and place
  // every later row again (O(rows loaded) per new row, the scroll cost left at 100,000 rows).
  const [altoFila, setAltoFila] = useState(ALTO_FILA);
  const virtual = useVirtualizer({
    paddingStart: altoCabecera,
    count: filas.length,
    getScrollElement: () => caja.current,
    estimateSize: useCallback(() => altoFila, [altoFila]),
    overscan: FUERA,
    // New rows are drawn in React's own task, not inside the scroll event: at a fling the two
    // together made the frame's one task pass 50 ms (bench:web's trace, 100,000 rows).
    useFlushSync: false,
    // Stable between scroll frames: a new function makes the virtualizer measure every row again.
    getItemKey: useCallback((i: number) => clave(filas[i] as F, i), [filas, clave]),
  });
  // A new estimate places the rows not yet measured again (TanStack Virtual does not watch it).
  useEffect(() => {
    if (altoFila !== ALTO_FILA) virtual.measure();
  }, [altoFila, virtual]);
  const items = virtual.getVirtualItems();
  // Rows are keyed by their place in the drawn window, the focused row by its own key.
  const fijada = useRef<Fijada | null>(null);
  if (fijada.current && !items.some((v) => v.key === fijada.current?.clave)) fijada.current = null;
  const llavesFilas = llavesPorLugar(items, fijada.current);
  const dibujadas = useRef({ items, llaves: llavesFilas });
  dibujadas.current = { items, llaves: llavesFilas };
  // A row that takes the focus keeps the key it was drawn with, so its element stays.
  const alEnfocar = useCallback((e: FocusEvent<HTMLDivElement>) => {
    if (!caja.current?.contains(e.target)) return; // a menu of the row, in a portal
    const i = Number(e.target.closest('tr[data-index]')?.getAttribute('data-index') ?? -1);
    const lugar = dibujadas.current.items.findIndex((v) => v.index === i);
    const item = dibujadas.current.items[lugar];
    if (!item) fijada.current = null;
    else if (fijada.current?.clave !== item.key)
      fijada.current = { clave: item.key, llave: dibujadas.current.llaves[lugar] ?? lugar };
  }, []);
  usePedirAlFinal(virtual.range?.endIndex ?? -1, props);

  // Columns only widen while the same columns show rows: each header cell keeps the widest
  // width it has had. Other columns, or no rows (the header alone stretches), start again.
  const anchos = useRef({ columnas: '', px: [] as number[] });
  const llaves = columnas.map((c) => c.llave).join('\n');
  // A ResizeObserver, not a measure on every render: reading widths each scroll frame forced a
  // layout per frame (the top cost in bench:web's profile at 100,000 rows).
  const sinFilas = filas.length === 0;
  useLayoutEffect(() => {
    setAltoCabecera(cabecera.current?.offsetHeight ?? 0);
    const celdas = [...(cabecera.current?.children ?? [])] as HTMLElement[];
    const primera = caja.current?.querySelector<HTMLElement>('tbody tr[data-index]');
    // Whole pixels, as TanStack Virtual measures rows: a row 0.02 px off the estimate placed
    // every later row again.
    if (primera) setAltoFila(Math.round(primera.getBoundingClientRect().height));
    if (anchos.current.columnas !== llaves || sinFilas) {
      anchos.current = { columnas: llaves, px: [] };
      for (const celda of celdas) celda.style.minWidth = '';
      if (sinFilas) return;
    }
    const observador = new ResizeObserver((cambios) => {
      for (const cambio of cambios) {
        const celda = cambio.target as HTMLElement;
        const i = celdas.indexOf(celda);
        const ancho = cambio.borderBoxSize[0]?.inlineSize ?? celda.getBoundingClientRect().width;
        if (ancho > (anchos.current.px[i] ?? 0)) {
          anchos.current.px[i] = ancho;
          celda.style.minWidth = `${Math.ceil(ancho)}px`;
        }
      }
    });
    for (const celda of celdas) observador.observe(celda);
    return () => observador.disconnect();
  }, [llaves, sinFilas]);

  const arriba = (items[0]?.start ?? altoCabecera) - altoCabecera;
  const abajo = items.length ? virtual.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  return (
    // It scrolls on its own, so it takes the keyboard focus (arrows, PageDown and End scroll it).
    <TableContainer
      ref={caja}
      onFocus={alEnfocar}
      sx={{ maxHeight: '70vh' }}
      tabIndex={0}
      data-testid={props.testId && `${props.testId}-caja`}
    >
      {/* data-filas: the rows loaded, which the DOM no longer shows all of. */}
      <Table size="small" stickyHeader data-testid={props.testId} data-filas={filas.length} sx={CUERPO}>
        <TableHead>
          <TableRow ref={cabecera}>
            {columnas.map((c) => (
              <TableCell key={c.llave} sx={{ whiteSpace: 'nowrap', fontWeight: 'bold' }}>
                {c.valor}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <tbody>
          <Relleno alto={arriba} columnas={columnas.length} />
          {items.map((v, lugar) => (
            <Fila<F>
              key={llavesFilas[lugar]}
              fila={filas[v.index] as F}
              indice={v.index}
              columnas={columnas}
              medir={virtual.measureElement}
            />
          ))}
          <Relleno alto={abajo} columnas={columnas.length} />
          {!cargando && filas.length === 0 && (
            <tr>
              <td colSpan={columnas.length}>{props.vacio ?? M.sinResultados}</td>
            </tr>
          )}
        </tbody>
      </Table>
      {cargando && <FilaCargando />}
    </TableContainer>
  );
}
