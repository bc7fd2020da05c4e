import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { LIMITES_SIN_USUARIO, maxSinUsuarioValido } from '@recargas/contracts/saldos';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSnackbar } from '../../lib/avisar.ts';
import { useEmpresa } from '../../lib/empresa.ts';
import { deCampo } from '../../lib/formularios.ts';
import { useSesion } from '../../lib/sesion.ts';
import { CampoConBoton } from '../../ui/CampoConBoton.tsx';
import { useGuardarMaxSinUsuario } from './api.ts';

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

/** A whole number within the contracts' limits (the server checks it again). */
const valido = (v: string) => /^\d+$/.test(v) && maxSinUsuarioValido(Number(v));

function Formulario({ empresa, guardado }: { empresa: string; guardado: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm({ defaultValues: { maxRecargas: String(guardado) } });
  const guardar = useGuardarMaxSinUsuario(empresa, {
    onSuccess: (r) => enqueueSnackbar(r.mensaje, { variant: 'success' }),
    onError: () => enqueueSnackbar(M.errorConfiguracion, { variant: 'error' }),
  });
  // Checked as it is typed: the field turns red and Guardar waits for a valid number.
  const valor = useWatch({ control, name: 'maxRecargas' });
  const enviar = handleSubmit(({ maxRecargas }) => guardar.mutate(Number(maxRecargas)));
  return (
    <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2, maxWidth: 480 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.recargasSinUsuario}
      </Typography>
      <Controller
        name="maxRecargas"
        control={control}
        rules={{ validate: valido }}
        render={({ field }) => (
          <CampoConBoton
            separacion={2}
            name="maxRecargas"
            type="number"
            label={M.maximoRecargasDia}
            {...deCampo(field)}
            error={valor !== '' && !valido(valor)}
            helperText={`${LIMITES_SIN_USUARIO.min} – ${LIMITES_SIN_USUARIO.max}`}
            slotProps={{ htmlInput: { ...LIMITES_SIN_USUARIO, step: 1 } }}
            boton={
              <Button type="submit" variant="contained" disabled={!valido(valor) || guardar.isPending}>
                {M.guardar}
              </Button>
            }
          />
        )}
      />
    </Paper>
  );
}
