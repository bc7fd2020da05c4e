import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { M, texto } from '@recargas/contracts/mensajes';
import { esAdministrador, NIVEL } from '@recargas/contracts/niveles';
import {
  LIMITES_USUARIO,
  MAX_RECARGAS_EDICION,
  MAX_RECARGAS_POR_DEFECTO,
  PASSWORD_SIN_CAMBIO,
  POR_PAGINA,
  type RespuestaClientes,
  type RespuestaLideres,
  type RespuestaMensajeUsuario,
  type RespuestaUsuarios,
  SIN_LIDER,
  type UsuarioFila,
} from '@recargas/contracts/usuarios';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { esAdmin, type Sesion, tienePermiso, useSesion } from '../../lib/sesion.ts';
import { type Opcion, SelectorPaginado } from '../../ui/SelectorPaginado.tsx';

type Modo = 'registrar' | 'consultar';

interface Formulario {
  username: string;
  nombre: string;
  password: string;
  confirmacion: string;
  nivel: number;
  lider: Opcion | null;
  cliente: Opcion | null;
  phoneNumber: string;
  maxRecargas: string;
}

type Campo = keyof Formulario | 'usuario';

const NOMBRE_NIVEL: Record<number, string> = {
  [NIVEL.lider]: M.tipoVendedorLider,
  [NIVEL.cliente]: M.tipoCliente,
};

/** User type options of spec section 6: Vendedor/Lider for administrators, Cliente with USUARIO_CLIENTE. */
function tiposPara(s: Sesion) {
  const tipos: { nivel: number; nombre: string }[] = [];
  if (esAdmin(s)) tipos.push({ nivel: NIVEL.lider, nombre: M.tipoVendedorLider });
  if (tienePermiso(s, 'USUARIO_CLIENTE')) tipos.push({ nivel: NIVEL.cliente, nombre: M.tipoCliente });
  return tipos;
}

/** The default new-user level (section 6): 3 for a level-2 creator; the first type offered otherwise. */
const nivelPorDefecto = (s: Sesion) =>
  s.nivel === NIVEL.lider ? NIVEL.cliente : (tiposPara(s)[0]?.nivel ?? NIVEL.cliente);

const vacio = (s: Sesion): Formulario => ({
  username: '',
  nombre: '',
  password: '',
  confirmacion: '',
  nivel: nivelPorDefecto(s),
  lider: null,
  cliente: null,
  phoneNumber: '',
  maxRecargas: String(MAX_RECARGAS_POR_DEFECTO),
});

/** The edit form of a user: password and confirmation as six dots (spec section 4). */
const deUsuario = (u: UsuarioFila): Formulario => ({
  username: u.username,
  nombre: u.nombre,
  password: PASSWORD_SIN_CAMBIO,
  confirmacion: PASSWORD_SIN_CAMBIO,
  nivel: u.nivel,
  lider: u.liderId ? { id: u.liderId, nombre: u.lider } : null,
  cliente: u.clienteId ? { id: u.clienteId, nombre: u.cliente } : null,
  phoneNumber: u.phoneNumber === 'null' ? '' : u.phoneNumber,
  maxRecargas: String(u.maxRecargas || MAX_RECARGAS_EDICION),
});

/** Whether the caller may change this user (the server's rules of sections 5 and 6). */
function puedeEscribir(s: Sesion, u: UsuarioFila): boolean {
  if (esAdministrador(u.nivel) || u.id === s.id) return false;
  if (u.nivel === NIVEL.cliente)
    return tienePermiso(s, 'USUARIO_CLIENTE') && (esAdmin(s) || u.liderId === s.lider);
  return esAdmin(s);
}

/**
 * The rules of spec section 5 (User register, User edit, maxRecargas) in the order the form
 * checks them: the first that fails is the message shown, with the fields it marks.
 */
