import Paper from '@mui/material/Paper';
import { etiquetaCarrier } from '@recargas/contracts/carriers/nombres';
import { M } from '@recargas/contracts/mensajes';
import { etiquetaEstado } from '@recargas/contracts/recargas/reglas';
import { useDeferredValue, useMemo } from 'react';
import { fechaHoraEmpresa } from '../../lib/fechas.ts';
import type { Columna } from '../../ui/columnas.ts';
import { TablaCorta } from '../../ui/TablaCorta.tsx';
import { TituloPanel } from '../../ui/TituloPanel.tsx';
import { type Movimientos, useMovimientos } from './api.ts';

type Fila = Movimientos['movimientos'][number];

const celda = (f: Fila, llave: string) => {
  const v = f[llave as keyof Fila];
  if (llave === 'monto') return v === null ? '' : `$${v}`;
  if (llave === 'fecha') return fechaHoraEmpresa(String(v));
  // Names, as on the sales report: 'Telcel', not 'T'; 'Exitosa', not 'exitosa'.
  if (llave === 'compania') return etiquetaCarrier(String(v));
  if (llave === 'estatus') return etiquetaEstado(String(v));
  return String(v ?? '');
};

/** A phone card's first line: the number, the amount, the status and the date (issue 41). */
const PRIMERA: Record<string, number> = { dn: 1, monto: 2, estatus: 3, fecha: 4 };

/** The last 10 movements under the top-up form; the server decides the columns (Monto may be hidden). */
export function TablaMovimientos() {
  // The rows in a deferred render, split into short tasks: they come after the form (issue 21).
  const data = useDeferredValue(useMovimientos().data);
  const titulos = data?.titulos;
  const columnas = useMemo<Columna<Fila>[]>(
    () => [
      { llave: 'numero', valor: '#', celda: (_f, i) => i + 1 },
      ...(titulos ?? []).map((t) => ({
        ...t,
        primera: PRIMERA[t.llave],
        celda: (f: Fila) => celda(f, t.llave),
      })),
    ],
    [titulos],
  );
  return (
    <Paper sx={{ p: 2 }}>
      <TituloPanel>{M.ultimosMovimientos}</TituloPanel>
      <TablaCorta
        testId="tabla-movimientos"
        columnas={columnas}
        filas={data?.movimientos ?? []}
        // The 10 rows are replaced whole, never reordered.
        clave={(_f, i) => i}
        vacio={data && M.sinMovimientos}
      />
    </Paper>
  );
}
