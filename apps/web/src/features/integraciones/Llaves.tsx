import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { puedeActuarComo } from '@recargas/contracts/integraciones';
import { M, texto } from '@recargas/contracts/mensajes';
import { useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useSnackbar } from '../../lib/avisar.ts';
import { fechaCorta } from '../../lib/fechas.ts';
import { deCampo } from '../../lib/formularios.ts';
import { useSesion } from '../../lib/sesion.ts';
import { TituloPanel } from '../../ui/TituloPanel.tsx';
import { useCrearLlave, useLlaves, useRevocarLlave, useUsuariosParaLlave } from './api.ts';
import { Secreto } from './Secreto.tsx';

const fecha = (v: string | null) => fechaCorta(v) || '—';

/** The company's API keys: a new one (its secret shown once), the list, and revoking one. */
export function Llaves() {
  const llaves = useLlaves();
  const { enqueueSnackbar } = useSnackbar();
  const [creada, setCreada] = useState<string | null>(null);
  const revocar = useRevocarLlave({
    onSuccess: (r) => enqueueSnackbar(r.mensaje, { variant: 'success' }),
    onError: (e) => enqueueSnackbar(e.message, { variant: 'error' }),
  });
  return (
    <Paper sx={{ p: 2 }}>
      <TituloPanel>{M.llavesApi}</TituloPanel>
      <NuevaLlave alCrear={setCreada} />
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
                {k.prueba && ` (${M.llaveDePrueba})`}
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
                        revocar.mutate(k.id);
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

const VACIA = { nombre: '', usuario: '', ips: '', prueba: false };

/** A new key's name, user and IPs; once created, name and IPs clear and its secret is handed up. */
function NuevaLlave({ alCrear }: { alCrear: (llave: string) => void }) {
  const usuarios = useUsuariosParaLlave();
  const sesion = useSesion();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, reset, watch, getValues } = useForm({ defaultValues: VACIA });
  const crear = useCrearLlave({
    onSuccess: (r) => {
      enqueueSnackbar(M.llaveCreada, { variant: 'success' });
      // The user stays chosen: the next key is often for the same one.
      reset({ ...VACIA, usuario: getValues('usuario') });
      alCrear(r.llave);
    },
    onError: (e) => enqueueSnackbar(e.message, { variant: 'error' }),
  });
  const enviar = handleSubmit(({ nombre, usuario, ips, prueba }) => {
    const lista = ips
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    crear.mutate({ nombre: nombre.trim(), usuario: Number(usuario), ips: lista, prueba });
  });
  return (
    <Stack
      component="form"
      onSubmit={enviar}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: 2 }}
    >
      <Campo name="nombre" control={control} label={M.llaveNombre} />
      <Campo name="usuario" control={control} select label={M.llaveUsuario} sx={{ minWidth: 220 }}>
        {(usuarios.data?.usuarios ?? [])
          .filter((u) => puedeActuarComo(sesion, u))
          .map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.username} — {u.nombre}
            </MenuItem>
          ))}
      </Campo>
      <Campo name="ips" control={control} label={M.llaveIps} sx={{ flex: 1 }} />
      <Controller
        name="prueba"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            label={M.llavePrueba}
            control={<Switch checked={field.value} onChange={(_, v) => field.onChange(v)} />}
          />
        )}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!watch('nombre').trim() || !watch('usuario') || crear.isPending}
      >
        {M.nuevaLlave}
      </Button>
    </Stack>
  );
}

/** One small field of the new key's form, kept by react-hook-form. */
function Campo({
  name,
  control,
  ...props
}: TextFieldProps & { name: Exclude<keyof typeof VACIA, 'prueba'>; control: Control<typeof VACIA> }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => <TextField size="small" {...props} {...deCampo(field)} />}
    />
  );
}
