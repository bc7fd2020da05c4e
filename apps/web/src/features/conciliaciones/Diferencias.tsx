import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type Diferencia,
  ETIQUETAS_DIFERENCIA,
  etiquetaEstadoDiferencia,
  type ResumenDia,
} from '@recargas/contracts/conciliaciones';
import { M } from '@recargas/contracts/mensajes';
import { fechaHoraEmpresa } from '../../lib/fechas.ts';
import { BotonExcel } from '../../ui/BotonExcel.tsx';
import { type Columna, TablaInfinita } from '../../ui/TablaInfinita.tsx';
import { useDiferencias } from './api.ts';
import { pesos, plataformaDe } from './formato.ts';

const monto = (v: number | null) => (v === null ? '' : pesos.format(v));
const estado = (v: string | null) => (v === null ? '' : etiquetaEstadoDiferencia(v));

const COLUMNAS: Columna<Diferencia>[] = [
  {
    llave: 'tipo',
    valor: M.conciliacionTipo,
    primera: 3,
    celda: (d) => <span style={{ whiteSpace: 'nowrap' }}>{ETIQUETAS_DIFERENCIA[d.tipo]}</span>,
  },
  { llave: 'recarga', valor: M.conciliacionId, celda: (d) => d.recarga ?? '' },
  { llave: 'folio', valor: M.conciliacionFolio },
  { llave: 'dn', valor: M.conciliacionNumero, primera: 1 },
  {
    llave: 'montoNuestro',
    valor: M.conciliacionMontoNuestro,
    primera: 2,
    celda: (d) => monto(d.montoNuestro),
  },
  { llave: 'montoSuyo', valor: M.conciliacionMontoSuyo, celda: (d) => monto(d.montoSuyo) },
  { llave: 'estadoNuestro', valor: M.conciliacionEstadoNuestro, celda: (d) => estado(d.estadoNuestro) },
  { llave: 'estadoSuyo', valor: M.conciliacionEstadoSuyo, celda: (d) => estado(d.estadoSuyo) },
  {
    llave: 'hora',
    valor: M.conciliacionHora,
    primera: 4,
    celda: (d) => fechaHoraEmpresa(d.hora),
  },
];

/** The mismatches of one reconciled day, 20 a step, and their Excel. */
export function Diferencias({ dia }: { dia: ResumenDia }) {
  const lista = useDiferencias(dia.id);
  return (
    <Paper sx={{ p: 2 }} data-testid="diferencias">
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {M.conciliacionDiferencias} {dia.dia.replaceAll('-', '/')} · {plataformaDe(dia.plataforma)}{' '}
          {lista.total !== null && `(${lista.total})`}
        </Typography>
        <BotonExcel
          tipo="CONCILIACION"
          filtros={{ conciliacion: [String(dia.id)] }}
          deshabilitado={lista.filas.length === 0}
        />
      </Stack>
      <TablaInfinita
        columnas={COLUMNAS}
        filas={lista.filas}
        clave={(d) => d.id}
        hayMas={Boolean(lista.hasNextPage)}
        cargando={lista.isFetching}
        alFinal={() => void lista.fetchNextPage()}
        testId="tabla-diferencias"
        vacio={M.conciliacionSinDiferencias}
      />
    </Paper>
  );
}
