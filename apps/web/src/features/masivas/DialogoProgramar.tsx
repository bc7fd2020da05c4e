import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { type BloqueMasivo, HORA_PROGRAMACION } from '@recargas/contracts/masivas';
import { M } from '@recargas/contracts/mensajes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { BARRA_ACCIONES, DIA_MINIMO, deDia, ProveedorFechas } from '../../ui/Fechas.tsx';
import { CLAVE_BLOQUES, CLAVE_PROGRAMAS, programarBloque } from './api.ts';

/** Today (plus `dias`) at the default schedule time, 20:20 (spec section 9). */
const aLaHora = (dias: number) =>
  dayjs().add(dias, 'day').hour(HORA_PROGRAMACION.hora).minute(HORA_PROGRAMACION.minuto).second(0);

/**
 * The scheduling modal (spec sections 2 and 5): start and end date and a 24-hour time each
 * (default 20:20); the block's lines are spread evenly over that window by the server.
 */
export function DialogoProgramar({ bloque, alCerrar }: { bloque: BloqueMasivo; alCerrar: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const consultas = useQueryClient();
  const [v, setV] = useState<{ ini: Dayjs | null; fin: Dayjs | null }>({ ini: aLaHora(0), fin: aLaHora(1) });
  const [error, setError] = useState('');
  const programar = useMutation({
    mutationFn: ({ ini, fin }: { ini: Dayjs; fin: Dayjs }) =>
      programarBloque({
        identificador: bloque.fechaNumerica,
        ...{
          diaIni: ini.date(),
          mesIni: ini.month() + 1,
          anioIni: ini.year(),
          horaIni: ini.hour(),
          minIni: ini.minute(),
        },
        ...{
          diaFin: fin.date(),
          mesFin: fin.month() + 1,
          anioFin: fin.year(),
          horaFin: fin.hour(),
          minFin: fin.minute(),
        },
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
    const { ini, fin } = v;
    if (!deDia(ini) || !deDia(fin) || !ini || !fin) return setError(M.todosLosCamposLlenos);
    if (!fin.isAfter(ini, 'minute')) return setError(M.fechaFinalMenor);
    setError('');
    programar.mutate({ ini, fin });
  };
  const campo = (llave: keyof typeof v, etiqueta: string) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <DateTimePicker
        label={etiqueta}
        value={v[llave]}
        ampm={false}
        minDate={DIA_MINIMO}
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
    </Dialog>
  );
}
