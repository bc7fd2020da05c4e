import Box from '@mui/material/Box';
import { M } from '@recargas/contracts/mensajes';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef } from 'react';
import { partesTarjeta } from './columnas.ts';
import { FilaCargando, FUERA, type PropsLista, usePedirAlFinal } from './listaVirtual.tsx';
import { LISTA, Tarjeta } from './Tarjeta.tsx';

/** A card's height until the browser measures it (a title line and three fields). */
const ALTO_TARJETA = 120;

/**
 * TablaInfinita under 600 px: the same rows and paging as cards, one under another in a box
 * that scrolls up and down only. Only the cards in view are drawn (TanStack Virtual measures
 * each, their heights differ); near the end the next page is asked for, as the table does.
 */
export function TarjetasInfinitas<F>(props: PropsLista<F>) {
  const { filas, columnas, clave, cargando } = props;
  const caja = useRef<HTMLDivElement>(null);
  const partes = useMemo(() => partesTarjeta(columnas), [columnas]);
  const virtual = useVirtualizer({
    count: filas.length,
    getScrollElement: () => caja.current,
    estimateSize: useCallback(() => ALTO_TARJETA, []),
    overscan: FUERA,
    getItemKey: useCallback((i: number) => clave(filas[i] as F, i), [filas, clave]),
  });
  usePedirAlFinal(virtual.range?.endIndex ?? -1, props);
  return (
    // It scrolls on its own, so it takes the keyboard focus (arrows, PageDown and End scroll it).
    <Box
      ref={caja}
      tabIndex={0}
      data-testid={props.testId && `${props.testId}-caja`}
      sx={{ maxHeight: '70vh', overflowY: 'auto', overflowX: 'hidden' }}
    >
      {/* data-filas: the rows loaded, which the DOM no longer shows all of. */}
      <ul
        data-testid={props.testId}
        data-filas={filas.length}
        style={{ ...LISTA, position: 'relative', height: virtual.getTotalSize() }}
      >
        {virtual.getVirtualItems().map((v) => (
          <Tarjeta<F>
            key={v.key}
            fila={filas[v.index] as F}
            indice={v.index}
            partes={partes}
            medir={virtual.measureElement}
            arriba={v.start}
          />
        ))}
      </ul>
      {!cargando && filas.length === 0 && (
        <Box sx={{ typography: 'body2', py: 1 }}>{props.vacio ?? M.sinResultados}</Box>
      )}
      {cargando && <FilaCargando />}
    </Box>
  );
}
