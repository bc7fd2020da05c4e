import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { destinoRechazo, MENU, rutaInicial, rutaPermitida } from '@recargas/contracts/menu';
import { useSnackbar } from 'notistack';
import { type ComponentType, useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { Actualizaciones } from '../features/actualizaciones/Actualizaciones.tsx';
import { ComentariosCarrier } from '../features/carriers/ComentariosCarrier.tsx';
import { NuevoUsuarioPlataforma } from '../features/carriers/NuevoUsuarioPlataforma.tsx';
import { RecargasCarrier } from '../features/carriers/RecargasCarrier.tsx';
import { Configuraciones } from '../features/empresas/Configuraciones.tsx';
import { Integraciones } from '../features/integraciones/Integraciones.tsx';
import { AdministrarBase } from '../features/lineas/AdministrarBase.tsx';
import { RecargasMasivas } from '../features/masivas/RecargasMasivas.tsx';
import { Inventario } from '../features/portabilidades/Inventario.tsx';
import { Portabilidades } from '../features/portabilidades/Portabilidades.tsx';
import { Recargas } from '../features/recargas/Recargas.tsx';
import { PanelesRecargas } from '../features/reciclaje/PanelesRecargas.tsx';
import { RecicladoMasivo } from '../features/reciclaje/RecicladoMasivo.tsx';
import { Graficas } from '../features/reportes/Graficas.tsx';
import { Ventas } from '../features/reportes/Ventas.tsx';
import { ConfigSinUsuario } from '../features/saldos/ConfigSinUsuario.tsx';
import { Saldos } from '../features/saldos/Saldos.tsx';
import { SubirArchivos } from '../features/subidas/SubirArchivos.tsx';
import { UsuarioFormulario } from '../features/usuarios/UsuarioFormulario.tsx';
import { Usuarios } from '../features/usuarios/Usuarios.tsx';
import { useSesion } from '../lib/sesion.ts';

/** The top-up screen with the recycling panels under it: composed here, so neither feature imports the other. */
const RecargasConPaneles = () => <Recargas paneles={<PanelesRecargas />} />;

/** Screens built so far, by their route under /in/. */
const PANTALLAS: Record<string, ComponentType> = {
  recargas: RecargasConPaneles,
  saldos: Saldos,
  integraciones: Integraciones,
  configRecargasSinUsuario: ConfigSinUsuario,
  configuraciones: Configuraciones,
  usuarios: Usuarios,
  usuarioNew: UsuarioFormulario,
  editarUsuario: UsuarioFormulario,
  ventas: Ventas,
  graficas: Graficas,
  recargasMasivas: RecargasMasivas,
  portabilidades: Portabilidades,
  inventario: Inventario,
  recargasCarier: RecargasCarrier,
  nuevoUsuarioPlataforma: NuevoUsuarioPlataforma,
  comentariosCarier: ComentariosCarrier,
  actualizaciones: Actualizaciones,
  administrarBase: AdministrarBase,
  subirArchivos: SubirArchivos,
  grarecicladoMasivo: RecicladoMasivo,
};

/** /in/<ruta>: the screen, if the user's level, permissions and whitelist allow it. */
export function Pantallas() {
  const sesion = useSesion();
  const ruta = (useParams()['*'] ?? '').split('/')[0] ?? '';
  if (!rutaPermitida(sesion, ruta)) return <Rechazo ruta={ruta} />;
  const Pantalla = PANTALLAS[ruta];
  return Pantalla ? <Pantalla /> : <EnConstruccion ruta={ruta} />;
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
