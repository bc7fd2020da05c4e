import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useReducer } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { alCargarNotistack, notistackCargado, proveedorDibujado, useSnackbar } from '../lib/avisar.ts';
import type { EstadoConAviso } from '../lib/empresaPublica.ts';

/**
 * The message another page passed on (the login of an unknown company sends it to sinEmpresa,
 * spec section 2): shown for 10 s, then dropped from the history entry so a reload does not repeat it.
 */
function AvisoRecibido() {
  const { pathname, state } = useLocation();
  const aviso = (state as EstadoConAviso | null)?.aviso;
  const navegar = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (!aviso) return;
    enqueueSnackbar(aviso, { variant: 'error', autoHideDuration: 10_000, preventDuplicate: true });
    navegar(pathname, { replace: true, state: null });
  }, [aviso, pathname, enqueueSnackbar, navegar]);
  return null;
}

/**
 * Toasts at the bottom, out of the forms' way, never three deep: two at the right on a desktop,
 * one dense one on mobile (800 px and below, where forms take the whole width). Its code
 * (notistack) comes with the first toast (`lib/avisar.ts`), not with the page (issue 21); the
 * provider is drawn beside the route, so its arrival does not draw the route again.
 */
export function Avisos({ children }: { children: ReactNode }) {
  const [, redibujar] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (notistackCargado()) redibujar();
    return alCargarNotistack(redibujar);
  }, []);
  const notistack = notistackCargado();
  return (
    <>
      <AvisoRecibido />
      {children}
      {notistack && <Proveedor SnackbarProvider={notistack.SnackbarProvider} />}
    </>
  );
}

function Proveedor({ SnackbarProvider }: { SnackbarProvider: typeof import('notistack').SnackbarProvider }) {
  const movil = useMediaQuery('(max-width:800px)');
  useEffect(proveedorDibujado, []);
  return (
    <SnackbarProvider
      maxSnack={movil ? 1 : 2}
      dense={movil}
      anchorOrigin={{ vertical: 'bottom', horizontal: movil ? 'center' : 'right' }}
    />
  );
}
