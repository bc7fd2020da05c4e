import ImageIcon from '@mui/icons-material/Image';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import {
  type Ajuste,
  type CambioAuditado,
  COLORES,
  type Color,
  esColor,
  FUNCIONES,
  type Funcion,
  LOGO_MAX_KB,
  legible,
  type RespuestaConfiguraciones,
  TIPOS_LOGO,
  TITULOS_AJUSTE,
  type Configuraciones as Valores,
} from '@recargas/contracts/empresas';
import { M, texto } from '@recargas/contracts/mensajes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useMemo, useRef, useState } from 'react';
import { ErrorApi } from '../../lib/api.ts';
import { useSnackbar } from '../../lib/avisar.ts';
import { claveEmpresa, useEmpresa } from '../../lib/empresa.ts';
import { fechaHoraEmpresa } from '../../lib/fechas.ts';
import { useSesion } from '../../lib/sesion.ts';
import { guardarFunciones } from '../../lib/sesionConAjustes.ts';
import { temaDe } from '../../lib/tema.ts';
import { ListaConChips } from '../../ui/ListaConChips.tsx';
import type { Columna } from '../../ui/TablaInfinita.tsx';
import {
  CLAVE_AUDITORIA,
  CLAVE_CONFIGURACIONES,
  guardarConfiguraciones,
  subirLogo,
  useAuditoria,
  useConfiguraciones,
} from './api.ts';

/** /in/configuraciones: the company's colours (with a live preview), logo and features, and who changed them. */
export function Configuraciones() {
  const { data } = useConfiguraciones();
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {M.configuraciones}
      </Typography>
      {/* The form appears once the saved settings are here, so a late answer never overwrites editing. */}
      {data ? <Formulario guardadas={data} /> : <LinearProgress />}
      <Historial />
    </Stack>
  );
}

const de = <K extends keyof Valores>(v: Valores, claves: readonly K[]) =>
  Object.fromEntries(claves.map((k) => [k, v[k]])) as Pick<Valores, K>;

