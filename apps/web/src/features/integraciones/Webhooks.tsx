import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSnackbar } from '../../lib/avisar.ts';
import { fechaCorta } from '../../lib/fechas.ts';
import { deCampo } from '../../lib/formularios.ts';
import { TituloPanel } from '../../ui/TituloPanel.tsx';
import { useCrearWebhook, useEliminarWebhook, useEntregas, useReenviarEntrega, useWebhooks } from './api.ts';
import { Secreto } from './Secreto.tsx';

const ESTADO = { pendiente: M.entregaPendiente, entregada: M.entregaEntregada, fallida: M.entregaFallida };

/** The toasts of this screen's mutations: the server's word on success, its error otherwise. */
function useAvisos() {
  const { enqueueSnackbar } = useSnackbar();
  return {
    onSuccess: (r: { mensaje: string }) => enqueueSnackbar(r.mensaje, { variant: 'success' }),
    onError: (e: Error) => enqueueSnackbar(e.message, { variant: 'error' }),
  };
}

/** The company's webhooks (a new one gets its signing secret once) and their latest deliveries. */
export function Webhooks() {
  const webhooks = useWebhooks();
  const avisos = useAvisos();
  const [secreto, setSecreto] = useState<string | null>(null);
  const eliminar = useEliminarWebhook(avisos);
  return (
    <Paper sx={{ p: 2 }}>
      <TituloPanel>{M.webhooks}</TituloPanel>
      <NuevoWebhook alCrear={setSecreto} />
      {secreto && <Secreto titulo={M.webhookSecreto} valor={secreto} cerrar={() => setSecreto(null)} />}
      <Table size="small" aria-label={M.webhooks}>
        <TableBody>
          {(webhooks.data?.webhooks ?? []).map((w) => (
            <TableRow key={w.id}>
              <TableCell>{w.url}</TableCell>
              <TableCell>{fechaCorta(w.creado)}</TableCell>
              <TableCell align="right">
                <Button color="error" size="small" onClick={() => eliminar.mutate(w.id)}>
                  {M.eliminar}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
        {M.entregas}
      </Typography>
      <Entregas />
    </Paper>
  );
}

/** The URL of a new webhook; once created, the field clears and its secret is handed up. */
function NuevoWebhook({ alCrear }: { alCrear: (secreto: string) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const { onError } = useAvisos();
  const { control, handleSubmit, reset, watch } = useForm({ defaultValues: { url: '' } });
  const crear = useCrearWebhook({
    onError,
    onSuccess: (r) => {
      enqueueSnackbar(M.webhookCreado, { variant: 'success' });
      reset();
      alCrear(r.secreto);
    },
  });
  const enviar = handleSubmit(({ url }) => crear.mutate(url.trim()));
  return (
    <Stack component="form" onSubmit={enviar} direction="row" spacing={2} sx={{ mb: 2 }}>
      <Controller
        name="url"
        control={control}
        render={({ field }) => (
          <TextField size="small" type="url" label={M.webhookUrl} {...deCampo(field)} sx={{ flex: 1 }} />
        )}
      />
      <Button type="submit" variant="contained" disabled={!watch('url').trim() || crear.isPending}>
        {M.nuevoWebhook}
      </Button>
    </Stack>
  );
}

/** The latest deliveries, each with its state and a button to send it again. */
function Entregas() {
  const entregas = useEntregas();
  const reenviar = useReenviarEntrega(useAvisos());
  return (
    <Table size="small" aria-label={M.entregas}>
      <TableHead>
        <TableRow>
          <TableCell>{M.creada}</TableCell>
          <TableCell>{M.entregaEvento}</TableCell>
          <TableCell>{M.webhookUrl}</TableCell>
          <TableCell>{M.llaveEstado}</TableCell>
          <TableCell>{M.entregaIntentos}</TableCell>
          <TableCell>{M.entregaUltimaRespuesta}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {(entregas.data?.entregas ?? []).map((d) => (
          <TableRow key={d.id}>
            <TableCell>{fechaCorta(d.creada)}</TableCell>
            <TableCell>
              {d.tipo} <code>{d.evento.slice(0, 8)}</code>
            </TableCell>
            <TableCell>{d.url}</TableCell>
            <TableCell>{ESTADO[d.estado]}</TableCell>
            <TableCell>{d.intentos}</TableCell>
            <TableCell>{d.ultimoStatus ?? d.ultimoError ?? '—'}</TableCell>
            <TableCell>
              <Button size="small" disabled={reenviar.isPending} onClick={() => reenviar.mutate(d.id)}>
                {M.reenviar}
              </Button>
            </TableCell>
          </TableRow>
        ))}
        {entregas.data?.entregas.length === 0 && (
          <TableRow>
            <TableCell colSpan={7}>{M.sinRegistros}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
