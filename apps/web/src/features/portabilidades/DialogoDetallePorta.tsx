import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import type { DetallePorta } from '@recargas/contracts/portabilidades';
import { useState } from 'react';
import { fechaCorta } from '../../lib/fechas.ts';
import { detallePorta } from './api.ts';

/** The number asked about and, once the carrier answers, its detail. */
export type Detalle = { dn: string; datos: DetallePorta | null } | null;

/**
 * A port-out's detail, asked for when its modal opens (the modal waits with a spinner). A failed
 * answer closes the modal and says so (section 8); a late answer for another number is dropped.
 */
export function useDetallePorta(alFallar: () => void) {
  const [detalle, setDetalle] = useState<Detalle>(null);
  const ver = async (dn: string) => {
    setDetalle({ dn, datos: null });
    try {
      const datos = await detallePorta(dn);
      setDetalle((d) => (d?.dn === dn ? { dn, datos } : d));
    } catch {
      setDetalle(null);
      alFallar();
    }
  };
  return { detalle, ver, cerrar: () => setDetalle(null) };
}

const FILAS_DETALLE: [string, keyof DetallePorta][] = [
  [M.telefonoAPortar, 'telefonoAPortar'],
  [M.telefonoDestino, 'telefonoDestino'],
  [M.fechaDeCreacion, 'fechaCrea'],
  [M.fechaDeModificacion, 'fechaModifica'],
  [M.refExterna, 'refExterna1'],
  [M.estado, 'estado'],
  [M.comentarios, 'comentarios'],
];

/** Detalle de portabilidad: the carrier's data of a ported number, or the wait for it. */
export function DialogoDetallePorta({ detalle, alCerrar }: { detalle: Detalle; alCerrar: () => void }) {
  return (
    <Dialog open={detalle !== null} onClose={alCerrar} maxWidth="sm" fullWidth>
      <DialogTitle>{M.detallePortabilidad}</DialogTitle>
      <DialogContent>
        {detalle?.datos ? (
          <Table size="small" data-testid="detalle-porta">
            <TableBody>
              {FILAS_DETALLE.map(([titulo, llave]) => (
                <TableRow key={llave}>
                  <TableCell sx={{ fontWeight: 'bold' }}>{titulo}</TableCell>
                  <TableCell>
                    {llave === 'fechaCrea' || llave === 'fechaModifica'
                      ? fechaCorta(detalle.datos?.[llave] ?? null)
                      : detalle.datos?.[llave]}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }} data-testid="detalle-espera">
            <CircularProgress size={28} />
            <Typography>{M.esperaDetalleAtt}</Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={alCerrar}>{M.cerrar}</Button>
      </DialogActions>
    </Dialog>
  );
}
