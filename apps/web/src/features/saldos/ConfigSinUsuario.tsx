import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { LIMITES_SIN_USUARIO, maxSinUsuarioValido } from '@recargas/contracts/saldos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { claveEmpresa, useEmpresa } from '../../lib/empresa.ts';
import { useSesion } from '../../lib/sesion.ts';
import { CampoConBoton } from '../../ui/CampoConBoton.tsx';
import { guardarMaxSinUsuario } from './api.ts';

/** /in/configRecargasSinUsuario: 'Máximo de recargas al día', 1 to 2000 (spec sections 2 and 5). */
export function ConfigSinUsuario() {
  const sesion = useSesion();
  const empresa = useEmpresa(sesion.empresa);
  // The form appears once the saved value is here, so a late answer never overwrites typing.
  return empresa.data ? (
    <Formulario empresa={sesion.empresa} guardado={empresa.data.maxRecargas} />
  ) : (
    <LinearProgress />
  );
}

function Formulario({ empresa, guardado }: { empresa: string; guardado: number }) {
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [valor, setValor] = useState(String(guardado));
  const guardar = useMutation({
    mutationFn: guardarMaxSinUsuario,
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      void consultas.invalidateQueries({ queryKey: claveEmpresa(empresa) });
    },
    onError: () => enqueueSnackbar(M.errorConfiguracion, { variant: 'error' }),
  });
  const n = Number(valor);
  const valido = /^\d+$/.test(valor) && maxSinUsuarioValido(n);
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (valido) guardar.mutate(n);
  };
  return (
    <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2, maxWidth: 480 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.recargasSinUsuario}
      </Typography>
      <CampoConBoton
        separacion={2}
        name="maxRecargas"
        type="number"
        label={M.maximoRecargasDia}
        value={valor}
        onChange={(e) => setValor(e.target.value)}
        error={valor !== '' && !valido}
        helperText={`${LIMITES_SIN_USUARIO.min} – ${LIMITES_SIN_USUARIO.max}`}
        slotProps={{ htmlInput: { ...LIMITES_SIN_USUARIO, step: 1 } }}
        boton={
          <Button type="submit" variant="contained" disabled={!valido || guardar.isPending}>
            {M.guardar}
          </Button>
        }
      />
    </Paper>
  );
}
