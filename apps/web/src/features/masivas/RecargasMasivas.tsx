import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { etiquetaCarrier } from '@recargas/contracts/carriers';
import type { BloqueMasivo, LineaMasiva, Programacion } from '@recargas/contracts/masivas';
import { M, texto, textoCuenta } from '@recargas/contracts/mensajes';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { pesos } from '../../lib/pesos.ts';
import { Confirmar } from '../../ui/Confirmar.tsx';
import { sonar } from '../../ui/sonido.ts';
import { type Columna, TablaInfinita } from '../../ui/TablaInfinita.tsx';
import {
  useBloques,
  useCancelarProgramacion,
  useLineasBloque,
  useProgramas,
  useRecargarBloque,
  useRecargarLinea,
} from './api.ts';
import { DialogoProgramar } from './DialogoProgramar.tsx';

/** A phone card's first line: the block's date, its amount and its progress (issue 41). */
const PRIMERA_BLOQUE: Partial<Record<string, number>> = { fecha: 1, monto: 2, recargadas: 3 };
/** A line's card: its number, amount, whether it is recharged, and when (issue 41). */
const PRIMERA_LINEA: Partial<Record<string, number>> = { dn: 1, monto: 2, isRecargado: 3, fecha: 4 };

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

/** What a block's buttons open: its lines, the send's confirmation, the scheduling dialog. */
interface AccionesBloque {
  alDetalle: (b: BloqueMasivo) => void;
  alEnviar: (b: BloqueMasivo) => void;
  alProgramar: (b: BloqueMasivo) => void;
}

/** The blocks' columns: the server's titles, then Detalles and the block's actions. */
function useColumnasBloques(
  titulos: { llave: string; valor: string }[] | undefined,
  programacion: boolean,
  enviando: boolean,
  acciones: AccionesBloque,
) {
  const { alDetalle, alEnviar, alProgramar } = acciones;
  return useMemo<Columna<BloqueMasivo>[]>(() => {
    const celdas: Record<string, (b: BloqueMasivo) => ReactNode> = {
      recargadas: (b) => <Progreso b={b} />,
      monto: (b) => pesos(b.monto),
    };
    return [
      ...(titulos ?? []).map((t) => ({
        ...t,
        primera: PRIMERA_BLOQUE[t.llave],
        ...(celdas[t.llave] && { celda: celdas[t.llave] }),
      })),
      {
        llave: 'detalles',
        valor: '',
        accion: true,
        celda: (b) => (
          <Button size="small" onClick={() => alDetalle(b)}>
            {M.detalles}
          </Button>
        ),
      },
      {
        llave: 'acciones',
        valor: '',
        accion: true,
        celda: (b) => (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="contained"
              disabled={b.disable || enviando}
              onClick={() => alEnviar(b)}
            >
              {M.recargarBloque}
            </Button>
            {programacion && (
              <Button size="small" variant="outlined" disabled={b.disable} onClick={() => alProgramar(b)}>
                {M.programar}
              </Button>
            )}
          </Stack>
        ),
      },
    ];
  }, [titulos, programacion, enviando, alDetalle, alEnviar, alProgramar]);
}

/** /in/recargasMasivas: blocks of lines uploaded by action 4, recharged whole or line by line. */
export function RecargasMasivas() {
  const [fecha, setFecha] = useState<number | null>(null);
  const [programar, setProgramar] = useState<BloqueMasivo | null>(null);
  // The block whose 'Recargar bloque' waits for its answer: nothing is sent before it.
  const [aEnviar, setAEnviar] = useState<BloqueMasivo | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const bloques = useBloques();
  const recargarBloque = useRecargarBloque({
    onSuccess: (r) => enqueueSnackbar(r.mensaje, { variant: 'info' }),
    onError: (e) => enqueueSnackbar(e.message, { variant: 'error' }),
  });
  const programacion = bloques.primera?.programacion === true;
  const acciones = useMemo<AccionesBloque>(
    () => ({ alDetalle: (b) => setFecha(b.fechaNumerica), alEnviar: setAEnviar, alProgramar: setProgramar }),
    [],
  );
  const columnas = useColumnasBloques(
    bloques.primera?.titulos,
    programacion,
    recargarBloque.isPending,
    acciones,
  );

  if (fecha !== null) return <DetalleBloque fecha={fecha} alVolver={() => setFecha(null)} />;
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {M.bloquesDeRecargas}
        </Typography>
        {bloques.error && <Typography color="error">{bloques.error.message}</Typography>}
        {/* Keyset pages of 20 (spec section 9): the table asks for the next at its end. */}
        <TablaInfinita
          testId="tabla-bloques"
          columnas={columnas}
          filas={bloques.filas}
          clave={(b) => b.fechaNumerica}
          hayMas={bloques.hasNextPage}
          cargando={bloques.isFetching && (!bloques.primera || bloques.isFetchingNextPage)}
          alFinal={() => void bloques.fetchNextPage()}
          vacio={M.sinBloques}
        />
      </Paper>
      {programacion && <Programas />}
      {programar && <DialogoProgramar bloque={programar} alCerrar={() => setProgramar(null)} />}
      {aEnviar && (
        <Confirmar
          titulo={M.recargarBloque}
          mensaje={textoCuenta('confirmarEnvioMasivo', aEnviar.porEnviar, {
            monto: pesos(aEnviar.montoPorEnviar),
          })}
          boton={M.enviar}
          alCerrar={() => setAEnviar(null)}
          alConfirmar={() => {
            recargarBloque.mutate(aEnviar);
            setAEnviar(null);
          }}
        />
      )}
    </Stack>
  );
}

/** 'Recargas del {date}': the lines of one block, each with its own recharge button. */
function DetalleBloque({ fecha, alVolver }: { fecha: number; alVolver: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const detalle = useLineasBloque(fecha);
  const recargarLinea = useRecargarLinea(fecha);
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
    ...(datos?.titulos ?? []).map((t) => ({
      ...t,
      primera: PRIMERA_LINEA[t.llave],
      celda: (l: LineaMasiva) => celda(l, t.llave),
    })),
    {
      llave: 'recargar',
      valor: '',
      accion: true,
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
  const programas = useProgramas();
  // The programme whose cancelling waits for its answer.
  const [aCancelar, setACancelar] = useState<Programacion | null>(null);
  const cancelar = useCancelarProgramacion({
    onSuccess: (r) =>
      enqueueSnackbar(texto('programacionCancelada', { n: r.canceladas }), { variant: 'success' }),
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
          <ListItemButton key={p.identificador} onClick={() => setACancelar(p)} disabled={cancelar.isPending}>
            <ListItemText
              primary={`${p.fecha}: ${p.inicio} – ${p.fin}`}
              secondary={`${M.pendientes}: ${p.pendientes} / ${p.lineas}`}
            />
          </ListItemButton>
        ))}
      </List>
      {aCancelar && (
        <Confirmar
          titulo={M.cancelarProgramacion}
          mensaje={textoCuenta('confirmarCancelacion', aCancelar.pendientes, {
            monto: pesos(aCancelar.montoPendiente),
          })}
          boton={M.cancelarProgramacion}
          alCerrar={() => setACancelar(null)}
          alConfirmar={() => {
            cancelar.mutate(aCancelar);
            setACancelar(null);
          }}
        />
      )}
    </Paper>
  );
}
