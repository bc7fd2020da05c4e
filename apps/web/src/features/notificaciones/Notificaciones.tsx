import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { API_NOTIFICACIONES } from '@recargas/contracts/notificaciones';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { clavePush, marcarLeidas, suscribir, useNotificaciones } from './api.ts';

/** The local flag of spec section 4: '1' once this browser's push token reached the server. */
const BANDERA = 'pushEnviado';

function base64aBytes(v: string): Uint8Array<ArrayBuffer> {
  const b = atob(
    v
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(v.length / 4) * 4, '='),
  );
  const bytes = new Uint8Array(new ArrayBuffer(b.length));
  for (let i = 0; i < b.length; i++) bytes[i] = b.charCodeAt(i);
  return bytes;
}

/**
 * Sends this browser's push subscription once (POST /firebase). Without a token yet, the
 * notification permission is asked; a failure leaves the flag at 0 so a later visit tries again.
 */
export function usePush() {
  useEffect(() => {
    if (localStorage.getItem(BANDERA) === '1') return;
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return;
    void (async () => {
      try {
        const permiso =
          Notification.permission === 'default'
            ? await Notification.requestPermission()
            : Notification.permission;
        if (permiso !== 'granted') throw new Error(M.notificacionesNoDisponibles);
        const registro = await navigator.serviceWorker.register('/sw.js');
        const { publicKey } = await clavePush();
        const suscripcion =
          (await registro.pushManager.getSubscription()) ??
          (await registro.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: base64aBytes(publicKey),
          }));
        await suscribir(suscripcion.toJSON());
        localStorage.setItem(BANDERA, '1');
      } catch {
        localStorage.setItem(BANDERA, '0');
      }
    })();
  }, []);
}

/** The bell of the shell: unread count and the in-app list; opening it marks them read. */
export function Campana() {
  const consultas = useQueryClient();
  const [ancla, setAncla] = useState<HTMLElement | null>(null);
  const { data } = useNotificaciones();
  const leer = useMutation({
    mutationFn: marcarLeidas,
    onSuccess: () => void consultas.invalidateQueries({ queryKey: [API_NOTIFICACIONES.notificaciones] }),
  });
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
                <ListItemText
                  primary={n.titulo}
                  secondary={`${n.cuerpo} · ${new Date(n.creada).toLocaleString('es-MX')}`}
                />
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
