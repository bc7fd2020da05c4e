import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Carrier } from '@recargas/contracts/carriers';
import {
  CARRIERS_PANTALLA,
  type respuestaPlataformaCarrier,
  type respuestaPlataformasEmpresa,
} from '@recargas/contracts/carriers';
import { M, texto } from '@recargas/contracts/mensajes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

/** /in/recargasCarier: 'Recargas por tipo de carrier', one select of platform users per carrier. */
export function RecargasCarrier() {
  const navegar = useNavigate();
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const usuarios = useQuery({
    queryKey: ['plataformasEmpresa'],
    queryFn: () => api<z.infer<typeof respuestaPlataformasEmpresa>>('/plataformasEmpresa'),
  });
  const porCarrier = useQuery({
    queryKey: ['plataformaCarrier'],
    queryFn: () => api<z.infer<typeof respuestaPlataformaCarrier>>('/plataformaCarrier'),
  });
  const cambiar = useMutation({
    mutationFn: (v: { carrier: Carrier; empresaPlataformaId: number | null }) =>
      api<{ mensaje: string }>('/cambiarPlataformasEmpresa', { cuerpo: v }),
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      void consultas.invalidateQueries({ queryKey: ['plataformaCarrier'] });
    },
    onError: (e) => enqueueSnackbar(e.message || M.errorActualizando, { variant: 'error' }),
  });

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.recargasPorCarrier}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {CARRIERS_PANTALLA.map(({ carrier, nombre }) => {
          const actual = porCarrier.data?.carriers.find((c) => c.carrier === carrier);
          const predeterminado = actual
            ? texto('porDefecto', { usuario: actual.usuario, plataforma: actual.plataforma })
            : '';
          return (
            <Grid key={carrier} size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                select
                fullWidth
                name={`carrier-${carrier}`}
                label={nombre}
                value={actual?.empresaPlataformaId ?? ''}
                disabled={!actual || cambiar.isPending}
                onChange={(e) =>
                  cambiar.mutate({
                    carrier,
                    empresaPlataformaId: e.target.value === '' ? null : Number(e.target.value),
                  })
                }
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">
                  <em>{predeterminado}</em>
                </MenuItem>
                {usuarios.data?.plataformas.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.usuario} ({p.plataforma})
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          );
        })}
      </Grid>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" onClick={() => navegar('/in/nuevoUsuarioPlataforma')}>
          {M.registrarNuevoUsuario}
        </Button>
        <Button variant="outlined" onClick={() => navegar('/in/comentariosCarier')}>
          {M.comentariosPorCarrier}
        </Button>
      </Stack>
    </Paper>
  );
}
