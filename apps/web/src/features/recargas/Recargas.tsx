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
import {
  API_RECARGAS,
  montoDeRecarga,
  puedeCambiarPlataforma,
  puedeElegirMonto,
  puedeEnviarDn,
  TIPO_POR_DEFECTO,
  TIPOS_SOLICITUD,
  veMontoMovimientos,
} from '@recargas/contracts/recargas/reglas';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { puede, useSesion } from '../../lib/sesion.ts';
import { Despues, EnPartes, Parte } from '../../ui/Despues.tsx';
import { Seleccion } from '../../ui/Seleccion.tsx';
import { useComentariosCarrier } from './api.ts';
import {
  CampoCompania,
  CamposNumero,
  type Errores,
  NUMERO_VACIO,
  type Numero,
  numeroParaEnviar,
  validarNumero,
} from './CamposNumero.tsx';
import { TablaMovimientos } from './Movimientos.tsx';
import { PanelResultado } from './PanelResultado.tsx';
import { useRecarga } from './useRecarga.ts';

interface Formulario {
  numero: Numero;
  compania: Carrier | '';
  monto: string;
  tipo: string;
  externa: boolean;
  folio: string;
  /** null: the platform the carrier is set to (Recargas por tipo de carrier). */
  plataforma: 1 | 2 | null;
}
/** The form's fields of plain text (the selects' values too). */
type CampoTexto = 'monto' | 'tipo' | 'folio';
const VACIO: Formulario = {
  numero: NUMERO_VACIO,
  compania: '',
  monto: '',
  tipo: TIPO_POR_DEFECTO,
  externa: false,
  folio: '',
  plataforma: null,
};

/** /in/recargas: the top-up form, the last 10 movements and the administrator `paneles` (spec section 2). */
export function Recargas({ paneles }: { paneles?: ReactNode }) {
  const sesion = useSesion();
  const [f, setF] = useState<Formulario>(VACIO);
  const [errores, setErrores] = useState<Errores & Partial<Record<'compania' | CampoTexto, string>>>({});
  const externa = puede(sesion, 'POST /foreignCheckOut');
  const exitoPorDefecto = f.externa ? M.recargaExternaExitosa : M.recargaExitosa;
  const { recargar, recargando, resultado, olvidarClave } = useRecarga(exitoPorDefecto);
  // The server's rules (contracts recargas.ts): the amount select only for who may choose, with
  // the company's amounts; the platform switch only for administrators holding PLATAFORMAS.
  const eligeMonto = puedeElegirMonto(sesion.ajustes, sesion);
  const cambiaPlataforma = puedeCambiarPlataforma(sesion);
  // MOVI_DN / ATT_DN: a DN may go with an ICC for Movistar / AT&T (spec section 6).
  const conDn = puedeEnviarDn(sesion, f.compania);

  const cambiar = (parcial: Partial<Formulario>) => {
    olvidarClave();
    setF((anterior) => ({ ...anterior, ...parcial }));
  };
  /** A text field's or select's name, value, change and error under it. */
  const campo = (k: CampoTexto) => ({
    name: k,
    value: f[k],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => cambiar({ [k]: e.target.value }),
    error: Boolean(errores[k]),
    helperText: errores[k] ?? ' ',
  });

  const enviar = async (evento: FormEvent) => {
    evento.preventDefault();
    const e: typeof errores = validarNumero(f.numero, conDn);
    if (!f.compania) e.compania = M.recargaFaltanDatos;
    // Who may choose the amount must choose it, every time (the server refuses it missing too).
    if (eligeMonto && !f.monto) e.monto = M.eligeMonto;
    if (f.externa && !f.folio.trim()) e.folio = M.sinFolio;
    setErrores(e);
    if (Object.keys(e).length > 0 || !f.compania) return;
    const cuerpo = {
      ...numeroParaEnviar(f.numero, conDn),
      compania: f.compania,
      ...(eligeMonto && f.monto ? { monto: Number(f.monto) } : {}),
      ...(cambiaPlataforma && f.plataforma ? { plataforma: f.plataforma } : {}),
      ...(f.externa ? { folio: f.folio.trim() } : { tipo: f.tipo, origin: 'web' }),
    };
    const ok = await recargar(f.externa ? API_RECARGAS.recargarExterna : API_RECARGAS.recargar, cuerpo);
    if (ok) setF({ ...VACIO, numero: { ...NUMERO_VACIO, modo: f.numero.modo }, compania: f.compania });
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2, position: 'relative' }}>
          {recargando && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
          <Typography variant="h5" component="h1" gutterBottom>
            {M.recargar}
          </Typography>
          <Stack spacing={1}>
            {/* The form in four commits, then the column (issue 21): each part below the last. */}
            <EnPartes>
              <CamposNumero
                valor={f.numero}
                errores={errores}
                conDn={conDn}
                alCambiar={(numero) => cambiar({ numero })}
              />
              <Parte>
                <CampoCompania
                  valor={f.compania}
                  error={errores.compania}
                  alCambiar={(compania) => cambiar({ compania })}
                />
                <ComentarioCarrier compania={f.compania} />
              </Parte>
              <Parte>
                {eligeMonto ? (
                  <Seleccion
                    {...campo('monto')}
                    label={M.monto}
                    opciones={sesion.ajustes.montos.map((m) => ({ valor: String(m), texto: `$${m}` }))}
                  />
                ) : (
                  <MontoFijo porIcc={f.numero.modo === 'icc'} />
                )}
                {externa && (
                  <FormControlLabel
                    control={
                      <Switch checked={f.externa} onChange={(e) => cambiar({ externa: e.target.checked })} />
                    }
                    label={M.recargaExterna}
                  />
                )}
              </Parte>
              <Parte>
                {f.externa ? (
                  <TextField
                    {...campo('folio')}
                    label={M.folio}
                    slotProps={{ htmlInput: { maxLength: 10 } }}
                  />
                ) : (
                  <Seleccion
                    {...campo('tipo')}
                    label={M.tipoSolicitud}
                    opciones={TIPOS_SOLICITUD.map((t) => ({ valor: t, texto: t }))}
                  />
                )}
                {cambiaPlataforma && (
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
                  aria-busy={recargando}
                >
                  {M.recargar}
                </Button>
              </Parte>
            </EnPartes>
          </Stack>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Despues pasos={4}>
          <Stack spacing={2}>
            <PanelResultado resultado={resultado} />
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
