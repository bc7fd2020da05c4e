import MenuIcon from '@mui/icons-material/Menu';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { EmpresaPublica } from '@recargas/contracts/empresas';
import { TEMA_POR_DEFECTO } from '@recargas/contracts/empresas/defectos';
import { M } from '@recargas/contracts/mensajes';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { memo, Suspense, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { usePush } from '../features/notificaciones/push.ts';
import { useAlertasSaldo } from '../features/saldos/api.ts';
import { actualizarPermisos } from '../lib/api.ts';
import { useEmpresa } from '../lib/empresa.ts';
import { puede, SESION_CAMBIADA, type Sesion, ultimaEmpresa } from '../lib/sesion.ts';
import { leerSesion } from '../lib/sesionConAjustes.ts';
import { temaDe } from '../lib/tema.ts';
import { Despues } from '../ui/Despues.tsx';
import { CONTENIDO, SaltarAlContenido, useFocoAlNavegar } from './Foco.tsx';
import { Cargando, perezosa } from './perezosa.tsx';

const ANCHO_MENU = 260;
/** Spec: the mobile breakpoint is 800 px (800 and below is mobile). */
const ESCRITORIO = '(min-width:801px)';

const Menu = perezosa(async () => (await import('./Menu.tsx')).Menu);
// The bar's actions come after the bar: their menus, dialogs and tooltips are not in the code a
// phone waits for before its first screen (issue 21).
const CambiarEmpresa = perezosa(
  async () => (await import('../features/auth/CambiarEmpresa.tsx')).CambiarEmpresa,
);
const EnviarNotificacion = perezosa(
  async () => (await import('../features/notificaciones/EnviarNotificacion.tsx')).EnviarNotificacion,
);
const Campana = perezosa(async () => (await import('../features/notificaciones/Notificaciones.tsx')).Campana);

/**
 * /in/*: the shell around every screen, closed to visitors without a session: they go to the
 * login of the tab's last company (Back after logout), else to sinEmpresa.
 */
export function Shell() {
  // Read again on every move between screens: the shell stays mounted across them, and a Back
  // pressed after logout, before the login has drawn, found the ended session's shell still up.
  useLocation();
  const sesion = leerSesion();
  const empresa = ultimaEmpresa();
  if (!sesion) return <Navigate to={empresa ? `/${encodeURIComponent(empresa)}` : '/'} replace />;
  return <ShellConSesion sesion={sesion} />;
}

function ShellConSesion({ sesion: alEntrar }: { sesion: Sesion }) {
  const empresa = useEmpresa(alEntrar.empresa);
  const [cambios, releer] = useReducer((n: number) => n + 1, 0);
  // Permissions as the server has them now (after login or a reload; renewals read them too),
  // and a change stored by this tab or another one draws the menu and the screens again.
  useEffect(() => {
    void actualizarPermisos();
    window.addEventListener(SESION_CAMBIADA, releer);
    window.addEventListener('storage', releer);
    return () => {
      window.removeEventListener(SESION_CAMBIADA, releer);
      window.removeEventListener('storage', releer);
    };
  }, []);
  // React draws a change of React Query's store at once, in one task that cannot be split: here
  // that draws only this component. The frame gets the company's answer as deferred values, a
  // render React splits into 5 ms slices, so a phone is not blocked for the whole shell (issue 21).
  const datos = useDeferredValue(empresa.data);
  const pendiente = useDeferredValue(empresa.isPending);
  const actualizada = useDeferredValue(empresa.dataUpdatedAt);
  // /in/configuraciones stores the company's new features with the session, then refetches the
  // company: the menu and the screens read the stored session again at that moment.
  const sesion = useMemo(
    () => ((actualizada > 0 || cambios > 0) && leerSesion()) || alEntrar,
    [actualizada, cambios, alEntrar],
  );
  return <Marco sesion={sesion} empresa={datos} pendiente={pendiente} />;
}

/** The bar, the drawer and the page around the screen; drawn again only when its props change. */
const Marco = memo(function Marco({
  sesion,
  empresa,
  pendiente,
}: {
  sesion: Sesion;
  empresa: EmpresaPublica | undefined;
  pendiente: boolean;
}) {
  const principal = useRef<HTMLElement>(null);
  useFocoAlNavegar(principal);
  const tema = useMemo(() => temaDe(empresa ?? TEMA_POR_DEFECTO), [empresa]);
  const escritorio = useMediaQuery(ESCRITORIO, { noSsr: true });
  const [abierto, setAbierto] = useState(false);
  usePush();
  const nombreEmpresa = empresa?.nombre ?? sesion.empresa;
  // The screen in a later render than the frame: two commits, each a shorter task for a phone,
  // even when the company's answer and the screen's code are in before the shell (issue 21).
  const conPantalla = useDeferredValue(!pendiente, false);

  const menu = <Menu sesion={sesion} logo={empresa?.image ?? null} alElegir={() => setAbierto(false)} />;
  return (
    <ThemeProvider theme={tema}>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}>
        <SaltarAlContenido />
        <AppBar position="fixed" color="primary" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
          <Toolbar>
            {!escritorio && (
              <IconButton
                color="inherit"
                edge="start"
                aria-label={M.abrirMenu}
                onClick={() => setAbierto(true)}
                onPointerEnter={Menu.precargar}
                onFocus={Menu.precargar}
              >
                <MenuIcon />
              </IconButton>
            )}
            <Typography variant="h6" component="div" noWrap sx={{ ml: 1, flexGrow: 1 }}>
              {nombreEmpresa}
            </Typography>
            {/* At the bar's end, after the screen's first parts: nothing moves when they come. */}
            <Despues pasos={6}>
              <Suspense fallback={null}>
                <CambiarEmpresa sesion={sesion} />
                <EnviarNotificacion sesion={sesion} />
                <Campana />
              </Suspense>
            </Despues>
          </Toolbar>
          <Ocupado />
        </AppBar>
        <Drawer
          variant={escritorio ? 'permanent' : 'temporary'}
          open={escritorio || abierto}
          onClose={() => setAbierto(false)}
          sx={{
            width: escritorio ? ANCHO_MENU : undefined,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: ANCHO_MENU },
          }}
        >
          {/* On a phone the closed drawer draws nothing: the menu's code comes when it opens. */}
          <Suspense fallback={<Cargando />}>{menu}</Suspense>
        </Drawer>
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Toolbar />
          {empresa?.alerta && (
            <Alert severity="warning" square data-testid="alerta-empresa">
              {empresa.alerta}
            </Alert>
          )}
          <AlertasSaldo habilitada={puede(sesion, 'GET /api/alertasSaldo')} />
          <Box
            component="main"
            id={CONTENIDO}
            tabIndex={-1}
            ref={principal}
            // At least a screen high: the footer starts below the fold and is not pushed by the
            // screen's content as it arrives (a layout shift on a phone, issue 21).
            sx={{
              flexGrow: 1,
              minHeight: '100vh',
              p: { xs: 1.5, md: 3 },
              '&:focus, & h1:focus': { outline: 'none' },
            }}
          >
            {/* The company's notice goes above the screen: the screen waits for it, not to be pushed
                down; while its code arrives the shell stays drawn around the bar. */}
            <Suspense fallback={<Cargando />}>
              {conPantalla ? <Outlet context={sesion} /> : <Cargando />}
            </Suspense>
          </Box>
          <Box component="footer" sx={{ py: 2, textAlign: 'center', color: 'text.secondary', fontSize: 13 }}>
            © {new Date().getFullYear()} {nombreEmpresa} · {M.pie}
          </Box>
        </Box>
      </Box>
    </ThemeProvider>
  );
});

/** The open low-balance alerts: their answers, every minute, draw these alerts, not the frame. */
function AlertasSaldo({ habilitada }: { habilitada: boolean }) {
  const alertas = useAlertasSaldo(habilitada);
  return alertas.data?.alertas.map((a) => (
    <Alert key={a.id} severity="error" square>
      {a.mensaje}
    </Alert>
  ));
}

/**
 * The bar under the app bar while a call is under way. Its own component: each call that starts
 * or ends draws this bar again, not the whole shell (issue 21: blocking time on a phone).
 */
function Ocupado() {
  const ocupado = useIsFetching() + useIsMutating() > 0;
  return ocupado ? (
    <LinearProgress color="secondary" sx={{ position: 'absolute', bottom: 0, left: 0, right: 0 }} />
  ) : null;
}
