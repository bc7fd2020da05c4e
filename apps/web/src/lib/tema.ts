import { createTheme, type Theme } from '@mui/material/styles';
import type { EmpresaPublica } from '@recargas/contracts/empresa';

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
    // The spec's labels are shown as written ('Iniciar sesión', not upper case).
    components: { MuiButton: { styleOverrides: { root: { textTransform: 'none' } } } },
  });
}
