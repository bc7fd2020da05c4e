import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { etiquetaCarrier } from '@recargas/contracts/carriers/nombres';
import { M } from '@recargas/contracts/mensajes';
import type { EstadoRecarga } from '@recargas/contracts/recargas';
import { useEffect, useRef } from 'react';
import { TituloPanel } from '../../ui/TituloPanel.tsx';

/** What a top-up did, from the server's answer (or, when none came, from what was sent). */
export interface ResultadoRecarga {
  estado: EstadoRecarga;
  mensaje: string;
  icc: string;
  dn: string;
  compania: string;
  /** null: hidden from this user, or none chosen and no answer. */
  monto: number | null;
  folio: string | null;
}

const SEVERIDAD = { exitosa: 'success', fallida: 'error', pendiente: 'info', enviada: 'info' } as const;

/** Number, carrier, amount and folio, as the toast and the panel name them. */
export function camposResultado(r: ResultadoRecarga): [string, string][] {
  const campos: [string, string | null][] = [
    [M.icc, r.icc || null],
    [M.numeroTelefonico, r.dn || null],
    [M.compania, etiquetaCarrier(r.compania)],
    [M.monto, r.monto === null ? null : `$${r.monto}`],
    [M.folio, r.folio],
  ];
  return campos.filter((c): c is [string, string] => Boolean(c[1]));
}

/** The toast of a result: its message and what it was for (the folio by its name). */
export const textoResultado = (r: ResultadoRecarga) =>
  [r.mensaje, ...camposResultado(r).map(([k, v]) => (k === M.folio ? `${k} ${v}` : v))].join(' · ');

/**
 * The latest top-up beside (at 800 px: below) the form, so its toast may go. Each new result is
 * scrolled into view: at 800 px that lifts the form above the toasts at the bottom.
 */
export function PanelResultado({ resultado }: { resultado: ResultadoRecarga | null }) {
  const caja = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (resultado) caja.current?.scrollIntoView({ block: 'nearest' });
  }, [resultado]);
  if (!resultado) return null;
  return (
    <Paper ref={caja} sx={{ p: 2 }} data-testid="resultado-recarga" aria-live="polite">
      <TituloPanel>{M.ultimaRecarga}</TituloPanel>
      <Alert severity={SEVERIDAD[resultado.estado]} sx={{ mb: 1 }}>
        {resultado.mensaje}
      </Alert>
      <Table size="small">
        <TableBody>
          {camposResultado(resultado).map(([etiqueta, valor]) => (
            <TableRow key={etiqueta}>
              <TableCell component="th" scope="row">
                {etiqueta}
              </TableCell>
              <TableCell data-campo={etiqueta}>{valor}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
