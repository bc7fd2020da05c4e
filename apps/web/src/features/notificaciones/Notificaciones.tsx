import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { useState } from 'react';
import { fechaHoraEmpresa } from '../../lib/fechas.ts';
import { useMarcarLeidas, useNotificaciones } from './api.ts';

/** The bell of the shell: unread count and the in-app list; opening it marks them read. */
export function Campana() {
  const [ancla, setAncla] = useState<HTMLElement | null>(null);
  const { data } = useNotificaciones();
  const leer = useMarcarLeidas();
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={M.notificaciones}
        data-testid="campana"
        onClick={(e) => {
          setAncla(e.currentTarget);
          if (data?.sinLeer) leer.mutate();
        }}
      >
        <Badge badgeContent={data?.sinLeer ?? 0} color="secondary" data-testid="campana-sin-leer">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={ancla !== null}
        anchorEl={ancla}
        onClose={() => setAncla(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <List sx={{ width: 360, maxWidth: '90vw' }} data-testid="lista-notificaciones">
          {data?.notificaciones.length ? (
            data.notificaciones.map((n) => (
              <ListItem key={n.id} divider>
                <ListItemText primary={n.titulo} secondary={`${n.cuerpo} · ${fechaHoraEmpresa(n.creada)}`} />
              </ListItem>
            ))
          ) : (
            <Typography sx={{ p: 2 }}>{M.sinNotificaciones}</Typography>
          )}
        </List>
      </Popover>
    </>
  );
}
