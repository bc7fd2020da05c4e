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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { puede, type Sesion } from '../../lib/sesion.ts';
import { enviarNotificacion } from './api.ts';

const VACIO = { titulo: '', texto: '' };

/**
 * An administrator's notification to every user of the company (POST /sendNotification), from
 * the shell's bar. One Idempotency-Key per form: a double click or a retry sends it once.
 */
export function EnviarNotificacion({ sesion }: { sesion: Sesion }) {
  const [abierto, setAbierto] = useState(false);
  const [datos, setDatos] = useState(VACIO);
  const [error, setError] = useState('');
  const [llave, setLlave] = useState(() => crypto.randomUUID());
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const envio = useMutation({
    mutationFn: enviarNotificacion,
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      setAbierto(false);
      setDatos(VACIO);
      setLlave(crypto.randomUUID());
      void consultas.invalidateQueries({ queryKey: ['/api/notificaciones'] });
    },
    onError: (e) => setError(e.message),
  });
  if (!puede(sesion, 'POST /sendNotification')) return null;

  const alEnviar = async () => {
    // The server's rule, checked here first. Its schema comes with the first send: zod is not in
    // the download of the bar every screen has (issue 21).
    const { peticionEnviarNotificacion } = await import('@recargas/contracts/notificaciones');
    const r = peticionEnviarNotificacion.safeParse(datos);
    if (!r.success) return setError(r.error.issues[0]?.message ?? M.errorInesperado);
    setError('');
    envio.mutate({ cuerpo: r.data, llave });
  };
  const campo = (c: keyof typeof VACIO, etiqueta: string, max: number, lineas = 1) => (
    <TextField
      label={etiqueta}
      name={c}
      value={datos[c]}
      onChange={(e) => {
        setDatos({ ...datos, [c]: e.target.value });
        setError('');
      }}
      multiline={lineas > 1}
      minRows={lineas}
      fullWidth
      slotProps={{ htmlInput: { maxLength: max } }}
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