function validar(
  s: Sesion,
  f: Formulario,
  modo: Modo,
  seleccionado: boolean,
): { mensaje: string; campos: Campo[] } | null {
  if (modo === 'consultar' && !seleccionado) return { mensaje: M.seleccionaUsuario, campos: ['usuario'] };
  const blancos = (['username', 'nombre', 'password'] as const).filter((c) => f[c].trim() === '');
  if (blancos.length > 0) return { mensaje: M.introduceTodosLosCampos, campos: [...blancos] };
  if (f.password !== f.confirmacion) return { mensaje: M.contrasenasNoCoinciden, campos: ['confirmacion'] };
  const tel = f.phoneNumber.trim();
  if (tel !== '' && (!/^\+?\d+$/.test(tel) || tel.length > LIMITES_USUARIO.telefono))
    return { mensaje: M.telefonoUsuarioInvalido, campos: ['phoneNumber'] };
  if (f.nivel === NIVEL.cliente && !f.cliente)
    return {
      mensaje: M.seleccionaCliente,
      campos: f.lider && f.lider.id !== SIN_LIDER ? ['cliente'] : ['lider'],
    };
  const max = Number(f.maxRecargas);
  if (!Number.isInteger(max) || max < LIMITES_USUARIO.maxRecargasMin || max > LIMITES_USUARIO.maxRecargasMax)
    return { mensaje: M.rangoMaxRecargas, campos: ['maxRecargas'] };
  if (!esAdmin(s)) {
    const tope = s.ajustes.topeRecargasClientes;
    if (f.nivel === NIVEL.cliente && tope !== null && max > tope)
      return { mensaje: texto('topeRecargasClientes', { max: tope }), campos: ['maxRecargas'] };
    if (s.nivel === NIVEL.lider && max > s.MRD)
      return { mensaje: texto('maxRecargasCreador', { MRD: s.MRD }), campos: ['maxRecargas'] };
  }
  return null;
}

/** The body of POST /registrarUsuario or /editarUsuario; the six dots are not sent (spec section 4). */
function cuerpo(f: Formulario, id: number | undefined) {
  const sinCambio = id !== undefined && f.password === PASSWORD_SIN_CAMBIO;
  const cliente = f.nivel === NIVEL.cliente ? f.cliente : null;
  return {
    ...(id === undefined ? { username: f.username.trim() } : { id }),
    nombre: f.nombre.trim(),
    ...(sinCambio ? {} : { password: f.password, confirmacion: f.confirmacion }),
    nivel: f.nivel,
    // 'Sin lider' (or none chosen) is sent as '0' (spec section 5).
    lider: String(f.lider?.id ?? SIN_LIDER),
    cliente: String(cliente && !cliente.nuevo ? cliente.id : 0),
    ...(cliente?.nuevo ? { clienteNuevo: cliente.nombre } : {}),
    maxRecargas: Number(f.maxRecargas),
    phoneNumber: f.phoneNumber.trim(),
  };
}

/**
 * /in/usuarioNew and /in/editarUsuario/:id: the user screen of spec sections 2 and 4 in its
 * modes register, consult and edit.
 */
export function UsuarioFormulario() {
  const [ruta, idTexto] = (useParams()['*'] ?? '').split('/');
  // Clearing the chosen user keeps the consult mode (navigation state).
  const seguirConsultando = (useLocation().state as { consultar?: boolean } | null)?.consultar === true;
  const id = ruta === 'editarUsuario' && idTexto && /^\d+$/.test(idTexto) ? Number(idTexto) : undefined;
  // A new key per user: choosing another one starts from its own data.
  return (
    <Pantalla
      key={id ?? (seguirConsultando ? 'consultar' : 'nuevo')}
      id={id}
      consultar={ruta === 'editarUsuario' || seguirConsultando}
    />
  );
}

