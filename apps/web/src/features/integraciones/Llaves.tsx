import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
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
import { M, texto } from '@recargas/contracts/mensajes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { fechaCorta } from '../../lib/fechas.ts';
import { crearLlave, type Llave, revocarLlave, useLlaves, useUsuariosParaLlave } from './api.ts';
import { Secreto } from './Secreto.tsx';

const fecha = (v: string | null) => fechaCorta(v) || '—';

/** The company's API keys: a new one (its secret shown once), the list, and revoking one. */
export function Llaves() {
  const llaves = useLlaves();
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [creada, setCreada] = useState<string | null>(null);
  const recargar = () => consultas.invalidateQueries({ queryKey: [API_INTEGRACIONES.llaves] });
  const revocar = useMutation({
    mutationFn: (k: Llave) => revocarLlave(k.id),
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      void recargar();
    },
    onError: (e: Error) => enqueueSnackbar(e.message, { variant: 'error' }),
  });
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {M.llavesApi}
      </Typography>
      <NuevaLlave
        alCrear={(llave) => {
          setCreada(llave);
          void recargar();
        }}
      />
      {creada && <Secreto titulo={M.llaveSoloUnaVez} valor={creada} cerrar={() => setCreada(null)} />}
      <Table size="small" aria-label={M.llavesApi}>
        <TableHead>
          <TableRow>
            <TableCell>{M.llaveNombre}</TableCell>
            <TableCell>{M.llavePrefijo}</TableCell>
            <TableCell>{M.llaveUsuario}</TableCell>
            <TableCell>IPs</TableCell>
            <TableCell>{M.creada}</TableCell>
            <TableCell>{M.llaveUltimoUso}</TableCell>
            <TableCell>{M.llaveEstado}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(llaves.data?.llaves ?? []).map((k) => (
            <TableRow key={k.id}>
              <TableCell>{k.nombre}</TableCell>
              <TableCell>
                <code>{k.prefijo}</code>
              </TableCell>
              <TableCell>{k.username}</TableCell>
              <TableCell>{k.ips.join(', ') || '—'}</TableCell>
              <TableCell>{fecha(k.creada)}</TableCell>
              <TableCell>{fecha(k.ultimoUso)}</TableCell>
              <TableCell>{k.revocada ? `${M.llaveRevocada} ${fecha(k.revocada)}` : M.llaveActiva}</TableCell>
              <TableCell>
                {!k.revocada && (
                  <Button
                    color="error"
                    size="small"
                    disabled={revocar.isPending}
                    onClick={() => {
                      if (window.confirm(texto('revocarLlaveConfirmar', { nombre: k.nombre })))
                        revocar.mutate(k);
                    }}
                  >
                    {M.revocar}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
          {llaves.data?.llaves.length === 0 && (
            <TableRow>
              <TableCell colSpan={8}>{M.sinRegistros}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}

function NuevaLlave({ alCrear }: { alCrear: (llave: string) => void }) {
  const usuarios = useUsuariosParaLlave();
  const { enqueueSnackbar } = useSnackbar();
  const [nombre, setNombre] = useState('');
  const [usuario, setUsuario] = useState('');
  const [ips, setIps] = useState('');
  const crear = useMutation({
    mutationFn: crearLlave,
    onSuccess: (r) => {
      enqueueSnackbar(M.llaveCreada, { variant: 'success' });
      setNombre('');
      setIps('');
      alCrear(r.llave);
    },
    onError: (e: Error) => enqueueSnackbar(e.message, { variant: 'error' }),
  });
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const lista = ips
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    crear.mutate({ nombre: nombre.trim(), usuario: Number(usuario), ips: lista });
  };
  return (
    <Stack
      component="form"
      onSubmit={enviar}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: 2 }}
    >
      <TextField
        size="small"
        label={M.llaveNombre}
        value={nombre}
        onChange={(e) => setNombre(e.target.value)}
      />
      <TextField
        select
        size="small"
        label={M.llaveUsuario}
        value={usuario}
        onChange={(e) => setUsuario(e.target.value)}
        sx={{ minWidth: 220 }}
      >
        {(usuarios.data?.usuarios ?? []).map((u) => (
          <MenuItem key={u.id} value={String(u.id)}>
            {u.username} — {u.nombre}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={M.llaveIps}
        value={ips}
        onChange={(e) => setIps(e.target.value)}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" disabled={!nombre.trim() || !usuario || crear.isPending}>
        {M.nuevaLlave}
      </Button>
    </Stack>
  );
}
