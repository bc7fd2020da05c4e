import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { M } from '@recargas/contracts/mensajes';
import { type ReactNode, useEffect, useRef } from 'react';

export interface Columna<F> {
  llave: string;
  valor: string;
  celda?: (fila: F) => ReactNode;
}

/**
 * A table that asks for the next page when its end comes within about 50 px of view (spec
 * section 9), with a sticky header so long lists stay readable on small screens.
 */
export function TablaInfinita<F>(props: {
  columnas: readonly Columna<F>[];
  filas: readonly F[];
  clave: (fila: F) => string | number;
  hayMas: boolean;
  cargando: boolean;
  alFinal: () => void;
  testId?: string;
}) {
  const centinela = useRef<HTMLTableRowElement>(null);
  const { hayMas, cargando, alFinal } = props;
  useEffect(() => {
    const nodo = centinela.current;
    if (!nodo || !hayMas) return;
    const observador = new IntersectionObserver(
      (entradas) => {
        if (entradas.some((e) => e.isIntersecting) && !cargando) alFinal();
      },
      { rootMargin: '0px 0px 50px 0px' },
    );
    observador.observe(nodo);
    return () => observador.disconnect();
  }, [hayMas, cargando, alFinal]);

  return (
    // It scrolls on its own, so it takes the keyboard focus (arrow keys scroll it).
    <TableContainer sx={{ maxHeight: '70vh' }} tabIndex={0}>
      <Table size="small" stickyHeader data-testid={props.testId}>
        <TableHead>
          <TableRow>
            {props.columnas.map((c) => (
              <TableCell key={c.llave} sx={{ whiteSpace: 'nowrap', fontWeight: 'bold' }}>
                {c.valor}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.filas.map((f) => (
            <TableRow key={props.clave(f)} hover>
              {props.columnas.map((c) => (
                <TableCell key={c.llave}>
                  {c.celda ? c.celda(f) : String((f as Record<string, unknown>)[c.llave] ?? '')}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {!cargando && props.filas.length === 0 && (
            <TableRow>
              <TableCell colSpan={props.columnas.length}>{M.sinResultados}</TableCell>
            </TableRow>
          )}
          <TableRow ref={centinela}>
            <TableCell colSpan={props.columnas.length} sx={{ border: 0, p: 0 }}>
              {cargando && (
                <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
                  <CircularProgress size={24} aria-label={M.cargando} />
                </Box>
              )}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
