import { createTheme, type Theme } from '@mui/material/styles';
import { colorLegibleSobre, textoSobre } from '@recargas/contracts/colores';
import type { EmpresaPublica } from '@recargas/contracts/empresas';
import { MENSAJES_GENERALES as M } from '@recargas/contracts/mensajes/generales';

/** The company theme of spec section 3 as an MUI theme; the mobile breakpoint is 800 px. */
export function temaDe(
  e: Pick<EmpresaPublica, 'primaryColor' | 'darkenColor' | 'accentColor' | 'backgroundColor' | 'fontColor'>,
): Theme {
  // Issue 41: a light company colour (vcell's orange, a yellow) keeps 4.5:1 under its text, and
  // as text on the page it is darkened to 4.5:1; MUI's own choice stops at 3:1.
  const enPagina = {
    primary: colorLegibleSobre(e.primaryColor, e.backgroundColor),
    secondary: colorLegibleSobre(e.accentColor, e.backgroundColor),
  };
  const comoTexto = (color: unknown, variante?: unknown) =>
    (color === 'primary' || color === 'secondary') && variante !== 'contained'
      ? { color: enPagina[color] }
      : {};
  return createTheme({
    palette: {
      primary: { main: e.primaryColor, dark: e.darkenColor, contrastText: textoSobre(e.primaryColor) },
      secondary: { main: e.accentColor, contrastText: textoSobre(e.accentColor) },
      background: { default: e.backgroundColor, paper: e.backgroundColor },
      text: { primary: e.fontColor },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 801, lg: 1200, xl: 1536 } },
    typography: { fontFamily: 'Roboto, "Segoe UI", Arial, sans-serif' },
    components: {
      // The spec's labels are shown as written ('Iniciar sesión', not upper case).
      MuiButton: {
        styleOverrides: {
          root: ({ ownerState }) => ({
            textTransform: 'none',
            ...comoTexto(ownerState.color, ownerState.variant),
          }),
        },
      },
      MuiTypography: { styleOverrides: { root: ({ ownerState }) => comoTexto(ownerState.color) } },
      MuiLink: { styleOverrides: { root: ({ ownerState }) => comoTexto(ownerState.color ?? 'primary') } },
      // A focused field's label and outline, a checked radio or box: the colour on the page too.
      MuiFormLabel: {
        styleOverrides: {
          root: ({ ownerState }) => ({ '&.Mui-focused': comoTexto(ownerState.color ?? 'primary') }),
        },
      },
      MuiOutlinedInput: {
        styleOverrides: {
          root: ({ ownerState }) => ({
            '&.Mui-focused .MuiOutlinedInput-notchedOutline': {
              borderColor: comoTexto(ownerState.color ?? 'primary').color,
            },
          }),
        },
      },
      MuiRadio: {
        styleOverrides: { root: ({ ownerState }) => ({ '&.Mui-checked': comoTexto(ownerState.color) }) },
      },
      MuiCheckbox: {
        styleOverrides: { root: ({ ownerState }) => ({ '&.Mui-checked': comoTexto(ownerState.color) }) },
      },
      // A progress bar needs a name for screen readers; without another one it means loading.
      MuiLinearProgress: { defaultProps: { 'aria-label': M.cargando } },
      // A selected primary toggle writes the primary colour on its own light tint, under 4.5:1
      // for the demo teal; the darker company colour is readable there.
      MuiToggleButton: {
        styleOverrides: {
          root: () => ({
            '&.Mui-selected.MuiToggleButton-primary': {
              color: colorLegibleSobre(e.darkenColor, e.backgroundColor),
            },
          }),
        },
      },
    },
  });
}
