import ImageIcon from '@mui/icons-material/Image';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import {
  COLORES,
  type Color,
  esColor,
  FUNCIONES,
  type Funcion,
  LOGO_MAX_KB,
  TIPOS_LOGO,
  TITULOS_AJUSTE,
  type Configuraciones as Valores,
} from '@recargas/contracts/empresas';
import { M, texto } from '@recargas/contracts/mensajes';
import { type ChangeEvent, useMemo, useRef } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useSnackbar } from '../../lib/avisar.ts';
import { temaDe } from '../../lib/tema.ts';

/** The settings form's fields: the colours and the features (the logo is a file, kept apart). */
export type Campos = Pick<Valores, Color | Funcion>;

/** The colour fields; text and background say so when they are not readable together. */
export function Colores({ leible }: { leible: boolean }) {
  const { control } = useFormContext<Campos>();
  return (
    <Stack spacing={2}>
      {COLORES.map((c) => (
        <Controller
          key={c}
          name={c}
          control={control}
          render={({ field }) => (
            <CampoColor
              nombre={c}
              valor={field.value}
              alCambiar={field.onChange}
              error={
                !leible && (c === 'fontColor' || c === 'backgroundColor') ? M.contrasteInsuficiente : null
              }
            />
          )}
        />
      ))}
    </Stack>
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

/** A switch per feature of the company. */
export function Funciones() {
  const { control } = useFormContext<Campos>();
  return (
    <FormGroup>
      {FUNCIONES.map((f) => (
        <Controller
          key={f}
          name={f}
          control={control}
          render={({ field }) => (
            <FormControlLabel
              label={TITULOS_AJUSTE[f]}
              control={<Switch name={f} checked={field.value} onChange={(_, v) => field.onChange(v)} />}
            />
          )}
        />
      ))}
    </FormGroup>
  );
}

/** A logo chosen and not yet saved: the file and its picture. */
export type Logo = { archivo: File; vista: string };

/**
 * The logo as it shows (the chosen one, else the saved one) and the button to choose a file: a
 * type or size the server refuses is said at once and not kept.
 */
export function ElegirLogo(props: { logo: Logo | null; vista: string | null; alElegir: (l: Logo) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const entrada = useRef<HTMLInputElement>(null);
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
    lector.onload = () => props.alElegir({ archivo, vista: String(lector.result) });
    lector.readAsDataURL(archivo);
  };
  return (
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
        {props.vista ? (
          <Box
            component="img"
            src={props.vista}
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
          {props.logo
            ? texto('logoElegido', { nombre: props.logo.archivo.name })
            : texto('logoAyuda', { kb: LOGO_MAX_KB })}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** A sample of the shell in the chosen colours: app bar, its darker edge, text, primary and accent buttons. */
export function VistaPrevia(props: { colores: Record<Color, string>; logo: string | null; nombre: string }) {
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
          {/* The colour as a heading on the page: darkened there to 4.5:1 when it is light. */}
          <Typography variant="h6" color="primary" data-testid="vista-titulo">
            {props.nombre}
          </Typography>
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