function Formulario({ guardadas }: { guardadas: Valores }) {
  const sesion = useSesion();
  const nombre = useEmpresa(sesion.empresa).data?.nombre ?? sesion.empresa;
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [colores, setColores] = useState<Record<Color, string>>(() => de(guardadas, COLORES));
  const [funciones, setFunciones] = useState<Record<Funcion, boolean>>(() => de(guardadas, FUNCIONES));
  const [logo, setLogo] = useState<{ archivo: File; vista: string } | null>(null);
  const entrada = useRef<HTMLInputElement>(null);

  // The preview takes every valid colour typed so far, and the saved one while a colour is half typed.
  const vista = Object.fromEntries(
    COLORES.map((c) => [c, esColor(colores[c]) ? colores[c].toLowerCase() : guardadas[c]]),
  ) as Record<Color, string>;
  const validos = COLORES.every((c) => esColor(colores[c]));
  const leible = legible(vista);
  const cambios = {
    ...Object.fromEntries(COLORES.filter((c) => vista[c] !== guardadas[c]).map((c) => [c, vista[c]])),
    ...Object.fromEntries(
      FUNCIONES.filter((f) => funciones[f] !== guardadas[f]).map((f) => [f, funciones[f]]),
    ),
  };
  const hayCambios = Object.keys(cambios).length > 0 || logo !== null;

  const guardar = useMutation({
    mutationFn: async () => {
      let r: RespuestaConfiguraciones | undefined;
      if (Object.keys(cambios).length > 0) {
        r = await guardarConfiguraciones(cambios);
        guardarFunciones(r);
      }
      if (logo) r = await subirLogo(logo.archivo);
      return r;
    },
    onSuccess: (r) => {
      if (r) {
        const { mensaje, ...valores } = r;
        // Saved is the new "unchanged": Guardar turns off at once, before the refetch.
        consultas.setQueryData(CLAVE_CONFIGURACIONES, valores);
        enqueueSnackbar(mensaje, { variant: 'success' });
      }
      setLogo(null);
    },
    onError: (e) =>
      enqueueSnackbar(e instanceof ErrorApi && e.status > 0 ? e.message : M.errorConfiguracion, {
        variant: 'error',
      }),
    // Whatever part was saved, the screen, its history and the shell's theme read it again.
    onSettled: () =>
      Promise.all(
        [CLAVE_CONFIGURACIONES, CLAVE_AUDITORIA, claveEmpresa(sesion.empresa)].map((queryKey) =>
          consultas.invalidateQueries({ queryKey }),
        ),
      ),
  });

  const alElegir = (ev: ChangeEvent<HTMLInputElement>) => {
    const archivo = ev.target.files?.[0];
    // Choosing the same file again must fire onChange again.
    ev.target.value = '';
    if (!archivo) return;
    const error = !(TIPOS_LOGO as readonly string[]).includes(archivo.type)
      ? M.logoTipoInvalido
      : archivo.size > LOGO_MAX_KB * 1024
        ? texto('logoDemasiadoGrande', { kb: LOGO_MAX_KB })
        : null;
    if (error) {
      enqueueSnackbar(error, { variant: 'error' });
      return;
    }
    const lector = new FileReader();
    // A data: URL, not a blob: one: the page's Content-Security-Policy allows data: images.
    lector.onload = () => setLogo({ archivo, vista: String(lector.result) });
    lector.readAsDataURL(archivo);
  };

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (hayCambios && validos && leible) guardar.mutate();
  };
  const logoVista = logo?.vista ?? guardadas.image;

  return (
    <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2 }}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {M.colores}
          </Typography>
          <Stack spacing={2}>
            {COLORES.map((c) => (
              <CampoColor
                key={c}
                nombre={c}
                valor={colores[c]}
                alCambiar={(v) => setColores((x) => ({ ...x, [c]: v }))}
                error={
                  !leible && (c === 'fontColor' || c === 'backgroundColor') ? M.contrasteInsuficiente : null
                }
              />
            ))}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {M.vistaPrevia}
          </Typography>
          <VistaPrevia colores={vista} logo={logoVista} nombre={nombre} />
        </Grid>
        <Grid size={12}>
          <Typography variant="h6" component="h2" gutterBottom>
            {M.logo}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <Box
              sx={{
                width: 160,
                height: 80,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              {logoVista ? (
                <Box
                  component="img"
                  src={logoVista}
                  alt={M.logo}
                  data-testid="logo-vista"
                  sx={{ maxWidth: '100%', maxHeight: '100%' }}
                />
              ) : (
                <Typography color="text.secondary">{M.sinLogo}</Typography>
              )}
            </Box>
            <Stack spacing={1} alignItems="flex-start">
              <Button variant="outlined" startIcon={<ImageIcon />} onClick={() => entrada.current?.click()}>
                {M.elegirLogo}
              </Button>
              <input
                ref={entrada}
                hidden
                type="file"
                name="logo"
                accept={TIPOS_LOGO.join(',')}
                onChange={alElegir}
              />
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {logo
                  ? texto('logoElegido', { nombre: logo.archivo.name })
                  : texto('logoAyuda', { kb: LOGO_MAX_KB })}
              </Typography>
            </Stack>
          </Stack>
        </Grid>
        <Grid size={12}>
          <Typography variant="h6" component="h2" gutterBottom>
            {M.funciones}
          </Typography>
          <FormGroup>
            {FUNCIONES.map((f) => (
              <FormControlLabel
                key={f}
                label={TITULOS_AJUSTE[f]}
                control={
                  <Switch
                    name={f}
                    checked={funciones[f]}
                    onChange={(_, v) => setFunciones((x) => ({ ...x, [f]: v }))}
                  />
                }
              />
            ))}
          </FormGroup>
        </Grid>
        <Grid size={12}>
          <Button
            type="submit"
            variant="contained"
            disabled={!hayCambios || !validos || !leible || guardar.isPending}
          >
            {M.guardar}
          </Button>
        </Grid>
      </Grid>
    </Paper>
  );
}

