import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResumenDia } from '@recargas/contracts/conciliaciones';
import { M } from '@recargas/contracts/mensajes';
import { useMemo, useState } from 'react';
import { BotonExcel } from '../../ui/BotonExcel.tsx';
import { type Columna, TablaInfinita } from '../../ui/TablaInfinita.tsx';
import { useDias } from './api.ts';
import { Diferencias } from './Diferencias.tsx';
import { EstadoCuenta } from './EstadoCuenta.tsx';
import { pesos, plataformaDe } from './formato.ts';

/** The days' columns; the chosen day's button is pressed. */
const columnasDias = (
  elegido: ResumenDia | undefined,
  elegir: (d: ResumenDia) => void,
): Columna<ResumenDia>[] => [
  {
    llave: 'dia',
    valor: M.conciliacionDia,
    primera: 1,
    // A button: the day is chosen with the keyboard as with the mouse.
    celda: (d) => (
      <Button
        size="small"
        onClick={() => elegir(d)}
        aria-pressed={elegido?.id === d.id}
        variant={elegido?.id === d.id ? 'contained' : 'text'}
        data-testid={`dia-${d.dia}-${d.plataforma}`}
      >
        {d.dia.replaceAll('-', '/')}
      </Button>
    ),
  },
  {
    llave: 'plataforma',
    valor: M.conciliacionPlataforma,
    primera: 3,
    celda: (d) => plataformaDe(d.plataforma),
  },
  {
    llave: 'origen',
    valor: M.conciliacionOrigen,
    celda: (d) => (d.origen === 'archivo' ? M.conciliacionOrigenArchivo : M.conciliacionOrigenProveedor),
  },
  { llave: 'nuestras', valor: M.conciliacionNuestras },
  { llave: 'suyas', valor: M.conciliacionSuyas },
  {
    llave: 'totalNuestro',
    valor: M.conciliacionTotalNuestro,
    celda: (d) => pesos.format(d.totalNuestro),
  },
  { llave: 'totalSuyo', valor: M.conciliacionTotalSuyo, celda: (d) => pesos.format(d.totalSuyo) },
  {
    llave: 'diferencia',
    valor: M.conciliacionDiferencia,
    primera: 2,
    celda: (d) => pesos.format(d.diferencia),
  },
  {
    llave: 'diferencias',
    valor: M.conciliacionDiferencias,
    celda: (d) => d.faltaNuestra + d.faltaSuya + d.monto + d.estado,
  },
  { llave: 'asentadas', valor: M.conciliacionAsentadas },
];

/**
 * /in/conciliaciones (levels 0 and 1, issue 22): the days compared with the provider's
 * statement, each with its counts and totals; choosing one lists its mismatches under it. A day
 * is fetched from the provider or uploaded (.xlsx or .csv) above; both lists go to Excel.
 */
export function Conciliaciones() {
  const dias = useDias();
  const [elegido, setElegido] = useState<ResumenDia | undefined>();
  const columnas = useMemo(() => columnasDias(elegido, setElegido), [elegido]);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {M.conciliaciones}
      </Typography>
      <EstadoCuenta ayer={dias.primera?.ayer} alConciliar={setElegido} />
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {M.conciliacionDias} {dias.total !== null && `(${dias.total})`}
          </Typography>
          <BotonExcel tipo="CONCILIACIONES" deshabilitado={dias.filas.length === 0} />
        </Stack>
        <TablaInfinita
          columnas={columnas}
          filas={dias.filas}
          clave={(d) => d.id}
          hayMas={Boolean(dias.hasNextPage)}
          cargando={dias.isFetching}
          alFinal={() => void dias.fetchNextPage()}
          testId="tabla-conciliaciones"
        />
      </Paper>
      {elegido ? (
        <Diferencias dia={elegido} />
      ) : (
        <Typography color="text.secondary">{M.conciliacionElegirDia}</Typography>
      )}
    </Stack>
  );
}
