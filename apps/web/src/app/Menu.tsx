import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Api from '@mui/icons-material/Api';
import BarChart from '@mui/icons-material/BarChart';
import DynamicFeed from '@mui/icons-material/DynamicFeed';
import FactCheck from '@mui/icons-material/FactCheck';
import History from '@mui/icons-material/History';
import Inventory from '@mui/icons-material/Inventory';
import Logout from '@mui/icons-material/Logout';
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
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { menuPara } from '@recargas/contracts/menu';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useActualizaciones } from '../features/actualizaciones/api.ts';
import { cerrarSesion as cerrarEnServidor } from '../features/auth/api.ts';
import { borrarSesion, type Sesion } from '../lib/sesion.ts';

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
 * The drawer's content: the user, the screens they may open and 'Cerrar sesión'. Its own chunk
 * (icons, lists, chip): a phone opens on the closed drawer and downloads it when it opens (issue 21).
 */
export function Menu({
  sesion,
  logo,
  alElegir,
}: {
  sesion: Sesion;
  logo: string | null;
  alElegir: () => void;
}) {
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
