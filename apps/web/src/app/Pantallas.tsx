import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { destinoRechazo, MENU, rutaInicial, rutaPermitida } from '@recargas/contracts/menu';
import { type ComponentType, Suspense, useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSnackbar } from '../lib/avisar.ts';
import { useSesion } from '../lib/sesion.ts';
import { Cargando, type Precargable, perezosa } from './perezosa.tsx';

const UsuarioFormulario = perezosa(
  async () => (await import('../features/usuarios/UsuarioFormulario.tsx')).UsuarioFormulario,
);

/**
 * The top-up screen with the recycling panels under it: composed here, so neither feature imports
 * the other; both downloaded at once.
 */
const RecargasConPaneles = perezosa(async () => {
  const [{ Recargas }, { PanelesRecargas }] = await Promise.all([
    import('../features/recargas/Recargas.tsx'),
    import('../features/reciclaje/PanelesRecargas.tsx'),
  ]);
  return () => <Recargas paneles={<PanelesRecargas />} />;
});

/**
 * Screens built so far, by their route under /in/; each one's code (and the charts, pickers or
 * Excel code it needs) is downloaded when it is first opened.
 */
const PANTALLAS: Record<string, ComponentType> = {
  recargas: RecargasConPaneles,
  saldos: perezosa(async () => (await import('../features/saldos/Saldos.tsx')).Saldos),
  conciliaciones: perezosa(
    async () => (await import('../features/conciliaciones/Conciliaciones.tsx')).Conciliaciones,
  ),
  integraciones: perezosa(
    async () => (await import('../features/integraciones/Integraciones.tsx')).Integraciones,
  ),
  configRecargasSinUsuario: perezosa(
    async () => (await import('../features/saldos/ConfigSinUsuario.tsx')).ConfigSinUsuario,
  ),
  configuraciones: perezosa(
    async () => (await import('../features/empresas/Configuraciones.tsx')).Configuraciones,
  ),
  usuarios: perezosa(async () => (await import('../features/usuarios/Usuarios.tsx')).Usuarios),
  usuarioNew: UsuarioFormulario,
  editarUsuario: UsuarioFormulario,
  ventas: perezosa(async () => (await import('../features/reportes/Ventas.tsx')).Ventas),
  graficas: perezosa(async () => (await import('../features/reportes/Graficas.tsx')).Graficas),
  recargasMasivas: perezosa(
    async () => (await import('../features/masivas/RecargasMasivas.tsx')).RecargasMasivas,
  ),
  portabilidades: perezosa(
    async () => (await import('../features/portabilidades/Portabilidades.tsx')).Portabilidades,
  ),
  inventario: perezosa(async () => (await import('../features/portabilidades/Inventario.tsx')).Inventario),
  recargasCarier: perezosa(
    async () => (await import('../features/carriers/RecargasCarrier.tsx')).RecargasCarrier,
  ),
  nuevoUsuarioPlataforma: perezosa(
    async () => (await import('../features/carriers/NuevoUsuarioPlataforma.tsx')).NuevoUsuarioPlataforma,
  ),
  comentariosCarier: perezosa(
    async () => (await import('../features/carriers/ComentariosCarrier.tsx')).ComentariosCarrier,
  ),
  actualizaciones: perezosa(
    async () => (await import('../features/actualizaciones/Actualizaciones.tsx')).Actualizaciones,
  ),
  administrarBase: perezosa(
    async () => (await import('../features/lineas/AdministrarBase.tsx')).AdministrarBase,
  ),
  subirArchivos: perezosa(async () => (await import('../features/subidas/SubirArchivos.tsx')).SubirArchivos),
  auditoria: perezosa(async () => (await import('../features/auditoria/Auditoria.tsx')).Auditoria),
  grarecicladoMasivo: perezosa(
    async () => (await import('../features/reciclaje/RecicladoMasivo.tsx')).RecicladoMasivo,
  ),
};

/** Starts the download of /in/<ruta>'s screen: the shell asks while its own code arrives (issue 21). */
export const precargarPantalla = (ruta: string) =>
  (PANTALLAS[ruta] as Partial<Precargable> | undefined)?.precargar?.();

/** /in: the user's first screen (recargas, or the first of their whitelist); the login lands here. */
export function Inicio() {
  const sesion = useSesion();
  return <Navigate to={rutaInicial(sesion)} replace />;
}

/** /in/<ruta>: the screen, if the user's level, permissions and whitelist allow it. */
export function Pantallas() {
  const sesion = useSesion();
  const ruta = (useParams()['*'] ?? '').split('/')[0] ?? '';
  if (!rutaPermitida(sesion, ruta)) return <Rechazo ruta={ruta} />;
  const Pantalla = PANTALLAS[ruta];
  return Pantalla ? (
    <Suspense fallback={<Cargando />}>
      <Pantalla />
    </Suspense>
  ) : (
    <EnConstruccion ruta={ruta} />
  );
}

/**
 * A route the user may not open: the company's login where the seed sends it (level 3 to user
 * administration, levels 2 and 3 to balances), else the first allowed screen; both say why.
 */
function Rechazo({ ruta }: { ruta: string }) {
  const sesion = useSesion();
  const { enqueueSnackbar } = useSnackbar();
  const alLogin = destinoRechazo(sesion, ruta) === 'login';
  useEffect(() => {
    if (!alLogin) enqueueSnackbar(M.sinAccesoSeccion, { variant: 'warning', preventDuplicate: true });
  }, [alLogin, enqueueSnackbar]);
  if (alLogin) {
    return (
      <Navigate
        to={`/${encodeURIComponent(sesion.empresa)}`}
        replace
        state={{ motivo: M.sinAccesoSeccion }}
      />
    );
  }
  return <Navigate to={`/in/${rutaInicial(sesion)}`} replace />;
}

function EnConstruccion({ ruta }: { ruta: string }) {
  const sesion = useSesion();
  const item = MENU.find((i) => i.ruta === ruta);
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {item ? item.titulo(sesion) : ruta}
      </Typography>
      <Typography>{M.pantallaEnConstruccion}</Typography>
    </Paper>
  );
}
