import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Carrier } from '@recargas/contracts/carriers/nombres';
import { M, texto } from '@recargas/contracts/mensajes';
import { montoDeRecarga, TIPOS_SOLICITUD, veMontoMovimientos } from '@recargas/contracts/recargas/reglas';
import type { ReactNode } from 'react';
import { useSesion } from '../../lib/sesion.ts';
import { Despues, EnPartes, Parte } from '../../ui/Despues.tsx';
import { Seleccion } from '../../ui/Seleccion.tsx';
import { useComentariosCarrier } from './api.ts';
import { CampoCompania, CamposNumero } from './CamposNumero.tsx';
import { TablaMovimientos } from './Movimientos.tsx';
import { PanelResultado } from './PanelResultado.tsx';
import { useFormularioRecarga } from './useFormularioRecarga.ts';

type FormRecarga = ReturnType<typeof useFormularioRecarga>;

/** The amount (chosen, or fixed and shown) and the external top-up switch. */
function ParteMonto({ form }: { form: FormRecarga }) {
  const sesion = useSesion();
  const { f, cambiar } = form;
  return (
    <Parte>
      {form.eligeMonto ? (
        <Seleccion
          {...form.campo('monto')}
          label={M.monto}
          opciones={sesion.ajustes.montos.map((m) => ({ valor: String(m), texto: `$${m}` }))}
        />
      ) : (
        <MontoFijo porIcc={f.modo === 'icc'} />
      )}
      {form.externa && (
        <FormControlLabel
          control={<Switch checked={f.externa} onChange={(e) => cambiar({ externa: e.target.checked })} />}
          label={M.recargaExterna}
        />
      )}
    </Parte>
  );
}

/** The folio of an external top-up or the request type, the platform switch, and Recargar. */
function ParteEnvio({ form }: { form: FormRecarga }) {
  const { f, cambiar, campo } = form;
  return (
    <Parte>
      {f.externa ? (
        <TextField {...campo('folio')} label={M.folio} slotProps={{ htmlInput: { maxLength: 10 } }} />
      ) : (
        <Seleccion
          {...campo('tipo')}
          label={M.tipoSolicitud}
          opciones={TIPOS_SOLICITUD.map((t) => ({ valor: t, texto: t }))}
        />
      )}
      {form.cambiaPlataforma && (
        <Stack direction="row" spacing={2} alignItems="center">
          <Typography>{M.plataforma}</Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={f.plataforma}
            onChange={(_, v: 1 | 2 | null) => cambiar({ plataforma: v })}
            aria-label={M.plataforma}
          >
            <ToggleButton value={1}>1</ToggleButton>
            <ToggleButton value={2}>2</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        data-testid="recargar"
        aria-busy={form.recargando}
      >
        {M.recargar}
      </Button>
    </Parte>
  );
}

/** /in/recargas: the top-up form, the last 10 movements and the administrator `paneles` (spec section 2). */
export function Recargas({ paneles }: { paneles?: ReactNode }) {
  const form = useFormularioRecarga();
  const { f, errores, cambiar } = form;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper component="form" onSubmit={form.enviar} noValidate sx={{ p: 2, position: 'relative' }}>
          {form.recargando && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
          <Typography variant="h5" component="h1" gutterBottom>
            {M.recargar}
          </Typography>
          <Stack spacing={1}>
            {/* The form in four commits, then the column (issue 21): each part below the last. */}
            <EnPartes>
              <CamposNumero valor={form.numero} errores={errores} conDn={form.conDn} alCambiar={cambiar} />
              <Parte>
                <CampoCompania
                  valor={f.compania}
                  error={errores.compania}
                  alCambiar={(compania) => cambiar({ compania })}
                />
                <ComentarioCarrier compania={f.compania} />
              </Parte>
              <ParteMonto form={form} />
              <ParteEnvio form={form} />
            </EnPartes>
          </Stack>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Despues pasos={4}>
          <Stack spacing={2}>
            <PanelResultado resultado={form.resultado} />
            <TablaMovimientos />
            <Despues>{paneles}</Despues>
          </Stack>
        </Despues>
      </Grid>
    </Grid>
  );
}

/**
 * The comment of the chosen carrier (Comentarios por tipo de carrier), under it. Its own
 * component: the comments' answer, which React draws at once in one task, draws this, not the
 * whole form (issue 21: blocking time on a phone).
 */
function ComentarioCarrier({ compania }: { compania: Carrier | '' }) {
  const comentario = useComentariosCarrier().data?.find((c) => c.carrier === compania)?.comment;
  return comentario ? (
    <Alert severity="info" data-testid="comentario-carrier">
      {comentario}
    </Alert>
  ) : null;
}

/**
 * The amount a top-up goes with for who may not choose it, shown before sending (issue 41): by
 * number the company's, by the server's own rule; by ICC the line's, known to the server only.
 * Nothing where the company hides amounts from this user.
 */
function MontoFijo({ porIcc }: { porIcc: boolean }) {
  const sesion = useSesion();
  if (!veMontoMovimientos(sesion.ajustes, sesion)) return null;
  const decision = montoDeRecarga(sesion.ajustes, sesion, {});
  if (!('monto' in decision)) return null;
  const valor = porIcc ? texto('montoDeLaLinea', { monto: `$${decision.monto}` }) : `$${decision.monto}`;
  return (
    <TextField
      label={M.monto}
      value={valor}
      data-testid="monto-fijo"
      slotProps={{ htmlInput: { readOnly: true } }}
    />
  );
}
