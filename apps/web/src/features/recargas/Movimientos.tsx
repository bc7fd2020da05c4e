import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { etiquetaCarrier } from '@recargas/contracts/carriers/nombres';
import { M } from '@recargas/contracts/mensajes';
import { etiquetaEstado } from '@recargas/contracts/recargas/reglas';
import { useDeferredValue } from 'react';
import { fechaHoraLocal } from '../../lib/fechas.ts';
import { type Movimientos, useMovimientos } from './api.ts';

type Fila = Movimientos['movimientos'][number];

const celda = (f: Fila, llave: string) => {
  const v = f[llave as keyof Fila];
  if (llave === 'monto') return v === null ? '' : `$${v}`;
  if (llave === 'fecha') return fechaHoraLocal(String(v));
  // Names, as on the sales report: 'Telcel', not 'T'; 'Exitosa', not 'exitosa'.
  if (llave === 'compania') return etiquetaCarrier(String(v));
  if (llave === 'estatus') return etiquetaEstado(String(v));
  return String(v ?? '');
};

/** The last 10 movements under the top-up form; the server decides the columns (Monto may be hidden). */
export function TablaMovimientos() {
  // The rows in a deferred render, split into short tasks: they come after the form (issue 21).
  const data = useDeferredValue(useMovimientos().data);
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {M.ultimosMovimientos}
      </Typography>
      <TableContainer>
        <Table size="small" data-testid="tabla-movimientos">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              {data?.titulos.map((t) => (
                <TableCell key={t.llave}>{t.valor}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.movimientos.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the 10 rows are replaced whole, never reordered
              <TableRow key={i}>
                <TableCell>{i + 1}</TableCell>
                {data.titulos.map((t) => (
                  <TableCell key={t.llave}>{celda(f, t.llave)}</TableCell>
                ))}
              </TableRow>
            ))}
            {data?.movimientos.length === 0 && (
              <TableRow>
                <TableCell colSpan={(data.titulos.length ?? 0) + 1}>{M.sinMovimientos}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
