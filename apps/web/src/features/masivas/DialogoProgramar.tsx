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
import { M, texto } from '@recargas/contracts/mensajes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { pesos } from '../../lib/pesos.ts';
import { useSesion } from '../../lib/sesion.ts';
import { Confirmar } from '../../ui/Confirmar.tsx';
import { BARRA_ACCIONES, deDia, FORMATO_DIA_HORA, ProveedorFechas } from '../../ui/Fechas.tsx';
import { CLAVE_BLOQUES, CLAVE_PROGRAMAS, programarBloque } from './api.ts';

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
  const consultas = useQueryClient();
  const zona = useSesion().ajustes.zonaHoraria;
  const [v, setV] = useState<{ ini: Dayjs | null; fin: Dayjs | null }>(() => {
    const { ini, fin } = ventanaPorDefecto(horaLocalEn(zona));
    return { ini: aDayjs(ini), fin: aDayjs(fin) };
  });
  const [error, setError] = useState('');
  // The checked window, waiting for its answer.
  const [aConfirmar, setAConfirmar] = useState<{ ini: HoraLocal; fin: HoraLocal } | null>(null);
  const programar = useMutation({
    mutationFn: ({ ini, fin }: { ini: HoraLocal; fin: HoraLocal }) =>
      programarBloque({
        identificador: bloque.fechaNumerica,
        ...{ diaIni: ini.dia, mesIni: ini.mes, anioIni: ini.anio, horaIni: ini.hora, minIni: ini.min },
        ...{ diaFin: fin.dia, mesFin: fin.mes, anioFin: fin.anio, horaFin: fin.hora, minFin: fin.min },
      }),
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      void consultas.invalidateQueries({ queryKey: CLAVE_PROGRAMAS });
      void consultas.invalidateQueries({ queryKey: CLAVE_BLOQUES });
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
    <Grid size={{ xs: 12, sm: 6 }}>
      <DateTimePicker
        label={etiqueta}
        value={v[llave]}
        ampm={false}
        minDateTime={ahora}
        onChange={(d) => setV((a) => ({ ...a, [llave]: d }))}
        slotProps={{ actionBar: BARRA_ACCIONES, textField: { fullWidth: true, name: llave } }}
      />
    </Grid>
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
        <Confirmar
          titulo={M.programarRecargas}
          mensaje={texto('confirmarProgramacion', {
            n: bloque.porEnviar,
            monto: pesos(bloque.montoPorEnviar),
            inicio: aDayjs(aConfirmar.ini).format(FORMATO_DIA_HORA),
            fin: aDayjs(aConfirmar.fin).format(FORMATO_DIA_HORA),
          })}
          boton={M.programar}
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
