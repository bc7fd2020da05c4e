import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { M } from '@recargas/contracts/mensajes';
import { PERIODOS, type Periodo } from '@recargas/contracts/reportes';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSesion } from '../../lib/sesion.ts';
import { diaLocal, RangoFechas } from '../../ui/RangoFechas.tsx';
import { AvisoRetraso } from './AvisoRetraso.tsx';
import { useGraficas } from './api.ts';

const pesos = (v: number | null) => (v === null ? '' : `$${v.toLocaleString('es-MX')}`);

/**
 * The amount axis' width from its longest label (the top tick may pass the top amount by a
 * digit): MUI's 'auto' kept the width of the previous ticks when the period changed ('$1,…').
 */
const anchoMontos = (montos: readonly number[]) => 16 + 8 * pesos(Math.max(0, ...montos) * 10).length;

/** Room right of the plot for half of the last period's label, which is centred on its point ('2026/…'). */
const margenDerecho = (periodos: readonly string[]) => 8 + 4 * Math.max(0, ...periodos.map((p) => p.length));

/**
 * /in/graficas: for each leader, its username and a line chart of the amount recharged per
 * period (summed by the server), across the whole width. Default: the company's graficasMeses
 * (12) months back to today, yearly.
 */
export function Graficas() {
  const tema = useTheme();
  const { ajustes } = useSesion();
  const [rango, setRango] = useState(() => ({
    desde: dayjs().subtract(ajustes.graficasMeses, 'month').format('YYYY-MM-DD'),
    hasta: diaLocal(),
  }));
  const [periodo, setPeriodo] = useState<Periodo>('anual');
  const consulta = useGraficas(rango, periodo);
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.graficas}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <RangoFechas desde={rango.desde} hasta={rango.hasta} alCambiar={setRango} />
        <RadioGroup
          row
          aria-label={M.periodo}
          value={periodo}
          onChange={(e) => setPeriodo(e.target.value as Periodo)}
        >
          {PERIODOS.map((p) => (
            <FormControlLabel key={p} value={p} control={<Radio />} label={M[p]} />
          ))}
        </RadioGroup>
      </Stack>
      {consulta.isFetching && <LinearProgress />}
      {consulta.error && <Typography color="error">{consulta.error.message}</Typography>}
      <AvisoRetraso segundos={consulta.data?.retrasoS} />
      {consulta.data && consulta.data.lideres.length === 0 && <Typography>{M.sinResultados}</Typography>}
      {consulta.data && (
        <Grid container spacing={2}>
          {consulta.data.lideres.map((l) => (
            <Grid key={l.idLider} size={12}>
              <Card variant="outlined" data-testid="grafica-lider">
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {l.username || l.lider}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {l.lider}
                  </Typography>
                  <LineChart
                    skipAnimation
                    height={260}
                    margin={{ right: margenDerecho(l.puntos.map((p) => p.periodo)) }}
                    // Axes sized to their labels, so amounts and periods are never cut.
                    xAxis={[
                      {
                        scaleType: 'point',
                        data: l.puntos.map((p) => p.periodo),
                        label: M.periodo,
                        height: 'auto',
                      },
                    ]}
                    yAxis={[{ width: anchoMontos(l.puntos.map((p) => p.monto)), valueFormatter: pesos }]}
                    series={[
                      {
                        data: l.puntos.map((p) => p.monto),
                        label: M.montoRecargado,
                        color: tema.palette.primary.main,
                        valueFormatter: pesos,
                      },
                    ]}
                  />
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Paper>
  );
}
