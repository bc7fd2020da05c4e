import Campaign from '@mui/icons-material/Campaign';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { LIMITES_NOTIFICACION } from '@recargas/contracts/notificaciones/rutas';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useSnackbar } from '../../lib/avisar.ts';
import { puede, type Sesion } from '../../lib/sesion.ts';
import { useEnviarNotificacion } from './api.ts';

const VACIO = { titulo: '', texto: '' };
type Datos = typeof VACIO;

/**
 * The server's rule, checked here first; its first issue is the form's one error. The schema comes
 * with the first send: zod is not in the download of the bar every screen has (issue 21).
 */
const reglas: Resolver<Datos> = async (valores) => {
  const { peticionEnviarNotificacion } = await import('@recargas/contracts/notificaciones');
  const r = peticionEnviarNotificacion.safeParse(valores);
  if (r.success) return { values: r.data, errors: {} };
  const campo = r.error.issues[0]?.path[0] === 'texto' ? 'texto' : 'titulo';
  const message = r.error.issues[0]?.message ?? M.errorInesperado;
  return { values: {}, errors: { [campo]: { type: 'validate', message } } };
};

/**
 * An administrator's notification to every user of the company (POST /sendNotification), from
 * the shell's bar. One Idempotency-Key per form: a double click or a retry sends it once.
 */
export function EnviarNotificacion({ sesion }: { sesion: Sesion }) {
  const [abierto, setAbierto] = useState(false);
  const [llave, setLlave] = useState(() => crypto.randomUUID());
  const { enqueueSnackbar } = useSnackbar();
  // Checked on Enviar only; typing clears the error until the next Enviar.
  const { control, handleSubmit, reset, setError, clearErrors, formState } = useForm<Datos>({
    defaultValues: VACIO,
    resolver: reglas,
    reValidateMode: 'onSubmit',
  });
  const envio = useEnviarNotificacion({
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      setAbierto(false);
      reset(VACIO);
      setLlave(crypto.randomUUID());
    },
    onError: (e) => setError('root.servidor', { message: e.message }),
  });
  if (!puede(sesion, 'POST /sendNotification')) return null;

  const { errors } = formState;
  const error = errors.titulo?.message ?? errors.texto?.message ?? errors.root?.servidor?.message;
  const alEnviar = handleSubmit((cuerpo) => envio.mutate({ cuerpo, llave }));
  const campo = (c: keyof Datos, etiqueta: string, max: number, lineas = 1) => (
    <Controller
      name={c}
      control={control}
      render={({ field }) => (
        <TextField
          label={etiqueta}
          name={c}
          value={field.value}
          inputRef={field.ref}
          onChange={(e) => {
            field.onChange(e.target.value);
            clearErrors();
          }}
          multiline={lineas > 1}
          minRows={lineas}
          fullWidth
          slotProps={{ htmlInput: { maxLength: max } }}
        />
      )}
    />
  );
  return (
    <>
      <Tooltip title={M.enviarNotificacion}>
        <IconButton color="inherit" aria-label={M.enviarNotificacion} onClick={() => setAbierto(true)}>
          <Campaign />
        </IconButton>
      </Tooltip>
      <Dialog open={abierto} onClose={() => setAbierto(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{M.enviarNotificacion}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {campo('titulo', M.tituloNotificacion, LIMITES_NOTIFICACION.titulo)}
            {campo('texto', M.textoNotificacion, LIMITES_NOTIFICACION.texto, 4)}
            {error && (
              <Typography role="alert" color="error" variant="body2">
                {error}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAbierto(false)}>{M.cancelar}</Button>
          <Button variant="contained" onClick={alEnviar} disabled={envio.isPending}>
            {M.enviar}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
