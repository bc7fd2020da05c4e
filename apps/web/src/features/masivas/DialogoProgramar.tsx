import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type BloqueMasivo, HORA_PROGRAMACION } from '@recargas/contracts/masivas';
import { M } from '@recargas/contracts/mensajes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { diaLocal } from '../../ui/RangoFechas.tsx';
import { CLAVE_BLOQUES, CLAVE_PROGRAMAS, programarBloque } from './api.ts';

const dosDigitos = (n: number) => String(n).padStart(2, '0');
const HORA = `${dosDigitos(HORA_PROGRAMACION.hora)}:${dosDigitos(HORA_PROGRAMACION.minuto)}`;

/**
 * The scheduling modal (spec sections 2 and 5): start and end date and a 24-hour time each
 * (default 20:20); the block's lines are spread evenly over that window by the server.
 */
export function DialogoProgramar({ bloque, alCerrar }: { bloque: BloqueMasivo; alCerrar: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const consultas = useQueryClient();
  const [v, setV] = useState({ diaIni: diaLocal(), horaIni: HORA, diaFin: diaLocal(1), horaFin: HORA });
  const [error, setError] = useState('');
  const programar = useMutation({
    mutationFn: () => {
      const [ai, mi, di] = v.diaIni.split('-').map(Number);
      const [af, mf, df] = v.diaFin.split('-').map(Number);
      const [hi, ni] = v.horaIni.split(':').map(Number);
      const [hf, nf] = v.horaFin.split(':').map(Number);
      return programarBloque({
        identificador: bloque.fechaNumerica,
        ...{ diaIni: di, mesIni: mi, anioIni: ai, horaIni: hi, minIni: ni },
        ...{ diaFin: df, mesFin: mf, anioFin: af, horaFin: hf, minFin: nf },
      });
    },
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      void consultas.invalidateQueries({ queryKey: CLAVE_PROGRAMAS });
      void consultas.invalidateQueries({ queryKey: CLAVE_BLOQUES });
      alCerrar();
    },
    onError: (e) => setError(e.message),
  });
  const enviar = () => {
    if (!v.diaIni || !v.horaIni || !v.diaFin || !v.horaFin) return setError(M.todosLosCamposLlenos);
    // yyyy-mm-dd HH:MM compares as text: the end must come after the start.
    if (`${v.diaFin} ${v.horaFin}` <= `${v.diaIni} ${v.horaIni}`) return setError(M.fechaFinalMenor);
    setError('');
    programar.mutate();
  };
  const campo = (llave: keyof typeof v, etiqueta: string, tipo: 'date' | 'time') => (
    <Grid size={6}>
      <TextField
        fullWidth
        type={tipo}
        name={llave}
        label={etiqueta}
        value={v[llave]}
        onChange={(e) => setV({ ...v, [llave]: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: tipo === 'time' ? { step: 60 } : {} }}
      />
    </Grid>
  );
  return (
    <Dialog open onClose={alCerrar} aria-labelledby="titulo-programar">
      <DialogTitle id="titulo-programar">{M.programarRecargas}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          {campo('diaIni', M.fechaInicial, 'date')}
          {campo('horaIni', M.horaInicial, 'time')}
          {campo('diaFin', M.fechaFinal, 'date')}
          {campo('horaFin', M.horaFinal, 'time')}
        </Grid>
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
