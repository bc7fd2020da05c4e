import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { M, texto } from '@recargas/contracts/mensajes';
import type { FilaVenta } from '@recargas/contracts/reportes';
import { useMemo, useState } from 'react';
import { ErrorApi } from '../../lib/api.ts';
import { BotonExcel } from '../../ui/BotonExcel.tsx';
import { BotonFiltros, type Filtros, FiltrosChips } from '../../ui/FiltrosChips.tsx';
import { diaLocal, partesRango, RangoFechas } from '../../ui/RangoFechas.tsx';
import { type Columna, TablaInfinita } from '../../ui/TablaInfinita.tsx';
import { useTotalVentas, useVentas } from './api.ts';

const pesos = (n: number) => `$${n.toLocaleString('es-MX')}`;

/** A row as the table shows it: numbered, and keyed by its place in the list. */
type FilaNumerada = FilaVenta & { posicion: number };

/** /in/ventas: the sales report (spec section 2), paged 20 at a time, numbered downwards. */
export function Ventas() {
  const [rango, setRango] = useState({ desde: diaLocal(-10), hasta: diaLocal() });
  const [filtros, setFiltros] = useState<Filtros>({});
  const [verFiltros, setVerFiltros] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  const parametros = { ...partesRango(rango.desde, rango.hasta), filtros };
  const lista = useVentas(parametros);
  // With chips the first page comes without its count (it reads the whole range): it is asked
  // next, and the numbers fill in when it arrives.
  const aparte = useTotalVentas(parametros, lista.primera?.total === null);
  const total = lista.total ?? aparte.data?.total ?? null;
  const filas = useMemo<FilaNumerada[]>(
    () =>
      lista.filas.map((f, i) => ({
        ...f,
        numero: f.numero ?? (total === null ? null : total - i),
        posicion: i,
      })),
    [lista.filas, total],
  );
  // The range policy answers 400: shown in the modal, and nothing is listed (spec section 5).
  const errorRango =
    lista.error instanceof ErrorApi && lista.error.status === 400 ? lista.error.message : null;
  const titulos = lista.primera?.titulos;
  const columnas = useMemo<Columna<FilaNumerada>[]>(
    () => [
      { llave: 'numero', valor: '#', celda: (f: FilaNumerada) => f.numero ?? '…' },
      ...(titulos ?? []).map((t) =>
        t.llave === 'monto'
          ? { ...t, celda: (f: FilaVenta) => pesos(f.monto) }
          : { llave: t.llave, valor: t.valor },
      ),
    ],
    [titulos],
  );

  return (
    <Paper sx={{ p: 2 }}>
      {(lista.isFetching || aparte.isFetching) && <LinearProgress sx={{ mb: 1 }} />}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {M.ventas}
          {total !== null && (
            <Typography component="span" color="text.secondary" sx={{ ml: 2 }} data-testid="ventas-total">
              {texto('registros', { n: total })}
            </Typography>
          )}
        </Typography>
        <RangoFechas
          desde={rango.desde}
          hasta={rango.hasta}
          alCambiar={(r) => {
            setRango(r);
            setAviso(null);
          }}
        />
        <BotonFiltros abierto={verFiltros} alCambiar={setVerFiltros} />
        <BotonExcel
          tipo="VENTAS"
          fechas={{ fechaInicial: rango.desde, fechaFinal: rango.hasta }}
          filtros={filtros}
        />
      </Stack>
      <FiltrosChips abierto={verFiltros} columnas={titulos ?? []} valor={filtros} alCambiar={setFiltros} />
      {lista.error && !errorRango && <Typography color="error">{lista.error.message}</Typography>}
      <TablaInfinita
        testId="tabla-ventas"
        columnas={columnas}
        filas={errorRango ? [] : filas}
        clave={(f) => f.posicion}
        hayMas={lista.hasNextPage}
        cargando={lista.isFetching}
        alFinal={() => void lista.fetchNextPage()}
      />
      <Dialog open={Boolean(errorRango) && aviso !== errorRango} onClose={() => setAviso(errorRango)}>
        <DialogContent>
          {errorRango?.split('\n').map((l) => (
            <DialogContentText key={l} color="error">
              {l}
            </DialogContentText>
          ))}
          <DialogContentText sx={{ mt: 2 }}>{M.contactaVentas}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAviso(errorRango)} autoFocus>
            {M.cerrar}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
