import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { M, texto } from '@recargas/contracts/mensajes';
import { type AccionSubida, celdaDe, type RespuestaSubida } from '@recargas/contracts/subidas';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { Relleno } from '../../ui/TablaInfinita.tsx';

type FilaSubida = RespuestaSubida['arreglo'][number];

/** A small row's height until the browser measures it (a wrong cell, with its reason, is taller). */
const ALTO_FILA = 33;
/** Rows drawn beyond each edge of the view, so a quick wheel turn shows no blank. */
const FUERA = 10;

const ROJA = { color: 'error.contrastText', bgcolor: 'error.main', fontWeight: 'bold' } as const;

/** One row of the file: its invalid cells in red with their address and reason (section 2). */
const Fila = memo(function Fila(props: {
  f: FilaSubida;
  estado: string;
  indice: number;
  medir: (nodo: HTMLTableRowElement | null) => void;
}) {
  const { f } = props;
  return (
    <TableRow ref={props.medir} data-index={props.indice}>
      <TableCell>{f.fila}</TableCell>
      <TableCell>
        {props.estado}
        {/* On a phone the wrong cell sits far right: its address and reason also here. */}
        {f.celdas.map((c, i) =>
          c.isCorrecto || !c.mensaje ? null : (
            <Typography
              key={c.llave}
              component="span"
              variant="caption"
              color="error"
              data-testid="motivo-fila"
              sx={{ display: { xs: 'block', md: 'none' } }}
            >
              {texto('errorEnCelda', { celda: celdaDe(i, f.fila), mensaje: c.mensaje })}
            </Typography>
          ),
        )}
      </TableCell>
      {f.celdas.map((c, i) => (
        <TableCell
          key={c.llave}
          title={c.mensaje}
          data-celda={celdaDe(i, f.fila)}
          data-correcto={c.isCorrecto ? 'si' : 'no'}
          sx={c.isCorrecto ? undefined : ROJA}
        >
          {c.valor}
          {!c.isCorrecto && c.mensaje && (
            <Typography component="span" variant="caption" sx={{ display: 'block' }}>
              {/* The cell's address, as in the rejected rows file: 'D3: Monto no permitido'. */}
              {texto('errorEnCelda', { celda: celdaDe(i, f.fila), mensaje: c.mensaje })}
            </Typography>
          )}
        </TableCell>
      ))}
    </TableRow>
  );
});

/**
 * The upload's result rows (up to LIMITE_ARREGLO): only the rows in view are drawn (TanStack
 * Virtual on the table's own scroll box); 1,000 rows drawn at once froze the page 1.2 s.
 */
export function TablaResultado({
  accion,
  r,
  filas,
}: {
  accion: AccionSubida;
  r: RespuestaSubida;
  /** The rows to list, in order (DialogoResultado: errors first, or only them). */
  filas: FilaSubida[];
}) {
  const estado = {
    correcto: M.filaCorrecta,
    erroneo: M.filaErronea,
    duplicado: accion === 2 ? M.filaActualizada : M.filaDuplicada,
  } as const;
  const caja = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: filas.length,
    getScrollElement: () => caja.current,
    estimateSize: () => ALTO_FILA,
    overscan: FUERA,
    getItemKey: (i) => filas[i]?.fila ?? i,
  });
  const items = virtual.getVirtualItems();
  const columnas = r.titulos.length + 2;
  const arriba = items[0]?.start ?? 0;
  const abajo = items.length ? virtual.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  return (
    <Box>
      {!r.arregloCompleto && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {texto('arregloParcial', { n: r.arreglo.length, total: r.total })}
        </Typography>
      )}
      {/* It scrolls on its own, so it takes the keyboard focus (arrows, PageDown and End). */}
      <TableContainer ref={caja} sx={{ maxHeight: '60vh' }} tabIndex={0}>
        <Table size="small" stickyHeader data-testid="tabla-resultado" data-filas={filas.length}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 'bold' }}>{M.colFila}</TableCell>
              <TableCell sx={{ fontWeight: 'bold' }}>{M.estado}</TableCell>
              {r.titulos.map((t) => (
                <TableCell key={t.llave} sx={{ fontWeight: 'bold', whiteSpace: 'nowrap' }}>
                  {t.valor}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <Relleno alto={arriba} columnas={columnas} />
            {items.map((v) => {
              const f = filas[v.index] as FilaSubida;
              return (
                <Fila
                  key={v.key}
                  f={f}
                  estado={estado[f.estado]}
                  indice={v.index}
                  medir={virtual.measureElement}
                />
              );
            })}
            <Relleno alto={abajo} columnas={columnas} />
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
