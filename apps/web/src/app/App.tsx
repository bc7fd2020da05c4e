import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
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
const cargarPantallas = () => import('./Pantallas.tsx');
const precargarEmpresa = async () => {
  const empresa = localStorage.getItem('empresa');
  if (empresa)
    await consultas.prefetchQuery((await import('../lib/empresaPublica.ts')).consultaEmpresa(empresa));
};
const Shell = perezosa(
  conAvisos(async () => {
    void cargarPantallas().then((p) => p.precargarPantalla(window.location.pathname.split('/')[2] ?? ''));
    void precargarEmpresa();
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
            <Route path="/in" element={<Shell />}>
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
