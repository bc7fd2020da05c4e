import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Linea } from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import { useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { textoLinea } from '../../lib/textoLinea.ts';
import { type Columna, TablaInfinita } from '../../ui/TablaInfinita.tsx';
import { useDecidirPendiente, usePendientes } from './api.ts';

/**
 * /in/grarecicladoMasivo: 'Reciclado masivo (N)' (spec section 2). The lines whose validity
 * ended, oldest first, 20 a step; Reciclar or Olvidar per row, Reciclar Todas after a
 * confirmation. A decided row leaves the list (section 4).
 */
export function RecicladoMasivo() {
  const { enqueueSnackbar } = useSnackbar();
  const lista = usePendientes();
  const [confirmar, setConfirmar] = useState(false);
  const decidir = useDecidirPendiente({
    onSuccess: (r) => enqueueSnackbar(r.mensaje, { variant: 'success', autoHideDuration: 3000 }),
    onError: (e) => enqueueSnackbar(e.message || M.errorInesperado, { variant: 'error' }),
  });
  const total = lista.total ?? 0;
  const columnas: Columna<Linea>[] = [
    { llave: 'n', valor: M.colNumero, celda: (_f, i) => i + 1 },
    ...(lista.primera?.titulos ?? []).map((t) => ({ ...t, celda: (f: Linea) => textoLinea(f, t.llave) })),
    // Reciclar and Olvidar: one button column each, the same call with its action.
    ...(['reciclar', 'olvidar'] as const).map((accion) => ({
      llave: accion,
      valor: M[accion],
      celda: (f: Linea) => (
        <Button
          size="small"
          variant={accion === 'reciclar' ? 'contained' : 'outlined'}
          disabled={decidir.isPending}
          onClick={() => decidir.mutate({ dn: f.dn, accion })}
          aria-label={`${M[accion]} ${f.dn}`}
        >
          {M[accion]}
        </Button>
      ),
    })),
  ];
  return (
    <Paper sx={{ p: 2, position: 'relative' }}>
      {decidir.isPending && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
        <Typography variant="h5" component="h1" data-testid="titulo-reciclado">
          {M.recicladoMasivoTitulo} ({total})
        </Typography>
        {total > 0 && (
          <Button variant="contained" color="secondary" onClick={() => setConfirmar(true)}>
            {M.reciclarTodas}
          </Button>
        )}
      </Stack>
      <TablaInfinita
        columnas={columnas}
        filas={lista.filas}
        clave={(f) => f.id}
        hayMas={Boolean(lista.hasNextPage)}
        cargando={lista.isFetching}
        alFinal={() => void lista.fetchNextPage()}
        testId="tabla-reciclado"
      />
      <Dialog open={confirmar} onClose={() => setConfirmar(false)}>
        <DialogTitle>{M.reciclarTodas}</DialogTitle>
        <DialogContent>
          <DialogContentText>{texto('confirmarReciclarTodas', { n: total })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmar(false)}>{M.cancelar}</Button>
          <Button
            variant="contained"
            autoFocus
            onClick={() => {
              setConfirmar(false);
              decidir.mutate({ todas: true });
            }}
          >
            {M.reciclarTodas}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
