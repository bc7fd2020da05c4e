import CssBaseline from '@mui/material/CssBaseline';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Login } from '../features/auth/Login.tsx';
import { SinEmpresa } from '../features/auth/SinEmpresa.tsx';
import { RecargaSinUsuario } from '../features/recargas/RecargaSinUsuario.tsx';
import { Pantallas } from './Pantallas.tsx';
import { Shell } from './Shell.tsx';

const consultas = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function App() {
  return (
    <QueryClientProvider client={consultas}>
      <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <CssBaseline />
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
      </SnackbarProvider>
    </QueryClientProvider>
  );
}
