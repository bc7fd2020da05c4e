import { createTheme, type Theme } from '@mui/material/styles';
import type { EmpresaPublica } from '@recargas/contracts/empresas';
import { MENSAJES_GENERALES as M } from '@recargas/contracts/mensajes/generales';

/** The company theme of spec section 3 as an MUI theme; the mobile breakpoint is 800 px. */
export function temaDe(
  e: Pick<EmpresaPublica, 'primaryColor' | 'darkenColor' | 'accentColor' | 'backgroundColor' | 'fontColor'>,
): Theme {
  return createTheme({
    palette: {
      primary: { main: e.primaryColor, dark: e.darkenColor },
      secondary: { main: e.accentColor },
      background: { default: e.backgroundColor, paper: e.backgroundColor },
      text: { primary: e.fontColor },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 801, lg: 1200, xl: 1536 } },
    typography: { fontFamily: 'Roboto, "Segoe UI", Arial, sans-serif' },
    components: {
      // The spec's labels are shown as written ('Iniciar sesión', not upper case).
      MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
      // A progress bar needs a name for screen readers; without another one it means loading.
      MuiLinearProgress: { defaultProps: { 'aria-label': M.cargando } },
      // A selected primary toggle writes the primary colour on its own light tint, under 4.5:1
      // for the demo teal; the darker company colour is readable there.
      MuiToggleButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-selected.MuiToggleButton-primary': { color: theme.palette.primary.dark },
          }),
        },
      },
    },
  });
}
