import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { M, texto } from '@recargas/contracts/mensajes';
import { type EstadoPlataforma, ETIQUETA_ESTADO_PLATAFORMA } from '@recargas/contracts/saldos';
import { Controller, useForm } from 'react-hook-form';
import { useSnackbar } from '../../lib/avisar.ts';
import { fechaCorta } from '../../lib/fechas.ts';
import { deCampo } from '../../lib/formularios.ts';
import { TituloPanel } from '../../ui/TituloPanel.tsx';
import { type Minimos as RespuestaMinimos, useGuardarMinimos, useMinimos, useSaldos } from './api.ts';

const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** /in/saldos: provider balances and the minimum amounts that raise a low-balance alert. */
export function Saldos() {
  const { data } = useSaldos();
  const s = data?.data.saldos;
  const bolsas = [
    { titulo: M.recargatodo, detalle: '', valor: s?.recargatodo },
    { titulo: M.pagaqui, detalle: M.movistar, valor: s?.pagaqui.MOVISTAR },
    { titulo: M.pagaqui, detalle: M.attIusaUne, valor: s?.pagaqui.IUSA_UNEFON },
  ];
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {M.saldos}
      </Typography>
      <Grid container spacing={2}>
        {bolsas.map((b) => (
          <Grid key={`${b.titulo}${b.detalle}`} size={{ xs: 12, sm: 4 }}>
            <Card>
              <CardContent>
                <Typography color="text.secondary">
                  {b.titulo} {b.detalle}
                </Typography>
                <Typography variant="h4" component="p" data-testid="saldo">
                  {b.valor === undefined ? '…' : pesos.format(b.valor)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <EstadoPlataformas estados={data?.data.estados ?? []} />
      <Minimos />
    </Stack>
  );
}

const COLOR_ESTADO = { disponible: 'success', 'con-fallas': 'warning', abierto: 'error' } as const;

/** Each platform's state (its circuit breaker: available, failing, out of service) and since when. */
function EstadoPlataformas({
  estados,
}: {
  estados: { plataforma: number; nombre: string; estado: EstadoPlataforma; cambiado: string | null }[];
}) {
  return (
    <Paper sx={{ p: 2 }}>
      <TituloPanel>{M.estadoPlataformas}</TituloPanel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        {estados.map((e) => (
          <Stack key={e.plataforma} spacing={0.5} data-testid={`estado-plataforma-${e.plataforma}`}>
            <Typography color="text.secondary">{e.nombre}</Typography>
            <Chip
              label={ETIQUETA_ESTADO_PLATAFORMA[e.estado]}
              color={COLOR_ESTADO[e.estado]}
              sx={{ alignSelf: 'flex-start' }}
            />
            <Typography variant="body2" color="text.secondary">
              {e.cambiado ? texto('estadoDesde', { fecha: fechaCorta(e.cambiado) }) : M.sinCambios}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** 'Monto minimo para notificar.': Recargatodo (id 1) and Pagaqui (id 2). */
function Minimos() {
  const { data } = useMinimos();
  // The form appears once the saved minimums are here, so a late answer never overwrites typing.
  return data ? <FormularioMinimos guardados={data.data.minimos} /> : <LinearProgress />;
}

/** The two fields, named as their inputs; an empty one stops Guardar (the server checks them again). */
const CAMPOS = [
  ['minimo-1', 1, M.recargatodo],
  ['minimo-2', 2, M.pagaqui],
] as const;
const lleno = { validate: (v: string) => v.trim() !== '' };

function FormularioMinimos({ guardados }: { guardados: RespuestaMinimos['data']['minimos'] }) {
  const { enqueueSnackbar } = useSnackbar();
  const de = (id: 1 | 2) => String(guardados.find((m) => m.id === id)?.minimo ?? '');
  const { control, handleSubmit } = useForm({ defaultValues: { 'minimo-1': de(1), 'minimo-2': de(2) } });
  const guardar = useGuardarMinimos({
    onSuccess: (r) => enqueueSnackbar(r.mensaje, { variant: 'success' }),
    onError: (e) => enqueueSnackbar(e.message || M.errorActualizando, { variant: 'error' }),
  });
  const enviar = handleSubmit(
    (v) => guardar.mutate(CAMPOS.map(([campo, id]) => ({ id, minimo: v[campo] }))),
    () => enqueueSnackbar(M.montoVacio, { variant: 'error' }),
  );
  return (
    <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2, maxWidth: 560 }}>
      <TituloPanel>{M.montoMinimoNotificar}</TituloPanel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {CAMPOS.map(([campo, , etiqueta]) => (
          <Controller
            key={campo}
            name={campo}
            control={control}
            rules={lleno}
            render={({ field }) => (
              <TextField
                name={campo}
                type="number"
                label={etiqueta}
                {...deCampo(field)}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
              />
            )}
          />
        ))}
        <Button type="submit" variant="contained" disabled={guardar.isPending}>
          {M.guardar}
        </Button>
      </Stack>
    </Paper>
  );
}
