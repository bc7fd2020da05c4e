import useMediaQuery from '@mui/material/useMediaQuery';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
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
 * (notistack) comes with the routes that toast, not with the login (issue 21).
 */
export function Avisos({ children }: { children: ReactNode }) {
  const movil = useMediaQuery('(max-width:800px)');
  return (
    <SnackbarProvider
      maxSnack={movil ? 1 : 2}
      dense={movil}
      anchorOrigin={{ vertical: 'bottom', horizontal: movil ? 'center' : 'right' }}
    >
      <AvisoRecibido />
      {children}
    </SnackbarProvider>
  );
}
