import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { consultaEmpresa } from '../lib/empresaPublica.ts';
import { MarcoPrevio } from './MarcoPrevio.tsx';
import { Cargando, perezosa } from './perezosa.tsx';

/**
 * A route's component inside the toasts' provider, both downloaded at once: the login, which
 * does not toast, leaves notistack out of its download (issue 21).
 */
const conAvisos =
  <P extends object>(cargar: () => Promise<ComponentType<P>>) =>
  async (): Promise<ComponentType<P>> => {
    const [{ Avisos }, Componente] = await Promise.all([import('./Avisos.tsx'), cargar()]);
    return (p: P) => (
      <Avisos>
        <Componente {...p} />
      </Avisos>
    );
  };

const consultas = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// Each route downloads its own code: the login page does not carry the shell or any screen.
const Login = perezosa(async () => (await import('../features/auth/Login.tsx')).Login);
const SinEmpresa = perezosa(
  conAvisos(async () => (await import('../features/auth/SinEmpresa.tsx')).SinEmpresa),
);
const RecargaSinUsuario = perezosa(
  conAvisos(async () => (await import('../features/recargas/RecargaSinUsuario.tsx')).RecargaSinUsuario),
);
// The shell starts the download of the screens' router, the page's screen and the company's data
// with its own code: no wait in between (the shell waits for the company before drawing a screen).
// The company's query is in the entry (the login needs it too): its request leaves before the
// shell's code has arrived, and the shell draws once, in the company's theme (issue 21).
const cargarPantallas = () => import('./Pantallas.tsx');
const precargarEmpresa = () => {
  const empresa = localStorage.getItem('empresa');
  if (empresa) void consultas.prefetchQuery(consultaEmpresa(empresa));
};
const Shell = perezosa(
  conAvisos(async () => {
    void cargarPantallas().then((p) => p.precargarPantalla(window.location.pathname.split('/')[2] ?? ''));
    precargarEmpresa();
    return (await import('./Shell.tsx')).Shell;
  }),
);
const Pantallas = perezosa(async () => (await cargarPantallas()).Pantallas);
const Inicio = perezosa(async () => (await cargarPantallas()).Inicio);

export function App() {
  return (
    <QueryClientProvider client={consultas}>
      <BrowserRouter>
        <Suspense fallback={<Cargando />}>
          <Routes>
            <Route path="/" element={<SinEmpresa />} />
            <Route
              path="/in"
              element={
                <Suspense fallback={<MarcoPrevio />}>
                  <Shell />
                </Suspense>
              }
            >
              <Route index element={<Inicio />} />
              <Route path="*" element={<Pantallas />} />
            </Route>
            <Route path="/:empresa" element={<Login />} />
            <Route path="/:empresa/recargasUsuario" element={<RecargaSinUsuario />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
