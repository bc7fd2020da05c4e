import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CARRIERS_PANTALLA, type Carrier } from '@recargas/contracts/carriers';
import { M, texto } from '@recargas/contracts/mensajes';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../../lib/avisar.ts';
import {
  type cambiarPlataforma,
  useCambiarPlataforma,
  usePlataformaCarrier,
  usePlataformasEmpresa,
} from './api.ts';

/**
 * /in/recargasCarier: 'Recargas por tipo de carrier', one select of platform users per carrier,
 * and beside it the second platform, tried when the first certainly did not take a top-up.
 */
export function RecargasCarrier() {
  const navegar = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const usuarios = usePlataformasEmpresa();
  const porCarrier = usePlataformaCarrier();
  const cambiar = useCambiarPlataforma({
    onSuccess: (r) => enqueueSnackbar(r.mensaje, { variant: 'success' }),
    onError: (e) => enqueueSnackbar(e.message || M.errorActualizando, { variant: 'error' }),
  });

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.recargasPorCarrier}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {CARRIERS_PANTALLA.map(({ carrier, nombre }) => (
          <Grid key={carrier} size={{ xs: 12, sm: 6, md: 4 }}>
            <PlataformasDeCarrier
              carrier={carrier}
              nombre={nombre}
              actual={porCarrier.data?.carriers.find((c) => c.carrier === carrier)}
              plataformas={usuarios.data?.plataformas}
              ocupado={cambiar.isPending}
              cambiar={cambiar.mutate}
            />
          </Grid>
        ))}
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

type Actual = NonNullable<ReturnType<typeof usePlataformaCarrier>['data']>['carriers'][number];
type Plataforma = NonNullable<ReturnType<typeof usePlataformasEmpresa>['data']>['plataformas'][number];

/** One carrier's two selects: its platform user (none: the default) and its second platform. */
function PlataformasDeCarrier(props: {
  carrier: Carrier;
  nombre: string;
  actual: Actual | undefined;
  plataformas: Plataforma[] | undefined;
  ocupado: boolean;
  cambiar: (cuerpo: Parameters<typeof cambiarPlataforma>[0]) => void;
}) {
  const { carrier, nombre, actual } = props;
  const predeterminado = actual
    ? texto('porDefecto', { usuario: actual.usuario, plataforma: actual.plataforma })
    : '';
  // The second platform is another account than the first: users of the other platform.
  const otros = props.plataformas?.filter((p) => p.noPlataforma !== actual?.noPlataforma) ?? [];
  const id = (valor: string) => (valor === '' ? null : Number(valor));
  return (
    <Stack spacing={1.5}>
      <TextField
        select
        fullWidth
        name={`carrier-${carrier}`}
        label={nombre}
        value={actual?.empresaPlataformaId ?? ''}
        disabled={!actual || props.ocupado}
        onChange={(e) => props.cambiar({ carrier, empresaPlataformaId: id(e.target.value) })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">
          <em>{predeterminado}</em>
        </MenuItem>
        {props.plataformas?.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.usuario} ({p.plataforma})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth
        size="small"
        name={`respaldo-${carrier}`}
        label={`${M.plataformaRespaldo} (${nombre})`}
        value={actual?.respaldoId ?? ''}
        disabled={!actual || props.ocupado}
        onChange={(e) =>
          props.cambiar({
            carrier,
            empresaPlataformaId: actual?.empresaPlataformaId ?? null,
            respaldoId: id(e.target.value),
          })
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">
          <em>{M.sinRespaldo}</em>
        </MenuItem>
        {otros.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.usuario} ({p.plataforma})
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
