import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { type Columna, contenido, partesTarjeta } from './columnas.ts';
import { useAngosta } from './listaVirtual.tsx';
import { LISTA, Tarjeta } from './Tarjeta.tsx';

/**
 * A short list drawn whole (the last 10 movements): a table from 600 px on, the same cards as
 * TablaInfinita's below. No virtual list: the top-up screen does not load one (issue 21).
 */
export function TablaCorta<F>(props: {
  columnas: readonly Columna<F>[];
  filas: readonly F[];
  clave: (fila: F, indice: number) => string | number;
  testId: string;
  /** The text of an empty list; none while the rows are still coming. */
  vacio?: string | undefined;
}) {
  const { columnas, filas, clave } = props;
  const partes = useMemo(() => partesTarjeta(columnas), [columnas]);
  const angosta = useAngosta();
  if (angosta)
    return (
      <>
        <ul data-testid={props.testId} style={LISTA}>
          {filas.map((f, i) => (
            <Tarjeta key={clave(f, i)} fila={f} indice={i} partes={partes} />
          ))}
        </ul>
        {filas.length === 0 && props.vacio && <Typography variant="body2">{props.vacio}</Typography>}
      </>
    );
  return (
    <TableContainer>
      <Table size="small" data-testid={props.testId}>
        <TableHead>
          <TableRow>
            {columnas.map((c) => (
              <TableCell key={c.llave}>{c.valor}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {filas.map((f, i) => (
            <TableRow key={clave(f, i)} data-index={i}>
              {columnas.map((c) => (
                <TableCell key={c.llave}>{contenido(c, f, i)}</TableCell>
              ))}
            </TableRow>
          ))}
          {filas.length === 0 && props.vacio && (
            <TableRow>
              <TableCell colSpan={columnas.length}>{props.vacio}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
