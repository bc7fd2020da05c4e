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
import { API_INTEGRACIONES } from '@recargas/contracts/integraciones';
import { M } from '@recargas/contracts/mensajes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { fechaCorta } from '../../lib/fechas.ts';
import { crearWebhook, eliminarWebhook, reenviarEntrega, useEntregas, useWebhooks } from './api.ts';
import { Secreto } from './Secreto.tsx';

const ESTADO = { pendiente: M.entregaPendiente, entregada: M.entregaEntregada, fallida: M.entregaFallida };

/** The company's webhooks (a new one gets its signing secret once) and their latest deliveries. */
export function Webhooks() {
  const webhooks = useWebhooks();
  const entregas = useEntregas();
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [url, setUrl] = useState('');
  const [secreto, setSecreto] = useState<string | null>(null);
  const avisar = (r: { mensaje: string }) => enqueueSnackbar(r.mensaje, { variant: 'success' });
  const fallo = (e: Error) => enqueueSnackbar(e.message, { variant: 'error' });
  const recargar = (clave: string) => consultas.invalidateQueries({ queryKey: [clave] });
  const crear = useMutation({
    mutationFn: crearWebhook,
    onSuccess: (r) => {
      enqueueSnackbar(M.webhookCreado, { variant: 'success' });
      setUrl('');
      setSecreto(r.secreto);
      void recargar(API_INTEGRACIONES.webhooks);
    },
    onError: fallo,
  });
  const eliminar = useMutation({
    mutationFn: eliminarWebhook,
    onSuccess: (r) => {
      avisar(r);
      void recargar(API_INTEGRACIONES.webhooks);
    },
    onError: fallo,
  });
  const reenviar = useMutation({
    mutationFn: reenviarEntrega,
    onSuccess: (r) => {
      avisar(r);
      void recargar(API_INTEGRACIONES.entregas);
    },
    onError: fallo,
  });
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    crear.mutate(url.trim());
  };
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {M.webhooks}
      </Typography>
      <Stack component="form" onSubmit={enviar} direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          size="small"
          type="url"
          label={M.webhookUrl}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={!url.trim() || crear.isPending}>
          {M.nuevoWebhook}
        </Button>
      </Stack>
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
    </Paper>
  );
}
