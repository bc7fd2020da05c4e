import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Carrier } from '@recargas/contracts/carriers/nombres';
import { CARRIERS_PANTALLA, MAX_COMENTARIO } from '@recargas/contracts/carriers/nombres';
import { M } from '@recargas/contracts/mensajes';
import { Controller, useForm } from 'react-hook-form';
import { useSnackbar } from '../../lib/avisar.ts';
import { deCampo } from '../../lib/formularios.ts';
import { type Comentarios, useComentarios, useGuardarComentarios } from './api.ts';

/** /in/comentariosCarier: 'Comentarios por tipo de carrier', one input per carrier and Enviar. */
export function ComentariosCarrier() {
  const { data } = useComentarios();
  // The form appears once the saved comments are here, so a late answer never overwrites typing.
  return data ? <Formulario guardados={data} /> : <LinearProgress />;
}

function Formulario({ guardados }: { guardados: Comentarios }) {
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm<Partial<Record<Carrier, string>>>({
    defaultValues: Object.fromEntries(guardados.map((c) => [c.carrier, c.comment])),
  });
  const guardar = useGuardarComentarios({
    onSuccess: (r) => enqueueSnackbar(r.mensaje, { variant: 'success' }),
    onError: (e) => enqueueSnackbar(e.message || M.errorInesperado, { variant: 'error' }),
  });
  const enviar = handleSubmit((valores) =>
    guardar.mutate(CARRIERS_PANTALLA.map(({ carrier }) => ({ carrier, comment: valores[carrier] ?? '' }))),
  );
  return (
    <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.comentariosPorCarrier}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {CARRIERS_PANTALLA.map(({ carrier, nombre }) => (
          <Grid key={carrier} size={{ xs: 12, md: 6 }}>
            <Controller
              name={carrier}
              control={control}
              render={({ field }) => (
                <TextField
                  fullWidth
                  multiline
                  minRows={2}
                  name={`comentario-${carrier}`}
                  label={nombre}
                  {...deCampo(field)}
                  slotProps={{ htmlInput: { maxLength: MAX_COMENTARIO } }}
                />
              )}
            />
          </Grid>
        ))}
      </Grid>
      <Button type="submit" variant="contained" disabled={guardar.isPending}>
        {M.enviar}
      </Button>
    </Paper>
  );
}
