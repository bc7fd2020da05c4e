import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Pantallas } from './Pantallas.tsx';
import { Cargando, perezosa } from './perezosa.tsx';

// Each route downloads its own code: the login page does not carry the shell or any screen.
const Login = perezosa(async () => (await import('../features/auth/Login.tsx')).Login);
const SinEmpresa = perezosa(async () => (await import('../features/auth/SinEmpresa.tsx')).SinEmpresa);
const RecargaSinUsuario = perezosa(
  async () => (await import('../features/recargas/RecargaSinUsuario.tsx')).RecargaSinUsuario,
);
const Shell = perezosa(async () => (await import('./Shell.tsx')).Shell);

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
        <BrowserRouter>
          <Suspense fallback={<Cargando />}>
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
          </Suspense>
        </BrowserRouter>
      </Avisos>
    </QueryClientProvider>
  );
}
