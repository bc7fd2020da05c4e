import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_CARRIERS, LIMITES_PLATAFORMA } from '@recargas/contracts/carriers';
import { M } from '@recargas/contracts/mensajes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../../lib/avisar.ts';
import { registrarUsuarioPlataforma, usePlataformas } from './api.ts';

/** The two text fields of the form, with their labels. */
const TEXTOS = [
  ['username', M.username],
  ['canal', M.canalOperador],
] as const;

/** /in/nuevoUsuarioPlataforma: 'Registrar nuevo usuario' of a platform (spec sections 2 and 5). */
export function NuevoUsuarioPlataforma() {
  const navegar = useNavigate();
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [f, setF] = useState({ username: '', canal: '', plataforma: '' });
  const [error, setError] = useState('');
  const plataformas = usePlataformas();
  const registrar = useMutation({
    mutationFn: () =>
      registrarUsuarioPlataforma({
        username: f.username.trim(),
        canal: f.canal.trim(),
        plataforma: Number(f.plataforma),
      }),
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      void consultas.invalidateQueries({ queryKey: [API_CARRIERS.plataformasEmpresa] });
      navegar('/in/recargasCarier');
    },
    onError: (e) => setError(e.message || M.errorInesperado),
  });
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!f.username.trim()) return setError(M.debesUsername);
    if (!f.plataforma) return setError(M.debesPlataforma);
    setError('');
    registrar.mutate();
  };
  const cambiar = (campo: keyof typeof f) => (e: { target: { value: string } }) =>
    setF((v) => ({ ...v, [campo]: e.target.value }));

  return (
    <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2, maxWidth: 480 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.registrarNuevoUsuario}
      </Typography>
      <Stack spacing={2}>
        {TEXTOS.map(([campo, etiqueta]) => (
          <TextField
            key={campo}
            name={campo}
            label={etiqueta}
            value={f[campo]}
            onChange={cambiar(campo)}
            slotProps={{ htmlInput: { maxLength: LIMITES_PLATAFORMA[campo] } }}
          />
        ))}
        <TextField
          select
          name="plataforma"
          label={M.plataforma}
          value={f.plataforma}
          onChange={cambiar('plataforma')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="" disabled>
            <em>{M.seleccionaPlataforma}</em>
          </MenuItem>
          {plataformas.data?.empresas.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.nombre}
            </MenuItem>
          ))}
        </TextField>
        {error && (
          <Typography color="error" role="alert" data-testid="error-registro">
            {error}
          </Typography>
        )}
        <Button type="submit" variant="contained" disabled={registrar.isPending}>
          {M.registrar}
        </Button>
      </Stack>
    </Paper>
  );
}
