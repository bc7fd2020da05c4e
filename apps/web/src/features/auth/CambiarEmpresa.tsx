import Business from '@mui/icons-material/Business';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { API_AUTH } from '@recargas/contracts/auth/rutas';
import { M } from '@recargas/contracts/mensajes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { puede, type Sesion } from '../../lib/sesion.ts';
import { empresasParaCambiar } from './api.ts';
import { useCambiarEmpresa } from './cambioEmpresa.ts';

/**
 * Root's company selector in the shell's bar (POST /cambiarEmpresa): the new session is stored
 * and the shell starts again on Recargar, so the theme, the menu and every query are the new
 * company's, as after a login there.
 */
export function CambiarEmpresa({ sesion }: { sesion: Sesion }) {
  const [ancla, setAncla] = useState<HTMLElement | null>(null);
  const permitido = puede(sesion, 'POST /cambiarEmpresa');
  // Here, not in api.ts: the login imports that file, and React Query's observer stays out of it.
  const empresas = useQuery({
    queryKey: [API_AUTH.cambiarEmpresa],
    queryFn: empresasParaCambiar,
    enabled: permitido && ancla !== null,
  });
  const { enqueueSnackbar } = useSnackbar();
  const cambio = useCambiarEmpresa({
    onSuccess: () => window.location.assign('/in/recargas'),
    onError: (e) => enqueueSnackbar(e.message, { variant: 'error' }),
  });
  if (!permitido) return null;
  return (
    <>
      <Tooltip title={M.cambiarEmpresa}>
        <IconButton
          color="inherit"
          aria-label={M.cambiarEmpresa}
          data-testid="cambiar-empresa"
          disabled={cambio.isPending}
          onClick={(e) => setAncla(e.currentTarget)}
        >
          <Business />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={ancla} open={ancla !== null} onClose={() => setAncla(null)}>
        {empresas.data?.empresas.map((x) => (
          <MenuItem
            key={x.empresa}
            selected={x.empresa === sesion.empresa}
            data-testid={`empresa-${x.empresa}`}
            onClick={() => {
              setAncla(null);
              if (x.empresa !== sesion.empresa) cambio.mutate(x.empresa);
            }}
          >
            {x.nombre}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
