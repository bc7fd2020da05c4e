import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { M, texto } from '@recargas/contracts/mensajes';
import { NIVEL } from '@recargas/contracts/niveles';
import {
  API_USUARIOS,
  POR_PAGINA,
  type RespuestaUsuarios,
  type UsuarioFila,
} from '@recargas/contracts/usuarios';
import { useNavigate } from 'react-router';
import { useSesion } from '../../lib/sesion.ts';
import { SelectorPaginado } from '../../ui/SelectorPaginado.tsx';
import type { Modo } from './formulario.ts';

/** The screen's title and its two modes: register a new user or consult existing ones. */
export function CabeceraUsuario({ modo, alCambiar }: { modo: Modo; alCambiar: (m: Modo | null) => void }) {
  const sesion = useSesion();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {sesion.nivel === NIVEL.lider ? M.misClientes : M.usuarios}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={modo}
        sx={{ '& .MuiToggleButton-root': { textTransform: 'none' } }}
        onChange={(_, m: Modo | null) => alCambiar(m)}
      >
        <ToggleButton value="registrar" data-testid="modo-registrar">
          {M.registrarNuevo}
        </ToggleButton>
        <ToggleButton value="consultar" data-testid="modo-consultar">
          {M.consultarExistentes}
        </ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}

/** The user picker of the consult mode; a choice opens that user's own screen. */
export function BuscarUsuario({ u, error }: { u: UsuarioFila | undefined; error: boolean }) {
  const navegar = useNavigate();
  return (
    <SelectorPaginado<RespuestaUsuarios>
      ruta={API_USUARIOS.usuarios}
      parametros={{ limit: POR_PAGINA.usuarios }}
      busqueda={(q) => ({ filtros: q ? { username: [q] } : undefined })}
      opciones={(p) => p.usuarios.map((x) => ({ id: x.id, nombre: x.username }))}
      valor={u ? { id: u.id, nombre: u.username } : null}
      alCambiar={(o) =>
        navegar(o ? `/in/editarUsuario/${o.id}` : '/in/usuarioNew', { state: { consultar: true } })
      }
      etiqueta={M.buscarUsuario}
      name="buscarUsuario"
      error={error}
    />
  );
}

/** 'Eliminar usuario' asks first, naming the user; Volver keeps it. */
export function DialogoEliminar(props: {
  abierto: boolean;
  nombre: string;
  pendiente: boolean;
  alCerrar: () => void;
  alConfirmar: () => void;
}) {
  return (
    <Dialog open={props.abierto} onClose={props.alCerrar}>
      <DialogContent>
        <DialogContentText data-testid="confirmar-eliminar">
          {texto('confirmarEliminarUsuario', { name: props.nombre })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.alCerrar} autoFocus>
          {M.eliminarUsuarioVolver}
        </Button>
        <Button color="error" variant="contained" disabled={props.pendiente} onClick={props.alConfirmar}>
          {M.eliminarUsuario}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
