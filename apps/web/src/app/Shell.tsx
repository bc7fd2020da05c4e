import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Api from '@mui/icons-material/Api';
import BarChart from '@mui/icons-material/BarChart';
import DynamicFeed from '@mui/icons-material/DynamicFeed';
import FactCheck from '@mui/icons-material/FactCheck';
import History from '@mui/icons-material/History';
import Inventory from '@mui/icons-material/Inventory';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import NewReleases from '@mui/icons-material/NewReleases';
import People from '@mui/icons-material/People';
import PersonOff from '@mui/icons-material/PersonOff';
import PhoneAndroid from '@mui/icons-material/PhoneAndroid';
import Recycling from '@mui/icons-material/Recycling';
import Settings from '@mui/icons-material/Settings';
import SettingsCell from '@mui/icons-material/SettingsCell';
import ShowChart from '@mui/icons-material/ShowChart';
import Storage from '@mui/icons-material/Storage';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { TEMA_POR_DEFECTO } from '@recargas/contracts/empresas';
import { M } from '@recargas/contracts/mensajes';
import { menuPara } from '@recargas/contracts/menu';
import { useIsFetching, useIsMutating, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useActualizaciones } from '../features/actualizaciones/api.ts';
import { cerrarSesion as cerrarEnServidor } from '../features/auth/api.ts';
import { CambiarEmpresa } from '../features/auth/CambiarEmpresa.tsx';
import { EnviarNotificacion } from '../features/notificaciones/EnviarNotificacion.tsx';
import { Campana, usePush } from '../features/notificaciones/Notificaciones.tsx';
import { useAlertasSaldo } from '../features/saldos/api.ts';
import { actualizarPermisos } from '../lib/api.ts';
import { useEmpresa } from '../lib/empresa.ts';
import { borrarSesion, puede, SESION_CAMBIADA, type Sesion, ultimaEmpresa } from '../lib/sesion.ts';
import { leerSesion } from '../lib/sesionConAjustes.ts';
import { temaDe } from '../lib/tema.ts';
import { CONTENIDO, SaltarAlContenido, useFocoAlNavegar } from './Foco.tsx';
import { Cargando } from './perezosa.tsx';

const ANCHO_MENU = 260;
/** Spec: the mobile breakpoint is 800 px (800 and below is mobile). */
const ESCRITORIO = '(min-width:801px)';

const ICONOS: Record<string, ReactNode> = {
  recargas: <PhoneAndroid />,
  usuarios: <People />,
  ventas: <BarChart />,
  subirArchivos: <UploadFile />,
  grarecicladoMasivo: <Recycling />,
  administrarBase: <Storage />,
  recargasMasivas: <DynamicFeed />,
  portabilidades: <SwapHoriz />,
  graficas: <ShowChart />,
  inventario: <Inventory />,
  recargasCarier: <SettingsCell />,
  configRecargasSinUsuario: <PersonOff />,
  saldos: <AccountBalanceWallet />,
  conciliaciones: <FactCheck />,
  configuraciones: <Settings />,
  integraciones: <Api />,
  actualizaciones: <NewReleases />,
  auditoria: <History />,
};

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
  // /in/configuraciones stores the company's new features with the session, then refetches the
  // company: the menu and the screens read the stored session again at that moment.
  const sesion = useMemo(
    () => ((empresa.dataUpdatedAt > 0 || cambios > 0) && leerSesion()) || alEntrar,
    [empresa.dataUpdatedAt, cambios, alEntrar],
  );
  const principal = useRef<HTMLElement>(null);
  useFocoAlNavegar(principal);
  const tema = useMemo(() => temaDe(empresa.data ?? TEMA_POR_DEFECTO), [empresa.data]);
  const escritorio = useMediaQuery(ESCRITORIO, { noSsr: true });
  const [abierto, setAbierto] = useState(false);
  usePush();
  const alertasSaldo = useAlertasSaldo(puede(sesion, 'GET /api/alertasSaldo'));
  const nombreEmpresa = empresa.data?.nombre ?? sesion.empresa;

  const menu = <Menu sesion={sesion} logo={empresa.data?.image ?? null} alElegir={() => setAbierto(false)} />;
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
              >
                <MenuIcon />
              </IconButton>
            )}
            <Typography variant="h6" component="div" noWrap sx={{ ml: 1, flexGrow: 1 }}>
              {nombreEmpresa}
            </Typography>
            <CambiarEmpresa sesion={sesion} />
            <EnviarNotificacion sesion={sesion} />
            <Campana />
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
          {menu}
        </Drawer>
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Toolbar />
          {empresa.data?.alerta && (
            <Alert severity="warning" square data-testid="alerta-empresa">
              {empresa.data.alerta}
            </Alert>
          )}
          {alertasSaldo.data?.alertas.map((a) => (
            <Alert key={a.id} severity="error" square>
              {a.mensaje}
            </Alert>
          ))}
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
              {empresa.isPending ? <Cargando /> : <Outlet context={sesion} />}
            </Suspense>
          </Box>
          <Box component="footer" sx={{ py: 2, textAlign: 'center', color: 'text.secondary', fontSize: 13 }}>
            © {new Date().getFullYear()} {nombreEmpresa} · {M.pie}
          </Box>
        </Box>
      </Box>
    </ThemeProvider>
  );
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

function Menu({ sesion, logo, alElegir }: { sesion: Sesion; logo: string | null; alElegir: () => void }) {
  const navegar = useNavigate();
  const cliente = useQueryClient();
  // 'Nuevo' on Actualizaciones beside the newest note, as the seed shows it (opened or not).
  const notaNueva = useActualizaciones().data?.nuevo === true;
  const cerrarSesion = async () => {
    const empresa = sesion.empresa;
    await cerrarEnServidor().catch(() => undefined);
    borrarSesion();
    cliente.clear();
    navegar(`/${empresa}`, { replace: true });
  };
  return (
    <Box component="nav" sx={{ overflowY: 'auto' }}>
      <Toolbar />
      <Box sx={{ p: 2, textAlign: 'center' }}>
        {logo && <Box component="img" src={logo} alt="" sx={{ maxWidth: '100%', maxHeight: 64 }} />}
        <Typography fontWeight="bold">{sesion.nombre}</Typography>
        <Typography variant="body2" color="text.secondary">
          {sesion.username}
        </Typography>
      </Box>
      <List>
        {menuPara(sesion).map((item) => (
          <ListItem key={item.ruta} disablePadding>
            <ListItemButton
              component={NavLink}
              to={`/in/${item.ruta}`}
              data-testid={`menu-${item.ruta}`}
              onClick={alElegir}
              sx={{ '&.active': { bgcolor: 'action.selected' } }}
            >
              <ListItemIcon>{ICONOS[item.ruta]}</ListItemIcon>
              <ListItemText primary={item.titulo} />
              {item.ruta === 'actualizaciones' && notaNueva && (
                <Chip label={M.nuevo} color="secondary" size="small" data-testid="badge-nuevo" />
              )}
            </ListItemButton>
          </ListItem>
        ))}
        <ListItem disablePadding>
          <ListItemButton data-testid="menu-cerrarSesion" onClick={cerrarSesion}>
            <ListItemIcon>
              <Logout />
            </ListItemIcon>
            <ListItemText primary={M.cerrarSesion} />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}
