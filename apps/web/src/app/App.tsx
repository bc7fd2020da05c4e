import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Login } from '../features/auth/Login.tsx';
import { SinEmpresa } from '../features/auth/SinEmpresa.tsx';
import { RecargaSinUsuario } from '../features/recargas/RecargaSinUsuario.tsx';
import { ProveedorFechas } from '../ui/Fechas.tsx';
import { Pantallas } from './Pantallas.tsx';
import { Shell } from './Shell.tsx';

const consultas = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * Toasts at the bottom, out of the forms' way, never three deep: two at the right on a desktop,
 * one dense one on mobile (800 px and below, where forms take the whole width).
 */
function Avisos({ children }: { children: ReactNode }) {
  const movil = useMediaQuery('(max-width:800px)');
  return (
    <SnackbarProvider
      maxSnack={movil ? 1 : 2}
      dense={movil}
      anchorOrigin={{ vertical: 'bottom', horizontal: movil ? 'center' : 'right' }}
    >
      {children}
    </SnackbarProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={consultas}>
      <Avisos>
        <CssBaseline />
        <ProveedorFechas>
          <BrowserRouter>
            <Routes>
              <Route path="/" element={<SinEmpresa />} />
              <Route path="/in" element={<Shell />}>
                <Route index element={<Navigate to="recargas" replace />} />
                <Route path="*" element={<Pantallas />} />
              </Route>
              <Route path="/:empresa" element={<Login />} />
              <Route path="/:empresa/recargasUsuario" element={<RecargaSinUsuario />} />
              <Route path="*" element={<Navigate to="/" replace />} />
            </Routes>
          </BrowserRouter>
        </ProveedorFechas>
      </Avisos>
    </QueryClientProvider>
  );
}
