import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { etiquetaCarrier } from '@recargas/contracts/carriers';
import type { BloqueMasivo, LineaMasiva, Programacion } from '@recargas/contracts/masivas';
import { M, texto } from '@recargas/contracts/mensajes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { sonar } from '../../ui/sonido.ts';
import { type Columna, TablaInfinita } from '../../ui/TablaInfinita.tsx';
import {
  CLAVE_BLOQUES,
  CLAVE_PROGRAMAS,
  cancelarProgramacion,
  claveLineas,
  enviarBloque,
  recargarLinea,
  useBloques,
  useLineasBloque,
  useProgramas,
} from './api.ts';
import { DialogoProgramar } from './DialogoProgramar.tsx';

function Progreso({ b }: { b: BloqueMasivo }) {
  const id = useId();
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={b.lineas ? (100 * b.recargadas) / b.lineas : 0}
        aria-labelledby={id}
      />
      <Typography variant="caption" id={id} data-testid="bloque-progreso">
        {texto('bloqueProgreso', { recargadas: b.recargadas, lineas: b.lineas })}
      </Typography>
    </Box>
  );
}

/** /in/recargasMasivas: blocks of lines uploaded by action 4, recharged whole or line by line. */
export function RecargasMasivas() {
  const [fecha, setFecha] = useState<number | null>(null);
  const [programar, setProgramar] = useState<BloqueMasivo | null>(null);
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const bloques = useBloques();
  const recargarBloque = useMutation({
    mutationFn: (b: BloqueMasivo) => enviarBloque(b.fechaNumerica),
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'info' });
      void consultas.invalidateQueries({ queryKey: CLAVE_BLOQUES });
    },
    onError: (e) => enqueueSnackbar(e.message, { variant: 'error' }),
  });

  if (fecha !== null) return <DetalleBloque fecha={fecha} alVolver={() => setFecha(null)} />;
  const datos = bloques.data;
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {M.bloquesDeRecargas}
        </Typography>
        {bloques.isFetching && !datos && <LinearProgress />}
        {bloques.error && <Typography color="error">{bloques.error.message}</Typography>}
        <TableContainer>
          <Table size="small" data-testid="tabla-bloques">
            <TableHead>
              <TableRow>
                {datos?.titulos.map((t) => (
                  <TableCell key={t.llave}>{t.valor}</TableCell>
                ))}
                <TableCell />
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {datos?.bloques.map((b) => (
                <TableRow key={b.fechaNumerica} hover>
                  <TableCell>{b.lineas}</TableCell>
                  <TableCell>
                    <Progreso b={b} />
                  </TableCell>
                  <TableCell>${b.monto.toLocaleString('es-MX')}</TableCell>
                  <TableCell>{b.fecha}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => setFecha(b.fechaNumerica)}>
                      {M.detalles}
                    </Button>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        variant="contained"
                        disabled={b.disable || recargarBloque.isPending}
                        onClick={() => recargarBloque.mutate(b)}
                      >
                        {M.recargarBloque}
                      </Button>
                      {datos.programacion && (
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={b.disable}
                          onClick={() => setProgramar(b)}
                        >
                          {M.programar}
                        </Button>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
              {datos?.bloques.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>{M.sinBloques}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {datos?.programacion && <Programas />}
      {programar && <DialogoProgramar bloque={programar} alCerrar={() => setProgramar(null)} />}
    </Stack>
  );
}

/** 'Recargas del {date}': the lines of one block, each with its own recharge button. */
function DetalleBloque({ fecha, alVolver }: { fecha: number; alVolver: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const consultas = useQueryClient();
  const detalle = useLineasBloque(fecha);
  const [enVuelo, setEnVuelo] = useState<number | null>(null);
  const recargar = async (l: LineaMasiva) => {
    setEnVuelo(l.id);
    try {
      const r = await recargarLinea(l.id);
      const exito = r.estado === 'exitosa';
      enqueueSnackbar(r.mensaje, { variant: exito ? 'success' : r.estado === 'fallida' ? 'error' : 'info' });
      sonar(exito);
    } catch (e) {
      enqueueSnackbar(e instanceof Error ? e.message : M.recargaFallida, { variant: 'error' });
      sonar(false);
    } finally {
      setEnVuelo(null);
      void consultas.invalidateQueries({ queryKey: claveLineas(fecha) });
      void consultas.invalidateQueries({ queryKey: CLAVE_BLOQUES });
    }
  };
  const datos = detalle.data;
  const celda = (l: LineaMasiva, llave: string) => {
    if (llave === 'isRecargado') return l.isRecargado ? '✓' : l.enCurso ? M.enCola : '';
    if (llave === 'monto') return l.monto === null ? '' : `$${l.monto}`;
    if (llave === 'compania') return etiquetaCarrier(l.compania);
    return String(l[llave as keyof LineaMasiva] ?? '');
  };
  const columnas: Columna<LineaMasiva>[] = [
    ...(datos?.titulos ?? []).map((t) => ({ ...t, celda: (l: LineaMasiva) => celda(l, t.llave) })),
    {
      llave: 'recargar',
      valor: '',
      celda: (l) => (
        <Button
          size="small"
          variant="outlined"
          disabled={l.isRecargado || l.enCurso || enVuelo === l.id}
          onClick={() => void recargar(l)}
        >
          {M.recargar}
        </Button>
      ),
    },
  ];
  return (
    <Paper sx={{ p: 2 }}>
      <Button startIcon={<ArrowBack />} onClick={alVolver} sx={{ mb: 1 }}>
        {M.bloquesDeRecargas}
      </Button>
      <Typography variant="h5" component="h1" gutterBottom>
        {datos ? texto('recargasDel', { date: datos.bloque.fecha }) : M.cargando}
      </Typography>
      {datos && <Progreso b={datos.bloque} />}
      {/* A block may hold thousands of lines: the shared table draws only those in view. */}
      <Box sx={{ mt: 2 }}>
        <TablaInfinita
          testId="tabla-lineas-bloque"
          columnas={columnas}
          filas={datos?.lineas ?? []}
          clave={(l) => l.id}
          hayMas={false}
          cargando={detalle.isFetching && !datos}
          alFinal={() => undefined}
        />
      </Box>
    </Paper>
  );
}

/** The scheduled programmes; a click cancels what has not run yet. */
function Programas() {
  const { enqueueSnackbar } = useSnackbar();
  const consultas = useQueryClient();
  const programas = useProgramas();
  const cancelar = useMutation({
    mutationFn: (p: Programacion) => cancelarProgramacion(p.identificador),
    onSuccess: (r) => {
      enqueueSnackbar(texto('programacionCancelada', { n: r.canceladas }), { variant: 'success' });
      void consultas.invalidateQueries({ queryKey: CLAVE_PROGRAMAS });
      void consultas.invalidateQueries({ queryKey: CLAVE_BLOQUES });
    },
    onError: () => enqueueSnackbar(M.noSePudoCancelar, { variant: 'error' }),
  });
  const lista = programas.data?.programas ?? [];
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {M.programasDeRecargas}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {lista.length ? M.cancelarProgramacionAyuda : M.sinProgramas}
      </Typography>
      <List dense data-testid="programas">
        {lista.map((p) => (
          <ListItemButton
            key={p.identificador}
            onClick={() => cancelar.mutate(p)}
            disabled={cancelar.isPending}
          >
            <ListItemText
              primary={`${p.fecha}: ${p.inicio} – ${p.fin}`}
              secondary={`${M.pendientes}: ${p.pendientes} / ${p.lineas}`}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