/** A colour as '#rrggbb' text (typed, keyboard first) beside the browser's colour picker. */
function CampoColor(props: {
  nombre: Color;
  valor: string;
  alCambiar: (v: string) => void;
  error: string | null;
}) {
  const etiqueta = TITULOS_AJUSTE[props.nombre];
  const valido = esColor(props.valor);
  return (
    <Stack direction="row" spacing={1} alignItems="flex-start">
      <Box
        component="input"
        type="color"
        aria-label={texto('elegirColor', { color: etiqueta.toLowerCase() })}
        value={valido ? props.valor.toLowerCase() : '#000000'}
        onChange={(e: ChangeEvent<HTMLInputElement>) => props.alCambiar(e.target.value)}
        sx={{
          width: 48,
          height: 40,
          p: 0,
          border: 0,
          bgcolor: 'transparent',
          cursor: 'pointer',
          flexShrink: 0,
        }}
      />
      <TextField
        name={props.nombre}
        label={etiqueta}
        size="small"
        fullWidth
        value={props.valor}
        onChange={(e) => props.alCambiar(e.target.value.trim())}
        error={!valido || props.error !== null}
        helperText={valido ? props.error : M.colorInvalido}
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
      />
    </Stack>
  );
}

/** A sample of the shell in the chosen colours: app bar, its darker edge, text, primary and accent buttons. */
function VistaPrevia(props: { colores: Record<Color, string>; logo: string | null; nombre: string }) {
  const { primaryColor, darkenColor, accentColor, backgroundColor, fontColor } = props.colores;
  const tema = useMemo(
    () => temaDe({ primaryColor, darkenColor, accentColor, backgroundColor, fontColor }),
    [primaryColor, darkenColor, accentColor, backgroundColor, fontColor],
  );
  return (
    <ThemeProvider theme={tema}>
      {/* inert: a picture of the shell, not controls to reach with the keyboard. */}
      <Paper
        variant="outlined"
        inert
        data-testid="vista-previa"
        sx={{ overflow: 'hidden', bgcolor: 'background.default', color: 'text.primary' }}
      >
        <AppBar position="static" color="primary" elevation={0} data-testid="vista-barra">
          <Toolbar variant="dense" sx={{ gap: 1 }}>
            {props.logo && <Box component="img" src={props.logo} alt="" sx={{ maxHeight: 32 }} />}
            <Typography noWrap>{props.nombre}</Typography>
          </Toolbar>
        </AppBar>
        <Box sx={{ height: 8, bgcolor: 'primary.dark' }} data-testid="vista-oscuro" />
        <Stack spacing={2} sx={{ p: 2 }}>
          <Typography data-testid="vista-texto">{M.textoEjemplo}</Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" data-testid="vista-boton">
              {M.botonEjemplo}
            </Button>
            <Button variant="contained" color="secondary" data-testid="vista-acento">
              {M.acentoEjemplo}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </ThemeProvider>
  );
}

/** A value of the history: Sí/No for a feature, a swatch for a colour, 'Sin logo' for no logo. */
function Valor({ v }: { v: CambioAuditado['nuevo'] }) {
  if (typeof v === 'boolean') return v ? M.si : M.no;
  if (v === null) return M.sinLogo;
  if (esColor(v)) {
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <Box sx={{ width: 16, height: 16, bgcolor: v, border: 1, borderColor: 'divider', flexShrink: 0 }} />
        <span>{v}</span>
      </Stack>
    );
  }
  return (
    <Box component="span" sx={{ wordBreak: 'break-all' }}>
      {v}
    </Box>
  );
}

const COLUMNAS: readonly Columna<CambioAuditado>[] = [
  { llave: 'fecha', valor: M.fecha, celda: (f) => fechaHoraEmpresa(f.fecha) },
  { llave: 'usuario', valor: M.colUsuario },
  { llave: 'ajuste', valor: M.colAjuste, celda: (f) => TITULOS_AJUSTE[f.ajuste as Ajuste] ?? f.ajuste },
  { llave: 'anterior', valor: M.colAnterior, celda: (f) => <Valor v={f.anterior} /> },
  { llave: 'nuevo', valor: M.colNuevo, celda: (f) => <Valor v={f.nuevo} /> },
];

/** The company's settings changes, newest first, 20 rows a step. */
function Historial() {
  const lista = useAuditoria();
  return (
    <Paper sx={{ p: 2 }}>
      <ListaConChips
        seccion
        titulo={M.historialCambios}
        total={lista.total === null ? null : { texto: texto('registros', { n: lista.total }) }}
        lista={lista}
        columnas={COLUMNAS}
        clave={(f) => f.id}
        testId="tabla-auditoria"
      />
    </Paper>
  );
}
