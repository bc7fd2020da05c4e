import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import {
  type BloqueMasivo,
  type HoraLocal,
  horaLocalEn,
  reglaVentana,
  ventanaPorDefecto,
} from '@recargas/contracts/masivas';
import { M, textoCuenta } from '@recargas/contracts/mensajes';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { pesos } from '../../lib/pesos.ts';
import { useSesion } from '../../lib/sesion.ts';
import { Confirmar } from '../../ui/Confirmar.tsx';
import { BARRA_ACCIONES, deDia, FORMATO_DIA_HORA, ProveedorFechas } from '../../ui/Fechas.tsx';
import { useProgramarBloque, type Ventana } from './api.ts';

/**
 * The pickers hold the company's clock (what the server reads the window in), whatever the
 * browser's own zone: a clock time becomes a dayjs of the same figures, and back.
 */
const aDayjs = (h: HoraLocal) => dayjs(new Date(h.anio, h.mes - 1, h.dia, h.hora, h.min));
const deDayjs = (d: Dayjs): HoraLocal => ({
  anio: d.year(),
  mes: d.month() + 1,
  dia: d.date(),
  hora: d.hour(),
  min: d.minute(),
});

/**
 * The scheduling modal (spec sections 2 and 5): start and end date and a 24-hour time each;
 * the block's lines are spread evenly over that window by the server. It opens on the next
 * 20:20 to come on the company's clock, takes no start in the past (the server's rule from
 * contracts), and asks before scheduling, naming the count and the amount (issue 41).
 */
export function DialogoProgramar({ bloque, alCerrar }: { bloque: BloqueMasivo; alCerrar: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const zona = useSesion().ajustes.zonaHoraria;
  const [v, setV] = useState<{ ini: Dayjs | null; fin: Dayjs | null }>(() => {
    const { ini, fin } = ventanaPorDefecto(horaLocalEn(zona));
    return { ini: aDayjs(ini), fin: aDayjs(fin) };
  });
  const [error, setError] = useState('');
  // The checked window, waiting for its answer.
  const [aConfirmar, setAConfirmar] = useState<Ventana | null>(null);
  const programar = useProgramarBloque(bloque, {
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      alCerrar();
    },
    onError: (e) => setError(e.message),
  });
  const enviar = () => {
    if (!deDia(v.ini) || !deDia(v.fin) || !v.ini || !v.fin) return setError(M.todosLosCamposLlenos);
    const ventana = { ini: deDayjs(v.ini), fin: deDayjs(v.fin) };
    const regla = reglaVentana(ventana.ini, ventana.fin, horaLocalEn(zona));
    if (regla) return setError(M[regla]);
    setError('');
    setAConfirmar(ventana);
  };
  // The earliest start the rule takes: this minute on the company's clock.
  const ahora = aDayjs(horaLocalEn(zona));
  const campo = (llave: keyof typeof v, etiqueta: string) => (
    <CampoHora
      llave={llave}
      etiqueta={etiqueta}
      valor={v[llave]}
      minimo={ahora}
      alCambiar={(d) => setV((a) => ({ ...a, [llave]: d }))}
    />
  );
  return (
    // At the top of the screen, so that a picker opened below its field fits in 1280x800: with
    // the dialog centred, its Cancelar/Seleccionar bar ran under the bottom edge.
    <Dialog
      open
      onClose={alCerrar}
      aria-labelledby="titulo-programar"
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
    >
      <DialogTitle id="titulo-programar">{M.programarRecargas}</DialogTitle>
      <DialogContent>
        <ProveedorFechas>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            {campo('ini', M.fechaInicial)}
            {campo('fin', M.fechaFinal)}
          </Grid>
        </ProveedorFechas>
        <Typography role="alert" color="error" minHeight="1.5em" sx={{ mt: 1 }}>
          {error}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={alCerrar}>{M.cancelar}</Button>
        <Button variant="contained" onClick={enviar} disabled={programar.isPending}>
          {M.programar}
        </Button>
      </DialogActions>
      {aConfirmar && (
        <ConfirmarVentana
          bloque={bloque}
          ventana={aConfirmar}
          alCerrar={() => setAConfirmar(null)}
          alConfirmar={() => {
            programar.mutate(aConfirmar);
            setAConfirmar(null);
          }}
        />
      )}
    </Dialog>
  );
}

/** A date and 24-hour time of the window, from this minute on. */
function CampoHora(props: {
  llave: string;
  etiqueta: string;
  valor: Dayjs | null;
  minimo: Dayjs;
  alCambiar: (d: Dayjs | null) => void;
}) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <DateTimePicker
        label={props.etiqueta}
        value={props.valor}
        ampm={false}
        minDateTime={props.minimo}
        onChange={props.alCambiar}
        slotProps={{ actionBar: BARRA_ACCIONES, textField: { fullWidth: true, name: props.llave } }}
      />
    </Grid>
  );
}

/** The question before scheduling: how many lines, how much, from when to when. */
function ConfirmarVentana(props: {
  bloque: BloqueMasivo;
  ventana: Ventana;
  alCerrar: () => void;
  alConfirmar: () => void;
}) {
  return (
    <Confirmar
      titulo={M.programarRecargas}
      mensaje={textoCuenta('confirmarProgramacion', props.bloque.porEnviar, {
        monto: pesos(props.bloque.montoPorEnviar),
        inicio: aDayjs(props.ventana.ini).format(FORMATO_DIA_HORA),
        fin: aDayjs(props.ventana.fin).format(FORMATO_DIA_HORA),
      })}
      boton={M.programar}
      alCerrar={props.alCerrar}
      alConfirmar={props.alConfirmar}
    />
  );
}
