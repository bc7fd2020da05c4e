import Box from '@mui/material/Box';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { TEMA_POR_DEFECTO } from '@recargas/contracts/empresas/defectos';
import { M } from '@recargas/contracts/mensajes';
import { temaDe } from '../../lib/tema.ts';

const tema = temaDe(TEMA_POR_DEFECTO);

/** Route `/`: the visitor forgot the company in the URL (spec section 2). */
export function SinEmpresa() {
  return (
    <ThemeProvider theme={tema}>
      <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
        <Typography variant="h4" component="h1" color="primary" textAlign="center">
          {M.sinEmpresa}
        </Typography>
      </Box>
    </ThemeProvider>
  );
}