function Pantalla({ id, consultar }: { id: number | undefined; consultar: boolean }) {
  const sesion = useSesion();
  const navegar = useNavigate();
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [modo, setModo] = useState<Modo>(consultar ? 'consultar' : 'registrar');
  const [f, setF] = useState<Formulario>(() => vacio(sesion));
  const [marcados, setMarcados] = useState<Campo[]>([]);
  const [mensaje, setMensaje] = useState<{ texto: string; tipo: 'error' | 'success' } | null>(null);
  const [borrar, setBorrar] = useState(false);
  const tipos = tiposPara(sesion);

  const usuario = useQuery({
    queryKey: ['usuario', id],
    queryFn: () => api<UsuarioFila>(`/api/usuarios/${id}`),
    enabled: id !== undefined,
    staleTime: 0,
  });
  const u = usuario.data;
  useEffect(() => {
    if (u) setF(deUsuario(u));
  }, [u]);
  const escribe = u ? puedeEscribir(sesion, u) : modo === 'registrar' || id === undefined;

  // A leader (level 2) works only inside its own leader: chosen for it (spec section 6).
  const propio = useQuery({
    queryKey: ['/api/lideres', 'propio'],
    queryFn: () => api<RespuestaLideres>(`/api/lideres?limit=1`),
    enabled: !esAdmin(sesion),
  });
  const liderPropio = propio.data?.lideres[0];
  useEffect(() => {
    if (liderPropio && modo === 'registrar') {
      setF((a) => (a.lider ? a : { ...a, lider: { id: liderPropio.id, nombre: liderPropio.lider } }));
    }
  }, [liderPropio, modo]);

  const cambiar = (parcial: Partial<Formulario>) => {
    setF((a) => ({ ...a, ...parcial }));
    setMarcados((m) => m.filter((c) => !(c in parcial)));
  };

  /** After a change the lists and pickers load again. */
  const refrescar = () => {
    for (const ruta of ['/api/usuarios', '/api/lideres', '/api/clientes']) {
      void consultas.invalidateQueries({ queryKey: [ruta] });
    }
  };

  const guardar = useMutation({
    mutationFn: () =>
      api<RespuestaMensajeUsuario>(modo === 'registrar' ? '/registrarUsuario' : '/editarUsuario', {
        cuerpo: cuerpo(f, modo === 'registrar' ? undefined : id),
      }),
    onSuccess: (r) => {
      if (modo === 'registrar') {
        // After register the form clears (spec section 4).
        setF({ ...vacio(sesion), lider: esAdmin(sesion) ? null : f.lider });
        setMensaje({ texto: r.mensaje || M.registradoCorrectamente, tipo: 'success' });
      } else {
        setF((a) => ({ ...a, password: PASSWORD_SIN_CAMBIO, confirmacion: PASSWORD_SIN_CAMBIO }));
        setMensaje({ texto: r.mensaje || M.editadoCorrectamente, tipo: 'success' });
        void consultas.invalidateQueries({ queryKey: ['usuario', id] });
      }
      refrescar();
    },
    // Failures show the server's mensaje on the screen (spec section 8).
    onError: (e) => setMensaje({ texto: e.message, tipo: 'error' }),
  });

  const eliminar = useMutation({
    mutationFn: () => api<RespuestaMensajeUsuario>('/eliminarUsuario', { cuerpo: { id } }),
    onSuccess: (r) => {
      setBorrar(false);
      // The toast 'Eliminado correctamente', then back to the list (spec section 4).
      enqueueSnackbar(r.mensaje || M.eliminadoCorrectamente, { variant: 'success' });
      refrescar();
      consultas.removeQueries({ queryKey: ['usuario', id] });
      navegar('/in/usuarios');
    },
    onError: (e) => {
      setBorrar(false);
      setMensaje({ texto: e.message, tipo: 'error' });
    },
  });
  const ocupado = guardar.isPending || eliminar.isPending;

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (ocupado) return;
    const falla = validar(sesion, f, modo, u !== undefined);
    setMarcados(falla?.campos ?? []);
    setMensaje(falla ? { texto: falla.mensaje, tipo: 'error' } : null);
    if (!falla) guardar.mutate();
  };

  const cambiarModo = (m: Modo | null) => {
    if (!m || m === modo) return;
    setMensaje(null);
    setMarcados([]);
    if (m === 'registrar') {
      if (id !== undefined) navegar('/in/usuarioNew');
      else {
        setModo(m);
        setF(vacio(sesion));
      }
    } else setModo(m);
  };

  const marcado = (c: Campo) => marcados.includes(c);
  const editable = escribe && !ocupado;
  const conLider = f.lider !== null && f.lider.id !== SIN_LIDER;
  const nivelesMostrados = tipos.some((t) => t.nivel === f.nivel)
    ? tipos
    : [...tipos, { nivel: f.nivel, nombre: NOMBRE_NIVEL[f.nivel] ?? String(f.nivel) }];

  return (
    <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2, position: 'relative', maxWidth: 900 }}>
      {ocupado && (
        <LinearProgress data-testid="guardando" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      )}
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
          onChange={(_, m: Modo | null) => cambiarModo(m)}
        >
          <ToggleButton value="registrar" data-testid="modo-registrar">
            {M.registrarNuevo}
          </ToggleButton>
          <ToggleButton value="consultar" data-testid="modo-consultar">
            {M.consultarExistentes}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>

      {modo === 'consultar' && (
        <SelectorPaginado<RespuestaUsuarios>
          ruta="/api/usuarios"
          parametros={{ limit: POR_PAGINA.usuarios }}
          busqueda={(q) => ({ filtros: q ? { username: [q] } : undefined })}
          opciones={(p) => p.usuarios.map((x) => ({ id: x.id, nombre: x.username }))}
          valor={u ? { id: u.id, nombre: u.username } : null}
          alCambiar={(o) =>
            navegar(o ? `/in/editarUsuario/${o.id}` : '/in/usuarioNew', { state: { consultar: true } })
          }
          etiqueta={M.buscarUsuario}
          name="buscarUsuario"
          error={marcado('usuario')}
        />
      )}

      {u && !escribe && (
        <Alert severity="info" sx={{ my: 2 }}>
          {esAdministrador(u.nivel) ? M.administradoresDeshabilitado : M.soloConsulta}
        </Alert>
      )}
      {usuario.error && <Alert severity="error">{usuario.error.message}</Alert>}

      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            name="username"
            label={M.colUsername}
            value={f.username}
            onChange={(e) => cambiar({ username: e.target.value })}
            error={marcado('username')}
            // The username is fixed once registered (POST /editarUsuario does not take it).
            disabled={!editable || modo === 'consultar'}
            slotProps={{ htmlInput: { maxLength: LIMITES_USUARIO.username, autoComplete: 'off' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            name="nombre"
            label={M.colNombre}
            value={f.nombre}
            onChange={(e) => cambiar({ nombre: e.target.value })}
            error={marcado('nombre')}
            disabled={!editable}
            slotProps={{ htmlInput: { maxLength: LIMITES_USUARIO.nombre } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            type="password"
            name="password"
            label={M.contrasena}
            value={f.password}
            onChange={(e) => cambiar({ password: e.target.value })}
            // The six dots go away at the first key: a new password is typed from scratch.
            onFocus={(e) => f.password === PASSWORD_SIN_CAMBIO && e.target.select()}
            error={marcado('password')}
            disabled={!editable}
            slotProps={{ htmlInput: { maxLength: LIMITES_USUARIO.password, autoComplete: 'new-password' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            type="password"
            name="confirmacion"
            label={M.confirmarContrasena}
            value={f.confirmacion}
            onChange={(e) => cambiar({ confirmacion: e.target.value })}
            onFocus={(e) => f.confirmacion === PASSWORD_SIN_CAMBIO && e.target.select()}
            error={marcado('confirmacion')}
            disabled={!editable}
            slotProps={{ htmlInput: { maxLength: LIMITES_USUARIO.password, autoComplete: 'new-password' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            fullWidth
            name="nivel"
            label={M.tipoUsuario}
            value={f.nivel}
            onChange={(e) => cambiar({ nivel: Number(e.target.value), cliente: null })}
            disabled={!editable || tipos.length < 2}
          >
            {nivelesMostrados.map((t) => (
              <MenuItem key={t.nivel} value={t.nivel}>
                {t.nombre}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectorPaginado<RespuestaLideres>
            ruta="/api/lideres"
            parametros={{ limit: POR_PAGINA.lideres }}
            opciones={(p) => p.lideres.map((l) => ({ id: l.id, nombre: l.lider }))}
            // 'Sin lider' is for administrators only (spec section 6).
            fijas={esAdmin(sesion) ? [{ id: SIN_LIDER, nombre: M.sinLider }] : []}
            valor={f.lider}
            alCambiar={(lider) => cambiar({ lider, cliente: null })}
            etiqueta={M.colLider}
            name="lider"
            error={marcado('lider')}
            deshabilitado={!editable || !esAdmin(sesion)}
          />
        </Grid>
        {/* The client choice shows when a leader is chosen and the type is Cliente (spec section 6). */}
        {conLider && f.nivel === NIVEL.cliente && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectorPaginado<RespuestaClientes>
              key={f.lider?.id}
              ruta="/api/clientes"
              parametros={{ lider: f.lider?.id, limit: POR_PAGINA.lideres }}
              opciones={(p) => p.clientes.map((c) => ({ id: c.id, nombre: c.cliente }))}
              valor={f.cliente}
              alCambiar={(cliente) => cambiar({ cliente })}
              etiqueta={M.colCliente}
              name="cliente"
              error={marcado('cliente')}
              ayuda={editable ? M.clienteNuevoAyuda : undefined}
              crear={(nombre) => texto('crearCliente', { nombre })}
              deshabilitado={!editable}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            name="phoneNumber"
            label={M.colTelefono}
            value={f.phoneNumber}
            onChange={(e) => cambiar({ phoneNumber: e.target.value })}
            error={marcado('phoneNumber')}
            disabled={!editable}
            slotProps={{ htmlInput: { maxLength: LIMITES_USUARIO.telefono, inputMode: 'tel' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            type="number"
            name="maxRecargas"
            label={M.colMaxRecargas}
            value={f.maxRecargas}
            onChange={(e) => cambiar({ maxRecargas: e.target.value })}
            error={marcado('maxRecargas')}
            disabled={!editable}
            slotProps={{
              htmlInput: {
                min: LIMITES_USUARIO.maxRecargasMin,
                max: LIMITES_USUARIO.maxRecargasMax,
                step: 1,
              },
            }}
          />
        </Grid>
      </Grid>

      {mensaje && (
        <Alert severity={mensaje.tipo} sx={{ mt: 2 }} data-testid="mensaje-usuario">
          {mensaje.texto}
        </Alert>
      )}

      <Stack direction="row" spacing={2} justifyContent="flex-end" sx={{ mt: 2 }}>
        {modo === 'consultar' && u && escribe && (
          <Button color="error" variant="outlined" disabled={ocupado} onClick={() => setBorrar(true)}>
            {M.eliminarUsuario}
          </Button>
        )}
        {escribe && (
          <Button type="submit" variant="contained" disabled={ocupado} data-testid="guardar-usuario">
            {modo === 'registrar' ? M.registrarUsuario : M.guardar}
          </Button>
        )}
      </Stack>

      <Dialog open={borrar} onClose={() => setBorrar(false)}>
        <DialogContent>
          <DialogContentText data-testid="confirmar-eliminar">
            {texto('confirmarEliminarUsuario', { name: u?.nombre ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setBorrar(false)} autoFocus>
            {M.eliminarUsuarioVolver}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={eliminar.isPending}
            onClick={() => eliminar.mutate()}
          >
            {M.eliminarUsuario}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
